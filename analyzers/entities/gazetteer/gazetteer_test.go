package gazetteer

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/nomenhq/nomen/analyzers/entities/span"
	"github.com/nomenhq/nomen/analyzers/tokenize"
)

// segmented builds the text and tokens of s, where '|' separates adjacent tokens and spaces
// separate tokens with a gap. It stands in for the CJK tokenizers, whose dictionaries take
// seconds to load; the segmentations are those tokenize produces ("美国|人", "日本人").
func segmented(s string) (string, []tokenize.Token) {
	var text []rune
	var toks []tokenize.Token
	start := -1
	flush := func() {
		if start >= 0 && start < len(text) {
			toks = append(toks, tokenize.Token{Text: string(text[start:]), Start: start, End: len(text)})
		}
		start = -1
	}
	for _, r := range s {
		switch r {
		case '|':
			flush()
		case ' ':
			flush()
			text = append(text, r)
		default:
			if start < 0 {
				start = len(text)
			}
			text = append(text, r)
		}
	}
	flush()
	return string(text), toks
}

// found renders spans as "TYPE:mention".
func found(text string, spans []span.Span) []string {
	r := []rune(text)
	out := []string{}
	for _, s := range spans {
		out = append(out, s.Type+":"+string(r[s.Start:s.End]))
	}
	return out
}

func TestFind(t *testing.T) {
	g := Default()
	tests := []struct {
		name, lang, text string
		// seg marks text given in segmented form (CJK).
		seg  bool
		want []string
	}{
		{"eng titles", "eng", "Dr. Smith met Mr. Jones and the president said the Prime Minister's aide agreed.",
			false, []string{"TTL:Dr.", "TTL:Mr.", "TTL:president", "TTL:Prime Minister"}},
		{"eng reference", "eng", `noting that he is the "commander in chief of a country" and threatens the American people`,
			false, []string{"TTL:commander in chief", "NAT:American"}},
		{"eng hyphen", "eng", "The Vice-President and the Secretary-General met.",
			false, []string{"TTL:Vice-President", "TTL:Secretary-General"}},
		{"eng nat rel", "eng", "Chinese and French Muslims, Jews and Roman Catholics live there; many Americans too.",
			false, []string{"NAT:Chinese", "NAT:French", "REL:Muslims", "REL:Jews", "REL:Roman Catholics", "NAT:Americans"}},
		{"eng lower nat", "eng", "an american tourist and a christian school", false, []string{}},
		{"eng not a demonym that is a country", "eng", "He flew to Djibouti.", false, []string{}},
		{"eng all caps", "eng", "AMERICAN PRESIDENT VISITS", false, []string{"NAT:AMERICAN", "TTL:PRESIDENT"}},
		{"deu", "deu", "Der amerikanische Präsident traf Bundeskanzlerin Merkel und den Papst; viele Muslime und Katholiken.",
			false, []string{"NAT:amerikanische", "TTL:Präsident", "TTL:Bundeskanzlerin", "TTL:Papst", "REL:Muslime", "REL:Katholiken"}},
		{"fra", "fra", "Les Français et le président français ont vu l'évêque et des musulmans.",
			false, []string{"NAT:Français", "TTL:président", "NAT:français", "TTL:évêque", "REL:musulmans"}},
		{"fra exact", "fra", "La Suisse et le franc suisse.", false, []string{"NAT:suisse"}},
		{"spa", "spa", "El presidente estadounidense y los católicos españoles visitaron China con el primer ministro.",
			false, []string{"TTL:presidente", "NAT:estadounidense", "REL:católicos", "NAT:españoles", "TTL:primer ministro"}},
		{"por", "por", "O presidente brasileiro e os muçulmanos.", false, []string{"TTL:presidente", "NAT:brasileiro", "REL:muçulmanos"}},
		{"ita", "ita", "Il presidente del Consiglio e i cattolici italiani.", false, []string{"TTL:presidente del Consiglio", "REL:cattolici", "NAT:italiani"}},
		{"nld", "nld", "De Amerikaanse minister-president sprak met katholieken.", false, []string{"NAT:Amerikaanse", "TTL:minister-president", "REL:katholieken"}},
		{"swe", "swe", "Den svenska statsministern träffade amerikanska muslimer.", false, []string{"NAT:svenska", "TTL:statsministern", "NAT:amerikanska", "REL:muslimer"}},
		{"rus", "rus", "Американский президент встретил православных и американцев.", false, []string{"NAT:Американский", "TTL:президент", "REL:православных", "NAT:американцев"}},
		{"ara", "ara", "والسعوديون الإماراتية قال الرئيس المدير التنفيذي الشيعي", false,
			[]string{"NAT:السعوديون", "NAT:الإماراتية", "TTL:الرئيس", "TTL:المدير التنفيذي", "REL:الشيعي"}},
		{"ara construct", "ara", "التقى رئيس الوزراء وزير الخارجية للرئيس", false,
			[]string{"TTL:رئيس الوزراء", "TTL:وزير الخارجية", "TTL:رئيس"}},
		{"ara spelling variants", "ara", "ايرانيين أميركي", false, []string{"NAT:ايرانيين", "NAT:أميركي"}},
		{"fas", "fas", "رئیس\u200cجمهور ایران و آمریکایی\u200cها", false, []string{"TTL:رئیس\u200cجمهور", "NAT:آمریکایی\u200cها"}},
		// "کرد" is also "did": only the plural "کردها" (Kurds) is a nationality.
		{"fas verb", "fas", "او با کردها دیدار کرد و گفت کاری کردی", false, []string{"NAT:کردها"}},
		// "ترک" is also the noun of ترک کردن (to leave).
		{"fas leave", "fas", "او کشور را ترک کرد و با ترک\u200cها دیدار کرد", false, []string{"NAT:ترک\u200cها"}},
		// "после" (after) is no case of посол (ambassador).
		{"rus after", "rus", "После встречи посол и посла уехали", false, []string{"TTL:посол", "TTL:посла"}},
		{"kor particles", "kor", "미국인은 총리를 만났다 기독교 장로교", false, []string{"NAT:미국인은", "TTL:총리를", "REL:기독교", "REL:장로교"}},
		{"hun suffix", "hun", "A magyarok és a miniszterelnök", false, []string{"NAT:magyarok", "TTL:miniszterelnök"}},
		{"vie", "vie", "Thủ tướng gặp người Mỹ theo Phật giáo.", false, []string{"TTL:Thủ tướng", "NAT:người Mỹ", "REL:Phật giáo"}},
		{"ind", "ind", "Presiden bertemu orang Jepang yang beragama Buddha.", false, []string{"TTL:Presiden", "NAT:orang Jepang", "REL:Buddha"}},
		{"zho", "zho", "美国|人|和|中国|人|的|总书记|习近平|同志|，|国家|主席|信|佛教|。", true,
			[]string{"NAT:美国人", "NAT:中国人", "TTL:总书记", "TTL:同志", "TTL:国家主席", "REL:佛教"}},
		{"zho no match inside a word", "zho", "美国|人民|银行", true, []string{}},
		{"jpn", "jpn", "アメリカ|人|と|日本人|の|首相", true, []string{"NAT:アメリカ人", "NAT:日本人", "TTL:首相"}},
		{"lang alias", "en", "the Pope", false, []string{"TTL:Pope"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			text, toks := tc.text, []tokenize.Token(nil)
			if tc.seg {
				text, toks = segmented(tc.text)
			} else {
				toks = tokenize.Tokens(text, tc.lang)
			}
			got := found(text, g.Find(text, toks, tc.lang))
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("Find(%q) = %q, want %q", text, got, tc.want)
			}
		})
	}
}

func TestConfidence(t *testing.T) {
	g := Default()
	tests := []struct {
		name, lang, text, mention string
		want                      float64
	}{
		{"plain", "eng", "the American people", "American", ConfidenceBuiltin},
		{"before name", "eng", "He flew American Airlines.", "American", ConfidenceBeforeName},
		{"before title", "eng", "the American President spoke", "American", ConfidenceBuiltin},
		{"given name", "eng", "with Christian Bale", "Christian", ConfidenceBeforeName},
		{"german name", "deu", "bei der Deutschen Bank", "Deutschen", ConfidenceBeforeName},
		{"german noun", "deu", "die Deutschen haben", "Deutschen", ConfidenceBuiltin},
		{"german title after noun", "deu", "sagte der Verein Präsident gestern", "Präsident", ConfidenceBuiltin},
		{"end of name", "eng", "a novel by Stephen King.", "King", ConfidenceInName},
		{"title before name", "eng", "Yesterday King Charles spoke", "King", ConfidenceBuiltin},
		{"sentence start", "eng", "He left. The President said no.", "President", ConfidenceBuiltin},
		{"place name", "eng", "they studied at Notre Dame last year", "Dame", ConfidenceInName},
		{"chain of names", "eng", "a leader of Egyptian Islamic Jihad", "Egyptian", ConfidenceBeforeName},
		{"nat before rel", "eng", "many Chinese Buddhist monks", "Chinese", ConfidenceBuiltin},
		{"capitalized entry keeps", "eng", "Apple CEO said", "CEO", ConfidenceBuiltin},
		{"entry value", "eng", "Count Dracula", "Count", 0.5},
		{"capitalized entry preferred", "eng", "with General Mark Milley", "General", 0.7},
		{"lower-case entry", "eng", "the general said", "general", 0.5},
		{"title after nationality", "eng", "the German Chancellor, Olaf Scholz", "Chancellor", ConfidenceBuiltin},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			spans := g.Find(tc.text, nil, tc.lang)
			r := []rune(tc.text)
			for _, s := range spans {
				if string(r[s.Start:s.End]) == tc.mention {
					if s.Confidence != tc.want {
						t.Errorf("%q in %q: confidence %v, want %v", tc.mention, tc.text, s.Confidence, tc.want)
					}
					return
				}
			}
			t.Errorf("%q not found in %q: %q", tc.mention, tc.text, found(tc.text, spans))
		})
	}
}

// writeFiles creates the named files in a new temporary directory.
func writeFiles(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, content := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestLoadDir(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"ORG.txt":      "# companies\nAcme Corp\nGlobex{, Corporation}\t0.8\n",
		"PROD-eng.txt": "iPhone\nC#\n",
		"MY TYPE.txt":  "zorblat\n",
		"TTL-eng.txt":  "Grand Poobah\nPresident\t0.5\n",
		"NAT-deu.txt":  "Marsianer\n",
		"README.md":    "not a list",
		".hidden.txt":  "bad {",
	})
	if err := os.Mkdir(filepath.Join(dir, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	g, err := LoadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	text := "The Grand Poobah of Globex Corporation used an iPhone and C# at Acme Corp; zorblat. The President spoke."
	got := g.Find(text, nil, "eng")
	want := []string{"TTL:Grand Poobah", "ORG:Globex Corporation", "PROD:iPhone", "PROD:C#", "ORG:Acme Corp", "MY TYPE:zorblat", "TTL:President"}
	if f := found(text, got); !reflect.DeepEqual(f, want) {
		t.Fatalf("Find = %q, want %q", f, want)
	}
	confs := map[string]float64{}
	r := []rune(text)
	for _, s := range got {
		confs[string(r[s.Start:s.End])] = s.Confidence
	}
	if confs["Globex Corporation"] != 0.8 || confs["Acme Corp"] != ConfidenceUser || confs["President"] != 0.5 {
		t.Errorf("confidences %v: want the file's 0.8, the user default and the user's 0.5 over the built-in", confs)
	}
	// Language-specific lists stay in their language; lists for all languages apply to all.
	if f := found("Marsianer und Acme Corp", g.Find("Marsianer und Acme Corp", nil, "deu")); !reflect.DeepEqual(f, []string{"NAT:Marsianer", "ORG:Acme Corp"}) {
		t.Errorf("deu: %q", f)
	}
	if f := found("iPhone", g.Find("iPhone", nil, "deu")); len(f) != 0 {
		t.Errorf("PROD-eng matched in deu: %q", f)
	}
	if f := found("Acme Corp", g.Find("Acme Corp", nil, "xyz")); !reflect.DeepEqual(f, []string{"ORG:Acme Corp"}) {
		t.Errorf("unknown language: %q", f)
	}
	if types := g.Types("eng"); !reflect.DeepEqual(types, []string{"MY TYPE", "NAT", "ORG", "PROD", "REL", "TTL"}) {
		t.Errorf("Types(eng) = %q", types)
	}
	if types := g.Types("xyz"); !reflect.DeepEqual(types, []string{"MY TYPE", "ORG"}) {
		t.Errorf("Types(xyz) = %q", types)
	}
	// The default gazetteer is unchanged.
	if types := Default().Types("xyz"); len(types) != 0 {
		t.Errorf("Default().Types(xyz) = %q", types)
	}
}

func TestLoadDirErrors(t *testing.T) {
	tests := []struct {
		name  string
		files map[string]string
		kind  error
		// msg is a part of the error text: file and line.
		msg string
	}{
		{"lower-case type", map[string]string{"org.txt": "x\n"}, ErrFileName, "org.txt"},
		{"bad language", map[string]string{"ORG-english.txt": "x\n"}, ErrFileName, "ORG-english.txt"},
		{"empty type", map[string]string{"-eng.txt": "x\n"}, ErrFileName, "-eng.txt"},
		{"unclosed brace", map[string]string{"ORG.txt": "ok\n# c\nAcme {Corp\n"}, ErrSyntax, "ORG.txt:3"},
		{"bad confidence", map[string]string{"PER.txt": "John\t1.5\n"}, ErrSyntax, "PER.txt:1"},
		{"bad utf8", map[string]string{"PER.txt": "a\n\xff\xfe\n"}, ErrSyntax, "PER.txt:2"},
		{"no letters", map[string]string{"LOC.txt": "...\n"}, ErrSyntax, "LOC.txt:1"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := LoadDir(writeFiles(t, tc.files))
			if !errors.Is(err, tc.kind) {
				t.Fatalf("err = %v, want %v", err, tc.kind)
			}
			if !strings.Contains(err.Error(), tc.msg) {
				t.Errorf("err %q does not name %q", err, tc.msg)
			}
		})
	}
	if _, err := LoadDir(filepath.Join(t.TempDir(), "missing")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing dir: err = %v", err)
	}
}

func TestParseList(t *testing.T) {
	good := []struct {
		name, in string
		want     []Entry
	}{
		{"plain", "Acme\n", []Entry{{Text: "Acme"}}},
		{"comments and blanks", "\ufeff# c\n\n  # d\nA\r\n", []Entry{{Text: "A"}}},
		{"spaces collapse", "  Prime \t0.7\n", []Entry{{Text: "Prime", Confidence: 0.7}}},
		{"inner spaces", "prime   minister\n", []Entry{{Text: "prime minister"}}},
		{"braces", "minister{,s}\n", []Entry{{Text: "minister"}, {Text: "ministers"}}},
		{"two groups", "{a,b}{c,d}\n", []Entry{{Text: "ac"}, {Text: "ad"}, {Text: "bc"}, {Text: "bd"}}},
		{"escapes", `C\{x\,y\}\\` + "\n", []Entry{{Text: `C{x,y}\`}}},
		{"exact and confidence", "china\t0.8\texact\n", []Entry{{Text: "china", Confidence: 0.8, Exact: true}}},
		{"exact only", "suisse\texact\n", []Entry{{Text: "suisse", Exact: true}}},
		{"hash inside", "C#\n", []Entry{{Text: "C#"}}},
		{"empty alternative dropped", "{, }x\n", []Entry{{Text: "x"}, {Text: "x"}}},
	}
	for _, tc := range good {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ParseList(strings.NewReader(tc.in), "f.txt")
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("got %+v, want %+v", got, tc.want)
			}
		})
	}
	bad := []struct{ name, in string }{
		{"nested", "a{b{c}}\n"},
		{"unopened", "a}\n"},
		{"unclosed", "a{b\n"},
		{"lone backslash", `a\` + "\n"},
		{"zero confidence", "a\t0\n"},
		{"word field", "a\tfoo\n"},
		{"two confidences", "a\t0.5\t0.6\n"},
		{"too many expansions", strings.Repeat("{a,b}", 10) + "\n"},
		{"too long", strings.Repeat("a", maxEntryRunes+1) + "\n"},
		{"long line", strings.Repeat("a", maxLineBytes+10) + "\n"},
		{"punctuation only", "- . -\n"},
	}
	for _, tc := range bad {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseList(strings.NewReader(tc.in), "f.txt")
			if !errors.Is(err, ErrSyntax) || !strings.HasPrefix(err.Error(), "f.txt:1:") {
				t.Errorf("err = %v, want f.txt:1: ... %v", err, ErrSyntax)
			}
		})
	}
}

// TestBuiltin checks the embedded lists: every file parses, each of the spec's languages has
// its lists, and the sizes stay near what MODELS.md reports.
func TestBuiltin(t *testing.T) {
	g := Default()
	langs := []string{"eng", "deu", "fra", "spa", "por", "ita", "nld", "rus", "swe", "ara", "zho", "jpn",
		"kor", "fas", "urd", "vie", "ind", "msa", "tgl", "hun", "pus"}
	for _, l := range langs {
		if got := g.Types(l); !reflect.DeepEqual(got, []string{"NAT", "REL", "TTL"}) {
			t.Errorf("Types(%s) = %q", l, got)
		}
		for _, typ := range []string{"NAT", "REL", "TTL"} {
			if n := g.Size(l, typ); n < 10 {
				t.Errorf("Size(%s, %s) = %d", l, typ, n)
			}
		}
	}
	if n := g.Size("eng", "NAT"); n < 400 {
		t.Errorf("English NAT has %d entries, want the derived demonyms (> 400)", n)
	}
	if !reflect.DeepEqual(g.Languages(), sortedCopy(langs)) {
		t.Errorf("Languages() = %q", g.Languages())
	}
}

func sortedCopy(s []string) []string {
	c := append([]string(nil), s...)
	for i := range c {
		for j := i + 1; j < len(c); j++ {
			if c[j] < c[i] {
				c[i], c[j] = c[j], c[i]
			}
		}
	}
	return c
}

// checkSpans asserts the invariants of Find's result.
func checkSpans(t *testing.T, text string, spans []span.Span) {
	t.Helper()
	n := utf8.RuneCountInString(text)
	prev := 0
	for _, s := range spans {
		if s.Start < prev || s.End <= s.Start || s.End > n {
			t.Fatalf("bad span %+v after %d in %q (%d code points)", s, prev, text, n)
		}
		if s.Source != span.SourceGazetteer || s.Type == "" || !(s.Confidence > 0 && s.Confidence <= 1) {
			t.Fatalf("bad span fields %+v", s)
		}
		prev = s.End
	}
}

func TestBadTokens(t *testing.T) {
	g := Default()
	text := "the President"
	// Tokens that do not fit the text are replaced by Find's own tokenization.
	for _, toks := range [][]tokenize.Token{
		nil,
		{{Text: "x", Start: 5, End: 3}},
		{{Text: "President", Start: 4, End: 13}, {Text: "the", Start: 0, End: 3}},
		{{Text: "the", Start: 0, End: 3}, {Text: "President", Start: 40, End: 49}},
	} {
		spans := g.Find(text, toks, "eng")
		checkSpans(t, text, spans)
		if f := found(text, spans); !reflect.DeepEqual(f, []string{"TTL:President"}) {
			t.Errorf("toks %v: %q", toks, f)
		}
	}
	if spans := g.Find("", nil, "eng"); len(spans) != 0 {
		t.Errorf("empty text: %v", spans)
	}
}

func TestConcurrent(t *testing.T) {
	text := paragraph
	toks := tokenize.Tokens(text, "eng")
	want := found(text, Default().Find(text, toks, "eng"))
	done := make(chan []string)
	for range 4 {
		go func() { done <- found(text, Default().Find(text, toks, "eng")) }()
	}
	for range 4 {
		if got := <-done; !reflect.DeepEqual(got, want) {
			t.Errorf("concurrent Find differs: %q", got)
		}
	}
}

func FuzzFind(f *testing.F) {
	for _, s := range []string{"the President of the American Red Cross", "والسعوديون الإماراتية",
		"미국인은 총리를", "Dr.Dr. Mr", "Prime  Minister\n\nPrime", "\xff\xfeAmerican"} {
		f.Add(s, "eng")
		f.Add(s, "ara")
		f.Add(s, "kor")
	}
	g := Default()
	f.Fuzz(func(t *testing.T, text, lang string) {
		if lang == "zho" || lang == "jpn" || lang == "zh" || lang == "ja" || lang == "cmn" {
			lang = "" // the CJK dictionaries are slow to load; the matcher is the same
		}
		checkSpans(t, text, g.Find(text, tokenize.Tokens(text, lang), lang))
	})
}

func FuzzParseList(f *testing.F) {
	for _, s := range []string{"Acme\n", "# c\nminister{,s}\t0.5\n", "china\t0.8\texact\n", `C\{\}` + "\n", "{a,b}{c\n", "a\t2\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		es, err := ParseList(strings.NewReader(in), "f.txt")
		if err != nil {
			if !errors.Is(err, ErrSyntax) {
				t.Fatalf("error %v does not wrap ErrSyntax", err)
			}
			return
		}
		for _, e := range es {
			if e.Text == "" || e.Text != collapseSpace(e.Text) || e.Confidence < 0 || e.Confidence > 1 {
				t.Fatalf("bad entry %+v", e)
			}
		}
		// Every entry can be loaded and found in its own text.
		g := build([]list{{typ: "X", entries: es, user: true}})
		for _, e := range es {
			text := "« " + e.Text + " »"
			checkSpans(t, text, g.Find(text, nil, ""))
		}
	})
}

const paragraph = `WASHINGTON — President Joe Biden met on Tuesday with Prime Minister Rishi Sunak of Britain and the German Chancellor, Olaf Scholz, as American and European officials sought to reassure the Ukrainian government. The secretary of state, Antony Blinken, told reporters that the administration remained committed. Dr. Anthony Fauci, the former chief medical adviser, and Mr. Jeff Zients, the White House chief of staff, joined the talks. Catholic and Protestant leaders, together with Muslim and Jewish groups, issued a statement. The French president, Emmanuel Macron, spoke by phone with the Chinese foreign minister and with Japanese and South Korean diplomats. Senator Chuck Schumer, the majority leader, said Congress would act. The chairman of the Joint Chiefs, General Mark Milley, briefed lawmakers. Meanwhile, the Pope urged Christians, Hindus and Buddhists to pray for peace, and the Dalai Lama echoed the call. Analysts at American Airlines and the Royal Dutch Shell company said Russian and Saudi oil producers would watch closely. The governor of New York, the mayor of Chicago and the CEO of a large bank were also present, as were Indian, Pakistani and Brazilian envoys. Queen Camilla and King Charles hosted a dinner; the Prince of Wales attended with Canadian and Australian guests. Israeli and Palestinian negotiators met the Egyptian foreign minister. Mrs. Smith, a Methodist pastor, and Rabbi Cohen spoke last.`

func BenchmarkFind(b *testing.B) {
	g := Default()
	text := paragraph
	for len(text) < 2048 {
		text += " " + paragraph
	}
	text = text[:2048]
	toks := tokenize.Tokens(text, "eng")
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		g.Find(text, toks, "eng")
	}
}

func ExampleGazetteer_Find() {
	text := "The American president met the Pope."
	for _, s := range Default().Find(text, tokenize.Tokens(text, "eng"), "eng") {
		fmt.Println(s.Type, string([]rune(text)[s.Start:s.End]), s.Confidence)
	}
	// Output:
	// NAT American 0.9
	// TTL president 0.9
	// TTL Pope 0.9
}
