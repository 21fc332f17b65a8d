package entities

import (
	"testing"
)

// TestCuratedNames checks that the names of the curated organisation layer are found where the
// tagger misses them, in their exact letter case only, and not in text written in capitals.
func TestCuratedNames(t *testing.T) {
	k := recordsKB(t,
		`{"id": "Q7804", "labels": {"en": "International Monetary Fund"}, "aliases": {"en": ["IMF"]}, "type": "ORG", "popularity": 0.9, "sources": ["nomen-orgs"]}`,
		`{"id": "Q7817", "labels": {"en": "World Health Organization"}, "aliases": {"en": ["WHO"]}, "type": "ORG", "popularity": 0.9, "sources": ["nomen-orgs"]}`,
		`{"id": "Q1", "labels": {"en": "ACME"}, "type": "ORG", "popularity": 0.9, "sources": ["other"]}`,
	)
	p := kbPipeline(t, k, false)
	tests := []struct {
		text      string
		want, not []string
	}{
		{"Officials of the IMF and the WHO met on Monday.", []string{"ORG:IMF", "ORG:WHO"}, nil},
		{"Who knows what the imf wants?", nil, []string{"Who", "imf"}},
		{"The International Monetary Fund cut its forecast for China.", []string{"ORG:International Monetary Fund"}, nil},
		{"the international monetary fund cut its forecast.", nil, []string{"international monetary fund"}},
		{"WHO WANTS TO HELP? asked the man.", nil, []string{"WHO"}},
		{"He works for ACME now.", nil, []string{"ACME"}}, // not of the curated layer (the tagger may still find it)
	}
	for _, tc := range tests {
		got := mentions(t, p, "eng", tc.text)
		if tc.text == "He works for ACME now." {
			p.noCurated = true
			alone := mentions(t, p, "eng", tc.text)
			p.noCurated = false
			if len(alone) != len(got) {
				t.Errorf("%q: the curated names added %v to %v", tc.text, got, alone)
			}
			continue
		}
		checkMentions(t, "eng", got, tc.want, tc.not)
	}
}
