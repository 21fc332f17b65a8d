package address

import (
	"bytes"
	"io"
	"testing"
)

func TestInsertHyp(t *testing.T) {
	tests := []struct {
		name   string
		scores []float32
		k      int
		want   []float32
	}{
		{"fills up to k", []float32{1, 3, 2}, 4, []float32{3, 2, 1}},
		{"keeps the best k", []float32{1, 5, 2, 4, 3}, 3, []float32{5, 4, 3}},
		{"ties keep the earlier", []float32{2, 2, 2}, 2, []float32{2, 2}},
		{"worse than a full beam is dropped", []float32{5, 4, 1}, 2, []float32{5, 4}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var beam []thyp
			for i, s := range tt.scores {
				beam = insertHyp(beam, tt.k, thyp{score: s, back: i})
			}
			if len(beam) != len(tt.want) {
				t.Fatalf("beam %v, want scores %v", beam, tt.want)
			}
			for i, h := range beam {
				if h.score != tt.want[i] {
					t.Fatalf("beam %v, want scores %v", beam, tt.want)
				}
			}
			if tt.name == "ties keep the earlier" && (beam[0].back != 0 || beam[1].back != 1) {
				t.Fatalf("ties reordered: %v", beam)
			}
		})
	}
}

// TestTrainModelBeam trains the structured tagger on a few addresses and checks that it
// parses them back and that training is deterministic.
func TestTrainModelBeam(t *testing.T) {
	lex := newLexicon()
	raw := [][]segment{
		{{"", "221B", int(HouseNumber)}, {" ", "Baker Street", int(Road)}, {", ", "London", int(City)}, {" ", "NW1 6XE", int(PostCode)}},
		{{"", "10", int(HouseNumber)}, {" ", "Downing Street", int(Road)}, {", ", "London", int(City)}, {" ", "SW1A 2AA", int(PostCode)}},
		{{"", "Hauptstraße", int(Road)}, {" ", "5", int(HouseNumber)}, {", ", "10115", int(PostCode)}, {" ", "Berlin", int(City)}},
		{{"", "Kaiserstraße", int(Road)}, {" ", "12", int(HouseNumber)}, {", ", "60311", int(PostCode)}, {" ", "Frankfurt", int(City)}},
		{{"", "Café Central", int(House)}, {", ", "Herrengasse", int(Road)}, {" ", "14", int(HouseNumber)}, {", ", "Wien", int(City)}},
	}
	var exs []example
	for _, segs := range raw {
		exs = append(exs, buildExample(segs, lex))
	}
	train := func() []byte {
		var buf bytes.Buffer
		if _, err := trainModelBeam(exs, lex, 4, 1, 0, io.Discard).WriteTo(&buf); err != nil {
			t.Fatal(err)
		}
		return buf.Bytes()
	}
	model := train()
	if !bytes.Equal(model, train()) {
		t.Fatal("two trainings on the same addresses differ")
	}
	sc, classes, err := newScorer(model)
	if err != nil {
		t.Fatal(err)
	}
	p, err := newParser(classes, sc, lex)
	if err != nil {
		t.Fatal(err)
	}
	for i, segs := range raw {
		got, err := p.Parse(exs[i].text)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range segs {
			if v := got.Get(Field(s.field)); v != s.text {
				t.Errorf("%q: %s = %q, want %q", exs[i].text, fieldNames[s.field], v, s.text)
			}
		}
	}
}
