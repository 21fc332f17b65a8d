package ner

import (
	"strings"
	"testing"
)

func TestCapRun(t *testing.T) {
	freq := map[uint32]uint8{}
	for _, w := range []string{"de", "o", "of", "the", "em", "a"} {
		freq[uint32(lowerHash(w)>>32)] = 9
	}
	for _, tc := range []struct {
		sent       string
		i          int
		start, end int
		ok         bool
	}{
		{"o Banco de o Brasil abriu", 1, 1, 4, true},
		{"o Banco de o Brasil abriu", 2, 1, 4, true},
		{"o Banco de o Brasil abriu", 4, 1, 4, true},
		{"o Banco de o Brasil abriu", 5, 0, 0, false},
		{"o Banco de o Brasil abriu", 0, 0, 0, false},
		{"Bank of the West and the East", 0, 0, 3, true},
		{"Bank of the West and the East", 4, 0, 0, false}, // "and" is no connector here
		{"went to New York City today", 3, 2, 4, true},
		{"de o de Lisboa", 1, 0, 0, false},
	} {
		var infos []wordInfo
		var lower []rune
		for _, w := range strings.Fields(tc.sent) {
			var in wordInfo
			in, lower = analyze(w, lower, func(h uint64) uint8 { return freq[uint32(h>>32)] })
			infos = append(infos, in)
		}
		s, e, ok := capRun(infos, tc.i)
		if ok != tc.ok || (ok && (s != tc.start || e != tc.end)) {
			t.Errorf("capRun(%q, %d) = %d, %d, %v; want %d, %d, %v", tc.sent, tc.i, s, e, ok, tc.start, tc.end, tc.ok)
		}
	}
}
