package ner

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/nomenhq/nomen/analyzers/entities/corpus"
	"github.com/nomenhq/nomen/analyzers/entities/span"
)

// readBoundaries reads "[TYPE word ...]" bracketed sentences (corpus.ReadBracketed).
func readBoundaries(t *testing.T, path string) []corpus.Sentence {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sents, err := corpus.ReadBracketed(f, "eng")
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return sents
}

// scoreBoundaries returns span-exact precision, recall and F1 of m on sents, and the
// sentences it got wrong.
func scoreBoundaries(m *Model, sents []corpus.Sentence) (p, r, f1 float64, wrong []string) {
	var tp, np, ng int
	for _, s := range sents {
		pred := m.TagWords(s.Words)
		gold := map[span.TokenSpan]bool{}
		for _, g := range s.Spans {
			gold[g] = true
		}
		ok := len(pred) == len(s.Spans)
		var got []string
		for _, ps := range pred {
			k := span.TokenSpan{Start: ps.Start, End: ps.End, Type: ps.Type}
			if gold[k] {
				tp++
			} else {
				ok = false
			}
			got = append(got, fmt.Sprintf("%s[%s]", ps.Type, strings.Join(s.Words[ps.Start:ps.End], " ")))
		}
		np += len(pred)
		ng += len(s.Spans)
		if !ok {
			wrong = append(wrong, strings.Join(s.Words, " ")+"  →  "+strings.Join(got, " "))
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
