package nametrans

import (
	"cmp"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"

	"github.com/nomenhq/nomen/analyzers/script"
)

// Errors. Translate wraps them with the field and value at fault.
var (
	// ErrUnsupported reports a source or target language, or a pair of
	// them, that Translate cannot translate (SupportedPairs lists those
	// it can).
	ErrUnsupported = errors.New("nametrans: unsupported language pair")
	// ErrInvalid reports a request that contradicts itself: a target
	// script that does not write the target language, a scheme that does
	// not apply, a source script that does not match the name.
	ErrInvalid = errors.New("nametrans: invalid request")
)

// MaxResults bounds Request.MaximumResults.
const MaxResults = 32

// Request is one name to translate. Name and TargetLanguage are required;
// the other fields are optional (detected or defaulted).
type Request struct {
	Name                   string
	TargetLanguage         string // ISO 639-3
	EntityType             string // PERSON (default), LOCATION, ORGANIZATION
	SourceScript           string // ISO 15924; detected when empty
	SourceLanguageOfOrigin string // ISO 639-3; "" = unknown
	SourceLanguageOfUse    string // ISO 639-3; detected from the script when empty
	TargetScript           string // ISO 15924; the target language's usual script when empty
	TargetScheme           string // IC (default), HYPY, HYPY_TONED
	MaximumResults         int    // translations wanted; 0 means 1
	// Known, when set, looks the whole name up among known entities (the service passes the
	// knowledge base) and returns the entity's own name in the target language and script,
	// with the confidence of the match (0 to 1). A known name comes first: "Москва" is
	// "Moscow" in English, not "Moskva".
	Known KnownFunc
}

// KnownFunc returns the name of the entity named name (of entityType, "" for any) in the
// target language, written in the target script, and the confidence that name means it.
type KnownFunc func(name, entityType, targetLanguage, targetScript string) (label string, confidence float64, ok bool)

// Translation is one candidate with its confidence.
type Translation struct {
	Text       string
	Confidence float64
}

// Result is the answer to a Request: the resolved source and target
// description and the translations, best first.
type Result struct {
	SourceScript, SourceLanguageOfUse          string
	TargetLanguage, TargetScript, TargetScheme string
	// Altered reports that the input was changed before translation:
	// Unicode normalization, white space, separators, or letter case.
	Altered      bool
	Translations []Translation
}

// Translate translates r.Name. It never panics; errors wrap ErrUnsupported
// or ErrInvalid.
func Translate(r Request) (Result, error) {
	return translate(r, "")
}

// translate is Translate with an optional forced learned model for the
// Latin → native direction (used by Eval for the japanese model).
func translate(r Request, forceModel string) (Result, error) {
	raw := r.Name
	name := normalizeName(raw)
	if name == "" {
		return Result{}, fmt.Errorf("%w: name has no letters", ErrInvalid)
	}
	res := Result{TargetLanguage: r.TargetLanguage, Altered: name != raw}
	det := script.Detect(name)
	scr := r.SourceScript
	if scr == "" {
		scr = det
	} else if !scriptFits(scr, det) {
		return Result{}, fmt.Errorf("%w: sourceScript %s does not match the name, written in %s", ErrInvalid, scr, det)
	}
	if scr == "Zyyy" {
		scr = "Latn"
	}
	lang := r.SourceLanguageOfUse
	if lang == "" {
		lang = languageOfScript(name, scr)
		if lang == "" {
			return Result{}, fmt.Errorf("%w: names written in %s", ErrUnsupported, scr)
		}
	}
	res.SourceScript, res.SourceLanguageOfUse = scr, lang
	srcNative, srcOK := natives[lang]
	switch {
	case scr == "Latn" && !isLatinLang(lang):
		return Result{}, fmt.Errorf("%w: sourceLanguageOfUse %s with sourceScript Latn", ErrUnsupported, lang)
	case scr != "Latn" && (!srcOK || !contains(srcNative.scripts, scr)):
		return Result{}, fmt.Errorf("%w: sourceLanguageOfUse %s with sourceScript %s", ErrUnsupported, lang, scr)
	}
	tgt := r.TargetLanguage
	tgtNative, tgtIsNative := natives[tgt]
	tgtScript := r.TargetScript
	switch {
	case isLatinTarget(tgt):
		if tgtScript == "" {
			tgtScript = "Latn"
		}
		if tgtScript != "Latn" {
			return Result{}, fmt.Errorf("%w: targetScript %s does not write targetLanguage %s (Latn)", ErrInvalid, tgtScript, tgt)
		}
	case tgtIsNative:
		if tgtScript == "" {
			tgtScript = tgtNative.script
		}
		if !contains(tgtNative.scripts, tgtScript) || tgtScript == "Hira" {
			return Result{}, fmt.Errorf("%w: targetScript %s does not fit targetLanguage %s (%s)", ErrInvalid, tgtScript, tgt, tgtNative.script)
		}
	default:
		return Result{}, fmt.Errorf("%w: targetLanguage %s", ErrUnsupported, tgt)
	}
	res.TargetScript = tgtScript
	scheme := r.TargetScheme
	if scheme == "" {
		scheme = SchemeIC
	}
	switch scheme {
	case SchemeIC:
	case SchemeHYPY, SchemeHYPYToned:
		if tgtScript != "Latn" || scr != "Hani" {
			return Result{}, fmt.Errorf("%w: targetScheme %s applies to Han (Chinese) names translated into Latin only", ErrInvalid, scheme)
		}
	default:
		return Result{}, fmt.Errorf("%w: targetScheme %q (supported: %s, %s, %s)", ErrInvalid, scheme, SchemeIC, SchemeHYPY, SchemeHYPYToned)
	}
	res.TargetScheme = scheme
	k := r.MaximumResults
	if k < 1 {
		k = 1
	}
	k = min(k, MaxResults)

	toks := splitTokens(name)
	switch {
	case tgt == lang || (scr == "Latn" && tgtScript == "Latn"):
		// Same language or same script: the name, normalized.
		if scr != tgtScript && !(scr == "Latn" && tgtScript == "Latn") && !scriptFits(tgtScript, scr) {
			return Result{}, fmt.Errorf("%w: %s in %s to %s in %s", ErrUnsupported, lang, scr, tgt, tgtScript)
		}
		res.Translations = []Translation{{name, 1}}
	case tgtScript == "Latn":
		if scheme != SchemeIC {
			res.Translations = []Translation{{pinyinName(toks, scheme == SchemeHYPYToned), 1}}
			break
		}
		origin := r.SourceLanguageOfOrigin
		if origin == "" && scr == "Hani" && foreignSeparated(name) {
			// "唐纳德·特朗普": Chinese writes the parts of a foreign name apart with a middle
			// dot, and its characters then spell sounds; the learned layer, trained on such
			// names, is preferred to the Pinyin readings (as for a name of another origin).
			origin = foreignOrigin
		}
		cands, altered := toLatinName(toks, scr, lang, origin, k)
		res.Altered = res.Altered || altered
		res.Translations = cands
	case scr == "Latn" && tgtIsNative && tgtNative.model != "":
		model := tgtNative.model
		if tgt == "jpn" && r.SourceLanguageOfOrigin == "jpn" && tgtScript != "Kana" {
			model = "japanese"
		}
		if forceModel != "" {
			model = forceModel
		}
		cands, altered := toNativeName(toks, tgt, tgtScript, model, k)
		res.Altered = res.Altered || altered
		res.Translations = cands
	default:
		return Result{}, fmt.Errorf("%w: %s (%s) to %s (%s)", ErrUnsupported, lang, scr, tgt, tgtScript)
	}
	if r.Known != nil && scheme == SchemeIC && tgt != lang {
		res.Translations = withKnown(res.Translations, r.Known, name, r.EntityType, tgt, tgtScript, k)
	}
	if len(res.Translations) == 0 {
		return Result{}, fmt.Errorf("%w: nothing in %q can be translated into %s", ErrUnsupported, raw, tgt)
	}
	return res, nil
}

// withKnown puts the known entity's name first with its confidence c and scales the
// transliterations by 1 − c, so the confidences still sum to at most one; a transliteration
// equal to the known name is merged into it.
func withKnown(ts []Translation, known KnownFunc, name, entityType, tgt, tgtScript string, k int) []Translation {
	label, c, ok := known(name, entityType, tgt, tgtScript)
	if !ok || label == "" || c <= 0 {
		return ts
	}
	c = math.Min(c, 1)
	out := []Translation{{label, c}}
	for _, t := range ts {
		if strings.EqualFold(t.Text, label) {
			out[0].Confidence = math.Min(1, out[0].Confidence+(1-c)*t.Confidence)
			continue
		}
		if (1-c)*t.Confidence < 1e-9 {
			continue // nothing left for the transliterations of an unambiguous name
		}
		out = append(out, Translation{t.Text, (1 - c) * t.Confidence})
	}
	if len(out) > k {
		out = out[:k]
	}
	return out
}

// normalizeName applies NFC and collapses white space.
func normalizeName(s string) string {
	s = strings.ToValidUTF8(s, "")
	s = norm.NFC.String(s)
	return strings.Join(strings.FieldsFunc(s, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsControl(r) }), " ")
}

// foreignOrigin is the language of origin assumed for a Han name whose parts a middle dot
// separates: a language that Han script does not write natively, so that translit prefers
// its learned layer.
const foreignOrigin = "eng"

// foreignSeparated reports whether a name holds a middle dot between two parts, the way
// Chinese writes foreign names (a Chinese name has none).
func foreignSeparated(name string) bool {
	return strings.ContainsAny(strings.Trim(name, "·•‧・ "), "·•‧・")
}

// splitTokens splits a normalized name into tokens at spaces and at the
// name separators of East Asian full names (·, ・, ＝, =).
func splitTokens(name string) []string {
	return strings.FieldsFunc(name, func(r rune) bool {
		switch r {
		case ' ', '·', '・', '＝', '=', '•', '‧':
			return true
		}
		return false
	})
}

// combine enumerates the most probable full names from per-token
// candidate lists (each a probability distribution over the token's
// spellings), keeping the best k after merging equal strings. Each step
// keeps the best width partial names; strings are built for those only.
func combine(lists [][]Translation, sep string, k int) []Translation {
	beam := []Translation{{"", 1}}
	width := max(k*4, 16)
	type ext struct {
		b, c int
		p    float64
	}
	var exts []ext
	for i, l := range lists {
		exts = exts[:0]
		for bi, b := range beam {
			for ci, c := range l {
				exts = append(exts, ext{bi, ci, b.Confidence * c.Confidence})
			}
		}
		slices.SortStableFunc(exts, func(a, b ext) int { return cmp.Compare(b.p, a.p) }) // most probable first
		// Equal strings merge below, so keep some slack beyond width.
		if len(exts) > 2*width {
			exts = exts[:2*width]
		}
		next := make([]Translation, len(exts))
		for j, e := range exts {
			t := l[e.c].Text
			if i > 0 {
				t = beam[e.b].Text + sep + t
			}
			next[j] = Translation{t, e.p}
		}
		next = mergeEqual(next)
		if len(next) > width {
			next = next[:width]
		}
		beam = next
	}
	if len(beam) > k {
		beam = beam[:k]
	}
	return beam
}

// mergeEqual sums the confidences of equal texts and sorts best first
// (ties by text, so results are deterministic). It reuses ts.
func mergeEqual(ts []Translation) []Translation {
	out := ts[:0]
	var idx map[string]int
	if len(ts) > 64 {
		idx = make(map[string]int, len(ts))
	}
	for _, t := range ts {
		i := -1
		if idx != nil {
			if j, ok := idx[t.Text]; ok {
				i = j
			}
		} else {
			for j := range out {
				if out[j].Text == t.Text {
					i = j
					break
				}
			}
		}
		if i >= 0 {
			out[i].Confidence += t.Confidence
			continue
		}
		if idx != nil {
			idx[t.Text] = len(out)
		}
		out = append(out, t)
	}
	slices.SortStableFunc(out, func(a, b Translation) int {
		return cmp.Or(cmp.Compare(b.Confidence, a.Confidence), strings.Compare(a.Text, b.Text))
	})
	return out
}
