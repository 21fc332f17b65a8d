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
	args.Style = pinyin.Tone
	if perceptron {
		args.Style = pinyin.Tone3
	}
	args.Heteronym = true
	chars := pinyin.Pinyin(token, args)
	first := make([]string, len(chars))
	choice := pinyinChoice(token, len(chars))
	for i, c := range chars {
		if len(c) > 0 {
			k := 0
			if choice != nil && choice[i] < len(c) {
				k = choice[i]
			}
			first[i] = c[k]
		}
	}
	out := []string{strings.Join(first, "")}
	if perceptron {
		return out
	}
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

// pinyinChoice returns, for a word of the Chinese reading lexicon, the
// index of the right reading among go-pinyin's heteronyms of each of its n
// characters; nil when the word is not in the lexicon.
func pinyinChoice(word string, n int) []int {
	m, err := modelFor("zho")
	if err != nil || m.readings == nil {
		return nil
	}
	c, ok := m.readings[word]
	if !ok || len(c) != n {
		return nil
	}
	return c
}

// learnReadings builds the Chinese reading lexicon from the treebank's
// word transliterations: for each word whose most frequent pinyin differs
// from go-pinyin's default reading, the heteronym index of each character.
func learnReadings(sents []sentence) map[string][]int {
	counts := map[string]map[string]int{}
	for i := range sents {
		for _, w := range sents[i].words() {
			if w.Translit == "" || !hasHan(w.Form) {
				continue
			}
			if counts[w.Form] == nil {
				counts[w.Form] = map[string]int{}
			}
			counts[w.Form][strings.ToLower(w.Translit)]++
		}
	}
	args := pinyin.NewArgs()
	args.Style = pinyin.Tone
	args.Heteronym = true
	args.Fallback = func(r rune, a pinyin.Args) []string { return []string{string(r)} }
	out := map[string][]int{}
	for form, c := range counts {
		best, bn := "", 0
		for t, n := range c {
			if n > bn || (n == bn && t < best) {
				best, bn = t, n
			}
		}
		chars := pinyin.Pinyin(form, args)
		idx := make([]int, len(chars))
		if !matchReadings(chars, 0, best, idx) {
			continue
		}
		def := true
		for _, k := range idx {
			def = def && k == 0
		}
		if !def {
			out[form] = idx
		}
	}
	return out
}

// matchReadings finds heteronym indices from character i on that spell s.
func matchReadings(chars [][]string, i int, s string, idx []int) bool {
	if i == len(chars) {
		return s == ""
	}
	for k, r := range chars[i] {
		if rest, ok := strings.CutPrefix(s, r); ok {
			idx[i] = k
			if matchReadings(chars, i+1, rest, idx) {
				return true
			}
		}
	}
	return false
}

// japaneseReadings analyses the whole text with kagome and returns the
// katakana reading of every span made of whole morphemes with readings
// (up to four morphemes), so that a token gets the reading it has in its
// sentence rather than in isolation.
func japaneseReadings(text string) map[[2]int]string {
	ms := tokenize.JapaneseMorphemes(text)
	out := map[[2]int]string{}
	for i := range ms {
		var b strings.Builder
		for j := i; j < len(ms) && j < i+4; j++ {
			if ms[j].Reading == "" || (j > i && ms[j].Start != ms[j-1].End) {
				break
			}
			b.WriteString(ms[j].Reading)
			out[[2]int{ms[i].Start, ms[j].End}] = b.String()
		}
	}
	return out
}
