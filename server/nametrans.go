package server

import (
	"context"
	"errors"
	"math"

	"github.com/gin-gonic/gin"
	"github.com/nomenhq/nomen/analyzers/nametrans"
	"github.com/nomenhq/nomen/internal/errs"
)

// nameTranslationInfo is the extendedInformation object of a translation:
// both fields say whether the input was altered (normalized or recased).
type nameTranslationInfo struct {
	ProcessedByService bool `json:"processedByService"`
	ProcessedByBabel   bool `json:"processedByBabel"`
}

type nameTranslationItem struct {
	Translation string  `json:"translation"`
	Confidence  float64 `json:"confidence"`
}

// nameTranslationAnswer is the body of POST /name-translation: translation
// and confidence without maximumResults, translations with it.
type nameTranslationAnswer struct {
	ExtendedInformation    nameTranslationInfo   `json:"extendedInformation"`
	SourceScript           string                `json:"sourceScript"`
	SourceLanguageOfOrigin string                `json:"sourceLanguageOfOrigin,omitempty"`
	SourceLanguageOfUse    string                `json:"sourceLanguageOfUse"`
	TargetLanguage         string                `json:"targetLanguage"`
	TargetScheme           string                `json:"targetScheme"`
	TargetScript           string                `json:"targetScript"`
	Translation            *string               `json:"translation,omitempty"`
	Confidence             *float64              `json:"confidence,omitempty"`
	Translations           []nameTranslationItem `json:"translations,omitempty"`
}

// translateName runs a validated name-translation request.
func (s *Server) translateName(c *gin.Context, r *NameTranslationRequest) {
	for _, l := range []string{r.TargetLanguage, r.SourceLanguageOfUse} {
		if l == "" {
			continue
		}
		if err := licensed(c, l); err != nil {
			s.fail(c, err)
			return
		}
	}
	s.run(c, func(context.Context) (any, error) {
		req := nametrans.Request{Name: r.Name, TargetLanguage: r.TargetLanguage, EntityType: r.EntityType, SourceScript: r.SourceScript,
			SourceLanguageOfOrigin: r.SourceLanguageOfOrigin, SourceLanguageOfUse: r.SourceLanguageOfUse, TargetScript: r.TargetScript, TargetScheme: r.TargetScheme}
		if r.MaximumResults != nil {
			req.MaximumResults = *r.MaximumResults
		}
		if s.svc.KB != nil {
			if k, err := s.svc.KB.KB(); err == nil {
				// Known entities first ("Москва" → "Moscow"); until the KB has loaded, names
				// are transliterated only.
				req.Known = nametrans.KBKnown(k)
			}
		}
		res, err := nametrans.Translate(req)
		switch {
		case errors.Is(err, nametrans.ErrUnsupported):
			// "unsupported language pair: targetLanguage zzz", without the package's prefix.
			return nil, errs.E(errs.UnsupportedLanguage, "%s", callerMessage(err, "nametrans: "))
		case errors.Is(err, nametrans.ErrInvalid):
			return nil, errs.E(errs.Invalid, "%s", callerMessage(err, "nametrans: "))
		case err != nil:
			return nil, err
		}
		if err := licensed(c, res.SourceLanguageOfUse); err != nil {
			return nil, err
		}
		a := nameTranslationAnswer{
			ExtendedInformation: nameTranslationInfo{res.Altered, res.Altered},
			SourceScript:        res.SourceScript, SourceLanguageOfOrigin: r.SourceLanguageOfOrigin, SourceLanguageOfUse: res.SourceLanguageOfUse,
			TargetLanguage: res.TargetLanguage, TargetScheme: res.TargetScheme, TargetScript: res.TargetScript,
		}
		if r.MaximumResults == nil {
			t, conf := res.Translations[0].Text, roundConfidence(res.Translations[0].Confidence)
			a.Translation, a.Confidence = &t, &conf
			return a, nil
		}
		a.Translations = make([]nameTranslationItem, len(res.Translations))
		for i, t := range res.Translations {
			a.Translations[i] = nameTranslationItem{t.Text, roundConfidence(t.Confidence)}
		}
		return a, nil
	})
}

// roundConfidence keeps eight decimals.
func roundConfidence(x float64) float64 { return math.Round(x*1e8) / 1e8 }
