package morph

import (
	"fmt"
	"os"
	"sort"
	"testing"
)

// envScan reads the environment variable name, when it is set, into dst with
// fmt.Sscan (the overrides of the manual tuning tests) and reports whether it
// was set.
func envScan(name string, dst any) bool {
	v := os.Getenv(name)
	if v == "" {
		return false
	}
	fmt.Sscan(v, dst)
	return true
}

// segInputs reads the segmenter's extra token-only sentences and word
// frequencies of tb for the manual tuning tests, failing t on error.
func segInputs(t *testing.T, dataDir string, tb treebank) ([]sentence, map[string]int) {
	t.Helper()
	segExtra, err := readSegExtra(dataDir, tb)
	if err != nil {
		t.Fatal(err)
	}
	freq, err := readSegFreq(dataDir, tb)
	if err != nil {
		t.Fatal(err)
	}
	return segExtra, freq
}

// foldModel builds lang's model from the training sentences of a tuning
// fold, with its own segmenter (segExtra and segFreq as from segInputs).
func foldModel(lang string, tb treebank, train, segExtra []sentence, segFreq map[string]int) *langModel {
	m := buildModel(lang, train, nil, segExtra, tb, freqFor(lang), wordNet{})
	m.lang = lang
	m.lem.freq = freqFor(lang)
	m.seg = trainSegmenter(lang, train, segExtra, segFreq)
	return m
}

// countKV is a key and its count.
type countKV struct {
	k string
	v int
}

// byCount lists the keys of c by falling count, ties by key.
func byCount(c map[string]int) []countKV {
	l := make([]countKV, 0, len(c))
	for k, v := range c {
		l = append(l, countKV{k, v})
	}
	sort.Slice(l, func(i, j int) bool { return l[i].v > l[j].v || (l[i].v == l[j].v && l[i].k < l[j].k) })
	return l
}
