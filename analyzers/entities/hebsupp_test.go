package entities

import (
	"reflect"
	"strings"
	"testing"
)

// TestHebrewKBSupplement checks that Hebrew, which has a statistical tagger, also gets the
// knowledge-base names the tagger misses (kbSupplement), without overlapping its names.
func TestHebrewKBSupplement(t *testing.T) {
	k := recordsKB(t,
		`{"id": "Q22686", "labels": {"en": "Donald Trump", "he": "דונלד טראמפ"}, "type": "PER", "popularity": 0.95, "classes": ["Q5"]}`,
		`{"id": "Q1218", "labels": {"en": "Jerusalem", "he": "ירושלים"}, "type": "LOC", "popularity": 0.95}`,
		`{"id": "Q999999999", "labels": {"en": "Zuglandia", "he": "זוגלנדיה"}, "type": "LOC", "popularity": 0.95}`,
	)
	// The knowledge-base path strips prefix letters: "ובירושלים" (and in Jerusalem).
	checkMentions(t, "heb", mentions(t, kbPipeline(t, k, true), "heb", "הם גרים ובירושלים."), []string{"LOC:ירושלים"}, []string{"LOC:ובירושלים"})
	p := kbPipeline(t, k, false)
	// A made-up place only the knowledge base knows.
	text := "אתמול נפגש השר עם משלחת מזוגלנדיה."
	got := mentions(t, p, "heb", text)
	checkMentions(t, "heb", got, []string{"LOC:זוגלנדיה"}, nil)
	p.noSupplement = true
	alone := mentions(t, p, "heb", text)
	if strings.Contains(strings.Join(alone, "|"), "זוגלנדיה") {
		t.Skip("the tagger finds the name itself; the supplement is not exercised")
	}
	for _, m := range alone {
		if !strings.Contains("|"+strings.Join(got, "|")+"|", "|"+m+"|") {
			t.Errorf("tagger name %s lost with the supplement: %v", m, got)
		}
	}
}

// TestNamePrefixes checks the readings of a word as prefix letters + name.
func TestNamePrefixes(t *testing.T) {
	tests := []struct {
		word, lang string
		want       []namePrefix
	}{
		{"ובתל", "heb", []namePrefix{{skip: 1}, {skip: 2}}},
		{"בירושלים", "heb", []namePrefix{{skip: 1}}},
		{"בת", "heb", nil}, // two letters must remain
		{"וبغداد", "ara", nil},
		{"وبغداد", "ara", []namePrefix{{skip: 1}, {skip: 2}}}, // و+ب, both prefix letters
		{"للمغرب", "ara", []namePrefix{{skip: 1}, {skip: 2, article: "ال"}, {skip: 2}}},
		{"وللأردن", "ara", []namePrefix{{skip: 1}, {skip: 2}, {skip: 3, article: "ال"}}},
		{"Berlin", "deu", nil},
	}
	for _, tc := range tests {
		if got := namePrefixes(tc.word, tc.lang); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("namePrefixes(%q, %s) = %v, want %v", tc.word, tc.lang, got, tc.want)
		}
	}
}
