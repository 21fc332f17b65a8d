package server

import (
	"sync/atomic"

	"github.com/nomenhq/nomen/kb"
)

// KBResolver resolves LOCATION and ORGANIZATION names to knowledge-base entities for the
// engine's name similarity (it implements engine.EntityResolver): an exact lookup of the
// normalized name among the aliases of every language and script, restricted to the coarse
// type (LOCATION → LOC, ORGANIZATION → ORG); it never asks the fuzzy index. Until the
// knowledge base has opened it resolves nothing, so scores are the string scores. It is safe
// for concurrent use.
type KBResolver struct {
	src KBSource
	kb  atomic.Pointer[kb.KB]
}

// NewKBResolver returns a resolver over the knowledge base of src.
func NewKBResolver(src KBSource) *KBResolver { return &KBResolver{src: src} }

// kbResolveLimit bounds the candidates read per name; p(entity | name) is renormalised over
// them, so a name shared by more entities of the type counts as more ambiguous than it is
// only beyond this many.
const kbResolveLimit = 32

// Resolve returns the entity of the type that name most probably denotes and its share of
// p(entity | name) among the entities of that type having the name. language is not used:
// aliases are matched in every language and script.
func (r *KBResolver) Resolve(name, entityType, _ string) (string, float64, bool) {
	var typ string
	switch entityType {
	case "LOCATION":
		typ = kb.TypeLOC
	case "ORGANIZATION":
		typ = kb.TypeORG
	default:
		return "", 0, false
	}
	k := r.kb.Load()
	if k == nil {
		var err error
		if k, err = r.src.KB(); err != nil || k == nil {
			return "", 0, false
		}
		r.kb.Store(k)
	}
	cs := k.ExactCandidates(name, typ, kbResolveLimit)
	if len(cs) == 0 {
		return "", 0, false
	}
	sum := 0.0
	for _, c := range cs {
		sum += c.Prior
	}
	if sum <= 0 {
		return "", 0, false
	}
	return cs[0].Entity.ID, cs[0].Prior / sum, true
}
