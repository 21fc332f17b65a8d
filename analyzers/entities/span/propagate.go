package span

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Document consistency ("one sense per discourse"). A name a tagger finds in one sentence of a
// document is usually a name wherever the document repeats it, but a sentence tagger decides
// each sentence on its own and misses some of the repeats (in a Wikipedia article on a soap
// opera, "Ray" in "Did Ray go for the wrong sister?" where "Ray said ..." was found).

// MaxPropagateWords bounds the length of the names that Propagate copies.
const MaxPropagateWords = 6

// Propagate adds to tagged, in place, the untagged repeats of the document's names (tagged
// spans of at least minConf and at most MaxPropagateWords words, matched by their exact
// words; tagged[i] holds the spans of sents[i]). A repeat must start with a capital letter
// and must not be part of a longer capitalised run: "Ray" is not copied into "Ray Charles"
// or "the Sugar Ray show" (a sentence's first word does not count, its capital says nothing:
// "Later Ray left"). Its type is the one the name had with the highest confidence, and its
// confidence that confidence. Copies are made only where no tagged span lies.
func Propagate(sents [][]string, tagged [][]TokenSpan, minConf float64) {
	type best struct {
		typ  string
		conf float64
	}
	var names map[string]best
	maxLen := 0
	for i, ts := range tagged {
		for _, t := range ts {
			if t.Confidence < minConf || t.End-t.Start > MaxPropagateWords {
				continue
			}
			k := strings.Join(sents[i][t.Start:t.End], " ")
			if names == nil {
				names = map[string]best{}
			}
			if b, ok := names[k]; !ok || t.Confidence > b.conf {
				names[k] = best{t.Type, t.Confidence}
			}
			maxLen = max(maxLen, t.End-t.Start)
		}
	}
	if len(names) == 0 {
		return
	}
	var taken []bool
	var key []byte
	for i, words := range sents {
		if cap(taken) < len(words) {
			taken = make([]bool, len(words))
		}
		taken = taken[:len(words)]
		clear(taken)
		for _, t := range tagged[i] {
			for j := t.Start; j < t.End && j < len(words); j++ {
				taken[j] = true
			}
		}
		added := false
		for a := 0; a < len(words); a++ {
			// The sentence's first word says nothing by its capital ("Later Ray left").
			if taken[a] || !Capitalised(words[a]) || (a > 1 && !taken[a-1] && Capitalised(words[a-1])) {
				continue
			}
			for b := min(len(words), a+maxLen); b > a; b-- {
				if b < len(words) && !taken[b] && Capitalised(words[b]) {
					continue // inside a longer capitalised run
				}
				free := true
				for j := a; j < b; j++ {
					free = free && !taken[j]
				}
				if !free {
					continue
				}
				key = appendKey(key[:0], words[a:b])
				n, ok := names[string(key)] // no allocation for the lookup
				if !ok {
					continue
				}
				tagged[i] = append(tagged[i], TokenSpan{Start: a, End: b, Type: n.typ, Confidence: n.conf})
				for j := a; j < b; j++ {
					taken[j] = true
				}
				added = true
				a = b - 1
				break
			}
		}
		if added {
			sortSpans(tagged[i])
		}
	}
}

// Capitalised reports whether w starts with an upper-case letter.
func Capitalised(w string) bool {
	r, _ := utf8.DecodeRuneInString(w)
	return unicode.IsUpper(r)
}

// sortSpans orders spans by start (insertion sort: a sentence has few).
func sortSpans(ss []TokenSpan) {
	for i := 1; i < len(ss); i++ {
		for j := i; j > 0 && ss[j].Start < ss[j-1].Start; j-- {
			ss[j], ss[j-1] = ss[j-1], ss[j]
		}
	}
}

// appendKey appends words joined by single spaces (the keys of Propagate's names).
func appendKey(b []byte, words []string) []byte {
	for i, w := range words {
		if i > 0 {
			b = append(b, ' ')
		}
		b = append(b, w...)
	}
	return b
}
