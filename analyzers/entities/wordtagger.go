package entities

import (
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/nomenhq/nomen/analyzers/entities/span"
)

// WordTagger adapts the pipeline to span.Tagger for one language, so that a corpus of
// tokenized sentences can score what a request would return: the words are joined by
// spaces, extracted with default options (no linking, no patterns), and every mention whose
// boundaries fall on word boundaries becomes a word span. It is how "nomen eval entities
// --model kb" scores the languages that find names through the knowledge base only.
func (p *Pipeline) WordTagger(lang string) span.Tagger {
	return wordTagger{p: p, lang: lang}
}

type wordTagger struct {
	p    *Pipeline
	lang string
}

// wordOffsets lays out words joined by single spaces: the word starting at each code-point
// offset, the word count ending at each end offset, each word's start, and the text's length.
func wordOffsets(words []string) (starts, ends map[int]int, wordStarts []int, n int) {
	starts = make(map[int]int, len(words))
	ends = make(map[int]int, len(words))
	wordStarts = make([]int, len(words))
	pos := 0
	for i, word := range words {
		if i > 0 {
			pos++
		}
		starts[pos] = i
		wordStarts[i] = pos
		pos += utf8.RuneCountInString(word)
		ends[pos] = i + 1
	}
	return starts, ends, wordStarts, pos
}

func (w wordTagger) TagWords(words []string) []span.TokenSpan {
	starts, ends, wordStarts, pos := wordOffsets(words)
	res, err := w.p.Extract(strings.Join(words, " "), w.lang, Options{})
	if err != nil {
		return nil
	}
	var out []span.TokenSpan
	for _, e := range res.Entities {
		for _, m := range e.Mentions {
			a, ok1 := starts[m.Start]
			if !ok1 && prefixLetters[w.lang] != "" && m.Start > 0 && m.Start < pos {
				// A mention without a prefix of its first word (Hebrew "ב|ירושלים") counts
				// as that word's: the corpora annotate whole words.
				a, ok1 = wordAt(wordStarts, m.Start), true
			}
			b, ok2 := ends[m.End]
			if !ok2 && w.lang == "kor" && m.End > 0 && m.End < pos {
				// A mention without the particle of its last word (Korean "서울|에서").
				b, ok2 = wordAt(wordStarts, m.End-1)+1, true
			}
			if ok1 && ok2 && a < b {
				out = append(out, span.TokenSpan{Start: a, End: b, Type: e.Type, Confidence: m.Confidence})
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Start < out[j].Start })
	return out
}

// wordAt returns the index of the word holding code point off, given the words' starts.
func wordAt(wordStarts []int, off int) int {
	return sort.Search(len(wordStarts), func(i int) bool { return wordStarts[i] > off }) - 1
}
