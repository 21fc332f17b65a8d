package corpus

import (
	"bytes"
	"encoding/json"
	"reflect"
	"testing"

	"github.com/ulikunitz/xz"

	"github.com/nomenhq/nomen/analyzers/entities/span"
)

func TestWikiFairType(t *testing.T) {
	tests := []struct{ in, want string }{
		{"Q215627", span.PER},
		{"Q17537576|Q215627", span.PER}, // a fictional character in a creative work
		{"Q215627|Q43229", span.ORG},    // a band
		{"Q27096213|Q43229", span.LOC},  // a city
		{"Q2424752|Q27096213|Q43229", span.ORG},
		{"Q43229", span.ORG},
		{"Q17537576|Q431289", span.ORG}, // a record label
		{"Q1656682", ""},
		{"DATETIME", ""},
		{"OTHER", "?"},
	}
	for _, tt := range tests {
		if got := wikiFairType(tt.in); got != tt.want {
			t.Errorf("wikiFairType(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestIsWikiFairName(t *testing.T) {
	tests := []struct {
		in   string
		want bool
	}{
		{"Louis VIII", true}, {"He", false}, {"her", false}, {"the city", false},
		{"The song", false}, {"The Knack", true}, {"The", false}, {"", false}, {"It", false},
	}
	for _, tt := range tests {
		if got := isWikiFairName(tt.in); got != tt.want {
			t.Errorf("isWikiFairName(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

// wfLabel builds one Wiki-Fair label.
func wfLabel(id, s, e int, typ string, parent *int, children ...int) map[string]any {
	l := map[string]any{"id": id, "span": []int{s, e}, "entity_id": "Q1", "type": typ, "children": children}
	if parent != nil {
		l["parent"] = *parent
	}
	return l
}

func TestReadWikiFair(t *testing.T) {
	// Offsets are code points: "Müntzenberg" has a two-byte letter.
	text := "Intro not annotated. Louis VIII, Landgrave of Müntzenberg, was born in Darmstadt. " +
		"He signed the Treaty of Paris. Sasha Smith sang."
	eval := [2]int{21, len([]rune(text))}
	at := func(sub string) (int, int) {
		r, w := []rune(text), []rune(sub)
		for i := 0; i+len(w) <= len(r); i++ {
			if string(r[i:i+len(w)]) == sub {
				return i, i + len(w)
			}
		}
		t.Fatalf("%q not in text", sub)
		return 0, 0
	}
	p0, p4 := 0, 4
	var labels []map[string]any
	add := func(id int, sub, typ string, parent *int, children ...int) {
		s, e := at(sub)
		labels = append(labels, wfLabel(id, s, e, typ, parent, children...))
	}
	add(0, "Louis VIII, Landgrave of Müntzenberg", "Q215627", nil, 1, 2, 3)
	add(1, "Louis VIII", "Q215627", &p0)
	add(2, "Landgrave", "Q4164871", &p0)
	add(3, "Müntzenberg", "Q27096213|Q43229", &p0)
	add(4, "Treaty of Paris", "Q1656682", nil, 5)
	add(5, "Paris", "Q27096213", &p4)
	add(6, "Darmstadt", "Q27096213|Q43229", nil)
	add(7, "He", "Q215627", nil)
	add(8, "Sasha Smith", "OTHER", nil)
	art := map[string]any{"text": text, "evaluation_span": eval, "labels": labels}

	var buf bytes.Buffer
	w, err := xz.NewWriter(&buf)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 2; i++ {
		if err := json.NewEncoder(w).Encode(art); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	sents, err := readWikiFair(bytes.NewReader(buf.Bytes()), 2, 1)
	if err != nil {
		t.Fatal(err)
	}
	// The second article only; the sentence naming Sasha Smith (unknown type) is left out.
	if len(sents) != 2 {
		t.Fatalf("got %d sentences, want 2: %+v", len(sents), sents)
	}
	want := []span.TokenSpan{ts(0, 2, span.PER), ts(5, 6, span.LOC), ts(10, 11, span.LOC)}
	if !reflect.DeepEqual(sents[0].Spans, want) {
		t.Errorf("first sentence %q: spans %+v, want %+v", sents[0].Words, sents[0].Spans, want)
	}
	if len(sents[1].Spans) != 0 {
		t.Errorf("second sentence %q: spans %+v, want none (Paris is inside a treaty name)", sents[1].Words, sents[1].Spans)
	}
}
