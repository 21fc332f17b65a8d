package perceptron

import (
	"errors"
	"testing"
)

func TestAverage(t *testing.T) {
	a := &Model{Classes: []string{"x", "y"}, index: map[uint64]int32{1: 0, 2: 2}, w: []float32{2, 0, 4, -2}}
	b := &Model{Classes: []string{"x", "y"}, index: map[uint64]int32{2: 0, 3: 2}, w: []float32{0, 2, 6, 6}}
	m, err := Average(a, b)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		feats []uint64
		want  []float32
	}{
		{[]uint64{1}, []float32{1, 0}},
		{[]uint64{2}, []float32{2, 0}},
		{[]uint64{3}, []float32{3, 3}},
		{[]uint64{1, 2, 3, 4}, []float32{6, 3}},
	} {
		got := make([]float32, 2)
		m.Scores(tc.feats, got)
		if got[0] != tc.want[0] || got[1] != tc.want[1] {
			t.Errorf("Scores(%v) = %v, want %v", tc.feats, got, tc.want)
		}
	}
	if _, err := Average(a, &Model{Classes: []string{"x", "z"}}); !errors.Is(err, ErrClasses) {
		t.Errorf("Average with other classes: %v, want ErrClasses", err)
	}
	if _, err := Average(); err == nil {
		t.Error("Average(): no error")
	}
}
