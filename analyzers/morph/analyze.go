package morph

import (
	"errors"
	"fmt"
	"sort"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/nomenhq/nomen/analyzers/tokenize"
	"github.com/nomenhq/nomen/internal/perceptron"
)

// Feature names, as in the morphology endpoint path.
const (
	FeatureComplete           = "complete"
	FeatureLemmas             = "lemmas"
	FeaturePartsOfSpeech      = "parts-of-speech"
	FeatureCompoundComponents = "compound-components"
	FeatureHanReadings        = "han-readings"
)

// Tag sets accepted in Options.TagSet. TagSetUPOS (the default, also
// selected by "") is the Universal POS tag set (17 tags) for every
// language; TagSetXPOS (xpos.go) is the treebank's own tag set, for the
// languages whose UD data has one (XPOSLanguages).
const TagSetUPOS = "upos"

// Model types accepted in Options.ModelType.
const (
	// ModelTypePerceptron selects one Han reading per token: pinyin with
	// tone digits for Chinese, katakana for Japanese.
	ModelTypePerceptron = "perceptron"
	// ModelTypeKoreanNoSpace (Korean only) segments Korean text written
	// without spaces into eojeol before the analysis (kospace.go).
	ModelTypeKoreanNoSpace = "koreanNoSpace"
)

// Disambiguators accepted in Options.Disambiguator (Hebrew only; other
// languages always use the default).
const (
	// DisambiguatorPerceptron (the default) lets the context tagger choose
	// any tag.
	DisambiguatorPerceptron = "perceptron"
	// DisambiguatorDictionary restricts the tagger's choice for a word
	// seen in training to the tags the training data gives it (its
	// ambiguity class); unseen words are tagged freely.
	DisambiguatorDictionary = "dictionary"
)

// Errors returned by Analyze; ErrUnsupported (language) is in model.go.
var (
	ErrFeature   = errors.New("morph: unsupported feature")
	ErrTagSet    = errors.New("morph: unknown part-of-speech tag set")
	ErrModelType = errors.New("morph: unknown model type")
	// ErrDisambiguator reports an unknown disambiguatorType.
	ErrDisambiguator = errors.New("morph: unknown disambiguator type")
)

// Options tune Analyze. The zero value is the default: one analysis per
// token, running text, UPOS tags, default model.
type Options struct {
	// Disambiguate is accepted for the API's sake: the best analysis is
	// always returned in PosTags and Lemmas; when Disambiguate is false
	// the top-3 tags and lemmas of each token are added in PosAlternatives
	// and LemmaAlternatives.
	Disambiguate bool
	// Query treats the input as one short query: no sentence splitting.
	// (The taggers are trained with lower-cased sentences mixed in, so they
	// are robust to lower-cased input either way.)
	Query bool
	// TagSet selects the part-of-speech tag set: "" or "upos" (UPOS), or
	// "xpos" (the treebank's own tags; lemmas still follow the UPOS tags).
	TagSet string
	// ModelType is "" (default), "perceptron" (Han readings: one per
	// token, Chinese with tone digits, Japanese in katakana) or
	// "koreanNoSpace" (Korean input written without spaces).
	ModelType string
	// Disambiguator is "" or "perceptron" (default) or "dictionary"; it
	// changes how Hebrew analyses are chosen (DisambiguatorDictionary).
	Disambiguator string
}

// Analysis is the result of Analyze: parallel arrays with one entry per
// token. Arrays of features that were not requested are nil.
type Analysis struct {
	Tokens  []string
	PosTags []string
	Lemmas  []string
	// CompoundComponents holds the components of each token; a token that
	// is no compound has itself as its only component.
	CompoundComponents [][]string
	// HanReadings holds the readings of each token that contains Han
	// characters (several when ambiguous, the likeliest first) and an
	// empty list for other tokens.
	HanReadings [][]string
	// Offsets are the code-point spans [start, end) of each token in the
	// input; the words of one multi-word token (French "du" → "de" "le")
	// share its span.
	Offsets [][2]int
	// PosAlternatives and LemmaAlternatives hold the top-3 analyses of
	// each token when Options.Disambiguate is false.
	PosAlternatives   [][]string
	LemmaAlternatives [][]string
}

// LanguageSupport describes what Analyze supports for one language.
type LanguageSupport struct {
	Language string // ISO 639-3
	Script   string // ISO 15924
	Features []string
}

var scripts = map[string]string{
	"eng": "Latn", "por": "Latn", "deu": "Latn", "fra": "Latn", "spa": "Latn", "nld": "Latn",
	"rus": "Cyrl", "swe": "Latn", "fas": "Arab", "heb": "Hebr", "jpn": "Jpan", "zho": "Hani",
	"kor": "Kore", "dan": "Latn", "nor": "Latn", "hun": "Latn",
}

// featuresOf returns the features of lang, or nil when unsupported.
func featuresOf(lang string) []string {
	var fs []string
	if hasFile(lang + ".model.gz") {
		fs = append(fs, FeatureLemmas, FeaturePartsOfSpeech)
	}
	switch lang {
	case "jpn", "zho", "kor":
		fs = append(fs, FeatureCompoundComponents)
	default:
		if isCompoundLang(lang) && hasFile(lang+".freq.gz") {
			fs = append(fs, FeatureCompoundComponents)
		}
	}
	if lang == "jpn" || lang == "zho" {
		fs = append(fs, FeatureHanReadings)
	}
	if len(fs) == 0 {
		return nil
	}
	return append([]string{FeatureComplete}, fs...)
}

// SupportedLanguages lists the languages with at least one feature, sorted
// by language code.
func SupportedLanguages() []LanguageSupport {
	var out []LanguageSupport
	for lang, sc := range scripts {
		if fs := featuresOf(lang); fs != nil {
			out = append(out, LanguageSupport{Language: lang, Script: sc, Features: fs})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Language < out[j].Language })
	return out
}

var scratchPool = sync.Pool{New: func() any { return new(scratch) }}

// want is the set of requested features.
type want struct{ lemmas, pos, compounds, han bool }

func resolveFeatures(lang string, features []string) (want, error) {
	avail := featuresOf(lang)
	if avail == nil {
		return want{}, fmt.Errorf("%w: %q", ErrUnsupported, lang)
	}
	has := func(f string) bool {
		for _, a := range avail {
			if a == f {
				return true
			}
		}
		return false
	}
	var w want
	if len(features) == 0 {
		features = []string{FeatureComplete}
	}
	for _, f := range features {
		if !has(f) {
			return want{}, fmt.Errorf("%w: %q for language %q", ErrFeature, f, lang)
		}
		switch f {
		case FeatureComplete:
			w.lemmas, w.pos = has(FeatureLemmas), has(FeaturePartsOfSpeech)
			w.compounds, w.han = has(FeatureCompoundComponents), has(FeatureHanReadings)
		case FeatureLemmas:
			w.lemmas = true
		case FeaturePartsOfSpeech:
			w.pos = true
		case FeatureCompoundComponents:
			w.compounds = true
		case FeatureHanReadings:
			w.han = true
		}
	}
	return w, nil
}

// Analyze tokenizes text in language lang (ISO 639-3) and returns the
// requested features (FeatureComplete for all that lang supports; an empty
// list means complete). It returns ErrUnsupported, ErrFeature, ErrTagSet or
// ErrModelType (wrapped) for bad arguments. Safe for concurrent use; each
// language's model is loaded once, on first use.
func Analyze(text, lang string, features []string, opt Options) (Analysis, error) {
	a, _, err := analyze(text, lang, features, opt)
	return a, err
}

// analyze also returns the lemmas in the treebank's own form (Korean
// morphemes joined by "+"), which Eval compares with the gold lemmas.
func analyze(text, lang string, features []string, opt Options) (Analysis, []string, error) {
	var a Analysis
	o, err := checkOptions(lang, opt)
	if err != nil {
		return a, nil, err
	}
	w, err := resolveFeatures(lang, features)
	if err != nil {
		return a, nil, err
	}
	var m *langModel
	if hasFile(lang + ".model.gz") {
		if m, err = modelFor(lang); err != nil {
			return a, nil, err
		}
	}
	var xtm *perceptron.Model
	if o.xpos && w.pos {
		if m == nil {
			return a, nil, fmt.Errorf("%w: %q for language %q", ErrTagSet, opt.TagSet, lang)
		}
		if xtm, err = m.xposModel(); err != nil {
			return a, nil, err
		}
	}
	toks, sents := tokenize.Segment(text, lang)
	if o.noSpace {
		if toks, err = spaceKorean(toks); err != nil {
			return a, nil, err
		}
	}
	switch {
	case m != nil && m.seg != nil:
		toks = m.seg.segment(text, toks, sents)
	case m != nil:
		toks = m.resegment(toks)
	}
	if opt.Query && len(toks) > 0 {
		sents = []tokenize.Token{{Start: toks[0].Start, End: toks[len(toks)-1].End}}
	}
	var rawLemmas []string
	sc := scratchPool.Get().(*scratch)
	defer scratchPool.Put(sc)
	k := 0
	for _, s := range sents {
		start := len(a.Tokens)
		for ; k < len(toks) && toks[k].End <= s.End; k++ {
			t := toks[k]
			span := [2]int{t.Start, t.End}
			if m != nil && m.seg == nil {
				ws, ok := m.mwt[strings.ToLower(t.Text)]
				if !ok && m.ctxMWT != nil {
					ws, ok = m.splitInContext(toks, k, s.End)
				}
				if ok {
					// Words that spell the token ("dont" → "do" "nt") get
					// their own spans and the token's case; others share
					// the token's span.
					rs := []rune(t.Text)
					lower := strings.ToLower(t.Text)
					sub := strings.Join(ws, "") == lower && utf8.RuneCountInString(lower) == len(rs)
					at := t.Start
					for i, wd := range ws {
						sp := span
						if sub {
							n := len([]rune(wd))
							sp = [2]int{at, at + n}
							wd = string(rs[at-t.Start : at-t.Start+n])
							at += n
						} else if i == 0 && startsUpper(t.Text) {
							wd = capitalize(wd)
						}
						a.Tokens = append(a.Tokens, wd)
						a.Offsets = append(a.Offsets, sp)
					}
					continue
				}
			}
			a.Tokens = append(a.Tokens, t.Text)
			a.Offsets = append(a.Offsets, span)
		}
		needTags := w.pos || w.lemmas || (w.compounds && lang == "kor")
		if m == nil || !needTags || len(a.Tokens) == start {
			continue
		}
		words := a.Tokens[start:]
		altK := 1
		if !opt.Disambiguate {
			altK = 3
		}
		tags, alts := m.tagWordsWith(m.taggerWords(words, a.Offsets[start:]), sc, altK, o.dictionary)
		posTags, posAlts := tags, alts
		if xtm != nil {
			posTags, posAlts = m.tagXPOS(xtm, tags, sc, altK)
		}
		for i, wd := range words {
			raw := m.lemma(lang, wd, tags[i])
			rawLemmas = append(rawLemmas, raw)
			if w.pos {
				a.PosTags = append(a.PosTags, posTags[i])
				if posAlts != nil {
					a.PosAlternatives = append(a.PosAlternatives, posAlts[i])
				}
			}
			if w.lemmas {
				a.Lemmas = append(a.Lemmas, apiLemma(lang, raw))
				if !opt.Disambiguate {
					var ls []string
					for _, t := range alts[i] {
						for _, l := range m.lem.candidates(wd, t, 2) {
							ls = appendUnique(ls, apiLemma(lang, l))
						}
					}
					if len(ls) > 3 {
						ls = ls[:3]
					}
					a.LemmaAlternatives = append(a.LemmaAlternatives, ls)
				}
			}
		}
	}
	if w.compounds {
		a.CompoundComponents = make([][]string, len(a.Tokens))
		for i, t := range a.Tokens {
			if lang == "kor" && rawLemmas != nil {
				a.CompoundComponents[i] = koreanMorphemes(rawLemmas[i])
				continue
			}
			a.CompoundComponents[i] = compoundComponents(t, lang)
		}
	}
	if w.han {
		perceptron := opt.ModelType == ModelTypePerceptron
		var ctx map[[2]int]string
		if lang == "jpn" {
			ctx = japaneseReadings(text)
		}
		a.HanReadings = make([][]string, len(a.Tokens))
		for i, t := range a.Tokens {
			if rd, ok := ctx[a.Offsets[i]]; ok && hasHan(t) {
				if !perceptron {
					rd = toHiragana(rd)
				}
				a.HanReadings[i] = []string{rd}
				continue
			}
			a.HanReadings[i] = hanReadings(t, lang, perceptron)
		}
	}
	return a, rawLemmas, nil
}

// dictionaryAnyLanguage lets the tuning test try DisambiguatorDictionary
// on any language.
var dictionaryAnyLanguage bool

// checked holds the validated options of one call.
type checked struct{ xpos, noSpace, dictionary bool }

// checkOptions validates the tag set, model type and disambiguator of opt
// for lang.
func checkOptions(lang string, opt Options) (checked, error) {
	var c checked
	switch strings.ToLower(opt.TagSet) {
	case "", TagSetUPOS:
	case TagSetXPOS:
		c.xpos = true
	default:
		return c, fmt.Errorf("%w: %q (upos, xpos)", ErrTagSet, opt.TagSet)
	}
	switch {
	case opt.ModelType == "" || opt.ModelType == ModelTypePerceptron:
	case strings.EqualFold(opt.ModelType, ModelTypeKoreanNoSpace):
		if lang != "kor" {
			return c, fmt.Errorf("%w: %q is for Korean only", ErrModelType, opt.ModelType)
		}
		c.noSpace = true
	default:
		return c, fmt.Errorf("%w: %q (perceptron, koreanNoSpace)", ErrModelType, opt.ModelType)
	}
	switch strings.ToLower(opt.Disambiguator) {
	case "", DisambiguatorPerceptron:
	case DisambiguatorDictionary:
		c.dictionary = lang == "heb" || dictionaryAnyLanguage
	default:
		return c, fmt.Errorf("%w: %q (perceptron, dictionary)", ErrDisambiguator, opt.Disambiguator)
	}
	return c, nil
}

func appendUnique(ls []string, l string) []string {
	for _, x := range ls {
		if x == l {
			return ls
		}
	}
	return append(ls, l)
}

func startsUpper(s string) bool {
	for _, c := range s {
		return unicode.IsUpper(c)
	}
	return false
}

func capitalize(s string) string {
	for i, c := range s {
		if i == 0 {
			return string(unicode.ToUpper(c)) + s[len(string(c)):]
		}
	}
	return s
}

// apiLemma turns a treebank-style lemma into the returned one: Korean
// lemmas are morphemes joined by "+", of which the first (the stem) is
// returned; the morphemes are the compound components.
func apiLemma(lang, raw string) string {
	if lang == "kor" {
		if p := koreanMorphemes(raw); len(p) > 0 {
			return p[0]
		}
	}
	return raw
}

func koreanMorphemes(raw string) []string {
	var out []string
	for _, p := range strings.Split(raw, "+") {
		if p != "" {
			out = append(out, p)
		}
	}
	if len(out) == 0 {
		return []string{raw}
	}
	return out
}

// lemma returns the treebank-style lemma of word tagged tag. Japanese
// words unseen in training whose rule lemma is the word itself take
// kagome's base form when kagome analyses them as one morpheme; Hebrew
// lemmas end in a final letter form (hebrewLemma).
func (m *langModel) lemma(lang, word, tag string) string {
	raw := m.lem.lemma(word, tag)
	if geLemmaLangs[lang] && (tag == "VERB" || tag == "AUX") {
		if _, known := m.lem.lookupLexicon(word, tag); !known {
			if lang == "nld" {
				raw = geLemmaNld(word, raw, m.lem.freq)
			} else {
				raw = geLemma(word, raw, m.lem.freq)
			}
		}
	}
	if fraLemmaLangs[lang] && (tag == "VERB" || tag == "AUX") {
		if _, known := m.lem.lookupLexicon(word, tag); !known {
			raw = fraLemma(word, raw, m.lem.freq)
		}
	}
	if hebLemmaLangs[lang] {
		raw = hebrewLemma(raw)
	}
	if lang == "jpn" && raw == word && m.amb[strings.ToLower(word)] == "" {
		if _, known := m.lem.lookupLexicon(word, tag); !known {
			raw = japaneseLemma(word, raw)
		}
	}
	return raw
}

// japaneseLemma returns kagome's base form of a single-morpheme word, or
// fallback.
func japaneseLemma(word, fallback string) string {
	ms := tokenize.JapaneseMorphemes(word)
	if len(ms) == 1 && ms[0].Text == word && ms[0].Base != "" {
		return ms[0].Base
	}
	return fallback
}

// Tag returns the UPOS tag and lemma of each token of one sentence that is
// already tokenized (no multi-word-token expansion). It returns
// ErrUnsupported for a language without a tagger. Safe for concurrent use.
func Tag(tokens []string, lang string) (pos, lemmas []string, err error) {
	if !hasFile(lang + ".model.gz") {
		return nil, nil, fmt.Errorf("%w: %q", ErrUnsupported, lang)
	}
	m, err := modelFor(lang)
	if err != nil {
		return nil, nil, err
	}
	if len(tokens) == 0 {
		return nil, nil, nil
	}
	sc := scratchPool.Get().(*scratch)
	defer scratchPool.Put(sc)
	pos, _ = m.tagWords(tokens, sc, 1)
	lemmas = make([]string, len(tokens))
	for i, t := range tokens {
		raw := m.lemma(lang, t, pos[i])
		lemmas[i] = apiLemma(lang, raw)
	}
	return pos, lemmas, nil
}

// splitInContext returns the words of toks[k] when the token is split
// before the next token of its sentence (which ends at code point end):
// when the next word, or else its ambiguity class, is a splitting context.
func (m *langModel) splitInContext(toks []tokenize.Token, k, end int) ([]string, bool) {
	lf := strings.ToLower(toks[k].Text)
	ws, ok := m.ctxMWT[lf]
	if !ok {
		return nil, false
	}
	next := boundary
	if k+1 < len(toks) && toks[k+1].End <= end {
		next = strings.ToLower(toks[k+1].Text)
	}
	if m.ctxSplit[ctxKey(lf, "w", next)] {
		return ws, true
	}
	if m.ctxSplit[ctxKey(lf, "a", m.amb[next])] {
		return ws, true
	}
	return nil, false
}

// Segment returns the tokens and sentences of text, the tokens cut into words by the
// language's trained word segmenter where it has one (Chinese, Japanese and Hebrew: the
// segmentation of their UD treebanks), else as tokenize.Segment cuts them.
func Segment(text, lang string) (toks, sents []tokenize.Token, err error) {
	toks, sents = tokenize.Segment(text, lang)
	if !hasFile(lang + ".model.gz") {
		return toks, sents, nil
	}
	m, err := modelFor(lang)
	if err != nil {
		return nil, nil, err
	}
	if m.seg != nil {
		toks = m.seg.segment(text, toks, sents)
	}
	return toks, sents, nil
}
