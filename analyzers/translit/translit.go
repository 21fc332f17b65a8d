package translit

import (
	"math"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"github.com/nomenhq/nomen/analyzers/script"
)

// Variant is one Latin rendering of a token. Text is lowercase ASCII Latin;
// Weight is in (0,1], the best variant of a call having weight 1.
type Variant struct {
	Text   string
	Weight float64
}

// MaxK is the largest number of variants ToLatin returns.
const MaxK = 32

// maxTokenRunes bounds the work per token: longer tokens are cut.
const maxTokenRunes = 64

// ToLatin returns up to k Latin renderings of one name token written in
// script scr (as from script.Detect; "" = detect) for language lang (ISO
// 639-3 or ""), best first, deduplicated. Latin input is returned folded
// (diacritics removed, lowercased) as the single variant. Tokens with no
// letter that can be romanized give nil. k is clamped to [1, MaxK].
//
// Results are cached (bounded): a repeated call costs a map lookup and a
// copy.
func ToLatin(token, scr, lang string, k int) []Variant {
	if scr == "" {
		scr = script.Detect(token)
	}
	if scr == "Latn" || scr == "Zyyy" || len(token) > 4*maxTokenRunes {
		return toLatin(token, scr, lang, k, "")
	}
	key := cacheKey(token, scr, lang, k)
	if vs, ok := cacheGet(key); ok {
		return vs
	}
	vs := toLatin(token, scr, lang, k, "")
	cachePut(key, vs)
	return vs
}

// toLatin is ToLatin with an optional forced learned model (for Eval).
func toLatin(token, scr, lang string, k int, forceModel string) []Variant {
	if k < 1 {
		k = 1
	}
	if k > MaxK {
		k = MaxK
	}
	if scr == "" {
		scr = script.Detect(token)
	}
	switch scr {
	case "Latn", "Zyyy":
		if f := Fold(token); f != "" {
			return []Variant{{Text: f, Weight: 1}}
		}
		return nil
	}
	rule := Rules(token, scr, lang, k)
	m := learnedScript(scr, lang)
	if forceModel != "" {
		m = forceModel
	}
	if m == "" {
		return rule
	}
	learned := Learned(token, m, k)
	rw, lw := mergeWeights(runesOf(token), scr, lang)
	return merge(rule, learned, rw, lw, k)
}

// nativeName reports whether lang is a language natively written in scr,
// in which case rule-based romanization is preferred over the learned layer
// (trained mostly on foreign names). An empty lang counts as undecided.
func nativeName(scr, lang string) int {
	if lang == "" {
		return 0
	}
	native := map[string][]string{
		"Cyrl": {"rus", "ukr", "bel", "bul", "srp", "mkd", "kaz", "kir", "tgk", "mon"},
		"Arab": {"ara", "fas", "per", "urd", "pus", "kur", "uig", "snd"},
		"Hebr": {"heb", "yid"},
		"Hani": {"zho", "chi", "cmn", "yue", "jpn"},
		"Jpan": {"jpn"}, "Kana": {"jpn"}, "Hira": {"jpn"},
		"Hang": {"kor"}, "Kore": {"kor"},
	}[scr]
	for _, l := range native {
		if l == lang {
			return 1
		}
	}
	return -1
}

// Merge weights of the two layers, by what lang says of the token: a
// language written natively in the script favours the rules (learned
// weights × mergeDamp), another language favours the learned layer (rule
// weights × mergeDamp), trained mostly on foreign names. For an unknown
// language the rules get mergeRuleUnknown (chosen on the development
// split), except for Hangul and Han: the Korean and Chinese training pairs
// hold almost no native names (김 never occurs, 李 only as "lee"), so there
// the learned layer cannot speak for native names and both layers weigh
// the same. A token found in a surname table keeps its table spellings on
// top (learned weights × mergeSurname).
const (
	mergeDamp        = 0.5
	mergeRuleUnknown = 0.5
	mergeSurname     = 0.2 // learned weight for a token in a surname table
)

// mergeWeights returns the rule and learned weights for a token.
func mergeWeights(rs []rune, scr, lang string) (rw, lw float64) {
	switch nativeName(scr, lang) {
	case 1:
		return 1, mergeDamp
	case -1:
		return mergeDamp, 1
	}
	switch scr {
	case "Hang", "Kore":
		if _, ok := koreanSurnames[string(rs)]; ok {
			return 1, mergeSurname
		}
		return 1, 1
	case "Hani":
		if len(rs) == 1 {
			if _, ok := chineseSurnames[rs[0]]; ok {
				return 1, mergeSurname
			}
		}
		return 1, 1
	}
	return mergeRuleUnknown, 1
}

// merge combines rule-based and learned variants with weights rw and lw;
// a rendering proposed by both layers adds up its weights.
func merge(rule, learned []Variant, rw, lw float64, k int) []Variant {
	out := make([]Variant, 0, len(rule)+len(learned))
	add := func(vs []Variant, w float64) {
		for _, v := range vs {
			found := false
			for i := range out {
				if out[i].Text == v.Text {
					// A rendering proposed by both layers gains weight.
					out[i].Weight += v.Weight * w
					found = true
					break
				}
			}
			if !found {
				out = append(out, Variant{v.Text, v.Weight * w})
			}
		}
	}
	add(learned, lw)
	add(rule, rw)
	return normalize(out, k)
}

// normalize sorts by descending weight (ties by text), truncates to k and
// rescales so the best weight is 1.
func normalize(vs []Variant, k int) []Variant {
	if len(vs) == 0 {
		return nil
	}
	slices.SortStableFunc(vs, func(a, b Variant) int {
		switch {
		case a.Weight > b.Weight:
			return -1
		case a.Weight < b.Weight:
			return 1
		}
		return strings.Compare(a.Text, b.Text)
	})
	if len(vs) > k {
		vs = vs[:k]
	}
	best := vs[0].Weight
	for i := range vs {
		w := vs[i].Weight / best
		if !(w > 1e-9) {
			w = 1e-9
		}
		if w > 1 {
			w = 1
		}
		vs[i].Weight = w
	}
	return vs
}

// foldMap maps Latin letters that do not decompose under NFD.
var foldMap = map[rune]string{
	'ß': "ss", 'æ': "ae", 'œ': "oe", 'ø': "o", 'đ': "d", 'ð': "d", 'þ': "th",
	'ł': "l", 'ı': "i", 'ħ': "h", 'ŋ': "ng", 'ŧ': "t", 'ĸ': "k", 'ſ': "s",
	'ƒ': "f", 'ǝ': "e", 'ə': "e", 'ɛ': "e", 'ɔ': "o", 'ʻ': "", 'ʼ': "", 'ĳ': "ij",
}

// Fold lowercases s, removes diacritics and keeps only ASCII letters and
// digits: "Müller-Lüdenscheidt" → "mullerludenscheidt", "Ørsted" → "orsted".
func Fold(s string) string {
	ascii := true
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x80 || !(('a' <= c && c <= 'z') || ('0' <= c && c <= '9')) {
			ascii = false
			break
		}
	}
	if ascii {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range norm.NFD.String(strings.ToValidUTF8(s, "")) {
		switch {
		case 'a' <= r && r <= 'z', '0' <= r && r <= '9':
			b.WriteRune(r)
		case 'A' <= r && r <= 'Z':
			b.WriteRune(r + 32)
		case r < 0x80:
		default:
			lr := unicode.ToLower(r)
			if f, ok := foldMap[lr]; ok {
				b.WriteString(f)
			}
		}
	}
	return b.String()
}

// opt is one rendering of a segment with its log weight (≤ 0).
type opt struct {
	s string
	w float32
}

// o builds an opt from a probability-like weight p in (0,1].
func o(s string, p float64) opt { return opt{s, float32(math.Log(p))} }

// seg is the list of alternative renderings of one source unit.
type seg []opt

// hyp is a beam entry: cumulated log weight and a back-pointer.
type hyp struct {
	score  float32
	parent int32 // index in the previous step's beam
	choice int32 // index into the segment's options
}

// kbest returns the k best concatenations of one option per segment. The
// beam is exact for independent segments; duplicates are merged at the end.
func kbest(segs []seg, k int) []Variant {
	if len(segs) == 0 {
		return nil
	}
	width := 2*k + 4
	steps := make([][]hyp, len(segs))
	prev := []hyp{{0, -1, -1}}
	cand := make([]hyp, 0, width*4)
	for i, sg := range segs {
		cand = cand[:0]
		for pi, h := range prev {
			for oi, op := range sg {
				cand = append(cand, hyp{h.score + op.w, int32(pi), int32(oi)})
			}
		}
		slices.SortStableFunc(cand, func(a, b hyp) int {
			switch {
			case a.score > b.score:
				return -1
			case a.score < b.score:
				return 1
			}
			return 0
		})
		n := min(len(cand), width)
		steps[i] = append([]hyp(nil), cand[:n]...)
		prev = steps[i]
	}
	last := steps[len(steps)-1]
	out := make([]Variant, 0, len(last))
	buf := make([]string, len(segs))
	for hi := range last {
		idx := int32(hi)
		for i := len(segs) - 1; i >= 0; i-- {
			h := steps[i][idx]
			buf[i] = segs[i][h.choice].s
			idx = h.parent
		}
		text := strings.Join(buf, "")
		if text == "" {
			continue
		}
		w := math.Exp(float64(last[hi].score))
		dup := false
		for j := range out {
			if out[j].Text == text {
				dup = true // the first occurrence has the higher score
				break
			}
		}
		if !dup {
			out = append(out, Variant{text, w})
		}
	}
	return normalize(out, k)
}

// runesOf decodes token into lowercase runes, dropping invalid bytes and
// cutting at maxTokenRunes.
func runesOf(token string) []rune {
	rs := make([]rune, 0, min(len(token), maxTokenRunes))
	for _, r := range token {
		if r == utf8.RuneError || len(rs) == maxTokenRunes {
			continue
		}
		rs = append(rs, unicode.ToLower(r))
	}
	return rs
}

// Rules returns up to k rule-based romanizations of token in script scr
// ("" = detect) for language lang. Scripts without a scheme fall back to
// folding the Latin letters of the token, if any.
func Rules(token, scr, lang string, k int) []Variant {
	if k < 1 {
		k = 1
	}
	if k > MaxK {
		k = MaxK
	}
	if scr == "" {
		scr = script.Detect(token)
	}
	rs := runesOf(token)
	var segs []seg
	switch scr {
	case "Cyrl":
		segs = cyrillicSegs(rs, lang)
	case "Grek":
		segs = greekSegs(rs)
	case "Arab":
		segs = arabicSegs(rs, lang)
	case "Hebr":
		segs = hebrewSegs(rs)
	case "Deva":
		segs = devanagariSegs(rs)
	case "Thai":
		segs = thaiSegs(rs)
	case "Hang":
		if v := koreanSurname(rs, k); v != nil {
			return v
		}
		segs = hangulSegs(rs)
	case "Hira", "Kana":
		segs = kanaSegs(rs)
	case "Hani", "Jpan", "Kore":
		return hanVariants(rs, scr, lang, k)
	default:
		if f := Fold(token); f != "" {
			return []Variant{{Text: f, Weight: 1}}
		}
		return nil
	}
	return kbest(segs, k)
}

// passThrough returns the segment for a rune no scheme knows: ASCII
// letters and digits are kept, Latin letters folded, anything else dropped.
func passThrough(r rune) seg {
	if r < 0x80 {
		if ('a' <= r && r <= 'z') || ('0' <= r && r <= '9') {
			return seg{{string(r), 0}}
		}
		if 'A' <= r && r <= 'Z' {
			return seg{{string(r + 32), 0}}
		}
		return nil
	}
	if unicode.IsDigit(r) {
		if v, ok := digitValue(r); ok {
			return seg{{string(rune('0' + v)), 0}}
		}
		return nil
	}
	if script.Of(r) == "Latn" {
		if f := Fold(string(r)); f != "" {
			return seg{{f, 0}}
		}
	}
	return nil
}

// digitValue returns the value of a decimal digit rune of any script.
func digitValue(r rune) (int, bool) {
	for _, base := range []rune{0x660, 0x6F0, 0x966, 0xE50, 0xFF10, 0x7C0} {
		if r >= base && r <= base+9 {
			return int(r - base), true
		}
	}
	return 0, false
}
