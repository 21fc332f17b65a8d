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

func TestPruneTo(t *testing.T) {
	m := &Model{Classes: []string{"a", "b"}, index: map[uint64]int32{1: 0, 2: 2, 3: 4, 4: 6},
		w: []float32{0.5, -3, 1, 1, 0, 0, -2, 0.1}}
	for _, tc := range []struct {
		max  int
		want []uint64
	}{{0, nil}, {1, []uint64{1}}, {2, []uint64{1, 4}}, {3, []uint64{1, 2, 4}}, {9, []uint64{1, 2, 4}}} {
		p := m.PruneTo(tc.max)
		if p.NumFeatures() != len(tc.want) {
			t.Fatalf("max %d: %d features, want %d", tc.max, p.NumFeatures(), len(tc.want))
		}
		for _, f := range tc.want {
			off, ok := p.index[f]
			if !ok {
				t.Fatalf("max %d: feature %d dropped", tc.max, f)
			}
			if got, want := p.w[off:off+2], m.w[m.index[f]:m.index[f]+2]; got[0] != want[0] || got[1] != want[1] {
				t.Fatalf("max %d: feature %d weights %v, want %v", tc.max, f, got, want)
			}
		}
	}
}
