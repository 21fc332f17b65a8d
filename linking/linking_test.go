package linking

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/nomenhq/nomen/kb"
)

var (
	fixtureOnce sync.Once
	fixtureKB   *kb.KB
	fixtureErr  error
)

func openFixture(t testing.TB) *kb.KB {
	t.Helper()
	fixtureOnce.Do(func() {
		dir, err := os.MkdirTemp("", "nomen-linking-")
		if err != nil {
			fixtureErr = err
			return
		}
		out := filepath.Join(dir, "kb")
		if _, err := kb.Build(context.Background(), []string{"../kb/testdata/fixture.jsonl"}, out, nil); err != nil {
			fixtureErr = err
			return
		}
		fixtureKB, fixtureErr = kb.Open(out)
	})
	if fixtureErr != nil {
		t.Fatal(fixtureErr)
	}
	return fixtureKB
}

// mention finds the n-th occurrence (from 0) of text in doc.
func mention(doc, text, typ string) Mention {
	i := strings.Index(doc, text)
	return Mention{Text: text, Type: typ, Start: i, End: i + len(text)}
}

// linkCases is a small labelled set; "" means the mention must stay unlinked.
var linkCases = []struct {
	name     string
	doc      string
	mentions []Mention
	want     []string
}{
	{"paris the city", "The Louvre in Paris is the most visited museum in France.",
		nil, nil},
	{"paris the person", "Paris Hilton, the hotel heiress, arrived in Los Angeles. Hilton said she was a businesswoman.",
		nil, nil},
	{"repeat of a longer mention", "Barack Obama spoke in Chicago. Later Obama met Angela Merkel, the chancellor of Germany.",
		nil, nil},
	{"london ontario", "London is a city in Ontario, Canada, on the Thames River.",
		nil, nil},
	{"london uk", "London is the capital of the United Kingdom and the seat of the BBC.",
		nil, nil},
	{"company and product", "Apple released a new iPhone; Microsoft and Google responded.",
		nil, nil},
	{"misspelled", "The physicist Albert Einstien developed relativity in Germany.",
		nil, nil},
	{"unknown", "Zyxwvut Qponmlk visited the market.", nil, nil},
	{"cyrillic", "Владимир Путин прибыл в Москва.", nil, nil},
}

func init() {
	set := func(i int, ms []Mention, want []string) { linkCases[i].mentions, linkCases[i].want = ms, want }
	c := linkCases
	set(0, []Mention{mention(c[0].doc, "Paris", "LOC"), mention(c[0].doc, "France", "LOC")}, []string{"Q90", "Q142"})
	set(1, []Mention{mention(c[1].doc, "Paris Hilton", "PER")}, []string{"Q47899"})
	set(2, []Mention{mention(c[2].doc, "Barack Obama", "PER"), mention(c[2].doc, "Chicago", "LOC"),
		{Text: "Obama", Type: "PER", Start: strings.LastIndex(c[2].doc, "Obama"), End: strings.LastIndex(c[2].doc, "Obama") + 5},
		mention(c[2].doc, "Angela Merkel", "PER"), mention(c[2].doc, "Germany", "LOC")},
		[]string{"Q76", "Q1297", "Q76", "Q567", "Q183"})
	set(3, []Mention{mention(c[3].doc, "London", "LOC")}, []string{"Q92561"})
	set(4, []Mention{mention(c[4].doc, "London", "LOC"), mention(c[4].doc, "United Kingdom", "LOC"), mention(c[4].doc, "BBC", "ORG")},
		[]string{"Q84", "Q145", "Q9531"})
	set(5, []Mention{mention(c[5].doc, "Apple", "ORG"), mention(c[5].doc, "iPhone", "PROD"), mention(c[5].doc, "Microsoft", "ORG"), mention(c[5].doc, "Google", "ORG")},
		[]string{"Q312", "Q2766", "Q2283", "Q95"})
	set(6, []Mention{mention(c[6].doc, "Albert Einstien", "PER"), mention(c[6].doc, "Germany", "LOC")}, []string{"Q937", "Q183"})
	set(7, []Mention{mention(c[7].doc, "Zyxwvut Qponmlk", "PER")}, []string{""})
	set(8, []Mention{mention(c[8].doc, "Владимир Путин", "PER"), mention(c[8].doc, "Москва", "LOC")}, []string{"Q7747", "Q649"})
}

func TestLink(t *testing.T) {
	l := New(openFixture(t), Options{})
	total, correct := 0, 0
	for _, tt := range linkCases {
		t.Run(tt.name, func(t *testing.T) {
			links := l.Link(tt.doc, tt.mentions)
			if len(links) != len(tt.mentions) {
				t.Fatalf("%d links for %d mentions", len(links), len(tt.mentions))
			}
			for i, lk := range links {
				total++
				if lk.Mention != i || lk.Confidence < 0 || lk.Confidence > 1 {
					t.Errorf("link %d = %+v", i, lk)
				}
				if lk.EntityID == tt.want[i] {
					correct++
				} else {
					t.Logf("%q: got %q (%.3f), want %q", tt.mentions[i].Text, lk.EntityID, lk.Confidence, tt.want[i])
				}
			}
		})
	}
	// Accuracy floor on the labelled set (21 mentions).
	if acc := float64(correct) / float64(total); acc < 0.85 {
		t.Errorf("accuracy %.3f (%d/%d), want ≥ 0.85", acc, correct, total)
	}
}

func TestLinkThreshold(t *testing.T) {
	k := openFixture(t)
	doc := "Paris is lovely."
	ms := []Mention{mention(doc, "Paris", "")}
	low := New(k, Options{Threshold: 0.01}).Link(doc, ms)
	high := New(k, Options{Threshold: 0.999}).Link(doc, ms)
	if low[0].EntityID == "" || high[0].EntityID != "" || low[0].Confidence != high[0].Confidence {
		t.Errorf("low %+v high %+v", low[0], high[0])
	}
}

func TestLinkEdgeCases(t *testing.T) {
	l := New(openFixture(t), Options{})
	tests := []struct {
		name string
		doc  string
		ms   []Mention
	}{
		{"no mentions", "text", nil},
		{"empty mention", "text", []Mention{{Text: ""}}},
		{"offsets out of range", "short", []Mention{{Text: "Paris", Start: 50, End: 10}}},
		{"invalid utf8", "Par\xffis", []Mention{{Text: "Par\xffis"}}},
		{"long mention", strings.Repeat("x", 2000), []Mention{{Text: strings.Repeat("x", 2000)}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			links := l.Link(tt.doc, tt.ms)
			if len(links) != len(tt.ms) {
				t.Fatalf("%d links", len(links))
			}
		})
	}
}

func FuzzLink(f *testing.F) {
	f.Add("Barack Obama visited Paris.", "Obama", "PER", 0, 12)
	f.Add("", "", "", -1, 5)
	f.Fuzz(func(t *testing.T, doc, text, typ string, start, end int) {
		l := New(openFixture(t), Options{})
		links := l.Link(doc, []Mention{{Text: text, Type: typ, Start: start, End: end}})
		if len(links) != 1 || links[0].Confidence < 0 || links[0].Confidence > 1 {
			t.Fatalf("%+v", links)
		}
	})
}

func BenchmarkLink(b *testing.B) {
	l := New(openFixture(b), Options{})
	tt := linkCases[2]
	b.ReportAllocs()
	for b.Loop() {
		l.Link(tt.doc, tt.mentions)
	}
}

// longDocSentences is the length of BenchmarkLinkLongDocument's document.
var longDocSentences = 2000

// BenchmarkLinkLongDocument links a long document (2,000 sentences, 8,000 mentions of four
// entities): the cost must grow with the mentions, not with their square.
func BenchmarkLinkLongDocument(b *testing.B) {
	l := New(openFixture(b), Options{ExactFirst: true})
	doc, ms := longDocument(longDocSentences)
	b.ReportAllocs()
	for b.Loop() {
		l.Link(doc, ms)
	}
}

// longDocument repeats one sentence n times, with its four mentions.
func longDocument(n int) (string, []Mention) {
	const sent = "Albert Einstein met Angela Merkel in Paris and later visited Berlin. "
	var sb strings.Builder
	var ms []Mention
	for i := 0; i < n; i++ {
		off := sb.Len()
		sb.WriteString(sent)
		for _, m := range []struct{ text, typ string }{{"Albert Einstein", "PER"}, {"Angela Merkel", "PER"}, {"Paris", "LOC"}, {"Berlin", "LOC"}} {
			st := off + strings.Index(sent, m.text)
			ms = append(ms, Mention{Text: m.text, Type: m.typ, Start: st, End: st + len(m.text)})
		}
	}
	return sb.String(), ms
}

// TestLinkLongDocument checks that the mentions of a long document all link as in a short one.
func TestLinkLongDocument(t *testing.T) {
	l := New(openFixture(t), Options{ExactFirst: true})
	doc, ms := longDocument(300)
	short := l.Link(doc[:len(doc)/300], ms[:4])
	links := l.Link(doc, ms)
	for i, lk := range links {
		if lk.EntityID != short[i%4].EntityID || lk.EntityID == "" {
			t.Fatalf("mention %d (%s): %q, the short document's %q", i, ms[i].Text, lk.EntityID, short[i%4].EntityID)
		}
	}
}

// TestEvalLinkingFull runs the Wiki-Fair evaluation against the full
// default KB in $NOMEN_KB_CACHE (skipped unless set, and without shared data).
func TestEvalLinkingFull(t *testing.T) {
	dir := os.Getenv("NOMEN_KB_CACHE")
	if dir == "" {
		t.Skip("set NOMEN_KB_CACHE=DIR (a built default KB) to run the evaluation")
	}
	data := "../../shared/data"
	if _, err := os.Stat(data); err != nil {
		t.Skip("shared data not available")
	}
	k, err := kb.OpenDefault(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer k.Close()
	var sb strings.Builder
	if err := EvalLinking(context.Background(), k, data, &sb); err != nil {
		t.Fatal(err)
	}
	t.Log("\n" + sb.String())
}

// TestTuneWeights searches feature weights on the development file (v1)
// against the full default KB in $NOMEN_KB_CACHE; skipped unless
// NOMEN_LINK_TUNE is set.
func TestTuneWeights(t *testing.T) {
	dir := os.Getenv("NOMEN_KB_CACHE")
	if dir == "" || os.Getenv("NOMEN_LINK_TUNE") == "" {
		t.Skip("set NOMEN_KB_CACHE and NOMEN_LINK_TUNE")
	}
	k, err := kb.OpenDefault(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer k.Close()
	var sb strings.Builder
	if _, err := TuneWeights(context.Background(), k, "../../shared/data/elevant-wiki-fair/wiki-fair.benchmark.jsonl.xz", &sb); err != nil {
		t.Fatal(err)
	}
	t.Log(sb.String())
}

func TestRunEvalCLIErrors(t *testing.T) {
	var out, errb strings.Builder
	if err := RunEvalCLI(context.Background(), []string{"--kb", t.TempDir()}, &out, &errb); err == nil {
		t.Error("empty KB dir accepted")
	}
	if err := RunEvalCLI(context.Background(), []string{"--bogus"}, &out, &errb); err == nil {
		t.Error("unknown flag accepted")
	}
}

func TestTypeVeto(t *testing.T) {
	for _, tc := range []struct {
		mention, entity string
		veto            bool
	}{
		{"PER", "LOC", true}, {"PER", "ORG", true}, {"LOC", "PER", true}, {"ORG", "PER", true},
		{"PROD", "PER", true}, {"PER", "PER", false}, {"LOC", "ORG", false}, {"ORG", "PROD", false},
		{"", "LOC", false}, {"PER", "", false}, {"TTL", "PER", false},
	} {
		if got := typeVeto(tc.mention, tc.entity); got != tc.veto {
			t.Errorf("typeVeto(%q, %q) = %v, want %v", tc.mention, tc.entity, got, tc.veto)
		}
	}
	// A person mention never links to the city of the same name.
	k := openFixture(t)
	doc := "Paris said she would come back."
	got := New(k, Options{Threshold: 0.01}).Link(doc, []Mention{mention(doc, "Paris", "PER")})
	if got[0].EntityID == "Q90" {
		t.Errorf("person mention linked to the city: %+v", got[0])
	}
}

// TestVariantsRepeatLonger checks that a mention whose variant (not its text) is part of a
// longer mention of the document takes that mention's entity, and only with the hook.
func TestVariantsRepeatLonger(t *testing.T) {
	k := openFixture(t)
	var id string
	for _, o := range []Options{{ExactOnly: true}, {ExactOnly: true, Variants: func(text, typ string) []string {
		if text == "Obamas" {
			return []string{"Obama"}
		}
		return nil
	}}} {
		doc := "Barack Obama spoke. The Obamas left."
		ls := New(k, o).Link(doc, []Mention{{Text: "Barack Obama", Type: "PER"}, {Text: "Obamas", Type: "PER"}})
		if len(ls) != 2 || ls[0].EntityID == "" {
			t.Fatalf("links %+v", ls)
		}
		id = ls[0].EntityID
		if got := ls[1].EntityID; (o.Variants != nil) != (got == id) {
			t.Errorf("variants=%v: Obamas → %q (Barack Obama → %q)", o.Variants != nil, got, id)
		}
	}
}
