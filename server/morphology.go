package server

import (
	"context"
	"errors"

	"github.com/gin-gonic/gin"
	"github.com/nomenhq/nomen/analyzers/langid"
	"github.com/nomenhq/nomen/analyzers/morph"
	"github.com/nomenhq/nomen/internal/errs"
)

var morphoFeatures = map[string]bool{"complete": true, "lemmas": true, "parts-of-speech": true, "compound-components": true, "han-readings": true}

// morphologyAnswer is the body of POST /morphology/{feature}: tokens plus the arrays of the
// requested feature (all of them for complete).
type morphologyAnswer struct {
	Tokens             []string   `json:"tokens"`
	PosTags            []string   `json:"posTags,omitempty"`
	Lemmas             []string   `json:"lemmas,omitempty"`
	CompoundComponents [][]string `json:"compoundComponents,omitempty"`
	HanReadings        [][]string `json:"hanReadings,omitempty"`
	PosAlternatives    [][]string `json:"posTagAlternatives,omitempty"`
	LemmaAlternatives  [][]string `json:"lemmaAlternatives,omitempty"`
}

func (s *Server) morphology(c *gin.Context) {
	feature := c.Param("feature")
	if !morphoFeatures[feature] {
		s.fail(c, errs.E(errs.NotFound, "unknown morphology feature %q (complete, lemmas, parts-of-speech, compound-components, han-readings)", feature))
		return
	}
	var o MorphologyOptions
	r, adm, err := textBody(c, false, &o)
	if err != nil {
		s.fail(c, err)
		return
	}
	if !s.svc.Morphology {
		s.fail(c, notImplemented("morphology", "issue 8"))
		return
	}
	s.run(c, func(ctx context.Context) (any, error) {
		lang, err := s.languageOf(c, r)
		if err != nil {
			return nil, err
		}
		opt := morph.Options{Disambiguate: o.Disambiguate == nil || *o.Disambiguate, Query: o.Query, TagSet: o.PartOfSpeechTagSet,
			ModelType: o.ModelType, Disambiguator: o.DisambiguatorType}
		a, err := morph.Analyze(*r.Content, lang, []string{feature}, opt)
		switch {
		case errors.Is(err, morph.ErrUnsupported), errors.Is(err, morph.ErrFeature):
			return nil, errs.E(errs.UnsupportedLanguage, "%s (GET /rest/v1/morphology/supported-languages lists what each language has)",
				callerMessage(err, "morph: "))
		case errors.Is(err, morph.ErrTagSet), errors.Is(err, morph.ErrModelType), errors.Is(err, morph.ErrDisambiguator):
			return nil, errs.Wrap(errs.Invalid, err, "options")
		case err != nil:
			return nil, err
		}
		if adm {
			return morphADM(*r.Content, lang, a), nil
		}
		return morphologyAnswer{Tokens: a.Tokens, PosTags: a.PosTags, Lemmas: a.Lemmas, CompoundComponents: a.CompoundComponents,
			HanReadings: a.HanReadings, PosAlternatives: a.PosAlternatives, LemmaAlternatives: a.LemmaAlternatives}, nil
	})
}

// languageOf returns the request's language, detecting it when absent, and checks the
// caller's licence for a detected language too.
func (s *Server) languageOf(c *gin.Context, r *TextRequest) (string, error) {
	if r.Language != "" {
		return r.Language, nil
	}
	if s.svc.Language == nil {
		return "", errs.E(errs.Invalid, "language is required: language identification is not available")
	}
	res, err := s.svc.Language.Detect(*r.Content, langid.Options{})
	if err != nil {
		return "", err
	}
	lang := langid.Unknown
	if len(res.Detections) > 0 {
		lang = res.Detections[0].Language
	}
	if lang == "uen" {
		lang = "eng"
	}
	if lang == langid.Unknown {
		return "", errs.E(errs.UnsupportedLanguage, "the language of the content could not be determined; give language")
	}
	if err := licensed(c, lang); err != nil {
		return "", err
	}
	return lang, nil
}

type admAnalysis struct {
	PartOfSpeech string `json:"partOfSpeech,omitempty"`
	Lemma        string `json:"lemma,omitempty"`
}

type admToken struct {
	StartOffset        int           `json:"startOffset"`
	EndOffset          int           `json:"endOffset"`
	Text               string        `json:"text"`
	Analyses           []admAnalysis `json:"analyses,omitempty"`
	CompoundComponents []string      `json:"compoundComponents,omitempty"`
	HanReadings        []string      `json:"hanReadings,omitempty"`
}

func morphADM(text, lang string, a morph.Analysis) *ADM {
	doc := NewADM(text)
	toks := make([]admToken, len(a.Tokens))
	for i, t := range a.Tokens {
		tk := admToken{Text: t}
		if i < len(a.Offsets) {
			tk.StartOffset, tk.EndOffset = a.Offsets[i][0], a.Offsets[i][1]
		}
		var an admAnalysis
		if i < len(a.PosTags) {
			an.PartOfSpeech = a.PosTags[i]
		}
		if i < len(a.Lemmas) {
			an.Lemma = a.Lemmas[i]
		}
		if an != (admAnalysis{}) {
			tk.Analyses = []admAnalysis{an}
		}
		if i < len(a.CompoundComponents) {
			tk.CompoundComponents = a.CompoundComponents[i]
		}
		if i < len(a.HanReadings) {
			tk.HanReadings = a.HanReadings[i]
		}
		toks[i] = tk
	}
	doc.AddList("token", "token", toks)
	doc.Attributes["languageDetection"] = map[string]any{"type": "languageDetection", "startOffset": 0, "endOffset": runeLen(text), "detectionResults": []map[string]any{{"language": lang, "confidence": 1.0}}}
	return doc
}
