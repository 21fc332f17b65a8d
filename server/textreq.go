package server

import (
	"bytes"
	"encoding/json"
	"strings"
	"unicode/utf8"

	"github.com/nomenhq/nomen/internal/errs"
)

// TextRequest is the body shared by the text endpoints. Options are decoded per operation
// by decodeOptions.
type TextRequest struct {
	Content    *string         `json:"content"`
	ContentURI string          `json:"contentUri"`
	Language   string          `json:"language"`
	Options    json.RawMessage `json:"options"`
}

// text returns the content, requiring it unless allowURI (language identification) and a URI
// was given.
func (r *TextRequest) check(allowURI, allowLanguage bool) error {
	if r.ContentURI != "" && !allowURI {
		return errs.E(errs.Invalid, "unknown field \"contentUri\": only language identification accepts it")
	}
	if r.Content != nil && r.ContentURI != "" {
		return errs.E(errs.Invalid, "content and contentUri must not both be given")
	}
	if r.Content == nil && r.ContentURI == "" {
		if allowURI {
			return errs.E(errs.Invalid, "content or contentUri is required")
		}
		return errs.E(errs.Invalid, "content is required")
	}
	if r.Language != "" && !allowLanguage {
		return errs.E(errs.Invalid, "unknown field \"language\": language identification does not take a language")
	}
	if r.Content != nil && !allowURI && strings.TrimSpace(*r.Content) == "" {
		return errs.E(errs.Invalid, "content must not be blank")
	}
	if r.Content != nil && !utf8.ValidString(*r.Content) {
		return errs.E(errs.Invalid, "content is not valid UTF-8")
	}
	return checkLang("language", r.Language)
}

// decodeOptions decodes the options object strictly into v (unknown options are an error
// naming the option) and runs v's validation.
func decodeOptions(raw json.RawMessage, v any) error {
	if len(bytes.TrimSpace(raw)) == 0 || string(bytes.TrimSpace(raw)) == "null" {
		if vv, ok := v.(validator); ok {
			return vv.validate()
		}
		return nil
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return errs.E(errs.Invalid, "options: %s", jsonMessage(err))
	}
	if vv, ok := v.(validator); ok {
		return vv.validate()
	}
	return nil
}

// EntitiesOptions are the options of POST /entities.
type EntitiesOptions struct {
	ModelType                      string `json:"modelType"`
	CalculateConfidence            bool   `json:"calculateConfidence"`
	CalculateSalience              bool   `json:"calculateSalience"`
	LinkEntities                   bool   `json:"linkEntities"`
	IncludeOntologyTypes           bool   `json:"includeOntologyTypes"`
	IncludeDBpediaTypes            bool   `json:"includeDBpediaTypes"` // alias of IncludeOntologyTypes
	IncludeExternalID              bool   `json:"includeExternalId"`
	IncludePermID                  bool   `json:"includePermID"` // alias of IncludeExternalID
	LinkMentionMode                string `json:"linkMentionMode"`
	RegexCurrencySplit             bool   `json:"regexCurrencySplit"`
	StructuredRegionProcessingType string `json:"structuredRegionProcessingType"`
	UseIndocServer                 bool   `json:"useIndocServer"`
	// IncludePatterns returns the pattern types (EM, URL, TEL#, ...), which are off by
	// default (an addition of nomen's; output=service always has them).
	IncludePatterns bool `json:"includePatterns"`
}

func (o *EntitiesOptions) validate() error {
	o.IncludeOntologyTypes = o.IncludeOntologyTypes || o.IncludeDBpediaTypes
	o.IncludeExternalID = o.IncludeExternalID || o.IncludePermID
	switch o.ModelType {
	case "", "statistical", "DNN":
	default:
		return errs.E(errs.Invalid, "options.modelType must be statistical or DNN, got %q", o.ModelType)
	}
	switch o.LinkMentionMode {
	case "", "entities":
	default:
		return errs.E(errs.Invalid, "options.linkMentionMode must be \"entities\" (the only mode nomen has), got %q", o.LinkMentionMode)
	}
	switch o.StructuredRegionProcessingType {
	case "", "none":
	default:
		return errs.E(errs.Invalid, "options.structuredRegionProcessingType must be \"none\" (the only mode nomen has), got %q", o.StructuredRegionProcessingType)
	}
	if (o.IncludeOntologyTypes || o.IncludeExternalID) && !o.LinkEntities {
		return errs.E(errs.Invalid, "options.includeOntologyTypes and options.includeExternalId require options.linkEntities")
	}
	return nil
}

// LanguageOptions are the options of POST /language.
type LanguageOptions struct {
	Multilingual   bool `json:"multilingual"`
	KoreanDialects bool `json:"koreanDialects"`
	// Languages restricts detection to these ISO 639-3 codes (an addition of nomen's).
	Languages []string `json:"languages"`
	// SerbianLatinWeight above 0 turns Latin-script Serbian detection on in the normal
	// (longer than 140 characters) path (an addition of nomen's).
	SerbianLatinWeight float64 `json:"serbianLatinWeight"`
}

func (o *LanguageOptions) validate() error {
	for i, l := range o.Languages {
		if !langCode.MatchString(l) {
			return errs.E(errs.Invalid, "options.languages[%d] must be a three-letter code, got %q", i, l)
		}
	}
	if o.SerbianLatinWeight < 0 {
		return errs.E(errs.Invalid, "options.serbianLatinWeight must not be negative")
	}
	return nil
}

// MorphologyOptions are the options of POST /morphology/{feature}.
type MorphologyOptions struct {
	ModelType          string `json:"modelType"`
	DisambiguatorType  string `json:"disambiguatorType"`
	Disambiguate       *bool  `json:"disambiguate"`
	Query              bool   `json:"query"`
	PartOfSpeechTagSet string `json:"partOfSpeechTagSet"`
}

// SentimentOptions are the options of POST /sentiment.
type SentimentOptions struct {
	ModelType string `json:"modelType"`
}

func (o *SentimentOptions) validate() error {
	switch o.ModelType {
	case "", "statistical", "DNN":
		return nil
	}
	return errs.E(errs.Invalid, "options.modelType must be statistical or DNN, got %q", o.ModelType)
}

// TopicsOptions are the options of POST /topics.
type TopicsOptions struct {
	ConceptSalienceThreshold   float64 `json:"conceptSalienceThreshold"`
	KeyphraseSalienceThreshold float64 `json:"keyphraseSalienceThreshold"`
}

func (o *TopicsOptions) validate() error {
	if o.ConceptSalienceThreshold < 0 || o.ConceptSalienceThreshold > 1 || o.KeyphraseSalienceThreshold < 0 || o.KeyphraseSalienceThreshold > 1 {
		return errs.E(errs.Invalid, "options.conceptSalienceThreshold and options.keyphraseSalienceThreshold must be in [0, 1]")
	}
	return nil
}

// SimilarOptions are the options of POST /semantics/similar.
type SimilarOptions struct {
	ResultLanguages []string `json:"resultLanguages"`
	Count           *int     `json:"count"`
	// Embeddings selects the embeddings (shared with semantics/vector).
	Embeddings string `json:"embeddings"`
}

func (o *SimilarOptions) validate() error {
	if len(o.ResultLanguages) == 0 {
		return errs.E(errs.Invalid, "options.resultLanguages is required")
	}
	for i, l := range o.ResultLanguages {
		if !langCode.MatchString(l) {
			return errs.E(errs.Invalid, "options.resultLanguages[%d] must be a three-letter code, got %q", i, l)
		}
	}
	if o.Count != nil && (*o.Count < 1 || *o.Count > 50) {
		return errs.E(errs.Invalid, "options.count must be in [1, 50]")
	}
	return checkEmbeddings(o.Embeddings)
}

// VectorOptions are the options of POST /semantics/vector.
type VectorOptions struct {
	PerToken   bool   `json:"perToken"`
	Embeddings string `json:"embeddings"`
}

func (o *VectorOptions) validate() error { return checkEmbeddings(o.Embeddings) }

// EventsOptions are the options of POST /events.
type EventsOptions struct {
	WorkspaceID string              `json:"workspaceId"`
	Plan        map[string][]string `json:"plan"`
	Negation    string              `json:"negation"`
}

func (o *EventsOptions) validate() error {
	if o.WorkspaceID != "" && o.Plan != nil {
		return errs.E(errs.Invalid, "options.workspaceId and options.plan must not both be given")
	}
	switch o.Negation {
	case "", "ignore", "both", "only_positive", "only_negative":
		return nil
	}
	return errs.E(errs.Invalid, "options.negation must be ignore, both, only_positive or only_negative, got %q", o.Negation)
}

func checkEventContent(r *TextRequest) error {
	if c := utf8.RuneCountInString(*r.Content); c > maxEventChars {
		return errs.E(errs.Invalid, "content has %d characters; event extraction takes at most %d", c, maxEventChars)
	}
	return nil
}
