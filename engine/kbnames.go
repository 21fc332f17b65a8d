package engine

import (
	"fmt"
	"math"
	"strings"

	"github.com/nomenhq/nomen/matchers/name"
)

// EntityResolver resolves a name to a knowledge-base entity. The engine declares it so that
// it never imports the knowledge base: cmd/nomen wires an adapter over package kb (see
// server.KBResolver). Implementations must be fast (an exact alias lookup, not a fuzzy
// search), deterministic and safe for concurrent use.
type EntityResolver interface {
	// Resolve returns the id of the entity of entityType (LOCATION or ORGANIZATION) that
	// name most probably denotes and its confidence p(entity | name) in [0, 1] among the
	// entities of that type having the name; ok is false when no such entity has the name
	// (or no knowledge base is loaded yet). language is a hint and may be "".
	Resolve(name, entityType, language string) (id string, confidence float64, ok bool)
}

// ReadyResolver is an EntityResolver that can tell whether its knowledge base is loaded yet;
// the explanation then says so instead of calling the names unknown.
type ReadyResolver interface {
	EntityResolver
	Ready() bool
}

// KBOptions are the parameters of the knowledge-base hook of name similarity: two LOCATION
// (or two ORGANIZATION) names that both resolve unambiguously to one entity match (München
// and Munich), two that resolve to different entities are pushed apart. They act only when
// the engine has an EntityResolver (a knowledge base is loaded); for PERSON names and without
// a resolver the score is the string matcher's.
type KBOptions struct {
	// Enabled switches the hook; default true. It is a request parameter so that a caller
	// can ask for the pure string score.
	Enabled bool `param:"kbNameMatching" def:"true" applies:"LOCATION,ORGANIZATION" help:"Whether names are also resolved to knowledge-base entities (exact alias in any script) when a knowledge base is loaded."`
	// MinConfidence is the least p(entity | name), among the entities of the pair's type,
	// for a name to count as resolved; default 0.4 (the default KB's priors are spread by
	// homonyms and by capitals listed as aliases of their country: Munich 0.47, Tokyo 0.61).
	MinConfidence float64 `param:"kbMinConfidence" def:"0.4" min:"0" max:"1" applies:"LOCATION,ORGANIZATION" help:"Least p(entity | name) among the knowledge-base entities of the type for a name to count as resolved."`
	// SameEntityScore is the least score of two names resolved to the same entity; default
	// 0.95 (above the default threshold 0.85, below the 1 of identical input).
	SameEntityScore float64 `param:"kbSameEntityScore" def:"0.95" min:"0" max:"1" applies:"LOCATION,ORGANIZATION" help:"Least score of two names that both resolve to the same knowledge-base entity (München/Munich)."`
	// DifferentEntityPenalty is subtracted (floored at 0) from the score of two names
	// resolved to different entities; default 0.2.
	DifferentEntityPenalty float64 `param:"kbDifferentEntityPenalty" def:"0.2" min:"0" max:"1" applies:"LOCATION,ORGANIZATION" help:"Subtracted from the score of two names that resolve to different knowledge-base entities of the type (Austria/Australia)."`
}

// The outcomes of the knowledge-base hook, as shown in KBDecision.Decision.
const (
	KBSameEntity        = "sameEntity"
	KBDifferentEntities = "differentEntities"
	KBUndecided         = "undecided"
)

// KBDecision tells what the knowledge-base hook did to a name-similarity score.
type KBDecision struct {
	// Decision is KBSameEntity (the score was raised to at least kbSameEntityScore),
	// KBDifferentEntities (lowered by kbDifferentEntityPenalty) or KBUndecided (a name was
	// unknown or ambiguous; the score is the string score).
	Decision string `json:"decision"`
	// Entity1 and Entity2 are the entities the names resolved to ("" when unknown), with
	// their confidences p(entity | name).
	Entity1     string  `json:"entity1,omitempty"`
	Confidence1 float64 `json:"confidence1,omitempty"`
	Entity2     string  `json:"entity2,omitempty"`
	Confidence2 float64 `json:"confidence2,omitempty"`
	// StringScore is the string matcher's score before the hook.
	StringScore float64 `json:"stringScore"`
	// Parameter names the parameter that set the score, when the hook changed it.
	Parameter string `json:"parameter,omitempty"`
}

// SetEntityResolver installs the resolver behind the knowledge-base hook of name similarity
// (nil removes it). Call it while wiring, before the engine scores anything: it is not
// synchronised with concurrent scoring.
func (e *Engine) SetEntityResolver(r EntityResolver) { e.resolver = r }

// kbEntityType returns the entity type the hook applies to for a pair ("" when none): the
// pair's type when it is LOCATION or ORGANIZATION and neither name declares another type.
func kbEntityType(a, b name.Input) string {
	t := entityTypeOf(a, b)
	if t != "LOCATION" && t != "ORGANIZATION" {
		return ""
	}
	for _, x := range []string{a.EntityType, b.EntityType} {
		if x != "" && x != t {
			return ""
		}
	}
	return t
}

// applyKB runs the knowledge-base hook on the string matcher's result r for names a and b
// under options o. It returns nil when the hook does not apply (no resolver, switched off,
// not a LOCATION or ORGANIZATION pair).
func (e *Engine) applyKB(o *KBOptions, a, b name.Input, r *name.Result) *KBDecision {
	if e.resolver == nil || !o.Enabled {
		return nil
	}
	typ := kbEntityType(a, b)
	if typ == "" {
		return nil
	}
	id1, c1, ok1 := e.resolver.Resolve(strings.TrimSpace(a.Text), typ, a.Language)
	id2, c2, ok2 := e.resolver.Resolve(strings.TrimSpace(b.Text), typ, b.Language)
	d := &KBDecision{Decision: KBUndecided, StringScore: r.Score}
	if ok1 {
		d.Entity1, d.Confidence1 = id1, round3(c1)
	}
	if ok2 {
		d.Entity2, d.Confidence2 = id2, round3(c2)
	}
	if !ok1 || !ok2 || c1 < o.MinConfidence || c2 < o.MinConfidence {
		if rr, ok := e.resolver.(ReadyResolver); ok && !rr.Ready() {
			explainKB(r, "knowledge base: undecided (not loaded yet; the score is the string score)", "", "")
			return d
		}
		explainKB(r, "knowledge base: undecided (a name is unknown or below kbMinConfidence)", "", "")
		return d
	}
	if id1 == id2 {
		d.Decision = KBSameEntity
		if r.Score < o.SameEntityScore {
			r.Score = o.SameEntityScore
			d.Parameter = "kbSameEntityScore"
		}
		explainKB(r, "knowledge base: both names are %s", id1, "")
		return d
	}
	d.Decision = KBDifferentEntities
	if o.DifferentEntityPenalty > 0 && r.Score > 0 {
		r.Score = max(0, r.Score-o.DifferentEntityPenalty)
		d.Parameter = "kbDifferentEntityPenalty"
		if r.Explain != nil {
			r.Explain.Penalties = append(r.Explain.Penalties, name.Adjustment{Parameter: d.Parameter, Value: o.DifferentEntityPenalty})
		}
	}
	explainKB(r, "knowledge base: %s and %s are different entities", id1, id2)
	return d
}

// explainKB records the hook's outcome in the explanation, when there is one: the note (a
// format taking the entity ids that it names) and the final score.
func explainKB(r *name.Result, format, id1, id2 string) {
	if r.Explain == nil {
		return
	}
	note := format
	switch strings.Count(format, "%s") {
	case 1:
		note = fmt.Sprintf(format, id1)
	case 2:
		note = fmt.Sprintf(format, id1, id2)
	}
	if r.Explain.Note != "" {
		note = r.Explain.Note + "; " + note
	}
	r.Explain.Note = note
	r.Explain.Final = math.Round(r.Score*1e4) / 1e4
}

func round3(x float64) float64 { return math.Round(x*1000) / 1000 }
