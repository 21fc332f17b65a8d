package corpus

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"

	"github.com/nomenhq/nomen/analyzers/entities/span"
)

const mapSilver = "silver: no gold entities; the surface words of a UD treebank split, labelled PER/LOC/ORG by the knowledge-base path of package entities (SetSilverLabeler); a sentence is kept only when the labeler trusts all its labels and every word UD tags PROPN lies inside one, so that no proper noun is taught as O"

// SilverLabeler labels the words of a sentence of language lang with entities; upos are the
// words' Universal POS tags from the treebank. ok false drops the sentence (a label the
// labeler does not trust).
type SilverLabeler func(lang string, words, upos []string) (spans []span.TokenSpan, ok bool)

var (
	silverMu      sync.Mutex
	silverLabeler SilverLabeler
)

// SetSilverLabeler installs the labeler the silver sets are read with (package entities
// installs its knowledge-base path). Reading a silver set without one fails.
func SetSilverLabeler(f SilverLabeler) {
	silverMu.Lock()
	silverLabeler = f
	silverMu.Unlock()
}

// ErrNoSilverLabeler reports a silver set read before SetSilverLabeler.
var ErrNoSilverLabeler = errors.New("corpus: silver sets need a labeler (package entities installs it)")

// silverReader reads the surface words and UPOS tags of a CoNLL-U file of language lang and
// labels them with the installed SilverLabeler.
func silverReader(lang string) func(dataDir string, files []string) ([]Sentence, error) {
	return func(dataDir string, files []string) ([]Sentence, error) {
		silverMu.Lock()
		label := silverLabeler
		silverMu.Unlock()
		if label == nil {
			return nil, ErrNoSilverLabeler
		}
		var out []Sentence
		for _, f := range files {
			rc, err := openData(dataDir, f)
			if err != nil {
				return nil, err
			}
			sents, err := readSurfaceUPOS(rc)
			rc.Close()
			if err != nil {
				return nil, fmt.Errorf("%s: %w", f, err)
			}
			for _, s := range sents {
				spans, ok := label(lang, s.words, s.upos)
				if !ok || !coversProperNouns(spans, s.upos) {
					continue
				}
				out = append(out, Sentence{Lang: lang, Words: s.words, Spans: spans})
			}
		}
		return out, nil
	}
}

// coversProperNouns reports whether every PROPN word lies inside one of spans.
func coversProperNouns(spans []span.TokenSpan, upos []string) bool {
	for i, p := range upos {
		if p != "PROPN" {
			continue
		}
		in := false
		for _, s := range spans {
			if s.Start <= i && i < s.End {
				in = true
				break
			}
		}
		if !in {
			return false
		}
	}
	return true
}

type surfaceSentence struct {
	words, upos []string
}

// readSurfaceUPOS parses CoNLL-U into sentences of surface words: a multiword token ("du" =
// "de le") is one word, tagged with its first syntactic word's UPOS.
func readSurfaceUPOS(r io.Reader) ([]surfaceSentence, error) {
	var out []surfaceSentence
	var cur surfaceSentence
	skipTo := 0 // last syntactic word ID covered by the open multiword token
	takeUPOS := false
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), 4<<20)
	for sc.Scan() {
		line := sc.Text()
		if line == "" {
			if len(cur.words) > 0 {
				out = append(out, cur)
			}
			cur, skipTo, takeUPOS = surfaceSentence{}, 0, false
			continue
		}
		if strings.HasPrefix(line, "#") {
			continue
		}
		cols := strings.Split(line, "\t")
		if len(cols) < 4 {
			return nil, fmt.Errorf("conllu: short line %q", line)
		}
		id := cols[0]
		if strings.Contains(id, ".") {
			continue // empty node
		}
		if _, b, ok := strings.Cut(id, "-"); ok {
			var end int
			if _, err := fmt.Sscan(b, &end); err != nil {
				return nil, fmt.Errorf("conllu: bad range %q", id)
			}
			cur.words = append(cur.words, cols[1])
			cur.upos = append(cur.upos, "")
			skipTo, takeUPOS = end, true
			continue
		}
		var n int
		if _, err := fmt.Sscan(id, &n); err != nil {
			return nil, fmt.Errorf("conllu: bad id %q", id)
		}
		if n <= skipTo {
			if takeUPOS {
				cur.upos[len(cur.upos)-1] = cols[3]
				takeUPOS = false
			}
			continue
		}
		cur.words = append(cur.words, cols[1])
		cur.upos = append(cur.upos, cols[3])
	}
	if len(cur.words) > 0 {
		out = append(out, cur)
	}
	return out, sc.Err()
}
