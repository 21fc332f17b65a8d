package server

import (
	"context"
	"errors"

	"github.com/gin-gonic/gin"
	"github.com/nomenhq/nomen/analyzers/entities"
	"github.com/nomenhq/nomen/analyzers/sentiment"
	"github.com/nomenhq/nomen/internal/errs"
)

// sentimentLabel is the label and confidence of a document or an entity.
type sentimentLabel struct {
	Label      string  `json:"label"`
	Confidence float64 `json:"confidence"`
}

// sentimentEntity is one element of the entities array of POST /sentiment.
type sentimentEntity struct {
	entityAnswer
	Sentiment sentimentLabel `json:"sentiment"`
}

func (s *Server) sentiment(c *gin.Context) {
	var o SentimentOptions
	r, adm, err := textBody(c, false, &o)
	if err != nil {
		s.fail(c, err)
		return
	}
	if s.svc.Sentiment == nil {
		s.fail(c, notImplemented("sentiment analysis", "not configured"))
		return
	}
	s.run(c, func(ctx context.Context) (any, error) {
		lang, err := s.languageOf(c, r)
		if err != nil {
			return nil, err
		}
		if !sentiment.Supports(lang) {
			return nil, errs.E(errs.UnsupportedLanguage, "sentiment analysis supports eng and uen, not %q", lang)
		}
		text := *r.Content
		doc, err := s.svc.Sentiment.Analyze(text, o.ModelType)
		if err != nil {
			return nil, errs.Wrap(errs.Invalid, err, "options.modelType")
		}
		ents, sents, err := s.sentimentEntities(text, o.ModelType)
		if err != nil {
			return nil, err
		}
		if adm {
			return sentimentADM(text, doc, ents, sents), nil
		}
		return gin.H{"document": sentimentLabel{doc.Label, doc.Confidence}, "entities": ents}, nil
	})
}

// sentimentEntities extracts the English entities of text (linked to the knowledge base when
// it is loaded) and scores the sentences that mention each.
func (s *Server) sentimentEntities(text, modelType string) ([]sentimentEntity, []sentiment.Span, error) {
	out := []sentimentEntity{}
	if s.svc.Entities == nil {
		return out, nil, nil
	}
	// While the knowledge base is still loading, the entities come without Q ids.
	opt := entities.Options{Confidence: true, Link: true, LinkWhenReady: true}
	res, err := s.svc.Entities.Extract(text, "eng", opt)
	opt.Link = err == nil && res.Linked
	if errors.Is(err, entities.ErrUnsupported) {
		return out, nil, nil
	}
	if err != nil {
		return nil, nil, err
	}
	sents := make([]sentiment.Span, len(res.Sentences))
	for i, t := range res.Sentences {
		sents[i] = sentiment.Span{Start: t.Start, End: t.End}
	}
	var ms [][]sentiment.Span
	var kept []entities.Entity
	for _, e := range res.Entities {
		if !sentimentTypes[e.Type] {
			continue
		}
		var spans []sentiment.Span
		for _, m := range e.Mentions {
			spans = append(spans, sentiment.Span{Start: m.Start, End: m.End})
		}
		ms = append(ms, spans)
		kept = append(kept, e)
	}
	rs, err := s.svc.Sentiment.Entities(text, sents, ms, modelType)
	if err != nil {
		return nil, nil, errs.Wrap(errs.Invalid, err, "options.modelType")
	}
	for i, e := range kept {
		out = append(out, sentimentEntity{entityAnswerOf(e, opt), sentimentLabel{rs[i].Label, rs[i].Confidence}})
	}
	return out, sents, nil
}

// sentimentTypes are the entity types that get a sentiment: names of people, places,
// organisations and products (not titles, nationalities, religions or patterns).
var sentimentTypes = map[string]bool{"PER": true, "LOC": true, "ORG": true, "PROD": true}

type admSentiment struct {
	StartOffset int                `json:"startOffset"`
	EndOffset   int                `json:"endOffset"`
	Label       string             `json:"label"`
	Confidence  float64            `json:"confidence"`
	Scores      map[string]float64 `json:"scores"`
}

// sentimentADM is the output=service answer: the document's sentiment with all three
// probabilities, the sentences, and the entities with theirs.
func sentimentADM(text string, doc sentiment.Result, ents []sentimentEntity, sents []sentiment.Span) *ADM {
	a := NewADM(text)
	n := len([]rune(text))
	a.AddList("sentimentResults", "categorizerResult", []admSentiment{{0, n, doc.Label, doc.Confidence,
		map[string]float64{sentiment.Positive: doc.Pos, sentiment.Negative: doc.Neg, sentiment.Neutral: doc.Neu}}})
	type span struct {
		StartOffset int `json:"startOffset"`
		EndOffset   int `json:"endOffset"`
	}
	ss := make([]span, len(sents))
	for i, x := range sents {
		ss[i] = span{x.Start, x.End}
	}
	a.AddList("sentence", "sentence", ss)
	a.AddList("entities", "entity", ents)
	return a
}
