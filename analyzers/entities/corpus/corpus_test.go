package corpus

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/nomenhq/nomen/analyzers/entities/span"
)

func TestRolesEnforced(t *testing.T) {
	dir := t.TempDir() // no files: a permitted read fails on the missing file, a forbidden one on the role
	for _, s := range Sets() {
		_, errTrain := ReadTraining(dir, s.Name)
		_, errHeld := ReadHeldOut(dir, s.Name)
		switch s.Role {
		case HeldOut:
			if !errors.Is(errTrain, ErrRole) {
				t.Errorf("ReadTraining(%s) = %v, want ErrRole", s.Name, errTrain)
			}
			if errHeld == nil || errors.Is(errHeld, ErrRole) {
				t.Errorf("ReadHeldOut(%s) = %v, want a missing-file error", s.Name, errHeld)
			}
		case Train, Dev:
			if !errors.Is(errHeld, ErrRole) {
				t.Errorf("ReadHeldOut(%s) = %v, want ErrRole", s.Name, errHeld)
			}
			if errTrain == nil || errors.Is(errTrain, ErrRole) {
				t.Errorf("ReadTraining(%s) = %v, want a missing-file error", s.Name, errTrain)
			}
		default:
			t.Errorf("%s: role %v", s.Name, s.Role)
		}
	}
	if _, err := ReadTraining(dir, "no-such-set"); !errors.Is(err, ErrUnknownSet) {
		t.Errorf("unknown set: %v", err)
	}
}

// TestRegistry pins the roles stated in TEXT-ANALYTICS-DATA.md.
func TestRegistry(t *testing.T) {
	want := map[string]Role{
		"uner-en-ewt-train": Train, "uner-en-ewt-dev": Dev, "uner-en-ewt-test": HeldOut,
		"ner-en-wikigold": HeldOut, "ner-en-btc-train": Train, "ner-en-btc-h": HeldOut,
		"ner-en-multiconer2-train": Train, "ner-en-multiconer2-cased-train": Train, "ner-en-multiconer2-dev": HeldOut,
		"ner-de-germeval2014-dev": Train, "ner-de-germeval2014-test": HeldOut,
		"ner-de-mobie-test": HeldOut, "ner-de-europeana-onb": HeldOut,
		"ner-ja-stockmark-train": Train, "ner-ja-stockmark-test": HeldOut,
		"uner-pt-bosque-test": HeldOut, "uner-zh-gsdsimp-test": HeldOut, "uner-de-pud-test": HeldOut,
		"ner-en-wnut17-test": HeldOut, "ner-en-wnut17-dev": Dev,
	}
	for name, role := range want {
		s, err := Lookup(name)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if s.Role != role {
			t.Errorf("%s: role %v, want %v", name, s.Role, role)
		}
	}
	for _, s := range Sets() {
		if s.Lang == "" || len(s.Files) == 0 || len(s.Types) == 0 || s.Mapping == "" {
			t.Errorf("%s: incomplete %+v", s.Name, s)
		}
		if strings.Contains(s.Name, "test") && s.Role != HeldOut {
			t.Errorf("%s: a test split that is not held out", s.Name)
		}
	}
	if got := SetsFor("por", HeldOut); len(got) != 1 || got[0].Name != "uner-pt-bosque-test" {
		t.Errorf("SetsFor(por, HeldOut) = %v", got)
	}
}

// TestRealData checks the readers against the published corpus sizes; it needs ../shared/data.
func TestRealData(t *testing.T) {
	dir := filepath.Join("..", "..", "..", DefaultDataDir)
	if _, err := os.Stat(dir); err != nil {
		t.Skip("no shared data:", err)
	}
	tests := []struct {
		name      string
		sentences int
		tokens    int
		entities  map[string]int
	}{
		{"uner-en-ewt-test", 2077, 25097, map[string]int{"PER": 449, "ORG": 322, "LOC": 317}},
		{"ner-en-wikigold", 1696, 39007, map[string]int{"PER": 934, "ORG": 898, "LOC": 1014}},
		{"uner-en-ewt-train", 12543, 204579, map[string]int{"PER": 2873, "ORG": 1434, "LOC": 2698}},
		{"ner-de-germeval2014-dev", 2200, 41653, map[string]int{"PER": 711, "ORG": 496, "LOC": 763}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, _ := Lookup(tt.name)
			var sents []Sentence
			var err error
			if s.Role == HeldOut {
				sents, err = ReadHeldOut(dir, tt.name)
			} else {
				sents, err = ReadTraining(dir, tt.name)
			}
			if err != nil {
				t.Fatal(err)
			}
			toks, ents := 0, map[string]int{}
			for _, x := range sents {
				toks += len(x.Words)
				for _, sp := range x.Spans {
					ents[sp.Type]++
				}
			}
			checkSentences(t, sents)
			if len(sents) != tt.sentences || toks != tt.tokens {
				t.Errorf("%d sentences, %d tokens; want %d, %d", len(sents), toks, tt.sentences, tt.tokens)
			}
			for typ, n := range tt.entities {
				if ents[typ] != n {
					t.Errorf("%s: %d entities, want %d", typ, ents[typ], n)
				}
			}
		})
	}
}

// fixedTagger returns canned spans per sentence, keyed by the first word.
type fixedTagger map[string][]span.TokenSpan

func (f fixedTagger) TagWords(words []string) []span.TokenSpan {
	if len(words) == 0 {
		return nil
	}
	return f[words[0]]
}

func TestEvaluate(t *testing.T) {
	sents := []Sentence{
		{Words: []string{"a", "Barack", "Obama", "in", "Paris"}, Spans: []span.TokenSpan{ts(1, 3, "PER"), ts(4, 5, "LOC")}},
		{Words: []string{"b", "Acme", "Corp", "sells", "Widget"}, Spans: []span.TokenSpan{ts(1, 3, "ORG"), ts(4, 5, "PROD")}},
		{Words: []string{"c", "nothing"}},
	}
	tagger := fixedTagger{
		"a": {ts(1, 3, "PER"), ts(4, 5, "ORG")},  // PER right; LOC typed ORG: FP ORG + FN LOC
		"b": {ts(1, 2, "ORG"), ts(4, 5, "PROD")}, // ORG boundary wrong: FP + FN; PROD right
		"c": {ts(0, 1, "PER"), ts(0, 1, "PER")},  // duplicate FP counts once
	}
	tests := []struct {
		name    string
		types   []string
		overall Counts
		per     map[string]Counts
	}{
		{"all types", nil, Counts{TP: 2, FP: 3, FN: 2}, map[string]Counts{
			"PER": {TP: 1, FP: 1}, "LOC": {FN: 1}, "ORG": {FP: 2, FN: 1}, "PROD": {TP: 1}}},
		{"PROD not annotated", []string{"PER", "LOC", "ORG"}, Counts{TP: 1, FP: 3, FN: 2}, map[string]Counts{
			"PER": {TP: 1, FP: 1}, "LOC": {FN: 1}, "ORG": {FP: 2, FN: 1}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := EvaluateTypes(tagger, sents, tt.types)
			if r.Overall != tt.overall {
				t.Errorf("overall %+v, want %+v", r.Overall, tt.overall)
			}
			if len(r.Types) != len(tt.per) {
				t.Errorf("types %v, want %v", r.Types, tt.per)
			}
			for typ, c := range tt.per {
				if r.Types[typ] != c {
					t.Errorf("%s: %+v, want %+v", typ, r.Types[typ], c)
				}
			}
			if r.Sentences != 3 || r.Tokens != 12 {
				t.Errorf("%d sentences %d tokens", r.Sentences, r.Tokens)
			}
			spans, correct := 0, 0
			for _, b := range r.Calibration {
				spans += b.Spans
				correct += b.Correct
			}
			if spans != r.Overall.TP+r.Overall.FP || correct != r.Overall.TP {
				t.Errorf("calibration bins hold %d spans, %d correct; want %d, %d", spans, correct, r.Overall.TP+r.Overall.FP, r.Overall.TP)
			}
		})
	}
}

// docTagger records the documents it is given and tags every word "X" of a document as PER
// once some sentence of the document holds "Mr".
type docTagger struct{ calls *[]int }

func (d docTagger) TagWords(words []string) []span.TokenSpan {
	return d.TagDocument([][]string{words})[0]
}

func (d docTagger) TagDocument(sents [][]string) [][]span.TokenSpan {
	*d.calls = append(*d.calls, len(sents))
	mr := false
	for _, ws := range sents {
		for _, w := range ws {
			mr = mr || w == "Mr"
		}
	}
	out := make([][]span.TokenSpan, len(sents))
	for i, ws := range sents {
		for j, w := range ws {
			if w == "X" && mr {
				out[i] = append(out[i], span.TokenSpan{Start: j, End: j + 1, Type: "PER", Confidence: 1})
			}
		}
	}
	return out
}

// TestEvaluateDocuments checks that a DocTagger gets each run of one document's sentences
// together, and a sentence without a document alone.
func TestEvaluateDocuments(t *testing.T) {
	per := []span.TokenSpan{ts(0, 1, "PER")}
	sents := []Sentence{
		{Words: []string{"Mr", "Smith"}, Doc: "d1"},
		{Words: []string{"X", "left"}, Spans: per, Doc: "d1"},
		{Words: []string{"X", "came"}, Spans: per, Doc: "d2"},
		{Words: []string{"Mr", "X"}},
		{Words: []string{"X"}, Spans: per},
	}
	var calls []int
	r := EvaluateTypes(docTagger{&calls}, sents, nil)
	if want := []int{2, 1, 1, 1}; !reflect.DeepEqual(calls, want) {
		t.Errorf("documents of %v sentences, want %v", calls, want)
	}
	// d1 finds its X; d2 and the last sentence (no "Mr" in their document) do not; the
	// fourth sentence's X is a false positive.
	if want := (Counts{TP: 1, FP: 1, FN: 2}); r.Overall != want {
		t.Errorf("overall %+v, want %+v", r.Overall, want)
	}
	if r.Sentences != 5 || r.Tokens != 9 {
		t.Errorf("%d sentences %d tokens", r.Sentences, r.Tokens)
	}
	// Sentences hides the documents: every sentence alone.
	calls = nil
	r = EvaluateTypes(Sentences(docTagger{&calls}), sents, nil)
	if want := []int{1, 1, 1, 1, 1}; !reflect.DeepEqual(calls, want) {
		t.Errorf("Sentences: documents of %v sentences, want %v", calls, want)
	}
	if want := (Counts{TP: 0, FP: 1, FN: 3}); r.Overall != want {
		t.Errorf("Sentences: overall %+v, want %+v", r.Overall, want)
	}
}

func TestECE(t *testing.T) {
	r := Report{}
	// Two spans at confidence 0.9, one right: bin precision 0.5, mean confidence 0.9.
	r.AddCalibration(0.9, true)
	r.AddCalibration(0.9, false)
	// One span at confidence 1, right.
	r.AddCalibration(1, true)
	if got, want := r.ECE(), (math.Abs(1-1.8)+math.Abs(1-1.0))/3; math.Abs(got-want) > 1e-12 {
		t.Errorf("ECE %v, want %v", got, want)
	}
	if r.Calibration[len(r.Calibration)-1].Spans != 1 {
		t.Errorf("confidence 1 not in the last bin: %+v", r.Calibration)
	}
}

func TestCounts(t *testing.T) {
	tests := []struct {
		c       Counts
		p, r, f float64
	}{
		{Counts{}, 0, 0, 0},
		{Counts{TP: 2, FP: 3, FN: 2}, 0.4, 0.5, 4.0 / 9},
		{Counts{TP: 5}, 1, 1, 1},
		{Counts{FP: 1, FN: 1}, 0, 0, 0},
	}
	for _, tt := range tests {
		if math.Abs(tt.c.Precision()-tt.p) > 1e-12 || math.Abs(tt.c.Recall()-tt.r) > 1e-12 || math.Abs(tt.c.F1()-tt.f) > 1e-12 {
			t.Errorf("%+v: P %v R %v F %v, want %v %v %v", tt.c, tt.c.Precision(), tt.c.Recall(), tt.c.F1(), tt.p, tt.r, tt.f)
		}
	}
}

// capTagger tags every capitalised word as a one-word PER.
type capTagger struct{}

func (capTagger) TagWords(words []string) []span.TokenSpan {
	var out []span.TokenSpan
	for i, w := range words {
		if w != "" && w[0] >= 'A' && w[0] <= 'Z' {
			out = append(out, span.TokenSpan{Start: i, End: i + 1, Type: "PER", Confidence: 1})
		}
	}
	return out
}

func TestRunEval(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "ner-en-wikigold"), 0o755); err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	z := gzip.NewWriter(&buf)
	z.Write([]byte("John I-PER\nsaw O\nMary I-PER\nin O\nRome I-LOC\n\nJapanese I-MISC\nfood O\n"))
	z.Close()
	if err := os.WriteFile(filepath.Join(dir, "ner-en-wikigold", "wikigold.conll.txt.gz"), buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	load := func(model, lang string) (span.Tagger, error) {
		if model != "statistical" || lang != "eng" {
			return nil, errors.New("no such model")
		}
		return capTagger{}, nil
	}
	var out bytes.Buffer
	err := RunEval(context.Background(), []string{"--data", dir, "--set", "ner-en-wikigold"}, &out, load)
	if err != nil {
		t.Fatal(err)
	}
	// Gold: John PER, Mary PER, Rome LOC (MISC dropped). Predicted PER: John, Mary, Rome, Japanese.
	for _, want := range []string{"ner-en-wikigold", "PER       0.5000  1.0000  0.6667       2       4", "overall   0.5000  0.6667  0.5714       3       4", "tokens/s"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
	bad := []struct {
		name string
		args []string
	}{
		{"train set", []string{"--data", dir, "--set", "uner-en-ewt-train"}},
		{"dev set", []string{"--data", dir, "--set", "uner-en-ewt-dev"}},
		{"unknown set", []string{"--data", dir, "--set", "nope"}},
		{"model without language", []string{"--data", dir, "--set", "ner-en-wikigold", "--model", "DNN"}},
		{"bad flag", []string{"--nope"}},
	}
	for _, tt := range bad {
		t.Run(tt.name, func(t *testing.T) {
			if err := RunEval(context.Background(), tt.args, &bytes.Buffer{}, load); err == nil {
				t.Error("want an error")
			}
		})
	}
}
