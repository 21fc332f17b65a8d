package dnn

import (
	"bufio"
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"unicode"

	"github.com/nomenhq/nomen/analyzers/tokenize"
	"github.com/nomenhq/nomen/kb"
)

// gazFiles are the knowledge-base record files (in kb/data) whose names feed the gazetteer
// features: the core layer (Wikidata and permissively licensed lists) and the notable people
// (CC BY-SA 4.0).
var gazFiles = []string{"core.jsonl.gz", "people-ccbysa.jsonl.gz"}

// kbLang maps a model language to the KB's label language.
var kbLang = map[string]string{"eng": "en", "por": "pt", "zho": "zh", "deu": "de"}

// Gazetteer bit positions of a word in a name.
const (
	gazWhole = iota // the name is this one word
	gazFirst
	gazInner
	gazLast
)

// buildGazetteer reads the KB record files in dir and returns, for every word of an entity
// name of the language (labels and aliases in that language, and "mul" aliases for English),
// the bits of the (type, position) pairs it occurs in. A bit is kept only when it accounts for
// at least 5% of the word's occurrences, so that words in every kind of name ("of", "the")
// carry only their main uses.
//
// It also returns the KB names of two to maxMatch words, keyed by seqHash, with the bit set
// of their types.
func buildGazetteer(ctx context.Context, dir, lang string, places func(fn func(string)) error) (map[uint32]uint32, map[uint32]uint8, error) {
	ll, ok := kbLang[lang]
	if !ok {
		return map[uint32]uint32{}, map[uint32]uint8{}, nil
	}
	counts := map[uint32]*[numGazBits]int32{}
	names := map[uint32]uint8{}
	add := func(typ, name string) {
		ti := -1
		for i, t := range gazTypes {
			if t == typ {
				ti = i
			}
		}
		if ti < 0 {
			return
		}
		toks := tokenize.Tokens(name, lang)
		var words []string
		for _, t := range toks {
			for _, r := range t.Text {
				if unicode.IsLetter(r) {
					words = append(words, t.Text)
					break
				}
			}
		}
		if len(toks) >= 2 && len(toks) <= maxMatch {
			h := uint32(0)
			for _, t := range toks {
				h = seqHash(uint64(h), lowerHash(t.Text))
			}
			names[h] |= 1 << ti
		}
		for i, w := range words {
			pos := gazInner
			switch {
			case len(words) == 1:
				pos = gazWhole
			case i == 0:
				pos = gazFirst
			case i == len(words)-1:
				pos = gazLast
			}
			k := uint32(lowerHash(w))
			c := counts[k]
			if c == nil {
				c = new([numGazBits]int32)
				counts[k] = c
			}
			c[ti*gazPositions+pos]++
		}
	}
	for _, f := range gazFiles {
		rc, err := kb.OpenFile(ctx, filepath.Join(dir, f))
		if err != nil {
			return nil, nil, fmt.Errorf("dnn: gazetteer: %w", err)
		}
		_, err = kb.ReadRecords(ctx, rc, func(e *kb.Entity) error {
			seen := map[string]bool{}
			one := func(name string) {
				if name != "" && !seen[name] {
					seen[name] = true
					add(e.Type, name)
				}
			}
			one(e.Labels[ll])
			for _, a := range e.Aliases[ll] {
				one(a)
			}
			if ll == "en" {
				for _, a := range e.Aliases["mul"] {
					one(a)
				}
				// The territories' weak names (kb.SourceTerritories) are still names of
				// their type.
				if slices.Contains(e.Sources, kb.SourceTerritories) {
					for _, a := range e.WeakAliases["mul"] {
						one(a)
					}
				}
			}
			return nil
		})
		rc.Close()
		if err != nil {
			return nil, nil, fmt.Errorf("dnn: gazetteer %s: %w", f, err)
		}
	}
	if places != nil {
		if err := places(func(name string) { add("LOC", name) }); err != nil {
			return nil, nil, fmt.Errorf("dnn: gazetteer: %w", err)
		}
	}
	out := make(map[uint32]uint32, len(counts))
	for k, c := range counts {
		var total int32
		for _, v := range c {
			total += v
		}
		var bits uint32
		for b, v := range c {
			if v > 0 && 20*v >= total {
				bits |= 1 << b
			}
		}
		if bits != 0 {
			out[k] = bits
		}
	}
	return out, names, nil
}

// freqLang maps a model language to the file prefix of its subtitle word-frequency list.
var freqLang = map[string]string{"eng": "en", "por": "pt", "zho": "zh_cn", "deu": "de"}

// freqFile returns the word-frequency list of a language in the shared data directory, or ""
// when there is none.
func freqFile(dataDir, lang string) string {
	l, ok := freqLang[lang]
	if !ok {
		return ""
	}
	return filepath.Join(dataDir, "wordfreq-opensubtitles2018", l+"_50k.txt.gz")
}

// addFrequencies sets the frequency-bucket bit of every word of the language's frequency list
// (one "word count" per line, most frequent first) in lex.
func addFrequencies(ctx context.Context, path string, lex map[uint32]uint32) error {
	rc, err := kb.OpenFile(ctx, path)
	if err != nil {
		return fmt.Errorf("dnn: word frequencies: %w", err)
	}
	defer rc.Close()
	sc := bufio.NewScanner(rc)
	rank := 0
	for sc.Scan() {
		w, _, _ := strings.Cut(sc.Text(), " ")
		if w == "" {
			continue
		}
		rank++
		b := 0
		for r := rank; r >= 4 && b < numFreqBuckets-1; r /= 4 {
			b++
		}
		k := uint32(lowerHash(w))
		lex[k] |= 1 << (numGazBits + b)
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("dnn: word frequencies: %w", err)
	}
	return nil
}
