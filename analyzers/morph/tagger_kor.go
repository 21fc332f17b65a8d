package morph

import (
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/nomenhq/nomen/internal/perceptron"
)

// Korean tagger features. A Korean word (eojeol) is a stem followed by
// particles and endings, and its UD tag in the KAIST treebank follows
// from the stem's part of speech and the last morphemes. featJamo looks
// at the jamo of the last syllables, where contracted endings (-ㄴ, -ㄹ,
// -ㅂ니다) hide; featStem looks up the longest prefix of an unknown word
// in a lexicon of the stems (first morphemes of the lemmas) seen in
// training.
const (
	// featJamo adds the final consonant and the consonant-vowel part of
	// the last syllable, and the final consonant of the one before.
	featJamo featSet = 1 << 3
	// featStem adds, for a word without an ambiguity class, the tag class
	// of its longest prefix found in the stem lexicon, with the rest of
	// the word.
	featStem featSet = 1 << 4
)

// hangulSyllable splits a precomposed Hangul syllable into its initial
// consonant plus vowel (as the syllable without final consonant) and its
// final consonant index (0: none); ok is false for other runes.
func hangulSyllable(r rune) (cv rune, jong int, ok bool) {
	if r < 0xAC00 || r > 0xD7A3 {
		return 0, 0, false
	}
	idx := int(r - 0xAC00)
	jong = idx % 28
	return r - rune(jong), jong, true
}

// jongJamo are the compatibility jamo of the final consonants (index 0:
// none), the form the treebank's lemmas write contracted endings in.
var jongJamo = []rune("\x00ㄱㄲㄳㄴㄵㄶㄷㄹㄺㄻㄼㄽㄾㄿㅀㅁㅂㅄㅅㅆㅇㅈㅊㅋㅌㅍㅎ")

// jamoFeatures appends the featJamo features of the lower-case word w.
func jamoFeatures(dst []uint64, w string) []uint64 {
	last, n := utf8.DecodeLastRuneInString(w)
	cv, jong, ok := hangulSyllable(last)
	if !ok {
		return dst
	}
	j := string(jongJamo[jong])
	dst = append(dst,
		perceptron.Hash2("kj", j),
		perceptron.Hash2("kcv", string(cv)),
	)
	prev, _ := utf8.DecodeLastRuneInString(w[:len(w)-n])
	if _, pj, ok := hangulSyllable(prev); ok {
		dst = append(dst, perceptron.Hash2("kj2", string(jongJamo[pj])+j))
	} else {
		dst = append(dst, perceptron.Hash2("kj2", boundary+j))
	}
	return dst
}

// contracted are the final consonants that can be an ending contracted
// into the stem's last syllable (이룬 = 이루+ㄴ, 할 = 하+ㄹ).
var contracted = map[int]bool{4: true, 8: true, 16: true, 17: true, 20: true}

// stemLexicon maps Korean stems to the classes of their first-morpheme
// tags. At run time only class is set; in training, counts and own allow
// leaving a word's own analyses out of the lookup, so that the tagger
// learns from stem classes as reliable as those of unknown words.
type stemLexicon struct {
	class map[string]string
	// counts maps a stem to its tag counts; own maps a lower-case word to
	// the "stem\x00tag" counts it contributed.
	counts map[string]map[string]int
	own    map[string]map[string]int
}

// stemMinShare is the share of a stem's occurrences a tag needs to enter
// its class.
const stemMinShare = 0.1

// buildStemLexicon collects the stems (first lemma morphemes) of the
// words of data with the first tag of their XPOS.
func buildStemLexicon(data [][]word) *stemLexicon {
	sl := &stemLexicon{counts: map[string]map[string]int{}, own: map[string]map[string]int{}}
	for _, ws := range data {
		for _, w := range ws {
			stem, _, _ := strings.Cut(w.Lemma, "+")
			tag, _, _ := strings.Cut(w.XPOS, "+")
			if stem == "" || tag == "" || w.Lemma == "_" {
				continue
			}
			stem = strings.ToLower(stem)
			lw := strings.ToLower(w.Form)
			if sl.counts[stem] == nil {
				sl.counts[stem] = map[string]int{}
			}
			sl.counts[stem][tag]++
			if sl.own[lw] == nil {
				sl.own[lw] = map[string]int{}
			}
			sl.own[lw][stem+"\x00"+tag]++
		}
	}
	sl.class = classesOf(sl.counts, 1, stemMinShare)
	return sl
}

// lookup returns the class of stem, leaving out the analyses of the word
// self when the lexicon has training counts.
func (sl *stemLexicon) lookup(stem, self string) string {
	if sl.own == nil {
		return sl.class[stem]
	}
	c := sl.counts[stem]
	if c == nil {
		return ""
	}
	mine := sl.own[self]
	adj := map[string]int{}
	for t, n := range c {
		if k := n - mine[stem+"\x00"+t]; k > 0 {
			adj[t] = k
		}
	}
	if len(adj) == 0 {
		return ""
	}
	return classesOf(map[string]map[string]int{"": adj}, 1, stemMinShare)[""]
}

// stemOf returns the longest prefix of the lower-case word w found in the
// stem lexicon (also trying a last syllable without a contracted final
// consonant), its class, and the rest of w ("" when none is found).
func (sl *stemLexicon) stemOf(w string) (class, rest string) {
	for end := len(w); end > 0; {
		r, n := utf8.DecodeLastRuneInString(w[:end])
		if c := sl.lookup(w[:end], w); c != "" {
			return c, "+" + w[end:]
		}
		if cv, jong, ok := hangulSyllable(r); ok && contracted[jong] {
			if c := sl.lookup(w[:end-n]+string(cv), w); c != "" {
				return c, "+" + string(jongJamo[jong]) + w[end:]
			}
		}
		end -= n
	}
	return "", ""
}

// stemFeatures appends the featStem features of word i.
func stemFeatures(dst []uint64, t tokenInfo) []uint64 {
	if t.stem == "" {
		return dst
	}
	return append(dst,
		perceptron.Hash2("ks", t.stem),
		perceptron.Hash2("ksr", t.stem+" "+t.stemRest),
		perceptron.Hash2("ksl", t.stem+" "+suffixRunes(t.stemRest, 1)),
	)
}

// fillStems sets the stem class of the words of infos that have no
// ambiguity class.
func fillStems(infos []tokenInfo, sl *stemLexicon) {
	if sl == nil {
		return
	}
	for k := range infos {
		if infos[k].amb == "" {
			infos[k].stem, infos[k].stemRest = sl.stemOf(infos[k].lower)
		}
	}
}

// stemLines returns the model-file lines of the stem lexicon, sorted.
func stemLines(sl *stemLexicon) []string {
	if sl == nil {
		return nil
	}
	var out []string
	for s, c := range sl.class {
		out = append(out, "K\t"+s+"\t"+c)
	}
	sort.Strings(out)
	return out
}
