package events

import (
	"os"
	"strings"
	"testing"
)

func mustDefault(t testing.TB) *Registry {
	t.Helper()
	r, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// ents finds the given entity texts in text (a stand-in for package entities).
func ents(text string, typed map[string]string) []Entity {
	var out []Entity
	runes := []rune(text)
	for mention, typ := range typed {
		m := []rune(mention)
		for i := 0; i+len(m) <= len(runes); i++ {
			if string(runes[i:i+len(m)]) == mention {
				out = append(out, Entity{Start: i, End: i + len(m), Type: typ, ID: "T-" + mention, Confidence: 0.9})
			}
		}
	}
	return out
}

func TestExtract(t *testing.T) {
	r := mustDefault(t)
	cases := []struct {
		name, ws, lang, text string
		typed                map[string]string
		neg                  string
		want                 []string // "key|role=text|..." per event, roles in text order
		negated              []bool
	}{
		{"acquisition", "acquisition-eng", "eng", "Microsoft acquired GitHub for $7.5 billion in June 2018.",
			map[string]string{"Microsoft": "ORG", "GitHub": "ORG", "$7.5 billion": "MONEY", "June 2018": "DATE"}, "",
			[]string{"acquired|acquirer=Microsoft|acquired=GitHub|price=$7.5 billion|date=June 2018"}, []bool{false}},
		{"negated", "acquisition-eng", "eng", "Google did not buy Yahoo.",
			map[string]string{"Google": "ORG", "Yahoo": "ORG"}, "both",
			[]string{"buy|acquirer=Google|acquired=Yahoo"}, []bool{true}},
		{"only positive drops negated", "acquisition-eng", "eng", "Google did not buy Yahoo.",
			map[string]string{"Google": "ORG", "Yahoo": "ORG"}, "only_positive", nil, nil},
		{"only negative keeps negated", "acquisition-eng", "eng", "Google did not buy Yahoo.",
			map[string]string{"Google": "ORG", "Yahoo": "ORG"}, "only_negative",
			[]string{"buy|acquirer=Google|acquired=Yahoo"}, []bool{true}},
		{"missing required role", "acquisition-eng", "eng", "Microsoft acquired a small startup.",
			map[string]string{"Microsoft": "ORG"}, "", nil, nil},
		{"roles stay in their sentence", "acquisition-eng", "eng", "Microsoft is big. It acquired GitHub.",
			map[string]string{"Microsoft": "ORG", "GitHub": "ORG"}, "", nil, nil},
		{"multi-word key phrase", "acquisition-eng", "eng", "Verizon took over Yahoo in 2017.",
			map[string]string{"Verizon": "ORG", "Yahoo": "ORG", "2017": "DATE"}, "",
			[]string{"took over|acquirer=Verizon|acquired=Yahoo|date=2017"}, []bool{false}},
		{"morphological role", "appointment-eng", "eng", "Acme appointed Jane Doe as its new director.",
			map[string]string{"Acme": "ORG", "Jane Doe": "PER"}, "",
			[]string{"appointed|organization=Acme|person=Jane Doe|position=director"}, []bool{false}},
		{"two events", "travel-eng", "eng", "Angela Merkel visited Paris. Barack Obama flew to Havana.",
			map[string]string{"Angela Merkel": "PER", "Paris": "LOC", "Barack Obama": "PER", "Havana": "LOC"}, "",
			[]string{"visited|traveler=Angela Merkel|destination=Paris", "flew to|traveler=Barack Obama|destination=Havana"}, []bool{false, false}},
		{"German verb-final", "acquisition-deu", "deu", "Bayer hat Monsanto übernommen.",
			map[string]string{"Bayer": "ORG", "Monsanto": "ORG"}, "",
			[]string{"übernommen|acquirer=Bayer|acquired=Monsanto"}, []bool{false}},
		{"passive voice swaps the sides of the required roles", "acquisition-eng", "eng", "Activision was acquired by Microsoft for $69 billion.",
			map[string]string{"Microsoft": "ORG", "Activision": "ORG", "$69 billion": "MONEY"}, "",
			[]string{"acquired|acquired=Activision|acquirer=Microsoft|price=$69 billion"}, []bool{false}},
		{"passive with adverbs and negation", "travel-eng", "eng", "Paris was never visited by Angela Merkel.",
			map[string]string{"Paris": "LOC", "Angela Merkel": "PER"}, "",
			[]string{"visited|destination=Paris|traveler=Angela Merkel"}, []bool{true}},
		{"a base form after be is no passive", "acquisition-eng", "eng", "Microsoft is to buy Activision.",
			map[string]string{"Microsoft": "ORG", "Activision": "ORG"}, "",
			[]string{"buy|acquirer=Microsoft|acquired=Activision"}, []bool{false}},
		{"an untagged proper-noun run fills a name role", "acquisition-eng", "eng", "Microsoft acquired Activision Blizzard.",
			map[string]string{"Microsoft": "ORG"}, "",
			[]string{"acquired|acquirer=Microsoft|acquired=Activision Blizzard"}, []bool{false}},
		{"a run keeps a leading ordinal", "acquisition-eng", "eng", "Disney agreed to buy 21st Century Fox.",
			map[string]string{"Disney": "ORG"}, "",
			[]string{"buy|acquirer=Disney|acquired=21st Century Fox"}, []bool{false}},
		{"weekday names are no name run", "acquisition-eng", "eng", "Microsoft acquired it on Monday.",
			map[string]string{"Microsoft": "ORG"}, "", nil, nil},
		{"a role of persons alone takes no run", "appointment-eng", "eng", "Acme appointed Smithers as director.",
			map[string]string{"Acme": "ORG"}, "", nil, nil},
		{"other language: no events", "acquisition-eng", "deu", "Bayer kauft Monsanto.",
			map[string]string{"Bayer": "ORG", "Monsanto": "ORG"}, "", nil, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			w, ok := r.Get(c.ws)
			if !ok {
				t.Fatalf("no workspace %s", c.ws)
			}
			d, err := NewDoc(c.text, c.lang, ents(c.text, c.typed))
			if err != nil {
				t.Fatal(err)
			}
			got := w.Extract(d, c.neg)
			if len(got) != len(c.want) {
				t.Fatalf("got %d events %+v, want %d", len(got), got, len(c.want))
			}
			for i, e := range got {
				parts := []string{e.Mention.Text}
				for _, rm := range e.Mention.Roles[1:] {
					parts = append(parts, rm.Name+"="+rm.Text)
				}
				if s := strings.Join(parts, "|"); s != c.want[i] {
					t.Errorf("event %d: got %s, want %s", i, s, c.want[i])
				}
				if e.Mention.Negated != c.negated[i] {
					t.Errorf("event %d: negated %v", i, e.Mention.Negated)
				}
				if e.Confidence <= 0 || e.Confidence > 1 {
					t.Errorf("confidence %v", e.Confidence)
				}
			}
		})
	}
}

// TestFallbackConfidence checks that a role filled by an untagged run carries the fixed
// fallback confidence, and the event the smallest confidence of its required roles.
func TestFallbackConfidence(t *testing.T) {
	w, ok := mustDefault(t).Get("acquisition-eng")
	if !ok {
		t.Fatal("no acquisition-eng")
	}
	text := "Microsoft acquired Activision Blizzard."
	d, err := NewDoc(text, "eng", ents(text, map[string]string{"Microsoft": "ORG"}))
	if err != nil {
		t.Fatal(err)
	}
	got := w.Extract(d, "")
	if len(got) != 1 {
		t.Fatalf("got %+v", got)
	}
	if got[0].Confidence != fallbackConfidence {
		t.Errorf("event confidence %v, want %v", got[0].Confidence, fallbackConfidence)
	}
	for _, r := range got[0].Mention.Roles {
		if r.Name == "acquired" && (r.Confidence != fallbackConfidence || r.ID != "Activision Blizzard") {
			t.Errorf("acquired role %+v", r)
		}
	}
}

func TestParseErrors(t *testing.T) {
	cases := map[string]string{
		"not json":        `{`,
		"unknown field":   `{"workspaceId":"a","language":"eng","eventType":"E","keyPhrases":["x"],"bogus":1}`,
		"no id":           `{"language":"eng","eventType":"E","keyPhrases":["x"]}`,
		"bad language":    `{"workspaceId":"a","language":"xxx","eventType":"E","keyPhrases":["x"]}`,
		"no key phrase":   `{"workspaceId":"a","language":"eng","eventType":"E","keyPhrases":[]}`,
		"role named key":  `{"workspaceId":"a","language":"eng","eventType":"E","keyPhrases":["x"],"roles":[{"name":"key","extractors":[{"kind":"exact","words":["y"]}]}]}`,
		"bad kind":        `{"workspaceId":"a","language":"eng","eventType":"E","keyPhrases":["x"],"roles":[{"name":"r","extractors":[{"kind":"vector","words":["y"]}]}]}`,
		"entity no types": `{"workspaceId":"a","language":"eng","eventType":"E","keyPhrases":["x"],"roles":[{"name":"r","extractors":[{"kind":"entity"}]}]}`,
		"bad position":    `{"workspaceId":"a","language":"eng","eventType":"E","keyPhrases":["x"],"roles":[{"name":"r","position":"near","extractors":[{"kind":"exact","words":["y"]}]}]}`,
	}
	for name, src := range cases {
		if _, err := Parse([]byte(src)); err == nil {
			t.Errorf("%s: want an error", name)
		}
	}
}

func TestLoadDirOverrides(t *testing.T) {
	dir := t.TempDir()
	src := `{"workspaceId":"travel-eng","language":"eng","eventType":"Trip","keyPhrases":["go to"],
	  "roles":[{"name":"who","required":true,"extractors":[{"kind":"entity","entityTypes":["PER"]}]}]}`
	if err := writeFile(dir+"/travel.json", src); err != nil {
		t.Fatal(err)
	}
	r, err := LoadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	w, _ := r.Get("travel-eng")
	if w.EventType != "Trip" || len(r.Workspaces()) != len(mustDefault(t).Workspaces()) {
		t.Errorf("override not applied: %+v", w)
	}
	if err := writeFile(dir+"/bad.json", `{"workspaceId":""}`); err != nil {
		t.Fatal(err)
	}
	if _, err := LoadDir(dir); err == nil {
		t.Error("want an error for a bad workspace file")
	}
}

func FuzzParse(f *testing.F) {
	f.Add([]byte(`{"workspaceId":"a","language":"eng","eventType":"E","keyPhrases":["x"],"roles":[{"name":"r","extractors":[{"kind":"exact","words":["y"]}]}]}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		w, err := Parse(b)
		if err != nil {
			return
		}
		d, err := NewDoc("x y x y", w.Language, nil)
		if err == nil {
			_ = w.Extract(d, NegBoth)
		}
	})
}

func FuzzExtract(f *testing.F) {
	r := mustDefault(f)
	f.Add("Microsoft acquired GitHub for $7.5 billion.", 0, 9, 19, 25)
	f.Fuzz(func(t *testing.T, text string, a, b, c, d int) {
		doc, err := NewDoc(text, "eng", []Entity{{Start: a, End: b, Type: "ORG"}, {Start: c, End: d, Type: "ORG"}})
		if err != nil {
			return
		}
		for _, w := range r.Workspaces() {
			for _, e := range w.Extract(doc, NegBoth) {
				for _, rm := range e.Mention.Roles {
					if rm.Start > rm.End {
						t.Fatalf("bad role span %+v", rm)
					}
				}
			}
		}
	})
}

func BenchmarkExtract(b *testing.B) {
	r := mustDefault(b)
	text := "Microsoft acquired GitHub for $7.5 billion in June 2018. Angela Merkel visited Paris on Monday."
	e := ents(text, map[string]string{"Microsoft": "ORG", "GitHub": "ORG", "$7.5 billion": "MONEY", "June 2018": "DATE", "Angela Merkel": "PER", "Paris": "LOC"})
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		d, _ := NewDoc(text, "eng", e)
		for _, w := range r.Workspaces() {
			_ = w.Extract(d, NegBoth)
		}
	}
}

func writeFile(path, s string) error { return os.WriteFile(path, []byte(s), 0o644) }

// TestSemanticExtractor checks that a semantic extractor of an English workspace matches the
// words most similar to its words, with their similarity as the role's confidence.
func TestSemanticExtractor(t *testing.T) {
	w, err := Parse([]byte(`{"workspaceId":"drive","language":"eng","eventType":"DRIVE","keyPhrases":["drive"],
		"roles":[{"name":"vehicle","required":true,"position":"after","extractors":[{"kind":"semantic","words":["car"]}]}]}`))
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		text, want string
		exact      bool
	}{
		{"She drove the automobile to Boston.", "automobile", false},
		{"She drove her cars home.", "cars", true},
		{"She drove the banana to Boston.", "", false},
	}
	for _, c := range cases {
		d, err := NewDoc(c.text, "eng", nil)
		if err != nil {
			t.Fatal(err)
		}
		evs := w.Extract(d, "")
		if c.want == "" {
			if len(evs) != 0 {
				t.Errorf("%q: %d events, want none", c.text, len(evs))
			}
			continue
		}
		if len(evs) != 1 || len(evs[0].Mention.Roles) != 2 {
			t.Fatalf("%q: events %+v", c.text, evs)
		}
		r := evs[0].Mention.Roles[1]
		if r.Text != c.want || (c.exact != (r.Confidence == 1)) || r.Confidence <= 0 || r.Confidence > 1 {
			t.Errorf("%q: role %q confidence %.3f, want %q (exact lemma match: %v)", c.text, r.Text, r.Confidence, c.want, c.exact)
		}
		if evs[0].Confidence != r.Confidence {
			t.Errorf("%q: event confidence %.3f, want the role's %.3f", c.text, evs[0].Confidence, r.Confidence)
		}
	}
}
