package server

import (
	"context"

	"github.com/gin-gonic/gin"
	"github.com/nomenhq/nomen/analyzers/topics"
	"github.com/nomenhq/nomen/internal/errs"
)

// topicsKeyphrase is one element of the keyphrases array of POST /topics.
type topicsKeyphrase struct {
	Phrase   string  `json:"phrase"`
	Salience float64 `json:"salience"`
}

// topicsConcept is one element of the concepts array of POST /topics.
type topicsConcept struct {
	ConceptID string  `json:"conceptId"`
	Phrase    string  `json:"phrase"`
	Salience  float64 `json:"salience"`
}

func (s *Server) topics(c *gin.Context) {
	var o TopicsOptions
	r, adm, err := textBody(c, false, &o)
	if err != nil {
		s.fail(c, err)
		return
	}
	if s.svc.Topics == nil {
		s.fail(c, notImplemented("topic extraction", "not configured"))
		return
	}
	s.run(c, func(ctx context.Context) (any, error) {
		lang, err := s.languageOf(c, r)
		if err != nil {
			return nil, err
		}
		if !topics.Supports(lang) {
			return nil, errs.E(errs.UnsupportedLanguage, "topic extraction supports eng, not %q", lang)
		}
		text := *r.Content
		in, err := s.topicsInput(text)
		if err != nil {
			return nil, err
		}
		res, err := s.svc.Topics.Extract(text, lang, in)
		if err != nil {
			return nil, err
		}
		kps := res.Keyphrases[:0:0]
		for _, k := range res.Keyphrases {
			if k.Salience >= o.KeyphraseSalienceThreshold {
				kps = append(kps, k)
			}
		}
		cs := res.Concepts[:0:0]
		for _, x := range res.Concepts {
			if x.Salience >= o.ConceptSalienceThreshold {
				cs = append(cs, x)
			}
		}
		if adm {
			return topicsADM(text, kps, cs), nil
		}
		out := gin.H{"concepts": make([]topicsConcept, len(cs)), "keyphrases": make([]topicsKeyphrase, len(kps))}
		for i, x := range cs {
			out["concepts"].([]topicsConcept)[i] = topicsConcept{x.ID, x.Phrase, x.Salience}
		}
		for i, k := range kps {
			out["keyphrases"].([]topicsKeyphrase)[i] = topicsKeyphrase{k.Phrase, k.Salience}
		}
		return out, nil
	})
}

// topicsInput gathers the knowledge-base entities of text for the concepts: the entities
// that the entity pipeline links, and an exact-name lookup for the keyphrases. While the
// knowledge base is still loading (or when none is configured) there are no concepts.
func (s *Server) topicsInput(text string) (topics.Input, error) {
	if s.svc.KB == nil {
		return topics.Input{}, nil
	}
	k, err := s.svc.KB.KB()
	if err != nil || k == nil {
		return topics.Input{}, nil
	}
	return topics.KBInput(text, s.svc.Entities, k)
}

type admTopicMention struct {
	StartOffset int `json:"startOffset"`
	EndOffset   int `json:"endOffset"`
}

type admKeyphrase struct {
	Phrase   string            `json:"phrase"`
	Salience float64           `json:"salience"`
	Mentions []admTopicMention `json:"mentions"`
}

type admConcept struct {
	ConceptID string            `json:"conceptId"`
	Phrase    string            `json:"phrase"`
	Salience  float64           `json:"salience"`
	Mentions  []admTopicMention `json:"mentions"`
}

func admTopicMentions(ss []topics.Span) []admTopicMention {
	out := make([]admTopicMention, len(ss))
	for i, x := range ss {
		out[i] = admTopicMention{x.Start, x.End}
	}
	return out
}

// topicsADM is the output=service answer: keyphrases and concepts with the offsets of their
// mentions.
func topicsADM(text string, kps []topics.Keyphrase, cs []topics.Concept) *ADM {
	a := NewADM(text)
	ks := make([]admKeyphrase, len(kps))
	for i, k := range kps {
		ks[i] = admKeyphrase{k.Phrase, k.Salience, admTopicMentions(k.Mentions)}
	}
	xs := make([]admConcept, len(cs))
	for i, x := range cs {
		xs[i] = admConcept{x.ID, x.Phrase, x.Salience, admTopicMentions(x.Mentions)}
	}
	a.AddList("keyphrases", "keyphrase", ks)
	a.AddList("concepts", "concept", xs)
	return a
}
