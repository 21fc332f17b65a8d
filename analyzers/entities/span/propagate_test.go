package span

import (
	"reflect"
	"strings"
	"testing"
)

func TestPropagate(t *testing.T) {
	sp := func(a, b int, typ string, c float64) TokenSpan {
		return TokenSpan{Start: a, End: b, Type: typ, Confidence: c}
	}
	tests := []struct {
		name   string
		sents  []string
		tagged [][]TokenSpan
		want   [][]TokenSpan
	}{
		{
			name:   "a repeat is copied with the type and confidence of the surest tagging",
			sents:  []string{"Ray met Kim .", "Later Ray left .", "Ray ."},
			tagged: [][]TokenSpan{{sp(0, 1, "PER", 0.6), sp(2, 3, "PER", 0.9)}, nil, {sp(0, 1, "ORG", 0.7)}},
			want:   [][]TokenSpan{{sp(0, 1, "PER", 0.6), sp(2, 3, "PER", 0.9)}, {sp(1, 2, "ORG", 0.7)}, {sp(0, 1, "ORG", 0.7)}},
		},
		{
			name:   "names below the threshold teach nothing",
			sents:  []string{"Ray met Kim .", "Later Ray left ."},
			tagged: [][]TokenSpan{{sp(0, 1, "PER", 0.4)}, nil},
			want:   [][]TokenSpan{{sp(0, 1, "PER", 0.4)}, nil},
		},
		{
			name:   "no copy inside a longer capitalised run, nor in lower case",
			sents:  []string{"Ray met Kim .", "Ray Charles sang .", "the Sugar Ray show", "a ray of light", "Sugar Ray"},
			tagged: [][]TokenSpan{{sp(0, 1, "PER", 0.9)}, nil, nil, nil, nil},
			want:   [][]TokenSpan{{sp(0, 1, "PER", 0.9)}, nil, nil, nil, {sp(1, 2, "PER", 0.9)}},
		},
		{
			name:   "the longest name wins, and copies go between tagged names",
			sents:  []string{"New York is big .", "York is old .", "From New York to Paris ."},
			tagged: [][]TokenSpan{{sp(0, 2, "LOC", 0.95)}, {sp(0, 1, "LOC", 0.8)}, {sp(4, 5, "LOC", 0.99)}},
			want:   [][]TokenSpan{{sp(0, 2, "LOC", 0.95)}, {sp(0, 1, "LOC", 0.8)}, {sp(1, 3, "LOC", 0.95), sp(4, 5, "LOC", 0.99)}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sents := make([][]string, len(tt.sents))
			for i, s := range tt.sents {
				sents[i] = strings.Fields(s)
			}
			Propagate(sents, tt.tagged, 0.5)
			if !reflect.DeepEqual(tt.tagged, tt.want) {
				t.Errorf("got %v\nwant %v", tt.tagged, tt.want)
			}
		})
	}
}

// BenchmarkPropagate copies names over a 400-sentence document.
func BenchmarkPropagate(b *testing.B) {
	base := strings.Fields("Yesterday Ray Branning met Kim Fox and Denise in Walford , where Ray lives .")
	sents := make([][]string, 400)
	for i := range sents {
		sents[i] = base
	}
	first := []TokenSpan{{Start: 1, End: 3, Type: "PER", Confidence: 0.9}, {Start: 4, End: 6, Type: "PER", Confidence: 0.8}, {Start: 9, End: 10, Type: "LOC", Confidence: 0.7}, {Start: 12, End: 13, Type: "PER", Confidence: 0.6}}
	tagged := make([][]TokenSpan, len(sents))
	b.ReportAllocs()
	for b.Loop() {
		for i := range tagged {
			tagged[i] = tagged[i][:0]
		}
		tagged[0] = append(tagged[0], first...)
		Propagate(sents, tagged, 0.5)
	}
}
