package entities

import (
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/nomenhq/nomen/analyzers/entities/span"
)

// WordTagger adapts the pipeline to span.Tagger for one language, so that a corpus of
// tokenized sentences can score what a request would return: the words are joined by
// spaces (English clitics such as "'s" attached to the word before them, layoutWords), extracted with default options (no linking, no patterns), and every mention whose
// boundaries fall on word boundaries becomes a word span. It is how "nomen eval entities
// --model kb" scores the languages that find names through the knowledge base only, and
// "--model pipeline" what the service returns. It is a corpus.DocTagger: a document's
// sentences are extracted as one text.
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

// englishClitics are the English tokens that corpora split from the word before them and that
// text writes attached to it ("Frisco's", "don't"): joined by a space, "Frisco 's" would
// tokenize as "'" and "s", which no request sends.
var englishClitics = setOf("'s ’s 's' n't n’t 're ’re 've ’ve 'll ’ll 'm ’m 'd ’d")

// englishHyphen reports whether words[i] is a hyphen between two words of letters or digits,
// which English corpora split from a compound written whole ("Hesse - Darmstadt" from
// "Hesse-Darmstadt", "Al - Zaman", "medium - sized").
func englishHyphen(words []string, i int) bool {
	if i <= 0 || i+1 >= len(words) || words[i] != "-" {
		return false
	}
	return alnumEnds(words[i-1], false) && alnumEnds(words[i+1], true)
}

// latinEnds reports whether w ends (first: starts) with a letter or digit of no Han script,
// where Chinese text puts a space between two words ("Riff Regan", not "年代").
func latinEnds(w string, first bool) bool {
	r := endRune(w, first)
	return (unicode.IsLetter(r) || unicode.IsDigit(r)) && !unicode.Is(unicode.Han, r)
}

// alnumEnds reports whether w ends (first: starts) with a letter or digit.
func alnumEnds(w string, first bool) bool {
	r := endRune(w, first)
	return unicode.IsLetter(r) || unicode.IsDigit(r)
}

// endRune returns the last (first: the first) rune of w, utf8.RuneError when w is empty.
func endRune(w string, first bool) rune {
	var r rune
	if first {
		r, _ = utf8.DecodeRuneInString(w)
	} else {
		r, _ = utf8.DecodeLastRuneInString(w)
	}
	return r
}

// layoutWords joins words as a request would write them: by single spaces, except that in
// English a clitic ("'s", "n't") is attached to the word before it and a hyphen between two
// words to both ("Hesse-Darmstadt"), and Chinese is written without spaces but between two
// words of letters or digits of other scripts ("Riff Regan"), as Chinese text is. It returns the text, the
// word starting at each code-point offset, the word count ending at each end offset, each
// word's start and the text's length.
func layoutWords(words []string, lang string) (text string, starts, ends map[int]int, wordStarts []int, n int) {
	starts = make(map[int]int, len(words))
	ends = make(map[int]int, len(words))
	wordStarts = make([]int, len(words))
	var sb strings.Builder
	pos := 0
	for i, word := range words {
		if i > 0 && !(lang == "eng" && (englishClitics[strings.ToLower(word)] || englishHyphen(words, i-1) || englishHyphen(words, i))) &&
			!(lang == "zho" && !(latinEnds(words[i-1], false) && latinEnds(word, true))) {
			sb.WriteByte(' ')
			pos++
		}
		sb.WriteString(word)
		starts[pos] = i
		wordStarts[i] = pos
		pos += utf8.RuneCountInString(word)
		ends[pos] = i + 1
	}
	return sb.String(), starts, ends, wordStarts, pos
}

func (w wordTagger) TagWords(words []string) []span.TokenSpan {
	return w.TagDocument([][]string{words})[0]
}

// TagDocument extracts the sentences as one document, as a request would send them: the
// words of a sentence joined by spaces, sentences separated by a blank line (which always
// ends a sentence), so that what the pipeline does across sentences counts.
func (w wordTagger) TagDocument(sents [][]string) [][]span.TokenSpan {
	type layout struct {
		starts, ends map[int]int
		wordStarts   []int
		base, n      int
	}
	lays := make([]layout, len(sents))
	var sb strings.Builder
	base := 0
	for i, words := range sents {
		if i > 0 {
			sb.WriteString("\n\n")
			base += 2
		}
		text, starts, ends, wordStarts, n := layoutWords(words, w.lang)
		lays[i] = layout{starts, ends, wordStarts, base, n}
		sb.WriteString(text)
		base += n
	}
	out := make([][]span.TokenSpan, len(sents))
	res, err := w.p.Extract(sb.String(), w.lang, Options{})
	if err != nil {
		return out
	}
	for _, e := range res.Entities {
		for _, m := range e.Mentions {
			i := sort.Search(len(lays), func(i int) bool { return lays[i].base > m.Start }) - 1
			if i < 0 {
				continue
			}
			l := lays[i]
			start, end := m.Start-l.base, m.End-l.base
			if end > l.n {
				continue // across sentences
			}
			a, ok1 := l.starts[start]
			if !ok1 && prefixLetters[w.lang] != "" && start > 0 && start < l.n {
				// A mention without a prefix of its first word (Hebrew "ב|ירושלים") counts
				// as that word's: the corpora annotate whole words.
				a, ok1 = wordAt(l.wordStarts, start), true
			}
			b, ok2 := l.ends[end]
			if !ok2 && w.lang == "kor" && end > 0 && end < l.n {
				// A mention without the particle of its last word (Korean "서울|에서").
				b, ok2 = wordAt(l.wordStarts, end-1)+1, true
			}
			if ok1 && ok2 && a < b {
				out[i] = append(out[i], span.TokenSpan{Start: a, End: b, Type: e.Type, Confidence: m.Confidence})
			}
		}
	}
	for _, o := range out {
		sort.Slice(o, func(i, j int) bool { return o[i].Start < o[j].Start })
	}
	return out
}

// wordAt returns the index of the word holding code point off, given the words' starts.
func wordAt(wordStarts []int, off int) int {
	return sort.Search(len(wordStarts), func(i int) bool { return wordStarts[i] > off }) - 1
}
