package coref

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nomenhq/nomen/analyzers/entities/span"
	"github.com/nomenhq/nomen/analyzers/tokenize"
)

// ents finds the mentions "surface/TYPE" in text, each after the previous one, and
// returns their spans in code points.
func ents(t testing.TB, text string, mentions ...string) []span.Span {
	t.Helper()
	rs := []rune(text)
	var out []span.Span
	from := 0
	for _, m := range mentions {
		i := strings.LastIndex(m, "/")
		surface, typ := []rune(m[:i]), m[i+1:]
		found := -1
		for s := from; s+len(surface) <= len(rs); s++ {
			if string(rs[s:s+len(surface)]) == string(surface) {
				found = s
				break
			}
		}
		if found < 0 {
			t.Fatalf("mention %q not found after %d", m, from)
		}
		out = append(out, span.Span{Start: found, End: found + len(surface), Type: typ, Confidence: 1, Source: span.SourceStatistical})
		from = found + len(surface)
	}
	return out
}

// ref is an expected extended reference: its text, the index of an entity of the
// chain it must join, and its kind.
type ref struct {
	text string
	ent  int
	kind string
}

type corefCase struct {
	name     string
	lang     string
	text     string
	mentions []string
	// chains[i] is the expected chain id of mention i.
	chains []int
	refs   []ref
	// absent are words that must not be resolved.
	absent []string
}

func runCases(t *testing.T, cases []corefCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			es := ents(t, c.text, c.mentions...)
			res := Resolve(c.text, c.lang, tokenize.Tokens(c.text, c.lang), es)
			if len(res.Chain) != len(es) {
				t.Fatalf("len(Chain) = %d, want %d", len(res.Chain), len(es))
			}
			if c.chains != nil {
				for i := range c.chains {
					if res.Chain[i] != c.chains[i] {
						t.Errorf("Chain = %v, want %v", res.Chain, c.chains)
						break
					}
				}
			}
			rs := []rune(c.text)
			got := map[string]Reference{}
			for _, x := range res.Extra {
				got[string(rs[x.Span.Start:x.Span.End])] = x
			}
			for _, w := range c.refs {
				x, ok := got[w.text]
				if !ok {
					t.Errorf("%q not resolved; extras %v", w.text, describe(rs, res.Extra))
					continue
				}
				if x.Chain != res.Chain[w.ent] || x.Kind != w.kind || x.Span.Type != es[w.ent].Type || x.Span.Source != span.SourceCoref {
					t.Errorf("%q → chain %d kind %s type %s, want chain %d (%q) kind %s", w.text, x.Chain, x.Kind, x.Span.Type,
						res.Chain[w.ent], string(rs[es[w.ent].Start:es[w.ent].End]), w.kind)
				}
			}
			for _, w := range c.absent {
				if x, ok := got[w]; ok {
					t.Errorf("%q resolved to chain %d, want unresolved", w, x.Chain)
				}
			}
		})
	}
}

func describe(rs []rune, xs []Reference) []string {
	var out []string
	for _, x := range xs {
		out = append(out, string(rs[x.Span.Start:x.Span.End])+"→"+x.Kind)
	}
	return out
}

func TestResolveEnglish(t *testing.T) {
	runCases(t, []corefCase{
		{
			name:     "obama",
			lang:     "eng",
			text:     "Barack Obama visited Berlin on Monday. Obama met Angela Merkel there. He praised her leadership.",
			mentions: []string{"Barack Obama/PER", "Berlin/LOC", "Obama/PER", "Angela Merkel/PER"},
			chains:   []int{0, 1, 0, 2},
			refs:     []ref{{"He", 0, KindPronoun}, {"her", 3, KindPronoun}},
		},
		{
			name:     "honorific",
			lang:     "eng",
			text:     "Barack Obama spoke first. Later Mr. Obama left the room.",
			mentions: []string{"Barack Obama/PER", "Mr. Obama/PER"},
			chains:   []int{0, 0},
		},
		{
			name:     "honorific outside the mention",
			lang:     "eng",
			text:     "Barack Obama spoke first. Later Mr. Obama left the room.",
			mentions: []string{"Barack Obama/PER", "Obama/PER"},
			chains:   []int{0, 0},
		},
		{
			name:     "acronym and legal form",
			lang:     "eng",
			text:     "International Business Machines and Apple Inc. reported results. IBM beat Apple on margins.",
			mentions: []string{"International Business Machines/ORG", "Apple Inc./ORG", "IBM/ORG", "Apple/ORG"},
			chains:   []int{0, 1, 0, 1},
		},
		{
			name:     "dotted acronym of a country",
			lang:     "eng",
			text:     "The United States and the U.S. are the same.",
			mentions: []string{"United States/LOC", "U.S./LOC"},
			chains:   []int{0, 0},
		},
		{
			name:     "ambiguous surname goes to the nearest",
			lang:     "eng",
			text:     "Bill Clinton and Hillary Clinton arrived. Clinton spoke first.",
			mentions: []string{"Bill Clinton/PER", "Hillary Clinton/PER", "Clinton/PER"},
			chains:   []int{0, 1, 1},
		},
		{
			name:     "honorific gender picks the chain",
			lang:     "eng",
			text:     "Hillary Clinton and Bill Clinton arrived. Mrs. Clinton spoke first.",
			mentions: []string{"Hillary Clinton/PER", "Bill Clinton/PER", "Mrs. Clinton/PER"},
			chains:   []int{0, 1, 0},
		},
		{
			name:     "different given names stay apart",
			lang:     "eng",
			text:     "John Smith met Mary Smith. John Smith left.",
			mentions: []string{"John Smith/PER", "Mary Smith/PER", "John Smith/PER"},
			chains:   []int{0, 1, 0},
		},
		{
			name:     "pronoun gender",
			lang:     "eng",
			text:     "John Miller met Mary Jones in Paris. She thanked him for the visit.",
			mentions: []string{"John Miller/PER", "Mary Jones/PER", "Paris/LOC"},
			refs:     []ref{{"She", 1, KindPronoun}, {"him", 0, KindPronoun}},
		},
		{
			name:     "possessive and reflexive",
			lang:     "eng",
			text:     "Mary Jones sold her house. Mary Jones blamed herself.",
			mentions: []string{"Mary Jones/PER", "Mary Jones/PER"},
			chains:   []int{0, 0},
			refs:     []ref{{"her", 0, KindPronoun}, {"herself", 0, KindPronoun}},
		},
		{
			name:     "organisation it",
			lang:     "eng",
			text:     "Siemens said it would cut jobs, and its shares fell.",
			mentions: []string{"Siemens/ORG"},
			refs:     []ref{{"it", 0, KindPronoun}, {"its", 0, KindPronoun}},
		},
		{
			name:     "pleonastic it",
			lang:     "eng",
			text:     "Siemens opened a plant in Berlin. It is important that workers are trained. It is raining in Berlin. It seems that Siemens will grow.",
			mentions: []string{"Siemens/ORG", "Berlin/LOC", "Berlin/LOC", "Siemens/ORG"},
			absent:   []string{"It"},
		},
		{
			name:     "pronoun before any entity",
			lang:     "eng",
			text:     "He arrived late. John Miller left early.",
			mentions: []string{"John Miller/PER"},
			absent:   []string{"He"},
		},
		{
			name:     "gender mismatch stays unresolved",
			lang:     "eng",
			text:     "John Miller arrived late. She was not pleased.",
			mentions: []string{"John Miller/PER"},
			absent:   []string{"She"},
		},
		{
			name:     "unnamed person competes",
			lang:     "eng",
			text:     "Mary Jones hired a new teacher. The woman said she was happy.",
			mentions: []string{"Mary Jones/PER"},
			absent:   []string{"she"},
		},
		{
			name:     "the company and the city",
			lang:     "eng",
			text:     "Siemens opened an office in Isfahan, Iran. The company hired engineers. The city welcomed the investment.",
			mentions: []string{"Siemens/ORG", "Isfahan/LOC", "Iran/LOC"},
			refs:     []ref{{"The company", 0, KindNominal}, {"The city", 1, KindNominal}},
		},
		{
			name:     "the country",
			lang:     "eng",
			text:     "Ahmed lived in Isfahan, Iran. The country has a long history.",
			mentions: []string{"Ahmed/PER", "Isfahan/LOC", "Iran/LOC"},
			refs:     []ref{{"The country", 2, KindNominal}},
		},
		{
			name:     "the president",
			lang:     "eng",
			text:     "President Barack Obama met John Miller. The president said the talks went well.",
			mentions: []string{"Barack Obama/PER", "John Miller/PER"},
			refs:     []ref{{"The president", 0, KindTitle}},
		},
		{
			name:     "a new description is not a reference",
			lang:     "eng",
			text:     "Siemens opened an office in Isfahan. The city of Tehran is larger.",
			mentions: []string{"Siemens/ORG", "Isfahan/LOC", "Tehran/LOC"},
			absent:   []string{"The city"},
		},
		{
			name:     "bare title mention",
			lang:     "eng",
			text:     "Emperor Joshua Norton issued a decree. The Emperor was popular.",
			mentions: []string{"Emperor Joshua Norton/PER", "Emperor/PER"},
			chains:   []int{0, 0},
		},
		{
			name:     "object pronoun is not its clause's subject",
			lang:     "eng",
			text:     "John Miller met Paul Brown. Paul Brown praised him.",
			mentions: []string{"John Miller/PER", "Paul Brown/PER", "Paul Brown/PER"},
			refs:     []ref{{"him", 0, KindPronoun}},
		},
	})
}

func TestResolveGerman(t *testing.T) {
	runCases(t, []corefCase{
		{
			name:     "pronouns and short name",
			lang:     "deu",
			text:     "Angela Merkel traf Emmanuel Macron in Paris. Merkel sagte, er habe ihr geholfen.",
			mentions: []string{"Angela Merkel/PER", "Emmanuel Macron/PER", "Paris/LOC", "Merkel/PER"},
			chains:   []int{0, 1, 2, 0},
			refs:     []ref{{"er", 1, KindPronoun}, {"ihr", 0, KindPronoun}},
		},
		{
			name:     "polite Sie is not a pronoun of a person",
			lang:     "deu",
			text:     "Angela Merkel sagte: Kommen Sie bitte morgen.",
			mentions: []string{"Angela Merkel/PER"},
			absent:   []string{"Sie"},
		},
		{
			name:     "die Stadt and das Unternehmen",
			lang:     "deu",
			text:     "Siemens baut ein Werk in München. Das Unternehmen investiert viel. Die Stadt freut sich.",
			mentions: []string{"Siemens/ORG", "München/LOC"},
			refs:     []ref{{"Das Unternehmen", 0, KindNominal}, {"Die Stadt", 1, KindNominal}},
		},
		{
			name:     "legal form",
			lang:     "deu",
			text:     "Die Deutsche Bank AG meldete Gewinne. Die Deutsche Bank zahlt Dividenden.",
			mentions: []string{"Deutsche Bank AG/ORG", "Deutsche Bank/ORG"},
			chains:   []int{0, 0},
		},
	})
}

func TestResolveFrench(t *testing.T) {
	runCases(t, []corefCase{
		{
			name:     "pronouns",
			lang:     "fra",
			text:     "Emmanuel Macron a rencontré Angela Merkel à Berlin. Elle a dit qu'il était fatigué.",
			mentions: []string{"Emmanuel Macron/PER", "Angela Merkel/PER", "Berlin/LOC"},
			refs:     []ref{{"Elle", 1, KindPronoun}, {"il", 0, KindPronoun}},
		},
		{
			name:     "impersonal il",
			lang:     "fra",
			text:     "Emmanuel Macron est à Paris. Il pleut beaucoup. Il faut partir. Il y a du monde.",
			mentions: []string{"Emmanuel Macron/PER", "Paris/LOC"},
			absent:   []string{"Il"},
		},
		{
			name:     "la ville and short name",
			lang:     "fra",
			text:     "Emmanuel Macron visite Lyon. Macron aime la ville.",
			mentions: []string{"Emmanuel Macron/PER", "Lyon/LOC", "Macron/PER"},
			chains:   []int{0, 1, 0},
			refs:     []ref{{"la ville", 1, KindNominal}},
		},
	})
}

func TestResolveOtherLanguages(t *testing.T) {
	runCases(t, []corefCase{
		{
			name:     "spanish él, not the article el",
			lang:     "spa",
			text:     "Pedro Sánchez visitó Madrid. Él habló con el alcalde.",
			mentions: []string{"Pedro Sánchez/PER", "Madrid/LOC"},
			refs:     []ref{{"Él", 0, KindPronoun}},
			absent:   []string{"el"},
		},
		{
			name:     "portuguese ela",
			lang:     "por",
			text:     "Maria Silva mora em Lisboa. Ela trabalha na cidade.",
			mentions: []string{"Maria Silva/PER", "Lisboa/LOC"},
			refs:     []ref{{"Ela", 0, KindPronoun}, {"na cidade", 1, KindNominal}},
		},
		{
			name:     "italian lei and la città",
			lang:     "ita",
			text:     "Giorgia Meloni ha visitato Milano. Lei ha lodato la città.",
			mentions: []string{"Giorgia Meloni/PER", "Milano/LOC"},
			refs:     []ref{{"Lei", 0, KindPronoun}, {"la città", 1, KindNominal}},
		},
		{
			name:     "dutch hij and het bedrijf",
			lang:     "nld",
			text:     "Philips opent een fabriek. Mark Rutte bezocht Eindhoven. Hij prees het bedrijf.",
			mentions: []string{"Philips/ORG", "Mark Rutte/PER", "Eindhoven/LOC"},
			refs:     []ref{{"Hij", 1, KindPronoun}, {"het bedrijf", 0, KindNominal}},
		},
		{
			name:     "language without pronoun rules still chains names",
			lang:     "swe",
			text:     "Stefan Löfven besökte Oslo. Löfven talade.",
			mentions: []string{"Stefan Löfven/PER", "Oslo/LOC", "Löfven/PER"},
			chains:   []int{0, 1, 0},
		},
	})
}

func TestLanguages(t *testing.T) {
	langs := Languages()
	want := map[string]bool{"eng": true, "deu": true, "fra": true, "spa": true, "por": true, "ita": true, "nld": true}
	for _, l := range langs {
		delete(want, l)
	}
	if len(want) > 0 {
		t.Errorf("Languages() = %v, missing %v", langs, want)
	}
}

// TestResolveInvalid checks that bad spans get their own chains and no panic.
func TestResolveInvalid(t *testing.T) {
	text := "Obama met Obama."
	es := []span.Span{{Start: -3, End: 2, Type: span.PER}, {Start: 0, End: 5, Type: span.PER}, {Start: 10, End: 99, Type: span.PER}, {Start: 10, End: 15, Type: span.PER}, {Start: 4, End: 4, Type: span.PER}}
	res := Resolve(text, "eng", nil, es)
	want := []int{0, 1, 2, 1, 3}
	for i := range want {
		if res.Chain[i] != want[i] {
			t.Fatalf("Chain = %v, want %v", res.Chain, want)
		}
	}
	if r := Resolve("", "xxx", nil, nil); len(r.Chain) != 0 || len(r.Extra) != 0 {
		t.Errorf("empty input: %+v", r)
	}
}

func checkInvariants(t *testing.T, text string, es []span.Span, res Result) {
	t.Helper()
	n := len([]rune(text))
	if len(res.Chain) != len(es) {
		t.Fatalf("len(Chain) = %d, want %d", len(res.Chain), len(es))
	}
	next := 0
	for i, c := range res.Chain {
		if c < 0 || c > next {
			t.Fatalf("Chain[%d] = %d, next new id %d: %v", i, c, next, res.Chain)
		}
		if c == next {
			next++
		}
	}
	lastEnd := -1
	for _, x := range res.Extra {
		s := x.Span
		if s.Start < 0 || s.End > n || s.Start >= s.End {
			t.Fatalf("extra %+v out of [0,%d]", s, n)
		}
		if s.Start < lastEnd {
			t.Fatalf("extras overlap or out of order at %+v", s)
		}
		lastEnd = s.End
		if x.Chain < 0 || x.Chain >= next {
			t.Fatalf("extra chain %d, %d chains", x.Chain, next)
		}
		if x.Kind != KindPronoun && x.Kind != KindNominal && x.Kind != KindTitle {
			t.Fatalf("extra kind %q", x.Kind)
		}
		if s.Source != span.SourceCoref {
			t.Fatalf("extra source %q", s.Source)
		}
		for _, e := range es {
			if e.Start >= 0 && e.End <= n && e.Start < e.End && s.Start < e.End && e.Start < s.End {
				t.Fatalf("extra %+v overlaps entity %+v", s, e)
			}
		}
	}
}

func FuzzResolve(f *testing.F) {
	f.Add("Barack Obama visited Berlin. Obama met Angela Merkel. He praised her.", "eng", 0, 12, 31, 36, 2)
	f.Add("Siemens said it would grow. The company hired.", "eng", 0, 7, 5, 9, 1)
	f.Add("Angela Merkel traf Macron. Sie sagte, er kam.", "deu", 0, 13, 19, 25, 0)
	f.Add("Il pleut. Emmanuel Macron dit qu'il vient.", "fra", 10, 25, -1, 3, 3)
	f.Add("\xff\xfe He she it", "spa", 0, 100, 2, 1, 1)
	f.Fuzz(func(t *testing.T, text, lang string, s1, e1, s2, e2, typ int) {
		types := []string{span.PER, span.ORG, span.LOC, span.PROD, span.DATE}
		ty := types[((typ%len(types))+len(types))%len(types)]
		es := []span.Span{{Start: s1, End: e1, Type: ty}, {Start: s2, End: e2, Type: span.PER}, {Start: s1, End: e1, Type: span.ORG}}
		// A well-formed entity on every word starting with a capital letter.
		for _, tk := range tokenize.Tokens(text, lang) {
			if r := []rune(tk.Text); len(r) > 1 && r[0] >= 'A' && r[0] <= 'Z' {
				es = append(es, span.Span{Start: tk.Start, End: tk.End, Type: types[len(es)%3]})
			}
		}
		res := Resolve(text, lang, tokenize.Tokens(text, lang), es)
		checkInvariants(t, text, es, res)
		res = Resolve(text, lang, nil, es)
		checkInvariants(t, text, es, res)
	})
}

// TestResolveInvariants runs the fuzz invariants over the table-test texts.
func TestResolveInvariants(t *testing.T) {
	text := benchText
	es := benchEnts(t)
	checkInvariants(t, text, es, Resolve(text, "eng", tokenize.Tokens(text, "eng"), es))
}

const benchText = `Barack Obama arrived in Berlin on Tuesday for talks with Angela Merkel, the German chancellor. ` +
	`Obama said he wanted to strengthen ties between the United States and Germany. Merkel told reporters that she ` +
	`welcomed the visit, and she praised his commitment to the alliance. Later, Mr. Obama toured the Siemens plant in ` +
	`the city. The company said it would invest two billion euros in new factories, and its chief executive, Joe Kaeser, ` +
	`thanked the president. Kaeser said he expected the plant to create 3,000 jobs. It is important that the workers are ` +
	`trained well, he added. The city has a long industrial history. International Business Machines also announced ` +
	`plans in Germany; IBM said it would hire engineers in Munich. The country has become a hub for technology, ` +
	`Merkel said. She added that her government would support the investment. Obama later flew to Paris, where he met ` +
	`Emmanuel Macron. Macron said he hoped the United States would stay engaged in Europe. It was raining in Paris when ` +
	`the two leaders spoke. The president thanked his host, and Macron invited him to return. Michelle Obama joined her ` +
	`husband in Paris, where she visited a school. The school thanked her for the visit. Obama and Macron then ` +
	`discussed trade, climate and security. The French president said the talks were productive. Obama agreed. ` +
	`In Washington, aides said the president would return on Friday. Siemens shares rose after the announcement, and ` +
	`the company's board met in Munich to discuss the plans. IBM and Siemens will cooperate on research.`

func benchEnts(t testing.TB) []span.Span {
	return ents(t, benchText, "Barack Obama/PER", "Berlin/LOC", "Angela Merkel/PER", "Obama/PER", "United States/LOC",
		"Germany/LOC", "Merkel/PER", "Mr. Obama/PER", "Siemens/ORG", "Joe Kaeser/PER", "Kaeser/PER",
		"International Business Machines/ORG", "Germany/LOC", "IBM/ORG", "Munich/LOC", "Merkel/PER", "Obama/PER",
		"Paris/LOC", "Emmanuel Macron/PER", "Macron/PER", "United States/LOC", "Europe/LOC", "Paris/LOC", "Macron/PER",
		"Michelle Obama/PER", "Paris/LOC", "Obama/PER", "Macron/PER", "Obama/PER", "Washington/LOC", "Siemens/ORG",
		"Munich/LOC", "IBM/ORG", "Siemens/ORG")
}

func BenchmarkResolve2KB(b *testing.B) {
	es := benchEnts(b)
	toks := tokenize.Tokens(benchText, "eng")
	Resolve(benchText, "eng", toks, es) // load the embedded lists
	b.SetBytes(int64(len(benchText)))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		Resolve(benchText, "eng", toks, es)
	}
}

// TestGUMDevFloor scores the resolver on the GUM dev split (skipped without the shared
// data) and asserts floors a regression would break.
func TestGUMDevFloor(t *testing.T) {
	dir := filepath.Join("..", "..", "..", "..", "shared", "data")
	path := filepath.Join(dir, "ner-en-gum-open", "gum-open-dev.conllu.gz")
	if _, err := os.Stat(path); err != nil {
		t.Skip("GUM data absent")
	}
	docs, err := readGUM(path)
	if err != nil {
		t.Fatal(err)
	}
	var base, ours evalCounts
	for _, d := range docs {
		base.score(d, options{exactOnly: true, noPronouns: true, noNominals: true})
		ours.score(d, defaultOptions)
	}
	f := func(c evalCounts) float64 {
		return f1(ratio(c.mucNumP, c.mucDenP), ratio(c.mucNum, c.mucDenR))
	}
	if f(ours) <= f(base) {
		t.Errorf("MUC F1 %.3f not above the exact-string baseline %.3f", f(ours), f(base))
	}
	if p := ratio(float64(ours.perOK), float64(ours.perPred)); p < 0.6 || ours.perOK < 80 {
		t.Errorf("person pronouns: precision %.3f, %d correct; want ≥ 0.6 and ≥ 80", p, ours.perOK)
	}
	if err := RunEval(context.Background(), []string{"--data", dir, "--split", "bogus"}, io.Discard); err == nil {
		t.Error("RunEval accepted an unknown split")
	}
}

func TestPleonastic(t *testing.T) {
	cases := []struct {
		lang, text string
		want       bool
	}{
		{"eng", "it is raining", true},
		{"eng", "it rained all day", true},
		{"eng", "it is important that we come", true},
		{"eng", "it was not easy to find", true},
		{"eng", "it seems that nobody came", true},
		{"eng", "it turns out he was right", true},
		{"eng", "it is said that he left", true},
		{"eng", "it takes two hours to get there", true},
		{"eng", "it is five o'clock", true},
		{"eng", "it's time to go", true},
		{"eng", "it's been years since then", true},
		{"eng", "they made it clear that prices rise", true},
		{"eng", "it is a pity that he left", true},
		{"eng", "it sold well", false},
		{"eng", "it is a company", false},
		{"eng", "it was founded in 1990", false},
		{"eng", "it is big", false},
		{"eng", "it is important", false},
		{"fra", "il pleut", true},
		{"fra", "il faut partir", true},
		{"fra", "il n'y a rien", true},
		{"fra", "il est difficile de partir", true},
		{"fra", "il est parti", false},
		{"fra", "il a dit non", false},
	}
	for _, c := range cases {
		t.Run(c.text, func(t *testing.T) {
			var low []string
			at := -1
			for _, tk := range tokenize.Tokens(c.text, c.lang) {
				w := lower(tk.Text)
				if at < 0 && (w == "it" || w == "il") {
					at = len(low)
				}
				low = append(low, w)
			}
			if at < 0 {
				t.Fatal("no pronoun")
			}
			if got := languages[c.lang].pleonastic(low, at); got != c.want {
				t.Errorf("pleonastic(%q) = %v, want %v (tokens %q)", c.text, got, c.want, low)
			}
		})
	}
}

// TestResolveLongDocument runs a long text without sentence ends and with thousands of
// entities (it would take minutes if the resolver were quadratic).
func TestResolveLongDocument(t *testing.T) {
	var b strings.Builder
	var es []span.Span
	pos := 0
	for i := 0; i < 4000; i++ {
		name := []string{"Barack Obama", "Obama", "Angela Merkel", "Siemens", "IBM", "Paris"}[i%6]
		typ := []string{span.PER, span.PER, span.PER, span.ORG, span.ORG, span.LOC}[i%6]
		b.WriteString(name)
		es = append(es, span.Span{Start: pos, End: pos + len([]rune(name)), Type: typ})
		b.WriteString(" said he and she met it and the company in the city , ")
		pos += len([]rune(name)) + len(" said he and she met it and the company in the city , ")
	}
	text := b.String()
	res := Resolve(text, "eng", nil, es)
	checkInvariants(t, text, es, res)
	if len(res.Extra) == 0 {
		t.Error("no references resolved")
	}
}
