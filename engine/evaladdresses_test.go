package engine

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nomenhq/nomen/matchers/address"
)

const addressPairsFile = "../testdata/addresses/pairs.jsonl"

func TestEvalAddresses(t *testing.T) {
	e := newEngine(t)
	var out bytes.Buffer
	plot := filepath.Join(t.TempDir(), "a.svg")
	if err := e.EvalAddresses(context.Background(), addressPairsFile, EvalNamesOptions{Worst: 3, PlotPath: plot}, &out); err != nil {
		t.Fatal(err)
	}
	s := out.String()
	for _, want := range []string{"AUC", "at threshold 0.85", "worst false positives", "worst false negatives", "weighted ", "plot written"} {
		if !strings.Contains(s, want) {
			t.Errorf("report lacks %q:\n%s", want, s)
		}
	}
	if _, err := os.Stat(plot); err != nil {
		t.Error(err)
	}
	t.Log(s)
	if err := e.EvalAddresses(context.Background(), addressPairsFile, EvalNamesOptions{Universe: "nope"}, &out); err == nil {
		t.Error("no error for an unknown universe")
	}
	if err := e.EvalAddresses(context.Background(), "missing.jsonl", EvalNamesOptions{}, &out); err == nil {
		t.Error("no error for a missing file")
	}
}

// TestAddressScorerMatchesEngine checks that the tuning scorer gives AddressSimilarity's
// scores under overrides.
func TestAddressScorerMatchesEngine(t *testing.T) {
	e := newEngine(t)
	pairs, err := address.ReadPairs(addressPairsFile)
	if err != nil {
		t.Fatal(err)
	}
	pairs = pairs[:120]
	sc, err := AddressPairs(pairs).scorer(e, "", 2)
	if err != nil {
		t.Fatal(err)
	}
	for _, ov := range []map[string]string{nil, {"roadAddressFieldWeight": "6", "unitConflictPenalty": "0.1"}, {"addressMissingFieldScore": "0.9"}} {
		got, err := sc.score(context.Background(), ov)
		if err != nil {
			t.Fatal(err)
		}
		want, err := e.ScoreAddressPairs(context.Background(), pairs, "", ov)
		if err != nil {
			t.Fatal(err)
		}
		for i := range want {
			if got[i] != want[i] {
				t.Fatalf("%v: pair %d: scorer %v, engine %v", ov, i, got[i], want[i])
			}
		}
	}
	if _, err := sc.score(context.Background(), map[string]string{"roadAddressFieldWeight": "x"}); err == nil {
		t.Error("no error for an invalid override")
	}
}

func BenchmarkAddressScorer(b *testing.B) {
	e := newEngine(b)
	pairs, err := address.ReadPairs(addressPairsFile)
	if err != nil {
		b.Fatal(err)
	}
	sc, err := AddressPairs(pairs).scorer(e, "", 1)
	if err != nil {
		b.Fatal(err)
	}
	ov := map[string]string{"roadAddressFieldWeight": "4"}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := sc.score(context.Background(), ov); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(pairs)*b.N)/b.Elapsed().Seconds(), "pairs/s")
}
