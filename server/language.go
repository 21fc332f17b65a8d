package server

import (
	"context"
	"errors"

	"github.com/gin-gonic/gin"
	"github.com/nomenhq/nomen/analyzers/langid"
	"github.com/nomenhq/nomen/internal/errs"
	"github.com/nomenhq/nomen/internal/fetch"
)

// languageAnswer is the body of POST /language. Regions are in text order; the detections of
// each region are ranked by descending confidence.
type languageAnswer struct {
	LanguageDetections []langid.Detection `json:"languageDetections"`
	RegionalDetections []langid.Region    `json:"regionalDetections,omitempty"`
}

func (s *Server) language(c *gin.Context) {
	var o LanguageOptions
	r, adm, err := textBody(c, true, &o)
	if err != nil {
		s.fail(c, err)
		return
	}
	if s.svc.Language == nil {
		s.fail(c, notImplemented("language identification", "issue 7"))
		return
	}
	s.run(c, func(ctx context.Context) (any, error) {
		text, err := s.content(ctx, r)
		if err != nil {
			return nil, err
		}
		res, err := s.svc.Language.Detect(text, langid.Options{Multilingual: o.Multilingual, KoreanDialects: o.KoreanDialects, Languages: o.Languages, SerbianLatinWeight: o.SerbianLatinWeight})
		if err != nil {
			if errors.Is(err, langid.ErrInvalidOption) || errors.Is(err, langid.ErrUnknownLanguage) {
				return nil, errs.Wrap(errs.Invalid, err, "options")
			}
			return nil, err
		}
		if adm {
			doc := NewADM(text)
			doc.Attributes["languageDetection"] = map[string]any{"type": "languageDetection", "startOffset": 0, "endOffset": runeLen(text), "detectionResults": res.Detections}
			if o.Multilingual {
				doc.AddList("languageDetectionRegions", "languageDetection", res.Regions)
			}
			return doc, nil
		}
		return languageAnswer{LanguageDetections: res.Detections, RegionalDetections: res.Regions}, nil
	})
}

// content returns the request's text, fetching contentUri within the configured limits.
func (s *Server) content(ctx context.Context, r *TextRequest) (string, error) {
	if r.Content != nil {
		return *r.Content, nil
	}
	doc, err := fetch.Fetch(ctx, r.ContentURI, fetch.Config{MaxBytes: s.cfg.Fetch.MaxBytes, Timeout: s.cfg.Fetch.Timeout, AllowPrivate: s.cfg.Fetch.AllowPrivate})
	if err != nil {
		return "", errs.Wrap(errs.Invalid, err, "contentUri could not be fetched")
	}
	return doc.Text, nil
}

func runeLen(s string) int {
	n := 0
	for range s {
		n++
	}
	return n
}
