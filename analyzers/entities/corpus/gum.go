package corpus

import (
	"bufio"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/nomenhq/nomen/analyzers/entities/span"
)

const mapGUM = "flat layer derived from GUM mentions: person -> PER, place -> LOC, organization -> ORG, for mentions whose head is a proper noun; the entity is the longest run of name words in the mention (PROPN, or capitalised ADJ/VERB/NOUN/NUM/X words that are not the sentence's first word: United States, New York, European Union; of/the/and/& between two name words kept); nested or overlapping runs: the longer wins; other mention types and common-noun/pronoun mentions -> O"

// gumReader reads one split ("train", "dev", "test") of the open GUM subset: files[0] is the
// CoNLL-U file, files[1] the derived mention table.
func gumReader(split string) func(string, []string) ([]Sentence, error) {
	return func(dataDir string, files []string) ([]Sentence, error) {
		if len(files) != 2 {
			return nil, fmt.Errorf("gum: want a CoNLL-U file and a mention table")
		}
		rc, err := openData(dataDir, files[0])
		if err != nil {
			return nil, err
		}
		defer rc.Close()
		mc, err := openData(dataDir, files[1])
		if err != nil {
			return nil, err
		}
		defer mc.Close()
		return readGUM(rc, mc, split)
	}
}

type gumSentence struct {
	id    string
	words []string
	upos  []string
	index map[int]int // CoNLL-U token ID → word index
}

type gumMention struct {
	start, end int // token IDs, inclusive
	typ        string
}

func readGUM(conllu, mentions io.Reader, split string) ([]Sentence, error) {
	var sents []*gumSentence
	sc := bufio.NewScanner(conllu)
	sc.Buffer(make([]byte, 0, 64<<10), 4<<20)
	var cur *gumSentence
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "# sent_id = "):
			cur = &gumSentence{id: strings.TrimSpace(strings.TrimPrefix(line, "# sent_id = ")), index: map[int]int{}}
			sents = append(sents, cur)
		case line == "" || strings.HasPrefix(line, "#"):
		default:
			cols := strings.Split(line, "\t")
			if len(cols) < 4 {
				return nil, fmt.Errorf("gum: line %d: %d columns", n, len(cols))
			}
			id, err := strconv.Atoi(cols[0])
			if err != nil { // multiword range or empty node
				continue
			}
			if cur == nil {
				return nil, fmt.Errorf("gum: line %d: token before any sent_id", n)
			}
			cur.index[id] = len(cur.words)
			cur.words = append(cur.words, cols[1])
			cur.upos = append(cur.upos, cols[3])
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	byID := map[string][]gumMention{}
	ms := bufio.NewScanner(mentions)
	ms.Buffer(make([]byte, 0, 64<<10), 4<<20)
	for n := 1; ms.Scan(); n++ {
		cols := strings.Split(ms.Text(), "\t")
		if n == 1 || len(cols) < 9 || cols[0] != split {
			continue
		}
		typ := map[string]string{"person": span.PER, "place": span.LOC, "organization": span.ORG}[cols[5]]
		if typ == "" || !strings.Contains(cols[7], "PROPN") {
			continue
		}
		a, err1 := strconv.Atoi(cols[3])
		b, err2 := strconv.Atoi(cols[4])
		if err1 != nil || err2 != nil || a > b {
			return nil, fmt.Errorf("gum: mention line %d: bad token range", n)
		}
		byID[cols[2]] = append(byID[cols[2]], gumMention{a, b, typ})
	}
	if err := ms.Err(); err != nil {
		return nil, err
	}
	out := make([]Sentence, 0, len(sents))
	for _, s := range sents {
		if len(s.words) == 0 {
			continue
		}
		var cands []span.TokenSpan
		for _, m := range byID[s.id] {
			a, ok1 := s.index[m.start]
			b, ok2 := s.index[m.end]
			if !ok1 || !ok2 {
				continue
			}
			if r, ok := longestPropnRun(s.upos, s.words, a, b+1); ok {
				cands = append(cands, span.TokenSpan{Start: r[0], End: r[1], Type: m.typ, Confidence: 1})
			}
		}
		sort.SliceStable(cands, func(i, j int) bool {
			li, lj := cands[i].End-cands[i].Start, cands[j].End-cands[j].Start
			if li != lj {
				return li > lj
			}
			return cands[i].Start < cands[j].Start
		})
		taken := make([]bool, len(s.words))
		var spans []span.TokenSpan
	next:
		for _, c := range cands {
			for j := c.Start; j < c.End; j++ {
				if taken[j] {
					continue next
				}
			}
			for j := c.Start; j < c.End; j++ {
				taken[j] = true
			}
			spans = append(spans, c)
		}
		sort.Slice(spans, func(i, j int) bool { return spans[i].Start < spans[j].Start })
		doc := s.id
		if i := strings.LastIndexByte(doc, '-'); i > 0 {
			doc = doc[:i] // "GUM_academic_art-12" is sentence 12 of GUM_academic_art
		}
		out = append(out, Sentence{Lang: "eng", Words: s.words, Spans: spans, Doc: doc})
	}
	return out, nil
}

// gumJoiners may stand between two proper nouns inside a name.
var gumJoiners = map[string]bool{"of": true, "the": true, "and": true, "&": true, "de": true, "for": true}

// nameWordUPOS are the parts of speech GUM gives to capitalised words inside names that are
// not proper nouns ("United" VERB, "New"/"European" ADJ, "XV" NUM).
var nameWordUPOS = map[string]bool{"ADJ": true, "VERB": true, "NOUN": true, "NUM": true, "X": true}

// NameWord reports whether a word of a UD-tagged sentence belongs to a name's run: a proper
// noun, or a capitalised word of another open class that is not the sentence's first word
// (whose capital says nothing). GUM tags "United" in "United States" VERB and "New" in "New
// York" ADJ; the GUM readers of this package and of the coreference evaluation share it.
func NameWord(upos, form string, sentenceFirst bool) bool {
	if upos == "PROPN" {
		return true
	}
	if sentenceFirst || !nameWordUPOS[upos] {
		return false
	}
	r, _ := utf8.DecodeRuneInString(form)
	return unicode.IsUpper(r)
}

func isNameWord(upos, words []string, i int) bool { return NameWord(upos[i], words[i], i == 0) }

// longestPropnRun returns the longest run of name words (isNameWord) in [a, b) that holds at
// least one proper noun, joiners between two name words included.
func longestPropnRun(upos, words []string, a, b int) ([2]int, bool) {
	best := [2]int{-1, -1}
	for i := a; i < b; i++ {
		if !isNameWord(upos, words, i) {
			continue
		}
		j := i + 1
		for j < b {
			if isNameWord(upos, words, j) {
				j++
				continue
			}
			if gumJoiners[strings.ToLower(words[j])] && j+1 < b && isNameWord(upos, words, j+1) {
				j += 2
				continue
			}
			break
		}
		propn := false
		for k := i; k < j; k++ {
			propn = propn || upos[k] == "PROPN"
		}
		if propn && j-i > best[1]-best[0] {
			best = [2]int{i, j}
		}
		i = j - 1
	}
	return best, best[0] >= 0
}
