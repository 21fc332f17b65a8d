package morph

import (
	"fmt"
	"io"
	"sort"
	"strings"
	"sync"

	"github.com/nomenhq/nomen/internal/wordnet"
)

// WordNet part-of-speech bits of a wordNet entry: the low nibble marks a
// lemma of the part of speech, the high nibble an irregular inflected form
// (from the exception lists: "went" is an irregular verb form).
const (
	wnNoun uint8 = 1 << iota
	wnVerb
	wnAdj
	wnAdv
)

// wnIrregular shifts a part-of-speech bit to its irregular-form bit.
const wnIrregular = 4

// wordNet is the English WordNet lexicon used as a tagger feature:
// lower-case single-word lemmas and irregular inflected forms → bits.
type wordNet map[string]uint8

// readWordNet reads the single-word lemmas of index.{noun,verb,adj,adv}
// and the inflected forms of {noun,verb,adj,adv}.exc from the WordNet
// tarball under dataDir.
func readWordNet(dataDir string) (wordNet, error) {
	bits := map[string]uint8{"noun": wnNoun, "verb": wnVerb, "adj": wnAdj, "adv": wnAdv}
	bitOf := func(name string) uint8 {
		kind, pos, ok := strings.Cut(name, ".")
		switch {
		case !ok:
			return 0
		case kind == "index" && bits[pos] != 0:
			return bits[pos]
		case pos == "exc" && bits[kind] != 0:
			return bits[kind] << wnIrregular
		}
		return 0
	}
	wn := wordNet{}
	err := wordnet.EachFile(dataDir, func(name string) bool { return bitOf(name) != 0 }, func(name string, r io.Reader) error {
		bit := bitOf(name)
		return wordnet.Lines(r, func(line string) error {
			if w, _, _ := strings.Cut(line, " "); wnWord(w) {
				wn[w] |= bit
			}
			return nil
		})
	})
	if err != nil {
		return nil, fmt.Errorf("morph: %w", err)
	}
	if len(wn) == 0 {
		return nil, fmt.Errorf("morph: wordnet %s: no entries", wordnet.Path)
	}
	return wn, nil
}

// wnWord reports whether w is a lower-case single word (letters, with
// inner hyphens or apostrophes).
func wnWord(w string) bool {
	if w == "" {
		return false
	}
	for i := 0; i < len(w); i++ {
		c := w[i]
		if (c < 'a' || c > 'z') && !((c == '-' || c == '\'') && i > 0) {
			return false
		}
	}
	return true
}

// wnRule is one detachment rule of WordNet's morphy: a suffix, its
// replacement, the part of speech whose lemma must result, and the name of
// the inflection.
type wnRule struct {
	suffix, repl string
	pos          uint8
	name         string
}

var wnRules = []wnRule{
	{"s", "", wnNoun, "n+s"}, {"ses", "s", wnNoun, "n+s"}, {"xes", "x", wnNoun, "n+s"},
	{"zes", "z", wnNoun, "n+s"}, {"ches", "ch", wnNoun, "n+s"}, {"shes", "sh", wnNoun, "n+s"},
	{"men", "man", wnNoun, "n+s"}, {"ies", "y", wnNoun, "n+s"},
	{"s", "", wnVerb, "v+s"}, {"ies", "y", wnVerb, "v+s"}, {"es", "e", wnVerb, "v+s"}, {"es", "", wnVerb, "v+s"},
	{"ed", "e", wnVerb, "v+ed"}, {"ed", "", wnVerb, "v+ed"}, {"ied", "y", wnVerb, "v+ed"},
	{"ing", "e", wnVerb, "v+ing"}, {"ing", "", wnVerb, "v+ing"},
	{"er", "", wnAdj, "a+er"}, {"est", "", wnAdj, "a+er"}, {"er", "e", wnAdj, "a+er"}, {"est", "e", wnAdj, "a+er"},
	{"ier", "y", wnAdj, "a+er"}, {"iest", "y", wnAdj, "a+er"},
	{"ly", "", wnAdj, "a+ly"}, {"ily", "y", wnAdj, "a+ly"},
}

// class returns the WordNet class of the lower-case word w: the sorted
// parts of speech of w as a lemma ("n", "v", "a", "r"), as an irregular
// form ("v~"), and of the lemmas that the detachment rules reach ("v+ed"),
// joined by "|"; "-" for a word WordNet does not know, "" for a word that
// is not a plain lower-case word.
func (wn wordNet) class(w string) string {
	if wn == nil || !wnWord(w) {
		return ""
	}
	var parts [12]string
	n := 0
	add := func(s string) {
		for _, p := range parts[:n] {
			if p == s {
				return
			}
		}
		if n < len(parts) {
			parts[n] = s
			n++
		}
	}
	b := wn[w]
	for i, name := range [...]string{"n", "v", "a", "r"} {
		if b&(1<<i) != 0 {
			add(name)
		}
		if b&(1<<(i+wnIrregular)) != 0 {
			add([...]string{"n~", "v~", "a~", "r~"}[i])
		}
	}
	for _, r := range wnRules {
		if len(w) <= len(r.suffix)+1 || !strings.HasSuffix(w, r.suffix) {
			continue
		}
		stem := w[:len(w)-len(r.suffix)]
		if wn[stem+r.repl]&r.pos != 0 {
			add(r.name)
			continue
		}
		// Doubled final consonant: "stopped", "bigger".
		if r.repl == "" && len(stem) > 2 && stem[len(stem)-1] == stem[len(stem)-2] && !strings.ContainsRune("aeiou", rune(stem[len(stem)-1])) &&
			wn[stem[:len(stem)-1]]&r.pos != 0 {
			add(r.name)
		}
	}
	if n == 0 {
		return "-"
	}
	ps := parts[:n]
	sort.Strings(ps)
	if n == 1 {
		return ps[0]
	}
	return wnClasses.join(ps)
}

// wnClasses interns the classes that class joins, so that a class seen
// before costs no allocation. Safe for concurrent use.
var wnClasses = classIntern{m: map[string]string{}}

// classIntern is a bounded set of strings joined by "|".
type classIntern struct {
	mu sync.RWMutex
	m  map[string]string
}

// maxClasses bounds the strings a classIntern keeps.
const maxClasses = 4096

// join returns strings.Join(ps, "|"), interned.
func (ci *classIntern) join(ps []string) string {
	var buf [64]byte
	key := buf[:0]
	for i, p := range ps {
		if i > 0 {
			key = append(key, '|')
		}
		key = append(key, p...)
	}
	if len(key) > len(buf) {
		return string(key)
	}
	ci.mu.RLock()
	s, ok := ci.m[string(key)]
	ci.mu.RUnlock()
	if ok {
		return s
	}
	s = string(key)
	ci.mu.Lock()
	if len(ci.m) < maxClasses {
		ci.m[s] = s
	}
	ci.mu.Unlock()
	return s
}
