package entities

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/nomenhq/nomen/kb"
)

// TestKBNamesCommonWords checks that a sentence's first word is no knowledge-base name when it
// is one of the language's common words ("La", "En"), while the same name inside a sentence
// and other names at a sentence's start are kept.
func TestKBNamesCommonWords(t *testing.T) {
	dir := t.TempDir()
	extra := filepath.Join(dir, "extra.jsonl")
	recs := `{"nomenKB": 1, "layer": "test", "license": "CC0-1.0", "attribution": "test"}
{"id": "Q900001", "labels": {"es": "La", "it": "La"}, "type": "LOC", "popularity": 0.4}
{"id": "Q900002", "labels": {"es": "En"}, "type": "LOC", "popularity": 0.4}
{"id": "Q900003", "labels": {"es": "Sevilla", "it": "Siviglia"}, "type": "LOC", "popularity": 0.6}
{"id": "Q900004", "labels": {"ar": "هذا"}, "type": "LOC", "popularity": 0.9}
{"id": "Q900005", "labels": {"en": "Kadha"}, "weakAliases": {"ar": ["كذا"]}, "type": "LOC", "popularity": 0.9}
{"id": "Q900006", "labels": {"ar": "دبي"}, "type": "LOC", "popularity": 0.9}
{"id": "Q900007", "labels": {"ps": "نه"}, "type": "LOC", "popularity": 0.9}
`
	if err := os.WriteFile(extra, []byte(recs), 0o644); err != nil {
		t.Fatal(err)
	}
	kdir := filepath.Join(dir, "kb")
	if _, err := kb.Build(context.Background(), []string{"../../kb/testdata/fixture.jsonl", extra}, kdir, nil); err != nil {
		t.Fatal(err)
	}
	k, err := kb.Open(kdir)
	if err != nil {
		t.Fatal(err)
	}
	defer k.Close()
	p := kbPipeline(t, k, false)
	tests := []struct {
		lang, text string
		want       []string
	}{
		{"spa", "En Sevilla hace calor. La ciudad es bonita.", []string{"LOC:Sevilla"}},
		{"spa", "Sevilla es bonita.", []string{"LOC:Sevilla"}},
		// Inside a sentence a name needs a word the morphology tagger reads as a proper noun
		// (or, in Spanish, a capitalised noun): it reads this "La" as an article.
		{"spa", "Vive cerca de La, un pueblo.", nil},
		{"ita", "La gente di Siviglia. Il sole.", []string{"LOC:Siviglia"}},
		// Arabic has no letter case: a common word is no name anywhere, nor is a name known
		// only as a machine translation.
		{"ara", "ذهب إلى دبي هذا الأسبوع و كذا", []string{"LOC:دبي"}},
		// Pashto has no frequency list: its function words are written by hand ("نه", not).
		{"pus", "دا کار نه دی شوی په دبي کې", []string{"LOC:دبي"}},
	}
	for _, tc := range tests {
		got := mentions(t, p, tc.lang, tc.text, "LOC", "PER", "ORG")
		if strings.Join(got, "|") != strings.Join(tc.want, "|") {
			t.Errorf("%s %q: got %v, want %v", tc.lang, tc.text, got, tc.want)
		}
	}
}

// TestKBNames checks the knowledge-base names that stand in for a tagger in languages
// without one, with the lemma fallback for inflected forms, and the proper-noun runs: names
// the knowledge base lacks are found and typed, a KB name inside a longer run gives way to it,
// and capitalised nouns the tagger misreads count in scripts whose nouns are lower case.
func TestKBNames(t *testing.T) {
	p := kbPipeline(t, fixtureKB(t), true)
	tests := []struct {
		lang, text string
		want, not  []string
	}{
		{"rus", "Владимир Путин был в Берлине и в Германии.", []string{"PER:Владимир Путин", "LOC:Берлине", "LOC:Германии"}, nil},
		{"ita", "Angela Merkel ha visitato Berlino e Parigi.", []string{"PER:Angela Merkel"}, []string{"ha"}},
		{"rus", "Вчера Игорь Сечин встретился с Владимиром Путиным в Берлине.", []string{"PER:Игорь Сечин", "LOC:Берлине"}, []string{"Вчера"}},
		// Inflected place names are looked up in their base form; a sentence's first word
		// joins a Cyrillic name only when it is a known given or family name.
		{"rus", "Акции Сбербанка подешевели. Делегация из Германии прибыла в Берлин.", []string{"LOC:Германии", "LOC:Берлин"}, []string{"Акции Сбербанка"}},
		{"spa", "El presidente Pedro Sánchez viajó a Berlín con Ana Botín.", []string{"TTL:presidente", "PER:Pedro Sánchez", "PER:Ana Botín"}, []string{"El"}},
		{"por", "O ministro José Sócrates chegou a Lisboa.", []string{"PER:José Sócrates"}, []string{"José", "O"}},
		// The Swedish tagger reads "Berlin" as a noun; capitalised inside a sentence, it is a
		// name. One such noun alone, with no proper noun and no KB name, is none ("Tesla"),
		// two or more are ("Volvo Cars").
		{"swe", "Hon bor i Berlin och arbetar för Volvo Cars, inte för Tesla.", []string{"LOC:Berlin", "*:Volvo Cars"}, []string{"Tesla"}},
		// Without a morphology model (Italian, Indonesian), runs of capitalised words inside a
		// sentence; a sentence's first word only when a name follows and it is no common word.
		{"ita", "Ieri il ministro Giancarlo Giorgetti ha visitato Berlino.", []string{"PER:Giancarlo Giorgetti"}, []string{"Ieri"}},
		{"ind", "Presiden Joko Widodo mengunjungi Berlin kemarin.", []string{"PER:Joko Widodo", "LOC:Berlin"}, nil},
		// Arabic script: runs of two or more known given or family names, and a family name
		// with the article after them.
		{"ara", "قال محمد بن سلمان إن المشروع سيكتمل. التقى الرئيس عبد الفتاح السيسي بالوزير.", []string{"PER:محمد بن سلمان", "TTL:الرئيس", "PER:عبد الفتاح السيسي"}, nil},
		{"heb", "השחקן משה כהן הגיע לעיר בבוקר.", []string{"PER:משה כהן"}, nil},
		{"vie", "Nguyễn Văn An làm việc tại công ty Vinamilk.", []string{"PER:Nguyễn Văn An", "ORG:Vinamilk"}, nil},
		{"tgl", "Nag-aral siya sa Unibersidad ng Pilipinas kahapon.", []string{"*:Unibersidad ng Pilipinas"}, []string{"Pilipinas"}},
		// Hungarian case endings: the base form is looked up, and an inflected KB name
		// stands apart from the name before it.
		{"hun", "Tegnap Kovács Péter Berlinből érkezett.", []string{"PER:Kovács Péter", "LOC:Berlinből"}, nil},
		// Persian ی and ک are read as the Arabic letters of the name table.
		{"fas", "دیروز محمد علی به شهر رفت.", []string{"PER:محمد علی"}, nil},
		// A Persian family name by its ending after a known given name; not the noun of a
		// compound verb ("معرفی کرد", introduced).
		{"fas", "دیروز رضا احمدی به شهر رفت.", []string{"PER:رضا احمدی"}, nil},
		{"fas", "امروز علی معرفی کرد.", nil, []string{"علی معرفی"}},
		// Romance connectors join the parts of a name (its type depends on the KB's words:
		// "*" is any type here, with the small test KB).
		{"ita", "Ha studiato alla Scuola Normale di Pisa con Marco Rossi.", []string{"*:Scuola Normale di Pisa", "PER:Marco Rossi"}, []string{"Scuola Normale", "Pisa"}},
	}
	for _, tc := range tests {
		checkMentions(t, tc.lang, mentions(t, p, tc.lang, tc.text), tc.want, tc.not)
	}
}

// TestKBNameType checks that a name's type is the one whose entities hold most of its prior.
func TestKBNameType(t *testing.T) {
	loc1 := &kb.Entity{ID: "Q1", Type: "LOC", Popularity: 0.7}
	loc2 := &kb.Entity{ID: "Q2", Type: "LOC", Popularity: 0.9}
	org := &kb.Entity{ID: "Q3", Type: "ORG", Popularity: 0.2}
	tests := []struct {
		name      string
		cs        []kb.Candidate
		typ       string
		prior     float64
		bestID    string
		wantEmpty bool
	}{
		{"one entity", []kb.Candidate{{Entity: loc1, Prior: 1}}, "LOC", 1, "Q1", false},
		{"places together outweigh a brand", []kb.Candidate{{Entity: org, Prior: 0.4}, {Entity: loc1, Prior: 0.35}, {Entity: loc2, Prior: 0.25}}, "LOC", 0.6, "Q1", false},
		{"capped at 1", []kb.Candidate{{Entity: loc1, Prior: 0.6}, {Entity: loc2, Prior: 0.400001}}, "LOC", 1, "Q1", false},
		{"none", nil, "", 0, "", true},
	}
	for _, tc := range tests {
		typ, prior, best := kbNameType(tc.cs)
		if typ != tc.typ || prior < tc.prior-1e-9 || prior > tc.prior+1e-9 || (best == nil) != tc.wantEmpty || best != nil && best.ID != tc.bestID {
			t.Errorf("%s: got %q %v %v", tc.name, typ, prior, best)
		}
	}
}

// FuzzKBNames runs the knowledge-base path (no tagger) on arbitrary text in the languages
// that use it, and checks the spans' bounds.
func FuzzKBNames(f *testing.F) {
	for _, s := range []string{"En Sevilla hace calor. La ciudad es bonita.", "Владимир Путин был в Берлине.", "", "\xff A. B", "Il presidente: Roma, Milano; Napoli!",
		"Представитель Министерства обороны России встретился с Ангелой Меркель. Центральный банк снизил ставку."} {
		f.Add(s, "spa")
		f.Add(s, "rus")
	}
	for _, s := range []string{"הוא נולד בירושלים ובתל אביב.", "وصل الوفد إلى بيروت وبغداد وللمغرب.", "نشرت وكالة الأنباء الفرنسية الخبر ودعت للجنة الأولمبية الدولية", "העתירה הוגשה לבית המשפט העליון ומשרד החוץ הודיע; יצחק זמיר ואליהו", "한국은행은 금리를 동결했고 외교부가 발표했다", "문재인 전 대통령이 서울에서 연설했다.", "رضا احمدی معرفی کرد.", "The IMF and WHO WANTS met.", "how are china and paris alike ? the Israeli and French CPA"} {
		f.Add(s, "heb")
		f.Add(s, "ara")
		f.Add(s, "kor")
		f.Add(s, "fas")
		f.Add(s, "eng")
	}
	for _, s := range []string{"La Commission européenne et la Banque de France. Le Parti de Marine Le Pen.", "De Europese Commissie, Raad van State en Rabobank.", "La Banca d'Italia e il Consiglio di Stato", "Europa-Kommissionen og Jyllands-Posten"} {
		f.Add(s, "fra")
		f.Add(s, "nld")
		f.Add(s, "ita")
		f.Add(s, "dan")
	}
	k := fixtureKB(f)
	p := kbPipeline(f, k, true)
	tagged := kbPipeline(f, k, false) // Hebrew, English, French, Dutch, Danish: the tagger and what is added beside it
	f.Fuzz(func(t *testing.T, text, lang string) {
		if !slices.Contains([]string{"spa", "rus", "ita", "ara", "heb", "kor", "fas", "eng", "fra", "nld", "dan"}, lang) {
			lang = "ita"
		}
		p := p
		if lang == "heb" || lang == "eng" || lang == "fra" || lang == "nld" || lang == "dan" {
			p = tagged
		}
		res, err := p.Extract(text, lang, Options{})
		if err != nil {
			return
		}
		// Linking too: the lookup forms and the romanized spellings of persons.
		if linked, err := p.Extract(text, lang, Options{Link: true}); err == nil && len(linked.Entities) > len(res.Entities) {
			t.Fatalf("linking added entities: %d > %d", len(linked.Entities), len(res.Entities))
		}
		n := len([]rune(text))
		for _, e := range res.Entities {
			for _, mo := range e.Mentions {
				if mo.Start < 0 || mo.End > n || mo.Start >= mo.End {
					t.Fatalf("mention %+v outside %d runes", mo, n)
				}
			}
		}
		tg := p.WordTagger(lang)
		words := strings.Fields(text)
		for _, s := range tg.TagWords(words) {
			if s.Start < 0 || s.End > len(words) || s.Start >= s.End {
				t.Fatalf("word span %+v outside %d words", s, len(words))
			}
		}
	})
}

// kbPipeline returns the default pipeline over k, without its taggers when kbOnly.
func kbPipeline(t testing.TB, k *kb.KB, kbOnly bool) *Pipeline {
	t.Helper()
	m, err := Default("", func() (*kb.KB, error) { return k, nil })
	if err != nil {
		t.Fatal(err)
	}
	if kbOnly {
		m.Tagger = nil
	}
	return New(m)
}

// checkMentions checks "TYPE:mention" entries: every one of want is in got ("*:mention" with
// any type), and no mention of not is there with any type.
func checkMentions(t *testing.T, lang string, got, want, not []string) {
	t.Helper()
	all := "|" + strings.Join(got, "|") + "|"
	for _, w := range want {
		if typ, m, _ := strings.Cut(w, ":"); typ == "*" && strings.Contains(all, ":"+m+"|") {
			continue
		}
		if !strings.Contains(all, "|"+w+"|") {
			t.Errorf("%s: missing %s in %v", lang, w, got)
		}
	}
	for _, n := range not {
		if strings.Contains(all, ":"+n+"|") {
			t.Errorf("%s: unexpected %s in %v", lang, n, got)
		}
	}
}

// TestGivenNamePER checks the evidence that turns a KB name that begins with a given name into a
// person's when people hold enough of its prior.
func TestGivenNamePER(t *testing.T) {
	for _, tc := range []struct {
		word string
		want bool
	}{{"Pedro", true}, {"Сергей", true}, {"Bruselas", false}, {"Акции", false}} {
		if got := givenName(tc.word); got != tc.want {
			t.Errorf("givenName(%q) = %v, want %v", tc.word, got, tc.want)
		}
	}
	per := &kb.Entity{ID: "Q1", Type: "PER"}
	loc := &kb.Entity{ID: "Q2", Type: "LOC"}
	cs := []kb.Candidate{{Entity: loc, Prior: 0.6}, {Entity: per, Prior: 0.3}, {Entity: per, Prior: 0.1}}
	if got := typeShare(cs, "PER"); got < 0.4-1e-9 || got > 0.4+1e-9 {
		t.Errorf("typeShare = %v, want 0.4", got)
	}
}

// TestHungarianBases checks the base forms of inflected Hungarian names.
func TestHungarianBases(t *testing.T) {
	for _, tc := range []struct{ form, want string }{
		{"Budapesten", "Budapest"}, {"Bécsbe", "Bécs"}, {"Szlovákiában", "Szlovákia"},
		{"Győrt", "Győr"}, {"Pécsett", "Pécs"}, {"Londonból", "London"},
	} {
		if got := hungarianBases(tc.form); !slices.Contains(got, tc.want) {
			t.Errorf("hungarianBases(%q) = %v, want %q among them", tc.form, got, tc.want)
		}
	}
	if caseEnding("Berlinből", "rus") || !caseEnding("Berlinből", "hun") || caseEnding("Anna", "hun") {
		t.Error("caseEnding")
	}
}

// mentions extracts text with default options and returns its entities as "TYPE:mention",
// only those of types when any are given.
func mentions(t *testing.T, p *Pipeline, lang, text string, types ...string) []string {
	t.Helper()
	res, err := p.Extract(text, lang, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range res.Entities {
		if len(types) == 0 || slices.Contains(types, e.Type) {
			got = append(got, e.Type+":"+e.Mention)
		}
	}
	return got
}

// TestNameTag checks the parts of speech that may open a person's name.
func TestNameTag(t *testing.T) {
	for pos, want := range map[string]bool{"NOUN": true, "PROPN": true, "X": true, "": true, "PRON": false, "ADP": false, "ADJ": false, "VERB": false} {
		if got := nameTag(pos); got != want {
			t.Errorf("nameTag(%q) = %v, want %v", pos, got, want)
		}
	}
}
