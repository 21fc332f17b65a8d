package entities

import (
	"testing"

	"github.com/nomenhq/nomen/analyzers/entities/span"
)

func TestMergeAdjacentPersons(t *testing.T) {
	text := []rune("Emmanuel Macron, Westra Nijhuis en Jan")
	per := func(s, e int, src string) span.Span {
		return span.Span{Start: s, End: e, Type: span.PER, Confidence: 0.8, Source: src}
	}
	tests := []struct {
		name string
		in   []span.Span
		want [][2]int
	}{
		{"two tagger names with a space between", []span.Span{per(0, 8, span.SourceStatistical), per(9, 15, span.SourceStatistical)}, [][2]int{{0, 15}}},
		{"a comma between", []span.Span{per(9, 15, span.SourceStatistical), per(17, 23, span.SourceStatistical)}, [][2]int{{9, 15}, {17, 23}}},
		{"a knowledge-base name is left alone", []span.Span{per(17, 23, span.SourceStatistical), per(24, 31, span.SourceKB)}, [][2]int{{17, 23}, {24, 31}}},
		{"a word between", []span.Span{per(24, 31, span.SourceStatistical), per(35, 38, span.SourceStatistical)}, [][2]int{{24, 31}, {35, 38}}},
		{"other types", []span.Span{{Start: 0, End: 8, Type: span.LOC, Source: span.SourceStatistical}, per(9, 15, span.SourceStatistical)}, [][2]int{{0, 8}, {9, 15}}},
	}
	for _, tc := range tests {
		got := mergeAdjacentPersons(append([]span.Span(nil), tc.in...), text)
		if len(got) != len(tc.want) {
			t.Errorf("%s: got %v", tc.name, got)
			continue
		}
		for i, w := range tc.want {
			if got[i].Start != w[0] || got[i].End != w[1] {
				t.Errorf("%s: span %d = [%d,%d), want %v", tc.name, i, got[i].Start, got[i].End, w)
			}
		}
	}
}
