package server

import (
	"sync"
	"sync/atomic"

	"github.com/nomenhq/nomen/kb"
)

// KBResolver resolves LOCATION and ORGANIZATION names to knowledge-base entities for the
// engine's name similarity (it implements engine.EntityResolver): an exact lookup of the
// normalized name among the aliases of every language and script, restricted to the coarse
// type (LOCATION → LOC, ORGANIZATION → ORG); it never asks the fuzzy index. Until the
// knowledge base has opened it resolves nothing, so scores are the string scores. It is safe
// for concurrent use.
//
// Answers are cached (up to kbResolveCacheSize names, then the cache starts afresh): most of a
// lookup's cost is the KB's Unicode normalization of the name, and the same place and
// organization names recur across requests.
type KBResolver struct {
	src KBSource
	kb  atomic.Pointer[kb.KB]
	mu  struct {
		sync.RWMutex
		cache map[resolveKey]resolved
	}
}

type resolveKey struct{ name, typ string }

type resolved struct {
	id   string
	conf float64
	ok   bool
}

// kbResolveCacheSize bounds the cached answers (about 100 bytes each).
const kbResolveCacheSize = 1 << 16

// NewKBResolver returns a resolver over the knowledge base of src.
func NewKBResolver(src KBSource) *KBResolver { return &KBResolver{src: src} }

// kbResolveLimit bounds the candidates read per name; p(entity | name) is renormalised over
// them, so a name shared by more entities of the type counts as more ambiguous than it is
// only beyond this many.
const kbResolveLimit = 32

// Ready reports whether the knowledge base is loaded (engine.ReadyResolver).
func (r *KBResolver) Ready() bool {
	if r.kb.Load() != nil {
		return true
	}
	k, err := r.src.KB()
	return err == nil && k != nil
}

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
	key := resolveKey{name, typ}
	r.mu.RLock()
	a, hit := r.mu.cache[key]
	r.mu.RUnlock()
	if !hit {
		a = resolve(k, name, typ)
		r.mu.Lock()
		if r.mu.cache == nil || len(r.mu.cache) >= kbResolveCacheSize {
			r.mu.cache = make(map[resolveKey]resolved)
		}
		r.mu.cache[key] = a
		r.mu.Unlock()
	}
	return a.id, a.conf, a.ok
}

// resolve looks name up among the aliases of k's entities of type typ.
func resolve(k *kb.KB, name, typ string) resolved {
	cs := k.ExactCandidates(name, typ, kbResolveLimit)
	sum := 0.0
	for _, c := range cs {
		sum += c.Prior
	}
	if len(cs) == 0 || sum <= 0 {
		return resolved{}
	}
	return resolved{cs[0].Entity.ID, cs[0].Prior / sum, true}
}
