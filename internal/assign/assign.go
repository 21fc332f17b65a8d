// Package assign solves the maximum-weight assignment problem for small
// rectangular matrices with the Hungarian (Kuhn–Munkres) algorithm in
// O(n²·m) time, n = min(rows, cols).
//
// A solution assigns every row to a distinct column when rows ≤ cols, and
// every column to a distinct row otherwise; rows left over are reported as
// -1. Among all such complete assignments it maximises the sum of the
// chosen weights. Results are deterministic; the functions are safe for
// concurrent use and allocate only the returned slice for matrices up to
// 64 on a side.
package assign

import (
	"errors"
	"fmt"
	"math"
)

// Errors returned by Solve for malformed matrices.
var (
	ErrRagged    = errors.New("assign: rows have different lengths")
	ErrNotFinite = errors.New("assign: weight is NaN or infinite")
)

// small is the side length handled with stack scratch space.
const small = 64

// MaxWeight returns, for each row of w, the column assigned to it (-1 when
// unassigned) and the total weight of the assignment; see the package
// comment for what is maximised. A malformed matrix (ragged rows, NaN or
// infinite weights) gives every row -1 and a total of 0; use Solve to get
// the error.
func MaxWeight(w [][]float64) (rowToCol []int, total float64) {
	rowToCol, total, err := Solve(w)
	if err != nil {
		for i := range rowToCol {
			rowToCol[i] = -1
		}
		return rowToCol, 0
	}
	return rowToCol, total
}

// MaxWeightPositive is MaxWeight for partial assignments: a row may stay
// unassigned, and the result maximises the total over all matchings, so no
// pair with weight ≤ 0 is ever chosen.
func MaxWeightPositive(w [][]float64) (rowToCol []int, total float64) {
	if _, _, err := Solve(w); err != nil {
		return MaxWeight(w)
	}
	clamped := make([][]float64, len(w))
	for i, row := range w {
		clamped[i] = make([]float64, len(row))
		for j, x := range row {
			clamped[i][j] = max(x, 0)
		}
	}
	rowToCol, _ = MaxWeight(clamped)
	total = 0
	for i, j := range rowToCol {
		if j >= 0 && w[i][j] <= 0 {
			rowToCol[i] = -1
		} else if j >= 0 {
			total += w[i][j]
		}
	}
	return rowToCol, total
}

// Solve is MaxWeight with validation: it returns ErrRagged or ErrNotFinite
// (wrapped with the offending position) for malformed input. The returned
// slice always has len(w) entries.
func Solve(w [][]float64) (rowToCol []int, total float64, err error) {
	rows := len(w)
	rowToCol = make([]int, rows)
	for i := range rowToCol {
		rowToCol[i] = -1
	}
	if rows == 0 {
		return rowToCol, 0, nil
	}
	cols := len(w[0])
	for i, row := range w {
		if len(row) != cols {
			return rowToCol, 0, fmt.Errorf("row %d has %d columns, row 0 has %d: %w", i, len(row), cols, ErrRagged)
		}
		for j, x := range row {
			if math.IsNaN(x) || math.IsInf(x, 0) {
				return rowToCol, 0, fmt.Errorf("cell (%d,%d) = %v: %w", i, j, x, ErrNotFinite)
			}
		}
	}
	if cols == 0 {
		return rowToCol, 0, nil
	}
	transposed := rows > cols
	n, m := rows, cols
	if transposed {
		n, m = cols, rows
	}
	// cost(i, j) for 1-based i ≤ n, j ≤ m: negated weight, so that the
	// classic minimisation applies.
	cost := func(i, j int) float64 {
		if transposed {
			return -w[j-1][i-1]
		}
		return -w[i-1][j-1]
	}
	var (
		uBuf, vBuf, minvBuf [small + 1]float64
		pBuf, wayBuf        [small + 1]int
		usedBuf             [small + 1]bool
	)
	u, v, minv := uBuf[:], vBuf[:], minvBuf[:]
	p, way, used := pBuf[:], wayBuf[:], usedBuf[:]
	if m > small {
		u, v, minv = make([]float64, n+1), make([]float64, m+1), make([]float64, m+1)
		p, way, used = make([]int, m+1), make([]int, m+1), make([]bool, m+1)
	}
	for i := 1; i <= n; i++ {
		p[0] = i
		j0 := 0
		for j := 0; j <= m; j++ {
			minv[j] = math.Inf(1)
			used[j] = false
		}
		for {
			used[j0] = true
			i0, delta, j1 := p[j0], math.Inf(1), 0
			for j := 1; j <= m; j++ {
				if used[j] {
					continue
				}
				if cur := cost(i0, j) - u[i0] - v[j]; cur < minv[j] {
					minv[j], way[j] = cur, j0
				}
				if minv[j] < delta {
					delta, j1 = minv[j], j
				}
			}
			if j1 == 0 {
				// Unreachable for finite weights; guards against a hang.
				return rowToCol, 0, fmt.Errorf("assign: no augmenting column for row %d: %w", i, ErrNotFinite)
			}
			for j := 0; j <= m; j++ {
				if used[j] {
					u[p[j]] += delta
					v[j] -= delta
				} else {
					minv[j] -= delta
				}
			}
			j0 = j1
			if p[j0] == 0 {
				break
			}
		}
		for j0 != 0 {
			j1 := way[j0]
			p[j0] = p[j1]
			j0 = j1
		}
	}
	for j := 1; j <= m; j++ {
		if p[j] == 0 {
			continue
		}
		r, c := p[j]-1, j-1
		if transposed {
			r, c = c, r
		}
		rowToCol[r] = c
		total += w[r][c]
	}
	return rowToCol, total, nil
}
