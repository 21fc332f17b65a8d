package entities

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/nomenhq/nomen/analyzers/entities/span"
	"github.com/nomenhq/nomen/analyzers/tokenize"
	"github.com/nomenhq/nomen/internal/errs"
	"github.com/nomenhq/nomen/kb"
)

// fakeTagger tags the words of a lexicon, joining neighbours of one type.
type fakeTagger map[string]string

func (f fakeTagger) Extract(text string, toks []tokenize.Token) []span.Span {
	var out []span.Span
	r := []rune(text)
	for _, t := range toks {
		typ, ok := f[t.Text]
		if !ok {
			continue
		}
		if n := len(out); n > 0 && out[n-1].Type == typ && strings.TrimSpace(string(r[out[n-1].End:t.Start])) == "" {
			out[n-1].End = t.End
			continue
		}
		out = append(out, span.Span{Start: t.Start, End: t.End, Type: typ, Confidence: 0.9, Source: span.SourceStatistical})
	}
	return out
}

var lexicon = fakeTagger{"Barack": "PER", "Obama": "PER", "Paris": "LOC", "Acme": "ORG", "Corp": "ORG", "American": "ORG", "Pilot": "ORG"}

func fakeModules() Modules {
	return Modules{
		Tagger: func(model, lang string) (Extractor, error) {
			if lang != "eng" || model == ModelDNN && lang != "eng" {
				return nil, fmt.Errorf("%w %q", ErrUnsupported, lang)
			}
			return lexicon, nil
		},
		Gazetteer: func(text string, toks []tokenize.Token, lang string) []span.Span {
			var out []span.Span
			for i, t := range toks {
				switch t.Text {
				case "President", "Pilot": // "Pilot" as a title too: the tagger's organisation wins
					out = append(out, span.Span{Start: t.Start, End: t.End, Type: span.TTL, Confidence: 0.8, Source: span.SourceGazetteer})
				case "American":
					if i+1 < len(toks) && toks[i+1].Text == "Airlines" { // a user list entry
						out = append(out, span.Span{Start: t.Start, End: toks[i+1].End, Type: "AIRLINE", Confidence: 1, Source: span.SourceGazetteer})
					}
					out = append(out, span.Span{Start: t.Start, End: t.End, Type: span.NAT, Confidence: 0.8, Source: span.SourceGazetteer})
				}
			}
			return out
		},
		UserList: func(s span.Span) bool { return s.Type == "AIRLINE" },
		Patterns: func(text, lang string, split bool) []span.Span {
			i := strings.Index(text, "bo@example.com")
			if i < 0 {
				return nil
			}
			st := utf8.RuneCountInString(text[:i])
			return []span.Span{{Start: st, End: st + len("bo@example.com"), Type: span.EM, Confidence: 0.99, Source: span.SourcePattern}}
		},
		Coref: func(text, lang string, toks []tokenize.Token, ents []span.Span) ([]int, []Reference) {
			// Chains PER spans sharing their last word; "He" refers to the last PER.
			r := []rune(text)
			chain := make([]int, len(ents))
			last := map[string]int{}
			lastPER := -1
			for i, e := range ents {
				w := strings.Fields(string(r[e.Start:e.End]))
				key := e.Type + w[len(w)-1]
				if c, ok := last[key]; ok {
					chain[i] = c
				} else {
					chain[i] = len(last)
					last[key] = chain[i]
				}
				if e.Type == span.PER {
					lastPER = chain[i]
				}
			}
			var extra []Reference
			for _, t := range toks {
				if t.Text == "He" && lastPER >= 0 {
					extra = append(extra, Reference{Span: span.Span{Start: t.Start, End: t.End, Type: span.PER, Confidence: 0.7, Source: span.SourceCoref}, Chain: lastPER, Kind: "pronoun"})
				}
			}
			return chain, extra
		},
	}
}

type want struct {
	typ, mention, id string
	count            int
	salience         float64
}

func TestExtract(t *testing.T) {
	p := New(fakeModules())
	tests := []struct {
		name string
		text string
		o    Options
		want []want
	}{
		{"grouping by normalized text", "Barack  Obama met Acme Corp in Paris. Barack Obama left Paris.", Options{},
			[]want{{"PER", "Barack  Obama", "T0", 2, 0}, {"ORG", "Acme Corp", "T1", 1, 0}, {"LOC", "Paris", "T2", 2, 0}}},
		{"gazetteer and overlap", "President Barack Obama spoke.", Options{},
			[]want{{"TTL", "President", "T0", 1, 0}, {"PER", "Barack Obama", "T1", 1, 0}}},
		{"tagger beats built-in list at equal length", "The Pilot flew.", Options{},
			[]want{{"ORG", "Pilot", "T0", 1, 0}}},
		{"but a nationality adjective beats the tagger (natOverTagger)", "The American pilots.", Options{},
			[]want{{"NAT", "American", "T0", 1, 0}}},
		{"user list wins by length", "He flew American Airlines.", Options{},
			[]want{{"AIRLINE", "American Airlines", "T0", 1, 0}}},
		{"patterns off by default", "Write to bo@example.com today.", Options{}, nil},
		{"patterns on", "Write to bo@example.com today.", Options{Patterns: true},
			[]want{{"EM", "bo@example.com", "T0", 1, 0}}},
		{"coref chains and pronouns", "Barack Obama met Acme Corp today. He said Obama was late.", Options{Coref: true},
			[]want{{"PER", "Barack Obama", "T0", 3, 0}, {"ORG", "Acme Corp", "T1", 1, 0}}},
		{"salience", "Acme Corp grew. Then we visited Paris and left. Paris was fine. We met Barack Obama in town.", Options{Salience: true},
			[]want{{"ORG", "Acme Corp", "T0", 1, 1}, {"LOC", "Paris", "T1", 2, 1}, {"PER", "Barack Obama", "T2", 1, 0}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res, err := p.Extract(tc.text, "eng", tc.o)
			if err != nil {
				t.Fatal(err)
			}
			var got []want
			for _, e := range res.Entities {
				got = append(got, want{e.Type, e.Mention, e.EntityID, len(e.Mentions), e.Salience})
				for _, m := range e.Mentions {
					if r := []rune(tc.text); string(r[m.Start:m.End]) != m.Text {
						t.Errorf("mention %q at %d-%d reads %q", m.Text, m.Start, m.End, string(r[m.Start:m.End]))
					}
				}
			}
			if fmt.Sprint(got) != fmt.Sprint(tc.want) {
				t.Errorf("got  %v\nwant %v", got, tc.want)
			}
		})
	}
}

func TestExtractErrors(t *testing.T) {
	p := New(fakeModules())
	if _, err := p.Extract("Hola", "spa", Options{Model: ModelDNN}); !errors.Is(err, ErrUnsupported) {
		t.Errorf("DNN for spa: got %v, want ErrUnsupported", err)
	}
	if _, err := p.Extract("x", "eng", Options{Model: "crf"}); err == nil {
		t.Error("unknown model type accepted")
	}
	if _, err := p.Extract("x", "eng", Options{OntologyTypes: true}); err == nil {
		t.Error("ontology types without linking accepted")
	}
	if _, err := p.Extract("x", "eng", Options{Link: true}); err == nil {
		t.Error("linking without a knowledge base accepted")
	}
	// A language with no tagger still gets the gazetteers.
	res, err := p.Extract("President Macron", "fra", Options{})
	if err != nil || len(res.Entities) != 1 || res.Entities[0].Type != span.TTL {
		t.Errorf("fra: %v %+v", err, res.Entities)
	}
	if _, err := New(Modules{}).Extract("x", "eng", Options{}); !errors.Is(err, ErrUnsupported) {
		t.Errorf("no modules: got %v", err)
	}
}

func TestResolve(t *testing.T) {
	cs := []cand{
		{span.Span{Start: 0, End: 5, Type: "A"}, precTagger},
		{span.Span{Start: 3, End: 9, Type: "B"}, precGazetteer},
		{span.Span{Start: 3, End: 9, Type: "C"}, precPattern},
		{span.Span{Start: 9, End: 30, Type: "D"}, precPattern}, // past the end
		{span.Span{Start: 10, End: 12, Type: "E"}, precKB},
	}
	got := resolve(cs, 20)
	if fmt.Sprint(got) != fmt.Sprint([]span.Span{{Start: 3, End: 9, Type: "C"}, {Start: 10, End: 12, Type: "E"}}) {
		t.Errorf("resolve = %v", got)
	}
}

func FuzzExtract(f *testing.F) {
	for _, s := range []string{"Barack Obama met Acme Corp in Paris.", "He said bo@example.com.", "", "\xff President  American Airlines",
		"Acme Corp is a company in the village of Paris-de-Lyon; KIIS-FM."} {
		f.Add(s, true)
	}
	p := New(fakeModules())
	f.Fuzz(func(t *testing.T, text string, all bool) {
		o := Options{Patterns: all, Coref: all, Salience: all}
		res, err := p.Extract(text, "eng", o)
		if err != nil {
			t.Fatal(err)
		}
		runes := len([]rune(text))
		prev := -1
		for _, e := range res.Entities {
			if len(e.Mentions) == 0 || e.Mentions[0].Start < prev {
				t.Fatalf("entities out of order: %+v", res.Entities)
			}
			prev = e.Mentions[0].Start
			for _, m := range e.Mentions {
				if m.Start < 0 || m.End > runes || m.Start >= m.End {
					t.Fatalf("bad offsets %+v in %d runes", m, runes)
				}
			}
		}
	})
}

func TestSplitTitles(t *testing.T) {
	text := "President Barack Obama"
	cs := []cand{
		{span.Span{Start: 0, End: 22, Type: span.PER, Source: span.SourceStatistical}, precTagger},
		{span.Span{Start: 0, End: 9, Type: span.TTL, Source: span.SourceGazetteer}, precGazetteer},
	}
	splitTitles(cs, []rune(text))
	got := resolve(cs, len(text))
	if len(got) != 2 || got[0].Type != span.TTL || got[1].Start != 10 || got[1].End != 22 {
		t.Errorf("got %+v", got)
	}
}

// TestLinkWhenReady: with LinkWhenReady, a knowledge base that is missing or still loading
// gives unlinked entities instead of an error.
func TestLinkWhenReady(t *testing.T) {
	loading := fakeModules()
	loading.KB = func() (*kb.KB, error) { return nil, errs.E(errs.Unavailable, "the knowledge base is loading") }
	for name, m := range map[string]Modules{"no KB": fakeModules(), "KB loading": loading} {
		p := New(m)
		if _, err := p.Extract("Barack Obama visited Paris.", "eng", Options{Link: true}); err == nil {
			t.Errorf("%s: linking without LinkWhenReady accepted", name)
		}
		res, err := p.Extract("Barack Obama visited Paris.", "eng", Options{Link: true, LinkWhenReady: true})
		if err != nil || res.Linked {
			t.Errorf("%s: got linked=%v, %v; want unlinked entities", name, res.Linked, err)
		}
		for _, e := range res.Entities {
			if e.Linked {
				t.Errorf("%s: %+v is linked", name, e)
			}
		}
	}
}
