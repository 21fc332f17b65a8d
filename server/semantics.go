package server

import (
	"context"
	"strings"

	"github.com/gin-gonic/gin"
	"github.com/nomenhq/nomen/analyzers/semantics"
	"github.com/nomenhq/nomen/internal/errs"
)

// embeddingsNames are the values of the embeddings option: nomen has one set of vectors.
const embeddingsWordNet = "wordnet"

func checkEmbeddings(name string) error {
	if name != "" && name != embeddingsWordNet {
		return errs.E(errs.Invalid, "options.embeddings must be %q (the only embeddings) or absent, got %q", embeddingsWordNet, name)
	}
	return nil
}

// shortContent is the most words a content may have to be taken as English without
// language identification (a term such as "spy" or "secret agent" is too short to identify).
const shortContent = 3

// semanticsLang returns the language of a semantics request: the request's (which must be
// one with vectors); without one, English for a term of at most shortContent words, else
// the identified language, which must be English.
func (s *Server) semanticsLang(c *gin.Context, r *TextRequest) (string, error) {
	if r.Language != "" {
		if !contains(semantics.Languages(), r.Language) {
			return "", errs.E(errs.UnsupportedLanguage, "semantic vectors exist for eng (and uen) only, not %q", r.Language)
		}
		return r.Language, nil
	}
	if len(strings.Fields(*r.Content)) <= shortContent {
		return "eng", licensed(c, "eng")
	}
	lang, err := s.languageOf(c, r)
	if err != nil {
		return "", err
	}
	if !contains(semantics.Languages(), lang) {
		return "", errs.E(errs.UnsupportedLanguage, "semantic vectors exist for eng (and uen) only; the content looks like %q (give language eng to treat it as English)", lang)
	}
	return lang, nil
}

func (s *Server) semanticsSimilar(c *gin.Context) {
	var o SimilarOptions
	r, adm, err := textBody(c, false, &o)
	if err != nil {
		s.fail(c, err)
		return
	}
	for i, l := range o.ResultLanguages {
		if !contains(semantics.Languages(), l) {
			s.fail(c, errs.E(errs.UnsupportedLanguage, "options.resultLanguages[%d]: semantic similarity has terms in eng (and uen) only, not %q", i, l))
			return
		}
	}
	if s.svc.Semantics == nil {
		s.fail(c, notImplemented("semantic similarity", "not configured"))
		return
	}
	count := 10
	if o.Count != nil {
		count = *o.Count
	}
	s.run(c, func(ctx context.Context) (any, error) {
		if _, err := s.semanticsLang(c, r); err != nil {
			return nil, err
		}
		terms := s.svc.Semantics.Similar(*r.Content, count)
		if terms == nil {
			terms = []semantics.Term{}
		}
		byLang := map[string][]semantics.Term{}
		for _, l := range o.ResultLanguages {
			byLang[l] = terms
		}
		if adm {
			a := NewADM(*r.Content)
			type item struct {
				Language string `json:"language"`
				semantics.Term
			}
			var items []item
			for _, l := range o.ResultLanguages {
				for _, t := range terms {
					items = append(items, item{l, t})
				}
			}
			if items == nil {
				items = []item{}
			}
			a.AddList("similarTerms", "similarTerm", items)
			return a, nil
		}
		return gin.H{"similarTerms": byLang}, nil
	})
}

// maxVectorTokens bounds the answer of perToken: 10,000 vectors of 150 numbers are ~15 MB
// of JSON.
const maxVectorTokens = 10000

// admEmbeddingToken is one token of the output=service answer of POST /semantics/vector.
type admEmbeddingToken struct {
	StartOffset int       `json:"startOffset"`
	EndOffset   int       `json:"endOffset"`
	Text        string    `json:"text"`
	Embedding   []float32 `json:"embedding,omitempty"`
}

func (s *Server) semanticsVector(c *gin.Context) {
	var o VectorOptions
	r, adm, err := textBody(c, false, &o)
	if err != nil {
		s.fail(c, err)
		return
	}
	if s.svc.Semantics == nil {
		s.fail(c, notImplemented("semantic vectors", "not configured"))
		return
	}
	s.run(c, func(ctx context.Context) (any, error) {
		if _, err := s.semanticsLang(c, r); err != nil {
			return nil, err
		}
		m := s.svc.Semantics
		doc, toks := m.Embed(*r.Content)
		if o.PerToken && len(toks) > maxVectorTokens {
			return nil, errs.E(errs.Invalid, "perToken answers at most %d tokens (%d numbers each); the content has %d: send it in parts or ask for the document vector", maxVectorTokens, m.Dim(), len(toks))
		}
		zero := make([]float32, m.Dim())
		vec := func(t semantics.Token) []float32 {
			if t.Vector == nil {
				return zero
			}
			return t.Vector
		}
		if adm {
			a := NewADM(*r.Content)
			items := make([]admEmbeddingToken, len(toks))
			for i, t := range toks {
				items[i] = admEmbeddingToken{StartOffset: t.Start, EndOffset: t.End, Text: t.Text}
				if o.PerToken {
					items[i].Embedding = vec(t)
				}
			}
			a.AddList("token", "token", items)
			if !o.PerToken {
				a.AddList("documentEmbedding", "embedding", []map[string]any{{"embedding": doc}})
			}
			return a, nil
		}
		if !o.PerToken {
			return gin.H{"documentEmbedding": doc}, nil
		}
		embs := make([][]float32, len(toks))
		words := make([]string, len(toks))
		for i, t := range toks {
			embs[i], words[i] = vec(t), t.Text
		}
		return gin.H{"tokenEmbeddings": embs, "tokens": words}, nil
	})
}
