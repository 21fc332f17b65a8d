package engine

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/nomenhq/nomen/matchers/address"
)

// tuneAndLoad runs a search, writes the profile, loads it with New and returns the result
// and the new engine.
func tuneAndLoad(t *testing.T, e *Engine, set PairSet, opt TuneOptions) (TuneResult, *Engine) {
	t.Helper()
	res, err := e.TuneSearchSet(context.Background(), set, opt, nil)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	var buf bytes.Buffer
	if err := res.WriteProfile(&buf); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "tuned.yaml"), buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	e2, err := New(dir)
	if err != nil {
		t.Fatalf("the written profile does not load: %v", err)
	}
	if _, err := e2.Threshold(res.Universe); err != nil {
		t.Fatal(err)
	}
	return res, e2
}

func TestTuneSearchAddresses(t *testing.T) {
	if testing.Short() {
		t.Skip("tuning search in -short mode")
	}
	all, err := address.ReadPairs(addressPairsFile)
	if err != nil {
		t.Fatal(err)
	}
	// A user's data where formatting noise (case, order, typos) meets streets that differ:
	// the defaults are not at their optimum on this mix.
	var pairs []address.Pair
	for _, p := range all {
		switch p.Category {
		case "case_punctuation", "reordering", "typo", "different_street", "neighbour_number":
			pairs = append(pairs, p)
		}
	}
	e := newEngine(t)
	opt := TuneOptions{Metric: "auc", Budget: 5 * time.Minute, MaxEvaluations: 120, Seed: 1, Name: "tuned-addresses", DataFile: "pairs.jsonl"}
	res, e2 := tuneAndLoad(t, e, AddressPairs(pairs), opt)
	t.Logf("%d pairs; held-out AUC %.4f -> %.4f, F1 at the threshold %.4f -> %.4f (threshold %.4f -> %.4f); training AUC %.4f -> %.4f; %d candidates, changes %v",
		len(pairs), res.Before.Holdout.AUC, res.After.Holdout.AUC, res.Before.Holdout.AtThreshold.F1, res.After.Holdout.AtThreshold.F1,
		res.Before.Holdout.Threshold, res.After.Holdout.Threshold, res.Before.Train.AUC, res.After.Train.AUC, res.Evaluations, res.Changes)
	if res.After.Holdout.AUC <= res.Before.Holdout.AUC || res.After.Holdout.AtThreshold.F1 <= res.Before.Holdout.AtThreshold.F1 {
		t.Errorf("held-out fold did not improve: AUC %.4f -> %.4f, F1 %.4f -> %.4f", res.Before.Holdout.AUC, res.After.Holdout.AUC,
			res.Before.Holdout.AtThreshold.F1, res.After.Holdout.AtThreshold.F1)
	}
	for _, c := range res.Changes {
		if p, ok := e.reg.Lookup(c.Param); !ok || p.Group != "address" {
			t.Errorf("changed %s outside group address", c.Param)
		}
	}
	// The loaded universe scores as the search did.
	got, err := e2.ScoreAddressPairs(context.Background(), pairs, res.Universe, nil)
	if err != nil {
		t.Fatal(err)
	}
	held := res.HoldoutScores
	_, heldIdx := splitFoldsSet(AddressPairs(pairs), defaultTuneHoldout, opt.Seed)
	for k, i := range heldIdx {
		if got[i].Score != held[k].Score {
			t.Fatalf("held-out pair %d: loaded %.4f, search %.4f", i, got[i].Score, held[k].Score)
		}
	}
	var out bytes.Buffer
	if _, err := e2.CompareUniversesSet(context.Background(), AddressPairs(pairs), DefaultUniverse, res.Universe, &out, nil, ""); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "address1") || !strings.Contains(out.String(), "AUC") {
		t.Errorf("compare output:\n%s", out.String())
	}
}

func TestTuneSearchRecords(t *testing.T) {
	if testing.Short() {
		t.Skip("tuning search in -short mode")
	}
	pairs, err := ReadRecordPairs(recordPairsFile)
	if err != nil {
		t.Fatal(err)
	}
	e := newEngine(t)
	opt := TuneOptions{Metric: "auc", MaxEvaluations: 30, Budget: 5 * time.Minute, Seed: 2, Name: "tuned-records",
		Groups: []string{"name", "date", "number", "boolean", "address"}}
	res, _ := tuneAndLoad(t, e, RecordPairs(pairs), opt)
	t.Logf("AUC train %.4f -> %.4f, held-out %.4f -> %.4f; changes %v", res.Before.Train.AUC, res.After.Train.AUC, res.Before.Holdout.AUC, res.After.Holdout.AUC, res.Changes)
	if res.After.Train.AUC < res.Before.Train.AUC || res.After.Holdout.AUC < res.Before.Holdout.AUC-0.002 {
		t.Errorf("search worsened AUC: train %.4f -> %.4f, held-out %.4f -> %.4f", res.Before.Train.AUC, res.After.Train.AUC, res.Before.Holdout.AUC, res.After.Holdout.AUC)
	}
}

func TestPairSetsCompareAndErrors(t *testing.T) {
	e := newEngine(t)
	recs, err := ReadRecordPairs(recordPairsFile)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if _, err := e.CompareUniversesSet(context.Background(), RecordPairs(recs), DefaultUniverse, DefaultUniverse, &out, nil, ""); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "decisions that differ: 0") {
		t.Errorf("a universe against itself differs:\n%s", out.String())
	}
	if _, err := e.CompareUniversesSet(context.Background(), RecordPairs(recs), DefaultUniverse, "nope", &out, nil, ""); err == nil {
		t.Error("no error for an unknown universe")
	}
	if _, err := e.TuneSearchSet(context.Background(), RecordPairs(recs), TuneOptions{Groups: []string{"nope"}}, nil); err == nil {
		t.Error("no error for an unknown group")
	}
	sc, err := RecordPairs(recs).scorer(e, "", 1)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := sc.score(context.Background(), map[string]string{"noSuchParameter": "1"}); err == nil {
		t.Error("no error for an unknown override")
	}
	for _, set := range []PairSet{NamePairs(nil), AddressPairs(nil), RecordPairs(nil)} {
		if len(set.groups()) == 0 || set.Kind() == "" {
			t.Errorf("%T: no groups or kind", set)
		}
	}
}
