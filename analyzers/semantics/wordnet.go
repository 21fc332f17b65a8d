package semantics

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/nomenhq/nomen/internal/wordnet"
)

// synset is one WordNet synset: its lemmas (as written, with spaces for underscores and
// adjective markers such as "(a)" removed), its pointers and its definition.
type synset struct {
	pos   byte // n, v, a (adjectives and satellites), r
	words []string
	ptrs  []pointer
	gloss string // the definition, without the quoted examples
}

// pointer is one relation of a synset to another.
type pointer struct {
	sym    string // WordNet pointer symbol: "@" hypernym, "&" similar, "+" derivation, ...
	target string // key of the target synset (pos + offset)
}

// wordNet is the parsed database: synsets by key and, for each lower-case lemma, its
// synsets in sense order (most frequent first) for each part of speech.
type wordNet struct {
	synsets map[string]*synset
	// senses maps a lower-case lemma (spaces for underscores) to its synset keys, noun
	// senses first, then verbs, adjectives and adverbs, each in WordNet's sense order.
	senses map[string][]string
	// exc maps an irregular inflected form to its lemmas (the *.exc lists: "went" → "go").
	exc map[string][]string
	// tagged is the number of sense-tagged occurrences of a lemma in WordNet's semantic
	// concordance (index files' tagsense_cnt), summed over parts of speech.
	tagged map[string]int
	// occurrences counts a lemma's sense-tagged occurrences in the concordance per part of
	// speech (cntlist.rev; key: lemma + "/" + n, v, a or r).
	occurrences map[string]int
}

// synsetKey identifies a synset across the data files: satellites share the adjective file.
func synsetKey(pos byte, offset string) string {
	if pos == 's' {
		pos = 'a'
	}
	return string(pos) + offset
}

// readWordNet reads data.*, index.*, *.exc and cntlist.rev from the WordNet tarball under
// dataDir.
func readWordNet(dataDir string) (*wordNet, error) {
	wn := &wordNet{synsets: map[string]*synset{}, senses: map[string][]string{}, tagged: map[string]int{},
		occurrences: map[string]int{}, exc: map[string][]string{}}
	index := map[string][]string{} // pos file → lines, read after the data files
	kindOf := func(name string) (kind, pos string) {
		if name == "cntlist.rev" {
			return "counts", ""
		}
		a, b, ok := strings.Cut(name, ".")
		if !ok {
			return "", ""
		}
		if b == "exc" {
			a, b = b, a
		}
		switch b {
		case "noun", "verb", "adj", "adv":
			if a == "data" || a == "index" || a == "exc" {
				return a, b
			}
		}
		return "", ""
	}
	err := wordnet.EachFile(dataDir, func(name string) bool { k, _ := kindOf(name); return k != "" }, func(name string, r io.Reader) error {
		kind, pos := kindOf(name)
		if kind == "counts" {
			return wn.readCounts(r)
		}
		return wordnet.Lines(r, func(line string) error {
			switch kind {
			case "index":
				index[pos] = append(index[pos], line)
			case "exc":
				if f := strings.Fields(line); len(f) >= 2 {
					form := strings.ReplaceAll(f[0], "_", " ")
					for _, l := range f[1:] {
						wn.exc[form] = append(wn.exc[form], strings.ReplaceAll(l, "_", " "))
					}
				}
			default:
				return wn.addSynset(line)
			}
			return nil
		})
	})
	if err != nil {
		return nil, fmt.Errorf("semantics: %w", err)
	}
	for _, pos := range []string{"noun", "verb", "adj", "adv"} {
		for _, line := range index[pos] {
			if err := wn.addIndex(line); err != nil {
				return nil, fmt.Errorf("semantics: wordnet index.%s: %w", pos, err)
			}
		}
	}
	if len(wn.synsets) == 0 || len(wn.senses) == 0 {
		return nil, fmt.Errorf("semantics: wordnet %s: no synsets", wordnet.Path)
	}
	return wn, nil
}

// addSynset parses one line of a data file:
// offset lex_filenum ss_type w_cnt word lex_id ... p_cnt ptr... [frames] | gloss.
func (wn *wordNet) addSynset(line string) error {
	head, gloss, _ := strings.Cut(line, " | ")
	f := strings.Fields(head)
	if len(f) < 6 || len(f[2]) != 1 {
		return fmt.Errorf("short line %.40q", line)
	}
	s := &synset{pos: f[2][0]}
	if s.pos == 's' {
		s.pos = 'a'
	}
	wc, err := strconv.ParseUint(f[3], 16, 16)
	if err != nil {
		return fmt.Errorf("word count %q: %w", f[3], err)
	}
	i := 4
	for k := 0; k < int(wc) && i+1 < len(f); k++ {
		w := f[i]
		if j := strings.IndexByte(w, '('); j > 0 && s.pos == 'a' {
			w = w[:j] // adjective position marker: "big(a)"
		}
		s.words = append(s.words, strings.ReplaceAll(w, "_", " "))
		i += 2
	}
	if i >= len(f) {
		return fmt.Errorf("no pointer count in %.40q", line)
	}
	pc, err := strconv.Atoi(f[i])
	if err != nil {
		return fmt.Errorf("pointer count %q: %w", f[i], err)
	}
	i++
	for k := 0; k < pc && i+3 < len(f); k++ {
		s.ptrs = append(s.ptrs, pointer{sym: f[i], target: synsetKey(f[i+2][0], f[i+1])})
		i += 4
	}
	if def, _, ok := strings.Cut(gloss, "; \""); ok {
		gloss = def
	}
	s.gloss = strings.TrimSpace(gloss)
	wn.synsets[synsetKey(f[2][0], f[0])] = s
	return nil
}

// addIndex parses one line of an index file:
// lemma pos synset_cnt p_cnt [ptr_symbol...] sense_cnt tagsense_cnt synset_offset....
func (wn *wordNet) addIndex(line string) error {
	f := strings.Fields(line)
	if len(f) < 6 || len(f[1]) != 1 {
		return fmt.Errorf("short line %.40q", line)
	}
	pc, err := strconv.Atoi(f[3])
	if err != nil || 4+pc+2 > len(f) {
		return fmt.Errorf("pointer count in %.40q", line)
	}
	tagged, err := strconv.Atoi(f[5+pc])
	if err != nil {
		return fmt.Errorf("tagsense count in %.40q", line)
	}
	lemma := strings.ReplaceAll(f[0], "_", " ")
	for _, off := range f[6+pc:] {
		key := synsetKey(f[1][0], off)
		if wn.synsets[key] == nil {
			return fmt.Errorf("%s: unknown synset %s", lemma, key)
		}
		wn.senses[lemma] = append(wn.senses[lemma], key)
	}
	wn.tagged[lemma] += tagged
	return nil
}

// readCounts reads cntlist.rev: "sense_key sense_number tag_cnt" per line, the sense key
// being lemma%ss_type:... with ss_type 1 noun, 2 verb, 3 adjective, 4 adverb, 5 satellite.
func (wn *wordNet) readCounts(r io.Reader) error {
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) != 3 {
			continue
		}
		lemma, rest, ok := strings.Cut(f[0], "%")
		if !ok || rest == "" {
			return fmt.Errorf("sense key %q", f[0])
		}
		n, err := strconv.Atoi(f[2])
		if err != nil {
			return fmt.Errorf("count %q: %w", f[2], err)
		}
		pos := map[byte]string{'1': "n", '2': "v", '3': "a", '4': "r", '5': "a"}[rest[0]]
		if pos == "" {
			return fmt.Errorf("sense key %q", f[0])
		}
		wn.occurrences[strings.ReplaceAll(lemma, "_", " ")+"/"+pos] += n
	}
	return sc.Err()
}
