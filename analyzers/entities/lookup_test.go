package entities

import (
	"testing"
)

// TestLookupForms checks that a name the knowledge base knows by another form than the
// text's (Arabic ل + ال, a Russian case ending) joins the entity of its known form, links to
// it, and is not the entity's representative mention when the known form occurs too.
func TestLookupForms(t *testing.T) {
	k := recordsKB(t,
		`{"id": "Q1028", "labels": {"en": "Morocco", "ar": "المغرب", "ru": "Марокко"}, "type": "LOC", "popularity": 0.9}`,
		`{"id": "Q900", "labels": {"en": "Kazan", "ru": "Казань"}, "type": "LOC", "popularity": 0.8}`,
	)
	p := kbPipeline(t, k, true)
	tests := []struct {
		lang, text, mention string
		offsets             []Offset
	}{
		{"ara", "سافر الوزير إلى المغرب ثم عاد للمغرب بعد أسبوع.", "المغرب", []Offset{{16, 22}, {30, 36}}},
		{"ara", "عاد الوزير للمغرب ثم زار المغرب.", "المغرب", []Offset{{11, 17}, {25, 31}}},
		{"rus", "Он жил в Казани. Мы любим Казань.", "Казань", []Offset{{9, 15}, {26, 32}}},
	}
	for _, link := range []bool{false, true} {
		for _, tc := range tests {
			res, err := p.Extract(tc.text, tc.lang, Options{Link: link})
			if err != nil {
				t.Fatal(err)
			}
			var found bool
			for _, e := range res.Entities {
				if e.Type != "LOC" {
					continue
				}
				found = true
				if e.Mention != tc.mention || len(e.Mentions) != len(tc.offsets) {
					t.Errorf("%s link=%v: entity %q with %d mentions, want %q with %d", tc.text, link, e.Mention, len(e.Mentions), tc.mention, len(tc.offsets))
					continue
				}
				for i, m := range e.Mentions {
					if m.Offset != tc.offsets[i] {
						t.Errorf("%s: mention %d at %v, want %v", tc.text, i, m.Offset, tc.offsets[i])
					}
				}
				if link && !e.Linked {
					t.Errorf("%s: %q not linked", tc.text, e.Mention)
				}
			}
			if !found {
				t.Errorf("%s link=%v: no place in %+v", tc.text, link, res.Entities)
			}
		}
	}
}
