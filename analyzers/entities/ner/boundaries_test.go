package ner

import (
	"bufio"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/nomenhq/nomen/analyzers/entities/span"
)

// boundarySentence is one line of testdata/boundaries_dev.txt: words and gold spans.
type boundarySentence struct {
	words []string
	spans []span.TokenSpan
}

// readBoundaries reads "[TYPE word ...]" bracketed sentences.
func readBoundaries(t *testing.T, path string) []boundarySentence {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []boundarySentence
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		var s boundarySentence
		open := -1
		typ := ""
		for _, f := range strings.Fields(line) {
			switch {
			case strings.HasPrefix(f, "["):
				if open >= 0 {
					t.Fatalf("nested bracket in %q", line)
				}
				open, typ = len(s.words), f[1:]
				continue
			case strings.HasSuffix(f, "]") && open >= 0:
				s.words = append(s.words, strings.TrimSuffix(f, "]"))
				s.spans = append(s.spans, span.TokenSpan{Start: open, End: len(s.words), Type: typ})
				open = -1
				continue
			}
			s.words = append(s.words, f)
		}
		if open >= 0 {
			t.Fatalf("unclosed bracket in %q", line)
		}
		out = append(out, s)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// scoreBoundaries returns span-exact precision, recall and F1 of m on sents, and the
// sentences it got wrong.
func scoreBoundaries(m *Model, sents []boundarySentence) (p, r, f1 float64, wrong []string) {
	var tp, np, ng int
	for _, s := range sents {
		pred := m.TagWords(s.words)
		gold := map[span.TokenSpan]bool{}
		for _, g := range s.spans {
			gold[g] = true
		}
		ok := len(pred) == len(s.spans)
		var got []string
		for _, ps := range pred {
			k := span.TokenSpan{Start: ps.Start, End: ps.End, Type: ps.Type}
			if gold[k] {
				tp++
			} else {
				ok = false
			}
			got = append(got, fmt.Sprintf("%s[%s]", ps.Type, strings.Join(s.words[ps.Start:ps.End], " ")))
		}
		np += len(pred)
		ng += len(s.spans)
		if !ok {
			wrong = append(wrong, strings.Join(s.words, " ")+"  →  "+strings.Join(got, " "))
		}
	}
	if np > 0 {
		p = float64(tp) / float64(np)
	}
	if ng > 0 {
		r = float64(tp) / float64(ng)
	}
	if p+r > 0 {
		f1 = 2 * p * r / (p + r)
	}
	return p, r, f1, wrong
}

// TestBoundariesEnglish checks that the shipped English model keeps capitalised adjectives,
// verbs and numbers inside names ("United Nations", "European Union", "Louis XIV").
func TestBoundariesEnglish(t *testing.T) {
	m, err := Load("eng")
	if err != nil {
		t.Fatal(err)
	}
	sents := readBoundaries(t, "testdata/boundaries_dev.txt")
	if len(sents) < 40 {
		t.Fatalf("%d sentences", len(sents))
	}
	p, r, f1, wrong := scoreBoundaries(m, sents)
	t.Logf("P %.3f R %.3f F1 %.3f", p, r, f1)
	for _, w := range wrong {
		t.Log(w)
	}
	if f1 < 0.9 {
		t.Errorf("boundary F1 %.3f below 0.9", f1)
	}
}

// TestBoundariesManual scores a model file: NOMEN_NER_BOUNDARIES_MODEL=FILE.
func TestBoundariesManual(t *testing.T) {
	path := os.Getenv("NOMEN_NER_BOUNDARIES_MODEL")
	if path == "" {
		t.Skip("set NOMEN_NER_BOUNDARIES_MODEL=FILE")
	}
	m, err := readModelFile(path)
	if err != nil {
		t.Fatal(err)
	}
	p, r, f1, wrong := scoreBoundaries(m, readBoundaries(t, "testdata/boundaries_dev.txt"))
	fmt.Printf("boundaries: P %.3f R %.3f F1 %.3f (%d sentences wrong)\n", p, r, f1, len(wrong))
	for _, w := range wrong {
		fmt.Println("  ", w)
	}
}
