package assign

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// bruteForce returns the best total over complete assignments of the
// smaller side, and over partial matchings.
func bruteForce(w [][]float64) (complete, partial float64) {
	rows := len(w)
	if rows == 0 || len(w[0]) == 0 {
		return 0, 0
	}
	cols := len(w[0])
	need := min(rows, cols)
	complete, partial = math.Inf(-1), 0
	usedCol := make([]bool, cols)
	var rec func(i, assigned int, sum float64)
	rec = func(i, assigned int, sum float64) {
		if i == rows {
			if assigned == need {
				complete = max(complete, sum)
			}
			partial = max(partial, sum)
			return
		}
		rec(i+1, assigned, sum) // row i unassigned
		for j := range cols {
			if !usedCol[j] {
				usedCol[j] = true
				rec(i+1, assigned+1, sum+w[i][j])
				usedCol[j] = false
			}
		}
	}
	rec(0, 0, 0)
	return complete, partial
}

func checkValid(t *testing.T, w [][]float64, rowToCol []int, total float64, complete bool) {
	t.Helper()
	if len(rowToCol) != len(w) {
		t.Fatalf("len(rowToCol) = %d, want %d", len(rowToCol), len(w))
	}
	seen := map[int]bool{}
	sum, assigned := 0.0, 0
	for i, j := range rowToCol {
		if j == -1 {
			continue
		}
		if j < 0 || j >= len(w[i]) || seen[j] {
			t.Fatalf("invalid or duplicate column %d for row %d: %v", j, i, rowToCol)
		}
		seen[j] = true
		sum += w[i][j]
		assigned++
	}
	if math.Abs(sum-total) > 1e-9 {
		t.Fatalf("total %v but assigned cells sum to %v", total, sum)
	}
	if complete && len(w) > 0 && assigned != min(len(w), len(w[0])) {
		t.Fatalf("assigned %d pairs, want %d", assigned, min(len(w), len(w[0])))
	}
}

func TestTable(t *testing.T) {
	tests := []struct {
		name  string
		w     [][]float64
		want  []int
		total float64
	}{
		{"empty", nil, []int{}, 0},
		{"no columns", [][]float64{{}, {}}, []int{-1, -1}, 0},
		{"1x1", [][]float64{{0.5}}, []int{0}, 0.5},
		{"diagonal is not best", [][]float64{{1, 0.9}, {0.9, 0}}, []int{1, 0}, 1.8},
		{"wide", [][]float64{{0.1, 0.9, 0.2}}, []int{1}, 0.9},
		{"tall", [][]float64{{0.1}, {0.9}, {0.2}}, []int{-1, 0, -1}, 0.9},
		{"negative forced", [][]float64{{-1, -2}, {-3, -1}}, []int{0, 1}, -2},
		{"name tokens", [][]float64{
			{1.0, 0.2, 0.1},
			{0.3, 0.1, 0.95},
		}, []int{0, 2}, 1.95},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, total := MaxWeight(tc.w)
			if len(got) != len(tc.want) {
				t.Fatalf("got %v, want %v", got, tc.want)
			}
			for i := range got {
				if got[i] != tc.want[i] {
					t.Fatalf("got %v, want %v", got, tc.want)
				}
			}
			if math.Abs(total-tc.total) > 1e-12 {
				t.Fatalf("total = %v, want %v", total, tc.total)
			}
		})
	}
}

func TestBad(t *testing.T) {
	tests := []struct {
		name string
		w    [][]float64
		err  error
	}{
		{"ragged", [][]float64{{1, 2}, {3}}, ErrRagged},
		{"nan", [][]float64{{1, math.NaN()}}, ErrNotFinite},
		{"inf", [][]float64{{math.Inf(1)}}, ErrNotFinite},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, _, err := Solve(tc.w)
			if !errors.Is(err, tc.err) {
				t.Fatalf("err = %v, want %v", err, tc.err)
			}
			r, total := MaxWeight(tc.w)
			for _, j := range r {
				if j != -1 {
					t.Fatalf("MaxWeight on bad input assigned %v", r)
				}
			}
			if total != 0 || len(got) != len(tc.w) {
				t.Fatalf("total %v len %d", total, len(got))
			}
		})
	}
}

func randMatrix(r *rand.Rand, rows, cols int, integer bool) [][]float64 {
	w := make([][]float64, rows)
	for i := range w {
		w[i] = make([]float64, cols)
		for j := range w[i] {
			if integer {
				w[i][j] = float64(r.IntN(7) - 2) // many ties and negatives
			} else {
				w[i][j] = r.Float64()*2 - 0.5
			}
		}
	}
	return w
}

func TestAgainstBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 11))
	for it := range 2000 {
		rows, cols := 1+r.IntN(6), 1+r.IntN(6)
		w := randMatrix(r, rows, cols, it%2 == 0)
		complete, partial := bruteForce(w)
		got, total := MaxWeight(w)
		checkValid(t, w, got, total, true)
		if math.Abs(total-complete) > 1e-9 {
			t.Fatalf("MaxWeight(%v) total %v, brute force %v", w, total, complete)
		}
		got, total = MaxWeightPositive(w)
		checkValid(t, w, got, total, false)
		if math.Abs(total-partial) > 1e-9 {
			t.Fatalf("MaxWeightPositive(%v) total %v, brute force %v", w, total, partial)
		}
	}
}

func TestLarge(t *testing.T) {
	// Beyond the stack scratch size; a permutation matrix has a known optimum.
	const n = 80
	r := rand.New(rand.NewPCG(3, 4))
	perm := r.Perm(n)
	w := make([][]float64, n)
	for i := range w {
		w[i] = make([]float64, n+5)
		for j := range w[i] {
			w[i][j] = r.Float64() * 0.5
		}
		w[i][perm[i]] = 10
	}
	got, total := MaxWeight(w)
	checkValid(t, w, got, total, true)
	for i := range got {
		if got[i] != perm[i] {
			t.Fatalf("row %d -> %d, want %d", i, got[i], perm[i])
		}
	}
}

func FuzzMaxWeight(f *testing.F) {
	f.Add(uint8(3), uint8(2), []byte{1, 2, 3, 4, 5, 6})
	f.Add(uint8(1), uint8(5), []byte{9, 0, 200})
	f.Fuzz(func(t *testing.T, rows, cols uint8, data []byte) {
		rn, cn := int(rows%6), int(cols%6)
		w := make([][]float64, rn)
		k := 0
		for i := range w {
			w[i] = make([]float64, cn)
			for j := range w[i] {
				if k < len(data) {
					w[i][j] = float64(int(data[k])-100) / 10
					k++
				}
			}
		}
		complete, _ := bruteForce(w)
		got, total := MaxWeight(w)
		checkValid(t, w, got, total, true)
		if rn > 0 && cn > 0 && math.Abs(total-complete) > 1e-9 {
			t.Fatalf("total %v, brute force %v for %v", total, complete, w)
		}
	})
}

func BenchmarkMaxWeight(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 1))
	for _, size := range [][2]int{{4, 4}, {8, 12}, {32, 32}} {
		w := randMatrix(r, size[0], size[1], false)
		b.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				MaxWeight(w)
			}
		})
	}
}
