package ner

import (
	"io"
	"testing"
)

func TestExchangeGroupsWordsWithTheSamePredecessors(t *testing.T) {
	const bos, the, a, cat, dog, sat, ran = 0, 1, 2, 3, 4, 5, 6
	bigrams := map[uint64]int32{}
	add := func(v, w int, n int32) { bigrams[uint64(v)<<32|uint64(w)] += n }
	for _, p := range [][2]int{{bos, the}, {bos, a}, {the, cat}, {the, dog}, {a, cat}, {a, dog},
		{cat, sat}, {cat, ran}, {dog, sat}, {dog, ran}, {sat, bos}, {ran, bos}} {
		add(p[0], p[1], 5)
	}
	class := exchange(bigrams, 7, 4, 10, io.Discard)
	for _, tc := range []struct {
		x, y int
		same bool
	}{
		{cat, dog, true}, {sat, ran, true}, {the, a, true},
		{cat, sat, false}, {the, cat, false}, {sat, the, false},
	} {
		if (class[tc.x] == class[tc.y]) != tc.same {
			t.Errorf("classes %v: words %d and %d together = %v, want %v", class, tc.x, tc.y, !tc.same, tc.same)
		}
	}
}

func TestBuildClustersCoversFrequentWords(t *testing.T) {
	var text [][]string
	for i := 0; i < 5; i++ {
		text = append(text, []string{"the", "cat", "sat"}, []string{"a", "dog", "ran"}, []string{"once"})
	}
	c := buildClusters(text, io.Discard)
	for _, w := range []string{"the", "cat", "ran"} {
		if f, k := c.classes(lowerHash(w)); f == 0 || k == 0 {
			t.Errorf("%q has no cluster", w)
		}
	}
	if f, _ := c.classes(lowerHash("never")); f != 0 {
		t.Errorf("unseen word has cluster %d", f)
	}
	var none *clusters
	if f, k := none.classes(lowerHash("the")); f != 0 || k != 0 {
		t.Error("nil clusters give a class")
	}
}
