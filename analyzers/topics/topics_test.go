package topics

import (
	"errors"
	"math"
	"reflect"
	"strings"
	"testing"
)

func TestParseEntityField(t *testing.T) {
	tests := []struct {
		name, in string
		want     []entityEvent
	}{
		{"open", "(1-abstract-new-nnnnn-cf1-2-sgl", []entityEvent{{"1", true, false, ""}}},
		{"open with identity", "(8-organization-new-nnnnn-cf3-3,5,6-sgl-University_of_Portsmouth", []entityEvent{{"8", true, false, "University_of_Portsmouth"}}},
		{"close", "1)", []entityEvent{{"1", false, true, ""}}},
		{"open and single", "(4-abstract-new-sssss-cf2-3-coref(5-object-new-sssss-cf3-1-coref)", []entityEvent{{"4", true, false, ""}, {"5", true, true, ""}}},
		{"two closes", "4)3)", []entityEvent{{"4", false, true, ""}, {"3", false, true, ""}}},
		{"garbage", "x", nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := parseEntityField(tc.in); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("parseEntityField(%q) = %v, want %v", tc.in, got, tc.want)
			}
		})
	}
}

func TestReadGUM(t *testing.T) {
	docs, err := readGUM("testdata/mini.conllu")
	if err != nil {
		t.Fatal(err)
	}
	if len(docs) != 1 {
		t.Fatalf("%d documents, want 1", len(docs))
	}
	d := docs[0]
	if want := "Spanish art in museums\n\nThe University of Portsmouth."; d.text != want {
		t.Errorf("text %q, want %q", d.text, want)
	}
	if d.salience["1"] != 5 || d.salience["2"] != 3 || d.title != "Spanish art in museums" {
		t.Errorf("salience %v title %q", d.salience, d.title)
	}
	text := []rune(d.text)
	got := map[string]string{}
	for _, m := range d.mentions {
		got[string(text[m.span.Start:m.span.End])] = string(text[m.head.Start:m.head.End])
	}
	want := map[string]string{"Spanish art": "art", "museums": "museums", "The University of Portsmouth": "University"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("mentions → heads %v, want %v", got, want)
	}
}

func TestPrepareLabels(t *testing.T) {
	docs, err := readGUM("testdata/mini.conllu")
	if err != nil {
		t.Fatal(err)
	}
	l, err := prepare(docs[0])
	if err != nil {
		t.Fatal(err)
	}
	got := map[string][]string{}
	for i, c := range l.cands {
		got[c.phrase] = l.matches[i]
	}
	// Entity 3 is named by one summary only: not salient.
	want := map[string][]string{"Spanish art": {"1"}, "museums": {"2"}, "University of Portsmouth": nil}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("labels %v, want %v", got, want)
	}
	if l.salient != 2 || l.reachable != 2 {
		t.Errorf("salient %d reachable %d, want 2 2", l.salient, l.reachable)
	}
}

const sample = `Eye tracking and Spanish art

Researchers at the University of Portsmouth used eye tracking to study how visitors look at Spanish paintings. The eye tracking study followed forty visitors in Auckland Castle. Visitors looked longer at the paintings when labels were present, and the labels changed how visitors moved through the gallery.`

func TestExtractKeyphrases(t *testing.T) {
	res, err := Extract(sample, "eng", Input{})
	if err != nil {
		t.Fatal(err)
	}
	byPhrase := map[string]Keyphrase{}
	for i, k := range res.Keyphrases {
		if k.Salience < 0 || k.Salience > 1 {
			t.Errorf("%q: salience %v outside [0,1]", k.Phrase, k.Salience)
		}
		if i > 0 && k.Salience > res.Keyphrases[i-1].Salience {
			t.Errorf("not sorted at %d", i)
		}
		for _, m := range k.Mentions {
			got := string([]rune(sample)[m.Start:m.End])
			if !strings.EqualFold(got, k.Phrase) && !strings.Contains(strings.ToLower(got), strings.ToLower(strings.Fields(k.Phrase)[0])) {
				t.Errorf("%q: mention %v reads %q", k.Phrase, m, got)
			}
		}
		byPhrase[strings.ToLower(k.Phrase)] = k
	}
	tests := []struct {
		phrase   string
		mentions int
	}{
		{"eye tracking", 2},
		{"University of Portsmouth", 1},
		{"visitors", 4},
		{"labels", 2},
	}
	for _, tc := range tests {
		t.Run(tc.phrase, func(t *testing.T) {
			k, ok := byPhrase[strings.ToLower(tc.phrase)]
			if !ok {
				t.Fatalf("no keyphrase %q in %v", tc.phrase, res.Keyphrases)
			}
			if len(k.Mentions) != tc.mentions {
				t.Errorf("%d mentions, want %d", len(k.Mentions), tc.mentions)
			}
		})
	}
	if len(res.Concepts) != 0 {
		t.Errorf("concepts %v without entities or names", res.Concepts)
	}
}

func TestExtractConcepts(t *testing.T) {
	names := func(p string) (string, string, bool) {
		if p == "University of Portsmouth" || p == "Paris" {
			return "Q1434345", "University of Portsmouth", true
		}
		return "", "", false
	}
	in := Input{
		Entities: []Entity{{ID: "Q2", Label: "Auckland Castle", Mentions: []Span{{strings.Index(sample, "Auckland"), strings.Index(sample, "Castle") + 6}}}, {ID: "", Label: "unlinked"}},
		Names:    names,
	}
	res, err := Extract(sample, "eng", in)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, c := range res.Concepts {
		got[c.ID] = c.Phrase
		if c.Salience < 0 || c.Salience > 1 || len(c.Mentions) == 0 {
			t.Errorf("concept %+v", c)
		}
	}
	want := map[string]string{"Q2": "Auckland Castle", "Q1434345": "University of Portsmouth"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("concepts %v, want %v", got, want)
	}
}

func TestExtractErrors(t *testing.T) {
	tests := []struct{ name, text, lang string }{
		{"french", "Bonjour", "fra"},
		{"empty language", "Hello", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := Extract(tc.text, tc.lang, Input{}); !errors.Is(err, ErrUnsupported) {
				t.Errorf("error %v, want ErrUnsupported", err)
			}
		})
	}
}

func TestFitLR(t *testing.T) {
	var ex []example
	for i := 0; i < 200; i++ {
		x := float64(i%20) / 10
		ex = append(ex, example{[]float64{x}, (i*7)%20 < i%20})
	}
	w := fitLR(ex, 0.01)
	if len(w) != 2 || w[1] <= 0 {
		t.Fatalf("weights %v: want a positive slope", w)
	}
	if math.IsNaN(w[0]) {
		t.Fatal("NaN bias")
	}
}

func TestEmbeddedModel(t *testing.T) {
	m, err := loadModel()
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Weights) != len(featureNames)+1 {
		t.Fatalf("%d weights", len(m.Weights))
	}
	if r := rarity("the", "the"); r > 0.2 {
		t.Errorf("rarity(the) = %v, want below 0.2", r)
	}
	if r := rarity("zurbarán", "zurbarán"); r != 1 {
		t.Errorf("rarity of an unknown word = %v, want 1", r)
	}
	if len(ranks) < rankSize/2 {
		t.Errorf("frequency table has %d words", len(ranks))
	}
}

func FuzzExtract(f *testing.F) {
	for _, s := range []string{sample, "", "of of of", "- - -", "New York-based firms of the Bank of England", "Ünïcödé wörds 🙂 here."} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		res, err := Extract(s, "eng", Input{Names: func(string) (string, string, bool) { return "Q1", "x", true }})
		if err != nil {
			return
		}
		n := len([]rune(s))
		for _, k := range res.Keyphrases {
			if k.Salience < 0 || k.Salience > 1 || len(k.Mentions) == 0 {
				t.Fatalf("bad keyphrase %+v", k)
			}
			for _, m := range k.Mentions {
				if m.Start < 0 || m.End > n || m.Start >= m.End {
					t.Fatalf("bad span %v of %d code points", m, n)
				}
			}
		}
	})
}

func BenchmarkExtract(b *testing.B) {
	b.ReportAllocs()
	if _, err := Extract(sample, "eng", Input{}); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := Extract(sample, "eng", Input{}); err != nil {
			b.Fatal(err)
		}
	}
}
