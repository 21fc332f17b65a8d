package morph

import (
	"math"
	"strings"
	"unicode"

	"github.com/nomenhq/nomen/analyzers/tokenize"
)

// linkers are the linking elements allowed between compound parts.
var linkers = map[string][]string{
	"deu": {"s", "es", "n", "en", "e", "er", "ens"},
	"nld": {"s", "en", "e", "n"},
	"swe": {"s", "a", "u", "o", "e"},
	"dan": {"s", "e"},
	"nor": {"s", "e"},
	"hun": {},
}

const (
	minPart     = 3 // code points of a compound part (German)
	minPartElse = 4 // code points of a compound part (other languages)
	maxParts    = 4
	minPartFreq = 3 // occurrences in the frequency list
)

// compoundComponents returns the components of word in lang; a word that
// does not split returns itself.
func compoundComponents(word, lang string) []string {
	switch lang {
	case "jpn":
		if hasHanOrKana(word) {
			return tokenize.JapaneseSearchSplit(word)
		}
		return []string{word}
	case "zho":
		return chineseComponents(word)
	}
	freq := freqFor(lang)
	if freq == nil {
		return []string{word}
	}
	r := []rune(strings.ToLower(word))
	if len(r) < 2*minPart || !allLetters(r) {
		return []string{word}
	}
	// German compounds worth splitting are nouns, which are capitalized;
	// lower-case words are mostly inflected verbs ("spielten" is not
	// "spiel" + "ten").
	if lang == "deu" && !startsUpper(word) {
		return []string{word}
	}
	// German nouns are recognized by their capital, so three-letter parts
	// ("Tür", "Tag") are safe there; elsewhere short parts are mostly
	// verb endings and function words ("speel" + "den").
	minLen := minPart
	if lang != "deu" {
		minLen = minPartElse
	}
	memo := map[int]split{}
	best := splitFrom(r, 0, minLen, freq, linkers[lang], memo, 0)
	whole := float64(freq[string(r)])
	if len(best.parts) < 2 || best.score <= whole {
		return []string{word}
	}
	if startsUpper(word) {
		for i, p := range best.parts {
			best.parts[i] = capitalize(p)
		}
	}
	return best.parts
}

type split struct {
	parts []string
	score float64 // geometric mean of the parts' frequencies
}

// splitFrom finds the best split of r[i:] into known words joined by
// linking elements (Koehn & Knight's frequency method).
func splitFrom(r []rune, i, minLen int, freq map[string]int, links []string, memo map[int]split, depth int) split {
	if s, ok := memo[i]; ok {
		return s
	}
	rest := string(r[i:])
	best := split{}
	if f := freq[rest]; f >= minPartFreq && len(r)-i >= minLen {
		best = split{parts: []string{rest}, score: float64(f)}
	}
	if depth < maxParts-1 {
		for j := i + minLen; j <= len(r)-minLen; j++ {
			left := string(r[i:j])
			for _, l := range append([]string{""}, links...) {
				stem, ok := strings.CutSuffix(left, l)
				if !ok || len([]rune(stem)) < minLen {
					continue
				}
				f := freq[stem]
				if f < minPartFreq {
					continue
				}
				sub := splitFrom(r, j, minLen, freq, links, memo, depth+1)
				if sub.parts == nil {
					continue
				}
				n := float64(len(sub.parts) + 1)
				score := math.Exp((math.Log(float64(f)) + float64(len(sub.parts))*math.Log(sub.score)) / n)
				if score > best.score {
					best = split{parts: append([]string{stem}, sub.parts...), score: score}
				}
			}
		}
	}
	memo[i] = best
	return best
}

func allLetters(r []rune) bool {
	for _, c := range r {
		if !unicode.IsLetter(c) && !unicode.IsMark(c) {
			return false
		}
	}
	return true
}

func hasHan(s string) bool {
	for _, c := range s {
		if unicode.Is(unicode.Han, c) {
			return true
		}
	}
	return false
}

func hasHanOrKana(s string) bool {
	for _, c := range s {
		if unicode.In(c, unicode.Han, unicode.Hiragana, unicode.Katakana) {
			return true
		}
	}
	return false
}

// chineseComponents splits a Chinese word of three or more characters into
// the fewest dictionary words of at least two characters (ties: the most
// frequent); other words return themselves.
func chineseComponents(word string) []string {
	r := []rune(word)
	if len(r) < 3 || !hasHan(word) {
		return []string{word}
	}
	type cell struct {
		n     int
		score float64
		prev  int
	}
	inf := len(r) + 1
	dp := make([]cell, len(r)+1)
	for i := 1; i <= len(r); i++ {
		dp[i] = cell{n: inf}
	}
	for j := 2; j <= len(r); j++ {
		for i := 0; i <= j-2; i++ {
			if dp[i].n == inf || (i == 0 && j == len(r)) {
				continue
			}
			f := tokenize.ChineseWordFreq(string(r[i:j]))
			if f <= 0 {
				continue
			}
			n, sc := dp[i].n+1, dp[i].score+math.Log(f)
			if n < dp[j].n || (n == dp[j].n && sc > dp[j].score) {
				dp[j] = cell{n: n, score: sc, prev: i}
			}
		}
	}
	if dp[len(r)].n == inf {
		return []string{word}
	}
	var parts []string
	for j := len(r); j > 0; j = dp[j].prev {
		parts = append([]string{string(r[dp[j].prev:j])}, parts...)
	}
	return parts
}
