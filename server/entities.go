package server

import (
	"context"
	"errors"

	"github.com/gin-gonic/gin"
	"github.com/nomenhq/nomen/analyzers/entities"
	"github.com/nomenhq/nomen/internal/errs"
)

// entityAnswer is one element of entitiesResponse.
type entityAnswer struct {
	Type              string            `json:"type"`
	Mention           string            `json:"mention"`
	Normalized        string            `json:"normalized"`
	Count             int               `json:"count"`
	MentionOffsets    []entities.Offset `json:"mentionOffsets"`
	EntityID          string            `json:"entityId"`
	Confidence        *float64          `json:"confidence,omitempty"`
	LinkingConfidence *float64          `json:"linkingConfidence,omitempty"`
	OntologyTypes     []string          `json:"ontologyTypes,omitempty"`
	ExternalID        string            `json:"externalId,omitempty"`
	Salience          *float64          `json:"salience,omitempty"`
}

func (s *Server) entities(c *gin.Context) {
	var o EntitiesOptions
	r, adm, err := textBody(c, false, &o)
	if err != nil {
		s.fail(c, err)
		return
	}
	if s.svc.Entities == nil {
		s.fail(c, notImplemented("entity extraction", "issue 9"))
		return
	}
	s.run(c, func(ctx context.Context) (any, error) {
		lang, err := s.languageOf(c, r)
		if err != nil {
			return nil, err
		}
		if lang == "uen" {
			lang = "eng" // English in one letter case: the English tagger reads both
		}
		opt := entities.Options{
			Model: o.ModelType, Confidence: o.CalculateConfidence || o.LinkEntities, Salience: o.CalculateSalience,
			Link: o.LinkEntities, OntologyTypes: o.IncludeOntologyTypes, ExternalID: o.IncludeExternalID,
			Patterns: o.IncludePatterns || adm, CurrencySplit: o.RegexCurrencySplit, Coref: o.UseIndocServer,
		}
		res, err := s.svc.Entities.Extract(*r.Content, lang, opt)
		if errors.Is(err, entities.ErrUnsupported) {
			return nil, errs.E(errs.UnsupportedLanguage, "%s", callerMessage(err, "entities: "))
		}
		if err != nil {
			return nil, err
		}
		if adm {
			return entitiesADM(*r.Content, lang, res, opt), nil
		}
		out := make([]entityAnswer, len(res.Entities))
		for i, e := range res.Entities {
			out[i] = entityAnswerOf(e, opt)
		}
		return gin.H{"entitiesResponse": out}, nil
	})
}

func entityAnswerOf(e entities.Entity, o entities.Options) entityAnswer {
	a := entityAnswer{Type: e.Type, Mention: e.Mention, Normalized: e.Normalized, Count: len(e.Mentions), EntityID: e.EntityID,
		OntologyTypes: e.OntologyTypes, ExternalID: e.ExternalID}
	a.MentionOffsets = make([]entities.Offset, len(e.Mentions))
	for i, m := range e.Mentions {
		a.MentionOffsets[i] = m.Offset
	}
	if o.Confidence {
		a.Confidence = ptr(e.Confidence)
	}
	if o.Link && entities.Linkable(e.Type) {
		a.LinkingConfidence = ptr(e.LinkingConfidence)
	}
	if o.Salience {
		a.Salience = ptr(e.Salience)
	}
	return a
}

func ptr(f float64) *float64 { return &f }

type admEntityMention struct {
	StartOffset int     `json:"startOffset"`
	EndOffset   int     `json:"endOffset"`
	Source      string  `json:"source"`
	Kind        string  `json:"kind"`
	Confidence  float64 `json:"confidence"`
}

type admEntity struct {
	Type              string             `json:"type"`
	EntityID          string             `json:"entityId"`
	HeadMentionIndex  int                `json:"headMentionIndex"`
	Mentions          []admEntityMention `json:"mentions"`
	Confidence        float64            `json:"confidence"`
	LinkingConfidence *float64           `json:"linkingConfidence,omitempty"`
	OntologyTypes     []string           `json:"ontologyTypes,omitempty"`
	ExternalID        string             `json:"externalId,omitempty"`
	Salience          *float64           `json:"salience,omitempty"`
}

// entitiesADM is the output=service answer: tokens, sentences and an entities layer whose
// items carry every mention with its source, patterns included.
func entitiesADM(text, lang string, res entities.Result, o entities.Options) *ADM {
	doc := NewADM(text)
	type span struct {
		StartOffset int    `json:"startOffset"`
		EndOffset   int    `json:"endOffset"`
		Text        string `json:"text,omitempty"`
	}
	toks := make([]span, len(res.Tokens))
	for i, t := range res.Tokens {
		toks[i] = span{t.Start, t.End, t.Text}
	}
	sents := make([]span, len(res.Sentences))
	for i, t := range res.Sentences {
		sents[i] = span{StartOffset: t.Start, EndOffset: t.End}
	}
	items := make([]admEntity, len(res.Entities))
	for i, e := range res.Entities {
		it := admEntity{Type: e.Type, EntityID: e.EntityID, Confidence: e.Confidence, OntologyTypes: e.OntologyTypes, ExternalID: e.ExternalID}
		for j, m := range e.Mentions {
			it.Mentions = append(it.Mentions, admEntityMention{m.Start, m.End, m.Source, m.Kind, m.Confidence})
			if m.Text == e.Mention && it.HeadMentionIndex == 0 && j > 0 && e.Mentions[0].Text != e.Mention {
				it.HeadMentionIndex = j
			}
		}
		if o.Link && entities.Linkable(e.Type) {
			it.LinkingConfidence = ptr(e.LinkingConfidence)
		}
		if o.Salience {
			it.Salience = ptr(e.Salience)
		}
		items[i] = it
	}
	doc.AddList("token", "token", toks)
	doc.AddList("sentence", "sentence", sents)
	doc.AddList("entities", "entity", items)
	doc.DocumentMetadata["language"] = []string{lang}
	return doc
}
