package engine

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const recordPairsFile = "../testdata/records/pairs.jsonl"

// recordPairsN is the number of persons of the committed record-pair set (two pairs each).
const recordPairsN = 120

// TestRecordPairsReproducible regenerates the committed record-pair set from ../shared/data
// and requires the same bytes. NOMEN_UPDATE_RECORD_PAIRS=1 rewrites the file instead.
func TestRecordPairsReproducible(t *testing.T) {
	d := evalDataDir(t, "nicknames")
	var buf bytes.Buffer
	if err := GenerateRecordPairs(d, recordPairsN, &buf); err != nil {
		t.Fatal(err)
	}
	if os.Getenv("NOMEN_UPDATE_RECORD_PAIRS") == "1" {
		if err := os.WriteFile(recordPairsFile, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(recordPairsFile)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, buf.Bytes()) {
		t.Errorf("%s differs from the generator's output (%d vs %d bytes); regenerate with NOMEN_UPDATE_RECORD_PAIRS=1", recordPairsFile, len(got), buf.Len())
	}
	var again bytes.Buffer
	if err := GenerateRecordPairs(d, recordPairsN, &again); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(again.Bytes(), buf.Bytes()) {
		t.Error("two runs of the generator differ")
	}
}

func TestGenerateRecordPairsErrors(t *testing.T) {
	if err := GenerateRecordPairs(t.TempDir(), 10, &bytes.Buffer{}); err == nil {
		t.Error("no error for a data directory without sources")
	}
}

func TestReadRecordPairsErrors(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct{ name, text, want string }{
		{"empty", "\n\n", "no pairs"},
		{"bad json", "{", "unexpected end"},
		{"no fields", `{"left":{},"right":{},"match":true}`, "needs fields"},
		{"bad type", `{"fields":{"a":{"type":"rni_nope"}},"left":{},"right":{},"match":true}`, "unknown type"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := filepath.Join(dir, tc.name+".jsonl")
			if err := os.WriteFile(p, []byte(tc.text), 0o644); err != nil {
				t.Fatal(err)
			}
			if _, err := ReadRecordPairs(p); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want %q", err, tc.want)
			}
		})
	}
	if _, err := ReadRecordPairs(filepath.Join(dir, "missing.jsonl")); err == nil {
		t.Error("no error for a missing file")
	}
}

func TestEvalRecordPairs(t *testing.T) {
	e := newEngine(t)
	pairs, err := ReadRecordPairs(recordPairsFile)
	if err != nil {
		t.Fatal(err)
	}
	if len(pairs) < 200 {
		t.Fatalf("%d pairs, want at least 200", len(pairs))
	}
	scored, err := e.ScoreRecordPairs(context.Background(), pairs, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	// Every pair of the committed set must be scorable: no pair may fall to 0 by an error.
	for i, p := range pairs {
		if r := e.scoreRecordPair(context.Background(), p, "", nil, false); r.Error != "" {
			t.Errorf("pair %d (%s): %s", i, p.Category, r.Error)
		}
		_ = scored[i]
	}
	var out bytes.Buffer
	plot := filepath.Join(t.TempDir(), "r.svg")
	if err := e.EvalRecordPairs(context.Background(), recordPairsFile, EvalNamesOptions{Worst: 3, PlotPath: plot}, &out); err != nil {
		t.Fatal(err)
	}
	s := out.String()
	for _, want := range []string{"AUC", "worst false positives", "worst false negatives", "raw ", "plot written"} {
		if !strings.Contains(s, want) {
			t.Errorf("report lacks %q:\n%s", want, s)
		}
	}
	if _, err := os.Stat(plot); err != nil {
		t.Error(err)
	}
	if err := e.EvalRecordPairs(context.Background(), recordPairsFile, EvalNamesOptions{Universe: "nope"}, &out); err == nil {
		t.Error("no error for an unknown universe")
	}
	t.Log(s)
}

// FuzzReadRecordPairs: any file content gives pairs or an error, never a panic, and every
// pair read can be scored without a panic.
func FuzzReadRecordPairs(f *testing.F) {
	f.Add(`{"fields":{"n":{"type":"rni_name"}},"left":{"n":"John Smith"},"right":{"n":"Jon Smith"},"match":true}`)
	f.Add(`{"fields":{"d":{"type":"rni_date"},"a":{"type":"rni_address"}},"left":{"d":"1980-01-02","a":null},"right":{"d":"x","a":"1 Main St"},"match":false}`)
	f.Add("{}\n\n{")
	e := newEngine(f)
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, text string) {
		p := filepath.Join(dir, "f.jsonl")
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		pairs, err := ReadRecordPairs(p)
		if err != nil {
			return
		}
		if _, err := e.ScoreRecordPairs(context.Background(), pairs, "", nil); err != nil {
			t.Fatal(err)
		}
	})
}

func BenchmarkRecordPairScorer(b *testing.B) {
	e := newEngine(b)
	pairs, err := ReadRecordPairs(recordPairsFile)
	if err != nil {
		b.Fatal(err)
	}
	sc, err := RecordPairs(pairs).scorer(e, "", 1)
	if err != nil {
		b.Fatal(err)
	}
	ov := map[string]string{"dateNearScore": "0.7"}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := sc.score(context.Background(), ov); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(pairs)*b.N)/b.Elapsed().Seconds(), "pairs/s")
}
