package entities

import (
	"strings"
	"testing"

	"github.com/nomenhq/nomen/analyzers/entities/span"
	"github.com/nomenhq/nomen/analyzers/tokenize"
)

func TestInitials(t *testing.T) {
	for _, tc := range []struct{ name, want string }{
		{"Coalition Provisional Authority", "CPA"},
		{"Housing Authority of New Orleans", "HANO"},
		{"Department of Housing and Urban Development", "DHUD"},
		{"Organisation for Economic Co-operation and Development", "OECD"},
		{"International Space Station", "ISS"},
		{"Museum of Modern and Contemporary Art", "MMCA"},
		{"Bank with something", ""}, // a long lower-case word
		{"3M Company", ""},
		{"Paris", "P"},
		{"A B C D E F G", "ABCDEFG"},
		{"A B C D E F G H", ""}, // longer than any acronym read
	} {
		var out [acronymMax]rune
		n := initials([]rune(tc.name), &out)
		if got := string(out[:n]); got != tc.want {
			t.Errorf("initials(%q) = %q, want %q", tc.name, got, tc.want)
		}
	}
}

func TestAcronymNames(t *testing.T) {
	for _, tc := range []struct {
		text  string
		names []string // TYPE:name, found in the text in order
		want  []string // TYPE:mention added
	}{
		{"The Coalition Provisional Authority closed. Later the CPA reopened, and the CPA said so.",
			[]string{"ORG:Coalition Provisional Authority"}, []string{"ORG:CPA", "ORG:CPA"}},
		{"Flights to the ISS. The International Space Station is old.",
			[]string{"LOC:International Space Station"}, []string{"LOC:ISS"}},
		// Persons' initials are not read; a word in capitals already in a name stays.
		{"John Fitzgerald Kennedy met JFK.", []string{"PER:John Fitzgerald Kennedy"}, nil},
		{"Coalition Provisional Authority and CPA Holdings", []string{"ORG:Coalition Provisional Authority", "ORG:CPA Holdings"}, nil},
		// Two names of different types spell it: neither.
		{"Central Park Avenue and the Central Park Association: CPA.", []string{"LOC:Central Park Avenue", "ORG:Central Park Association"}, nil},
		// Only words in capitals.
		{"The Coalition Provisional Authority and Cpa.", []string{"ORG:Coalition Provisional Authority"}, nil},
	} {
		runes := []rune(tc.text)
		spans := taggedSpans(t, tc.text, tc.names)
		for i := range spans {
			spans[i].Confidence = 0.8
		}
		got := acronymNames(spans, runes, tokenize.Tokens(tc.text, "eng"))
		var added []string
		for _, s := range got {
			if s.Source == span.SourceAcronym {
				added = append(added, s.Type+":"+string(runes[s.Start:s.End]))
				if s.Lookup == "" || initialsOf(s.Lookup) != string(runes[s.Start:s.End]) {
					t.Errorf("%q: lookup %q does not spell %q", tc.text, s.Lookup, string(runes[s.Start:s.End]))
				}
				if s.Confidence != 0.8 {
					t.Errorf("%q: confidence %v, want the name's 0.8", tc.text, s.Confidence)
				}
			}
		}
		if strings.Join(added, "|") != strings.Join(tc.want, "|") {
			t.Errorf("%q: added %v, want %v", tc.text, added, tc.want)
		}
		for i := 1; i < len(got); i++ {
			if got[i].Start < got[i-1].Start {
				t.Errorf("%q: spans not sorted", tc.text)
			}
		}
	}
}

func initialsOf(name string) string {
	var out [acronymMax]rune
	return string(out[:initials([]rune(name), &out)])
}

// TestAcronymJoinsEntity checks end to end that an acronym is a mention of the entity of the
// name it spells.
func TestAcronymJoinsEntity(t *testing.T) {
	m, err := Default("", nil)
	if err != nil {
		t.Fatal(err)
	}
	res, err := New(m).Extract("The Coalition Provisional Authority met on Monday. Later the CPA left Baghdad.", "eng", Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range res.Entities {
		if e.Mention == "CPA" {
			t.Errorf("the acronym is an entity of its own: %+v", res.Entities)
		}
		if e.Mention == "Coalition Provisional Authority" && (e.Type != span.ORG || len(e.Mentions) != 2) {
			t.Errorf("entity %+v, want an ORG with 2 mentions", e)
		}
	}
}
