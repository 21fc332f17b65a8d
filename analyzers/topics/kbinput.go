package topics

import (
	"errors"
	"fmt"

	"github.com/nomenhq/nomen/analyzers/entities"
	"github.com/nomenhq/nomen/internal/errs"
	"github.com/nomenhq/nomen/kb"
)

// KBInput builds the Input of an English text from an entity pipeline (its PER, LOC, ORG and
// PROD entities linked to k) and from k's exact names. p may be nil (no linked entities). When the pipeline
// reports the knowledge base unavailable (still loading) or the language unsupported, the
// Input has the name lookup only.
func KBInput(text string, p *entities.Pipeline, k *kb.KB) (Input, error) {
	var in Input
	if k == nil {
		return in, nil
	}
	in.Names = func(phrase string) (string, string, bool) { return ExactName(k, phrase) }
	if p == nil {
		return in, nil
	}
	res, err := p.Extract(text, "eng", entities.Options{Link: true})
	if errors.Is(err, entities.ErrUnsupported) || errs.KindOf(err) == errs.Unavailable {
		return in, nil
	}
	if err != nil {
		return in, fmt.Errorf("topics: entities: %w", err)
	}
	for _, e := range res.Entities {
		if !e.Linked || e.EntityID == "" || !linkTypes[e.Type] {
			continue
		}
		label := e.Normalized
		if ke, ok := k.Entity(e.EntityID); ok {
			if l := ke.Label("en"); l != "" {
				label = l
			}
		}
		te := Entity{ID: e.EntityID, Label: label}
		for _, m := range e.Mentions {
			te.Mentions = append(te.Mentions, Span{Start: m.Start, End: m.End})
		}
		in.Entities = append(in.Entities, te)
	}
	return in, nil
}

// linkTypes are the entity types whose links become concepts: names of people, places,
// organisations and products (titles such as "president" are left out).
var linkTypes = map[string]bool{"PER": true, "LOC": true, "ORG": true, "PROD": true}

// ExactName returns the Q id and English label of the entity of k that has phrase as a
// name with the highest score, when that name is a real name of it (not only a weak,
// machine-made alias).
func ExactName(k *kb.KB, phrase string) (id, label string, ok bool) {
	var best *kb.Candidate
	cs := k.ExactCandidates(phrase, "", 8)
	for i := range cs {
		if cs[i].Score >= 0.5 && (best == nil || cs[i].Score > best.Score) {
			best = &cs[i]
		}
	}
	if best == nil {
		return "", "", false
	}
	label = best.Entity.Label("en")
	if label == "" {
		label = phrase
	}
	return best.Entity.ID, label, true
}
