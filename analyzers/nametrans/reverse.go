package nametrans

import (
	"strings"
	"sync"
	"unicode"

	"github.com/nomenhq/nomen/analyzers/translit"
)

// decodedShare is the weight of the learned model's n-best against the
// table's spellings for a Latin token found in the table (the share
// translit gives its decoder next to its own lookup table).
const decodedShare = 0.3

// toNativeName writes a Latin name in the target script token by token:
// the reverse table's spellings of known tokens merged with the learned
// model read in reverse (translit.FromLatin).
func toNativeName(toks []string, tgt, tgtScript, model string, k int) ([]Translation, bool) {
	altered := false
	lists := make([][]Translation, 0, len(toks))
	for ti, tok := range toks {
		altered = altered || recased(tok)
		parts := strings.FieldsFunc(tok, func(r rune) bool { return r == '-' || r == '‐' })
		var pl [][]Translation
		for _, p := range parts {
			surname := model == "chinese" && ti == 0 && len(toks) > 1 && len(parts) == 1
			if l := nativeToken(p, model, tgt, tgtScript, surname); l != nil {
				pl = append(pl, l)
			}
		}
		if len(pl) == 0 {
			continue
		}
		lists = append(lists, combine(pl, partSep(tgtScript), max(k, tokenK)))
	}
	if len(lists) == 0 {
		return nil, altered
	}
	sep := tokenSep(tgt)
	if model == "chinese" && len(toks) > 1 {
		if _, ok := surnameByPinyin()[translit.Fold(toks[0])]; ok {
			sep = "" // a Chinese name: 毛泽东, not 毛·泽东
		}
	}
	return combine(lists, sep, k), altered
}

// tokenSep joins the tokens of a full name in the target language.
func tokenSep(tgt string) string {
	switch tgt {
	case "zho":
		return "·"
	case "jpn":
		return "・"
	}
	return " "
}

// partSep joins the hyphenated parts of one token.
func partSep(tgtScript string) string {
	switch tgtScript {
	case "Hani", "Jpan", "Kana", "Hang":
		return ""
	}
	return "-"
}

// nativeToken returns the spelling distribution of one Latin token in the
// model's script. Tokens without letters (numbers) are kept as they are.
func nativeToken(tok, model, tgt, tgtScript string, surname bool) []Translation {
	hasLetter := false
	for _, r := range tok {
		if unicode.IsLetter(r) {
			hasLetter = true
			break
		}
	}
	if !hasLetter {
		if t := strings.Trim(tok, ".,;:'\"()"); t != "" {
			return []Translation{{t, 1}}
		}
		return nil
	}
	if model == greekModel {
		if g := toGreek(tok); g != "" {
			return []Translation{{g, 1}}
		}
		return nil
	}
	lat := translit.Fold(tok)
	var cands []Translation
	if surname {
		// A Chinese name in pinyin starts with its family name: the
		// most frequent surname read so comes first ("Mao" → 毛).
		if s, ok := surnameByPinyin()[lat]; ok {
			cands = append(cands, Translation{s, 1})
		}
	}
	if sp := reverseTable(model)[lat]; len(sp) > 0 {
		top := float64(sp[0].count)
		for _, s := range sp {
			cands = append(cands, Translation{s.native, float64(s.count) / top})
		}
	}
	share := 1.0
	if len(cands) > 0 {
		share = decodedShare
	}
	for _, v := range translit.FromLatin(lat, model, tokenK) {
		cands = append(cands, Translation{v.Text, share * v.Weight})
	}
	if len(cands) == 0 {
		return nil
	}
	cased := tgtScript == "Cyrl"
	adapt := adapters[tgt]
	var sum float64
	for i := range cands {
		if adapt != nil {
			cands[i].Text = adapt(cands[i].Text)
		}
		if cased {
			cands[i].Text = titleCase(cands[i].Text)
		}
		sum += cands[i].Confidence
	}
	for i := range cands {
		cands[i].Confidence /= sum
	}
	out := mergeEqual(cands)
	if len(out) > tokenK {
		out = out[:tokenK]
		// Renormalize over the kept spellings.
		var s float64
		for _, c := range out {
			s += c.Confidence
		}
		for i := range out {
			out[i].Confidence /= s
		}
	}
	return out
}

// surnameByPinyin maps the toneless pinyin of each Chinese surname to the
// most frequent surname read so (chineseSurnameList order).
var surnameByPinyin = sync.OnceValue(func() map[string]string {
	m := map[string]string{}
	for _, s := range strings.Fields(chineseSurnameList) {
		r := surnamePinyin(s, false)
		if _, ok := m[r]; !ok && r != "" {
			m[r] = s
		}
	}
	return m
})
