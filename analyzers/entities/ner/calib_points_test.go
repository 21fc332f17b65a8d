package ner

import (
	"math"
	"strings"
	"testing"
)

func TestLogLossAndReliability(t *testing.T) {
	tests := []struct {
		name     string
		pts      []calPoint
		wantLoss float64
		wantECE  float64
		wantRows int
	}{
		{"empty", nil, 0, 0, 0},
		{"perfectly calibrated bin", []calPoint{{0.5, true}, {0.5, false}}, 2 * math.Log(2), 0, 1},
		{"over-confident", []calPoint{{0.96, false}, {0.96, false}}, -2 * math.Log(0.04), 0.96, 1},
		{"two bins", []calPoint{{0.2, false}, {1, true}}, -math.Log(0.8) - math.Log(1-1e-6), 0.1, 2},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := logLoss(tc.pts); math.Abs(got-tc.wantLoss) > 1e-9 {
				t.Errorf("logLoss = %v, want %v", got, tc.wantLoss)
			}
			var b strings.Builder
			if got := reliability(&b, tc.pts); math.Abs(got-tc.wantECE) > 1e-9 {
				t.Errorf("ECE = %v, want %v", got, tc.wantECE)
			}
			if rows := strings.Count(b.String(), "\n"); rows != tc.wantRows {
				t.Errorf("table has %d rows, want %d:\n%s", rows, tc.wantRows, b.String())
			}
		})
	}
	if keep := typeSet([]string{"PER", "LOC"}); !keep["PER"] || !keep["LOC"] || keep["ORG"] {
		t.Errorf("typeSet = %v", keep)
	}
}
