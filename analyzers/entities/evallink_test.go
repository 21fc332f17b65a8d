package entities

import (
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nomenhq/nomen/kb"
	"github.com/nomenhq/nomen/linking"
)

func TestEvalLinkingFile(t *testing.T) {
	k := fixtureKB(t)
	m := fakeModules()
	m.Tagger = func(model, lang string) (Extractor, error) {
		return fakeTagger{"Barack": "PER", "Obama": "PER", "France": "LOC", "Paris": "PER", "Hilton": "PER", "Merkel": "PER"}, nil
	}
	m.KB = func() (*kb.KB, error) { return k, nil }
	s, err := New(m).EvalLinkingFile(context.Background(), "testdata/wikifair-sample.jsonl", Options{})
	if err != nil {
		t.Fatal(err)
	}
	// Gold: Barack Obama, France, Paris Hilton (the pronoun "He" is not named; Merkel is
	// optional). Predicted and linked: the three, plus Merkel (ignored: optional span).
	if s.Docs != 1 || s.Gold != 3 || s.Detected != 3 {
		t.Errorf("docs %d gold %d detected %d, want 1 3 3", s.Docs, s.Gold, s.Detected)
	}
	if s.Correct != s.Predicted || s.Correct < 2 {
		t.Errorf("correct %d of %d predicted", s.Correct, s.Predicted)
	}
	if s.F1() <= 0 || s.F1() > 1 {
		t.Errorf("F1 %v", s.F1())
	}
}

// fixtureKB builds and opens the knowledge base of kb/testdata/fixture.jsonl; it is closed
// when the test ends.
// recordsKB builds and opens a knowledge base of the given record lines (JSON, one entity
// each; the layer header is added).
func recordsKB(t testing.TB, records ...string) *kb.KB {
	t.Helper()
	dir := t.TempDir()
	src := filepath.Join(dir, "records.jsonl")
	lines := append([]string{`{"nomenKB": 1, "layer": "test", "license": "CC0-1.0", "attribution": "test"}`}, records...)
	if err := os.WriteFile(src, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := kb.Build(context.Background(), []string{src}, filepath.Join(dir, "kb"), nil); err != nil {
		t.Fatal(err)
	}
	k, err := kb.Open(filepath.Join(dir, "kb"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { k.Close() })
	return k
}

func fixtureKB(t testing.TB) *kb.KB {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "kb")
	if _, err := kb.Build(context.Background(), []string{"../../kb/testdata/fixture.jsonl"}, dir, nil); err != nil {
		t.Fatal(err)
	}
	k, err := kb.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { k.Close() })
	return k
}

// TestFitLinkCalibrationManual fits calibA and calibB on the Wiki-Fair v1 development file,
// end to end (the linked mentions the pipeline returns, right when span and Q id match a gold
// mention): NOMEN_LINK_FIT=1 go test ./analyzers/entities -run FitLinkCalibrationManual -v.
// It uses the embedded default knowledge base (NOMEN_KB_CACHE for its cache directory).
func TestFitLinkCalibrationManual(t *testing.T) {
	if os.Getenv("NOMEN_LINK_FIT") == "" {
		t.Skip("set NOMEN_LINK_FIT=1")
	}
	k, err := kb.OpenDefault(os.Getenv("NOMEN_KB_CACHE"))
	if err != nil {
		t.Fatal(err)
	}
	defer k.Close()
	s, err := kbPipeline(t, k, false).EvalLinkingFile(context.Background(), filepath.Join("../../../shared/data/elevant-wiki-fair", linking.BenchmarkFiles()[0].File), Options{rawLinkConfidence: true})
	if err != nil {
		t.Fatal(err)
	}
	var xs, ys []float64
	for i, c := range s.Conf {
		c = math.Min(math.Max(c, 1e-4), 1-1e-4)
		xs = append(xs, math.Log(c/(1-c)))
		y := 0.0
		if s.Right[i] {
			y = 1
		}
		ys = append(ys, y)
	}
	a, b := 1.0, 0.0
	for it := 0; it < 20000; it++ {
		var ga, gb float64
		for i, x := range xs {
			p := 1 / (1 + math.Exp(-(a*x + b)))
			ga += (p - ys[i]) * x
			gb += p - ys[i]
		}
		a -= 0.2 * ga / float64(len(xs))
		b -= 0.2 * gb / float64(len(xs))
	}
	fmt.Printf("%d linked mentions (precision %.3f): calibA %.3f calibB %.3f; raw ECE %.3f\n", len(xs), s.Precision(), a, b, s.LinkECE())
}

// eachDevLink opens the embedded default knowledge base (NOMEN_KB_CACHE for its cache) and
// calls fn with every linked mention the default pipeline returns inside the evaluation spans
// of the Wiki-Fair v1 development file (optional gold spans left out), with the gold Q id of
// its span ("" when none).
func eachDevLink(t *testing.T, fn func(k *kb.KB, e Entity, m Mention, gold string)) {
	t.Helper()
	k, err := kb.OpenDefault(os.Getenv("NOMEN_KB_CACHE"))
	if err != nil {
		t.Fatal(err)
	}
	defer k.Close()
	p := kbPipeline(t, k, false)
	err = linking.ReadArticles(context.Background(), filepath.Join("../../../shared/data/elevant-wiki-fair", linking.BenchmarkFiles()[0].File), func(a linking.Article) error {
		res, err := p.Extract(a.Text, "eng", Options{Link: true})
		if err != nil {
			return err
		}
		gold := map[[2]int]string{}
		optional := map[[2]int]bool{}
		for _, g := range a.Labels {
			gold[[2]int{g.Start, g.End}] = g.EntityID
			optional[[2]int{g.Start, g.End}] = g.Optional
		}
		for _, e := range res.Entities {
			if !e.Linked {
				continue
			}
			for _, m := range e.Mentions {
				key := [2]int{m.Start, m.End}
				if m.Start >= a.EvalStart && m.End <= a.EvalEnd && !optional[key] {
					fn(k, e, m, gold[key])
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestLinkErrorsManual prints the wrong links of the pipeline on the Wiki-Fair v1 development
// file, end to end: NOMEN_LINK_ERRORS=1 go test ./analyzers/entities -run LinkErrorsManual -v.
func TestLinkErrorsManual(t *testing.T) {
	if os.Getenv("NOMEN_LINK_ERRORS") == "" {
		t.Skip("set NOMEN_LINK_ERRORS=1")
	}
	eachDevLink(t, func(k *kb.KB, e Entity, m Mention, gold string) {
		if gold == e.EntityID {
			return
		}
		desc := ""
		if x, ok := k.Entity(e.EntityID); ok {
			desc = x.Description
		}
		fmt.Printf("%s %q -> %s (%s) %.2f; gold %q\n", e.Type, m.Text, e.EntityID, desc, e.LinkingConfidence, gold)
	})
}

// TestFuzzyLinksManual counts the pipeline's links on the Wiki-Fair v1 development file by
// whether the mention is an exact name of the linked entity, and how many are right:
// NOMEN_LINK_FUZZY=1 go test ./analyzers/entities -run FuzzyLinksManual -v.
func TestFuzzyLinksManual(t *testing.T) {
	if os.Getenv("NOMEN_LINK_FUZZY") == "" {
		t.Skip("set NOMEN_LINK_FUZZY=1")
	}
	var n, right [2]int // [exact, other]
	eachDevLink(t, func(k *kb.KB, e Entity, m Mention, gold string) {
		kind := 1
		for _, c := range k.ExactCandidates(m.Text, "", 32) {
			if c.Entity.ID == e.EntityID {
				kind = 0
			}
		}
		n[kind]++
		if gold == e.EntityID {
			right[kind]++
		}
	})
	fmt.Printf("exact-name links %d, right %d; other links %d, right %d\n", n[0], right[0], n[1], right[1])
}
