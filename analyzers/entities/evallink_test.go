package entities

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/nomenhq/nomen/kb"
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
