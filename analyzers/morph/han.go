package morph

import (
	"strings"

	"github.com/mozillazg/go-pinyin"

	"github.com/nomenhq/nomen/analyzers/tokenize"
)

// maxReadings bounds the readings returned for one ambiguous token.
const maxReadings = 4

// hanReadings returns the readings of a token with Han characters, or an
// empty list. Chinese: pinyin with tone marks, the likeliest first, then
// variants changing one heteronym character at a time; with perceptron,
// one reading with tone digits. Japanese: kagome's reading in hiragana, or
// katakana with perceptron.
func hanReadings(token, lang string, perceptron bool) []string {
	if !hasHan(token) {
		return []string{}
	}
	if lang == "jpn" {
		var b strings.Builder
		for _, m := range tokenize.JapaneseMorphemes(token) {
			if m.Reading == "" {
				b.WriteString(m.Text)
			} else {
				b.WriteString(m.Reading)
			}
		}
		if perceptron {
			return []string{b.String()}
		}
		return []string{toHiragana(b.String())}
	}
	args := pinyin.NewArgs()
	args.Fallback = func(r rune, a pinyin.Args) []string { return []string{string(r)} }
	if perceptron {
		args.Style = pinyin.Tone3
		return []string{strings.Join(pinyin.LazyPinyin(token, args), "")}
	}
	args.Style = pinyin.Tone
	args.Heteronym = true
	chars := pinyin.Pinyin(token, args)
	first := make([]string, len(chars))
	for i, c := range chars {
		if len(c) > 0 {
			first[i] = c[0]
		}
	}
	out := []string{strings.Join(first, "")}
	for i, c := range chars {
		for _, alt := range c[min(1, len(c)):] {
			if len(out) >= maxReadings {
				return out
			}
			v := append([]string(nil), first...)
			v[i] = alt
			out = appendUnique(out, strings.Join(v, ""))
		}
	}
	return out
}

// toHiragana maps katakana to hiragana; other runes are kept.
func toHiragana(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= 'ァ' && r <= 'ヶ' {
			return r - 0x60
		}
		return r
	}, s)
}
