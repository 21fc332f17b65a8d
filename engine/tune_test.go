package engine

import (
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/nomenhq/nomen/internal/evalmetrics"
	"github.com/nomenhq/nomen/internal/paramtag"
)

// devPairs reads the TRAIN-derived dev set; subsample keeps every k-th pair of each
// (category, label) group (1 = all).
func devPairs(t testing.TB, k int) []LabelledNamePair {
	t.Helper()
	pairs, err := ReadNamePairs(filepath.Join("..", "testdata", "names", "pairs-dev.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	if k <= 1 {
		return pairs
	}
	seen := map[string]int{}
	var out []LabelledNamePair
	for _, p := range pairs {
		key := fmt.Sprintf("%s/%t", p.Category, p.Match)
		if seen[key]%k == 0 {
			out = append(out, p)
		}
		seen[key]++
	}
	return out
}

func synthPairs(groups map[string][2]int) []LabelledNamePair {
	var out []LabelledNamePair
	cats := make([]string, 0, len(groups))
	for c := range groups {
		cats = append(cats, c)
	}
	slices.Sort(cats)
	for _, c := range cats {
		for label, n := range groups[c] {
			for i := range n {
				out = append(out, LabelledNamePair{Name1: NameJSON{Text: fmt.Sprintf("%s %d", c, i)}, Match: label == 1, Category: c})
			}
		}
	}
	return out
}

func TestSplitFolds(t *testing.T) {
	tests := []struct {
		name    string
		groups  map[string][2]int // category → {non-matches, matches}
		holdout float64
	}{
		{"balanced", map[string][2]int{"a": {100, 100}, "b": {50, 50}}, 0.3},
		{"uneven groups", map[string][2]int{"a": {7, 13}, "b": {0, 9}, "c": {31, 2}}, 0.3},
		{"other share", map[string][2]int{"a": {40, 60}}, 0.5},
		{"tiny groups", map[string][2]int{"a": {1, 1}, "b": {2, 2}}, 0.3},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			pairs := synthPairs(tc.groups)
			train, held := splitFolds(pairs, tc.holdout, 7)
			if len(train)+len(held) != len(pairs) {
				t.Fatalf("folds cover %d of %d pairs", len(train)+len(held), len(pairs))
			}
			all := append(slices.Clone(train), held...)
			slices.Sort(all)
			for i, x := range all {
				if x != i {
					t.Fatalf("folds are not a partition: index %d is %d", i, x)
				}
			}
			if !slices.IsSorted(train) || !slices.IsSorted(held) {
				t.Error("fold indices not ascending")
			}
			// Stratified: each (category, label) group sends round(share × size) to held-out.
			count := map[string]int{}
			for _, i := range held {
				count[fmt.Sprintf("%s/%t", pairs[i].Category, pairs[i].Match)]++
			}
			for c, g := range tc.groups {
				for label, n := range g {
					key := fmt.Sprintf("%s/%t", c, label == 1)
					if want := int(math.Round(tc.holdout * float64(n))); count[key] != want {
						t.Errorf("group %s: %d held out, want %d", key, count[key], want)
					}
				}
			}
			// Deterministic for a seed; another seed gives another split of large groups.
			train2, held2 := splitFolds(pairs, tc.holdout, 7)
			if !slices.Equal(train, train2) || !slices.Equal(held, held2) {
				t.Error("same seed, different split")
			}
			if len(pairs) >= 100 {
				_, held3 := splitFolds(pairs, tc.holdout, 8)
				if slices.Equal(held, held3) {
					t.Error("seeds 7 and 8 give the same split")
				}
			}
		})
	}
}

// TestTuneScorerMatchesEngine checks the scorer's shortcut (names prepared once per prepKey)
// against the engine's own path, for a changed value of every searched parameter: a new
// parameter read by Prepare but missing from prepKey fails here.
func TestTuneScorerMatchesEngine(t *testing.T) {
	e := newEngine(t)
	pairs := devPairs(t, 40)
	sc, err := e.newTuneScorer("", pairs, 2)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	for _, p := range e.reg.All() {
		if p.Group != "name" || p.Static {
			continue
		}
		var v string
		switch p.Kind {
		case paramtag.Bool:
			v = strconv.FormatBool(p.Default != "true")
		case paramtag.Int:
			d, _ := strconv.Atoi(p.Default)
			v = strconv.Itoa(int(math.Max(p.Min, math.Min(p.Max, float64(d+2)))))
			if v == p.Default {
				v = strconv.Itoa(d - 2)
			}
		case paramtag.Float:
			d, _ := strconv.ParseFloat(p.Default, 64)
			x := d + 0.1*(p.Max-p.Min)
			if x > p.Max {
				x = d - 0.1*(p.Max-p.Min)
			}
			v = strconv.FormatFloat(x, 'f', 4, 64)
		default:
			continue
		}
		ov := map[string]string{p.Name: v}
		got, err := sc.score(ctx, ov)
		if err != nil {
			t.Fatalf("%s=%s: %v", p.Name, v, err)
		}
		for i, pr := range pairs {
			r, err := e.NameSimilarity(ctx, NameRequest{Name1: pr.Name1.Input(), Name2: pr.Name2.Input(), Parameters: ov})
			want := r.Score
			if err != nil {
				want = 0
			}
			if got[i].Score != want {
				t.Errorf("%s=%s: %q vs %q: scorer %.4f, engine %.4f", p.Name, v, pr.Name1.Text, pr.Name2.Text, got[i].Score, want)
				break
			}
		}
	}
}

// TestTuneSearch runs a short search on a subsample of the dev set (TRAIN sources) and checks
// that it improves the held-out fold over the default universe and writes a profile that
// loads and reproduces the reported figures.
func TestTuneSearch(t *testing.T) {
	if testing.Short() {
		t.Skip("tuning search in -short mode")
	}
	e := newEngine(t)
	// A user's own data differs from what the defaults were calibrated on: here, only the
	// cross-script and typo pairs of the dev set (a screening list against foreign-script
	// names), where the defaults are not at their optimum.
	var pairs []LabelledNamePair
	for _, p := range devPairs(t, 1) {
		if strings.HasPrefix(p.Category, "xscript") || p.Category == "typo" {
			pairs = append(pairs, p)
		}
	}
	opt := TuneOptions{Metric: "f1", Threshold: 0.85, Budget: 5 * time.Minute, MaxEvaluations: 80, Seed: 1, DataFile: "pairs-dev.jsonl", Name: "tuned-test"}
	var prog strings.Builder
	res, err := e.TuneSearch(context.Background(), pairs, opt, &prog)
	if err != nil {
		t.Fatal(err)
	}
	before, after := res.Before.Holdout.AtThreshold.F1, res.After.Holdout.AtThreshold.F1
	t.Logf("F1 at 0.85: train %.4f -> %.4f, held-out %.4f -> %.4f, %d candidates, %d changes",
		res.Before.Train.AtThreshold.F1, res.After.Train.AtThreshold.F1, before, after, res.Evaluations, len(res.Changes))
	// The search guarantees that the held-out fold does not get worse by more than its
	// tolerance; a strict held-out improvement is asserted on address pairs
	// (TestTuneSearchAddresses), where the defaults were not calibrated.
	if after < before-opt.Tolerance-0.002 {
		t.Errorf("held-out F1 fell beyond the tolerance: %.4f -> %.4f", before, after)
	}
	if res.After.Train.AtThreshold.F1 <= res.Before.Train.AtThreshold.F1 || len(res.Changes) == 0 {
		t.Errorf("training F1 %.4f -> %.4f with %d changes", res.Before.Train.AtThreshold.F1, res.After.Train.AtThreshold.F1, len(res.Changes))
	}
	if res.Evaluations > opt.MaxEvaluations {
		t.Errorf("%d evaluations, cap %d", res.Evaluations, opt.MaxEvaluations)
	}
	if !strings.Contains(prog.String(), "done in") {
		t.Errorf("no final progress line: %q", prog.String())
	}

	// The profile loads in a fresh engine, and its universe reproduces the figures.
	dir := t.TempDir()
	f, err := os.Create(filepath.Join(dir, "tuned.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if err := res.WriteProfile(f); err != nil {
		t.Fatal(err)
	}
	f.Close()
	e2, err := New(dir)
	if err != nil {
		t.Fatalf("written profile does not load: %v", err)
	}
	th, err := e2.Threshold("tuned-test")
	if err != nil || th != res.After.Train.Threshold {
		t.Errorf("threshold %v (%v), want %v", th, err, res.After.Train.Threshold)
	}
	scored, err := e2.ScoreNamePairs(context.Background(), pairs, "tuned-test", nil)
	if err != nil {
		t.Fatal(err)
	}
	train, held := splitFolds(pairs, 0.3, 1)
	if a := evalmetrics.AUC(pick(scored, held)); a != res.After.Holdout.AUC {
		t.Errorf("loaded universe: held-out AUC %.6f, search reported %.6f", a, res.After.Holdout.AUC)
	}
	if a := evalmetrics.AUC(pick(scored, train)); a != res.After.Train.AUC {
		t.Errorf("loaded universe: training AUC %.6f, search reported %.6f", a, res.After.Train.AUC)
	}
	b, _ := os.ReadFile(filepath.Join(dir, "tuned.yaml"))
	for _, want := range []string{"# Written by `nomen tune search`", "pairs-dev.jsonl", "metric f1 (threshold fixed at 0.85)", "seed 1", "held-out fold: AUC", "tuned-test:", "variants:"} {
		if !strings.Contains(string(b), want) {
			t.Errorf("profile lacks %q:\n%s", want, b)
		}
	}
	// With a fixed threshold the universe keeps it.
	if res.After.Train.Threshold != 0.85 {
		t.Errorf("threshold %.6f, want the fixed 0.85", res.After.Train.Threshold)
	}
}

func TestTidyThreshold(t *testing.T) {
	sc := func(xs ...float64) []evalmetrics.Scored {
		out := make([]evalmetrics.Scored, len(xs))
		for i, x := range xs {
			out[i] = evalmetrics.Scored{Score: x}
		}
		return out
	}
	tests := []struct {
		name   string
		s      []evalmetrics.Scored
		t, out float64
	}{
		{"cut", sc(0.2, 0.65175597, 0.9), 0.65175597, 0.6517},
		{"score in the gap", sc(0.65171, 0.65175597), 0.65175597, 0.65175597},
		{"already tidy", sc(0.5, 0.75), 0.75, 0.75},
		{"tiny", sc(0.00001), 0.00001, 0.00001},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := tidyThreshold(tc.s, tc.t); got != tc.out {
				t.Errorf("tidyThreshold(%v) = %v, want %v", tc.t, got, tc.out)
			}
		})
	}
}

func TestTuneSearchFixedThreshold(t *testing.T) {
	e := newEngine(t)
	pairs := devPairs(t, 8)
	res, err := e.TuneSearch(context.Background(), pairs, TuneOptions{Metric: "f1", Threshold: 0.85, MaxEvaluations: 12, Seed: 3}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if res.After.Train.Threshold != 0.85 || res.Profile.Universes["tuned"].Threshold != 0.85 {
		t.Errorf("threshold %v / %v, want 0.85 kept", res.After.Train.Threshold, res.Profile.Universes["tuned"].Threshold)
	}
	if res.After.Train.AtThreshold.F1 < res.Before.Train.AtThreshold.F1 {
		t.Errorf("training F1 at 0.85 fell: %.4f -> %.4f", res.Before.Train.AtThreshold.F1, res.After.Train.AtThreshold.F1)
	}
	if !strings.Contains(res.Profile.Header, "threshold fixed at 0.85") {
		t.Errorf("header does not say the threshold is fixed:\n%s", res.Profile.Header)
	}
}

func TestTuneSearchErrors(t *testing.T) {
	e := newEngine(t)
	pairs := devPairs(t, 30)
	onlyMatches := slices.DeleteFunc(slices.Clone(pairs), func(p LabelledNamePair) bool { return !p.Match })
	tests := []struct {
		name  string
		pairs []LabelledNamePair
		opt   TuneOptions
		want  string
	}{
		{"bad metric", pairs, TuneOptions{Metric: "accuracy"}, "metric"},
		{"unknown base", pairs, TuneOptions{Base: "nope"}, "nope"},
		{"existing name", pairs, TuneOptions{Name: "strict"}, "exists"},
		{"bad name", pairs, TuneOptions{Name: "a b"}, "universe name"},
		{"unknown group", pairs, TuneOptions{Groups: []string{"colour"}}, "group"},
		{"unknown parameter", pairs, TuneOptions{Params: []string{"nope"}}, "unknown parameter"},
		{"static parameter", pairs, TuneOptions{Params: []string{"maxNameTokens"}}, "static"},
		{"bad holdout", pairs, TuneOptions{Holdout: 1.5}, "holdout"},
		{"bad threshold", pairs, TuneOptions{Threshold: 1.5}, "threshold"},
		{"one label", onlyMatches, TuneOptions{}, "both matches and non-matches"},
		{"no pairs", nil, TuneOptions{}, "both matches and non-matches"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tc.opt.MaxEvaluations = 2
			_, err := e.TuneSearch(context.Background(), tc.pairs, tc.opt, nil)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want one mentioning %q", err, tc.want)
			}
		})
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := e.TuneSearch(ctx, pairs, TuneOptions{}, nil); err == nil {
		t.Error("cancelled context accepted")
	}
}

func TestCompareUniverses(t *testing.T) {
	e := newEngine(t)
	pairs := devPairs(t, 20)
	var b strings.Builder
	if err := e.CompareUniverses(context.Background(), pairs, "default", "strict", &b); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, want := range []string{"== compare default (A) and strict (B) on", "AUC", "best F1", "threshold", "0.8500", "0.9000",
		"per category", "typo", "decisions that differ"} {
		if !strings.Contains(out, want) {
			t.Errorf("compare output lacks %q:\n%s", want, out)
		}
	}
	// The differing decisions are exactly the pairs on opposite sides of the two thresholds.
	sa, _ := e.ScoreNamePairs(context.Background(), pairs, "default", nil)
	sb, _ := e.ScoreNamePairs(context.Background(), pairs, "strict", nil)
	n := 0
	for i := range pairs {
		if (sa[i].Score >= 0.85) != (sb[i].Score >= 0.9) {
			n++
			row := fmt.Sprintf("%.4f  %.4f", sa[i].Score, sb[i].Score)
			if !strings.Contains(out, row) || !strings.Contains(out, strconv.Quote(pairs[i].Name1.Text)) {
				t.Errorf("differing pair %q / %q (%s) not listed", pairs[i].Name1.Text, pairs[i].Name2.Text, row)
			}
		}
	}
	if !strings.Contains(out, fmt.Sprintf("decisions that differ: %d ", n)) {
		t.Errorf("want %d differing decisions:\n%s", n, out)
	}
	if n == 0 {
		t.Error("default and strict decide alike on every pair: the test proves nothing")
	}
	// Self-comparison: no differences.
	b.Reset()
	if err := e.CompareUniverses(context.Background(), pairs, "default", "default", &b); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "decisions that differ: 0 ") {
		t.Errorf("self-comparison differs:\n%s", b.String())
	}
	if err := e.CompareUniverses(context.Background(), pairs, "default", "nope", &b); err == nil {
		t.Error("unknown universe accepted")
	}
	plot := filepath.Join(t.TempDir(), "cmp.svg")
	paths, err := e.CompareUniversesPlot(context.Background(), pairs, "default", "lenient", &b, nil, plot)
	if err != nil || len(paths) != 2 {
		t.Fatalf("plots %v: %v", paths, err)
	}
	for _, p := range paths {
		if st, err := os.Stat(p); err != nil || st.Size() == 0 {
			t.Errorf("plot %s not written: %v", p, err)
		}
	}
}

func BenchmarkTuneScore(b *testing.B) {
	e := newEngine(b)
	pairs := devPairs(b, 4)
	sc, err := e.newTuneScorer("", pairs, 1)
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	if _, err := sc.score(ctx, nil); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := sc.score(ctx, map[string]string{"deletionScore": "0.4"}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(pairs))*float64(b.N)/b.Elapsed().Seconds(), "pairs/s")
}
