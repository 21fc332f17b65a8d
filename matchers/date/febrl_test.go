package date

import (
	"bufio"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/nomenhq/nomen/internal/paramtag"
)

// febrlDOB reads rec id → date_of_birth from a Febrl CSV file; the id is "<N>" for
// "rec-<N>-org" and "rec-<N>-dup-<k>".
func febrlDOB(t *testing.T, path string) map[string]string {
	f, err := os.Open(path)
	if err != nil {
		t.Skipf("Febrl data absent: %v", err)
	}
	defer f.Close()
	out := map[string]string{}
	sc := bufio.NewScanner(f)
	sc.Scan() // header
	for sc.Scan() {
		cols := strings.Split(sc.Text(), ", ")
		if len(cols) < 11 {
			continue
		}
		parts := strings.Split(cols[0], "-")
		if len(parts) >= 2 {
			out[parts[1]] = strings.TrimSpace(cols[9])
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestFebrlDOB evaluates the date matcher on the date_of_birth field of Febrl 4a/4b
// (HELD-OUT: evaluation only, nothing is tuned on it). Positives are the true links;
// negatives pair each 4a record with the 4b record of the next id. It reports the AUC of the
// matcher and of exact string equality, and asserts only that the matcher is not worse.
func TestFebrlDOB(t *testing.T) {
	_, file, _, _ := runtime.Caller(0)
	dir := filepath.Join(filepath.Dir(file), "..", "..", "..", "shared", "data", "febrl")
	a := febrlDOB(t, filepath.Join(dir, "dataset4a.csv"))
	b := febrlDOB(t, filepath.Join(dir, "dataset4b.csv"))
	ids := make([]string, 0, len(a))
	for id := range a {
		if _, ok := b[id]; ok {
			ids = append(ids, id)
		}
	}
	slices.Sort(ids)
	m := New(paramtag.MustDefaults[Options]())
	var pos, neg, posExact, negExact []float64
	skipped := 0
	score := func(x, y string) (float64, float64, bool) {
		if x == "" || y == "" {
			return 0, 0, false
		}
		r, err := m.Compare(x, y, "", "")
		if err != nil {
			return 0, 0, false
		}
		exact := 0.0
		if x == y {
			exact = 1
		}
		return r.Score, exact, true
	}
	for i, id := range ids {
		if s, e, ok := score(a[id], b[id]); ok {
			pos, posExact = append(pos, s), append(posExact, e)
		} else {
			skipped++
		}
		if s, e, ok := score(a[id], b[ids[(i+1)%len(ids)]]); ok {
			neg, negExact = append(neg, s), append(negExact, e)
		} else {
			skipped++
		}
	}
	auc, aucExact := auc(pos, neg), auc(posExact, negExact)
	t.Logf("Febrl 4a/4b date_of_birth: %d positive, %d negative pairs, %d skipped (empty or unparsable)", len(pos), len(neg), skipped)
	t.Logf("AUC date matcher %.4f, exact string %.4f; mean score positives %.3f, negatives %.3f", auc, aucExact, mean(pos), mean(neg))
	if auc < aucExact {
		t.Errorf("date matcher AUC %.4f below exact-string baseline %.4f", auc, aucExact)
	}
}

// auc is the probability that a random positive outscores a random negative (ties half).
func auc(pos, neg []float64) float64 {
	if len(pos) == 0 || len(neg) == 0 {
		return 0
	}
	n := slices.Clone(neg)
	slices.Sort(n)
	sum := 0.0
	for _, p := range pos {
		lo, _ := slices.BinarySearch(n, p)
		hi := lo
		for hi < len(n) && n[hi] == p {
			hi++
		}
		sum += float64(lo) + float64(hi-lo)/2
	}
	return sum / float64(len(pos)*len(neg))
}

func mean(xs []float64) float64 {
	s := 0.0
	for _, x := range xs {
		s += x
	}
	return s / float64(max(len(xs), 1))
}
