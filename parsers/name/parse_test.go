package name

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"
)

// describe renders the tokens of n as "norm:ROLE" words.
func describe(n Name) string {
	parts := make([]string, len(n.Tokens))
	for i, t := range n.Tokens {
		parts[i] = t.Norm + ":" + t.Role.String()
	}
	return strings.Join(parts, " ")
}

func TestParse(t *testing.T) {
	tests := []struct {
		name, text, typ, lang string
		want                  string
		check                 func(t *testing.T, n Name)
	}{
		{name: "western", text: "John Smith", typ: "PERSON", lang: "eng", want: "john:GIVEN smith:FAMILY"},
		{name: "known middle name", text: "John Fitzgerald Kennedy", typ: "PERSON", want: "john:GIVEN fitzgerald:GIVEN kennedy:FAMILY"},
		{name: "title and suffix", text: "Dr. Martin Luther King Jr.", typ: "PERSON",
			want: "dr:TITLE martin:GIVEN luther:GIVEN king:FAMILY jr:SUFFIX",
			check: func(t *testing.T, n Name) {
				if n.Title != "dr" || n.Suffix != "jr" {
					t.Errorf("Title %q Suffix %q", n.Title, n.Suffix)
				}
			}},
		{name: "comma inversion", text: "Smith, John", typ: "PERSON", want: "john:GIVEN smith:FAMILY",
			check: func(t *testing.T, n Name) {
				if !n.Inverted || n.Tokens[0].Pos != 1 || n.Tokens[1].Pos != 0 {
					t.Errorf("Inverted %v, Pos %d %d", n.Inverted, n.Tokens[0].Pos, n.Tokens[1].Pos)
				}
			}},
		{name: "inversion with suffix", text: "Smith, John Jr.", typ: "PERSON", want: "john:GIVEN smith:FAMILY jr:SUFFIX"},
		{name: "inversion suffix segment", text: "King, Martin Luther, Jr.", typ: "PERSON", want: "martin:GIVEN luther:GIVEN king:FAMILY jr:SUFFIX"},
		{name: "suffix after comma is not inversion", text: "John Smith, Jr.", typ: "PERSON", want: "john:GIVEN smith:FAMILY jr:SUFFIX",
			check: func(t *testing.T, n Name) {
				if n.Inverted {
					t.Error("Inverted")
				}
			}},
		{name: "inverted particle", text: "Beethoven, Ludwig van", typ: "PERSON", want: "ludwig:GIVEN van:PARTICLE beethoven:FAMILY"},
		{name: "roman numeral", text: "Henry Ford III", typ: "PERSON", want: "henry:GIVEN ford:FAMILY iii:SUFFIX"},
		{name: "weak suffix needs two words", text: "Kowalski V", typ: "PERSON", want: "kowalski:FAMILY v:INITIAL"},
		{name: "given name and last initial", text: "Elizabeth B.", typ: "PERSON", want: "elizabeth:GIVEN b:INITIAL"},
		{name: "weak suffix after comma", text: "Edwin B Frost, V", typ: "PERSON", want: "edwin:GIVEN b:INITIAL frost:FAMILY v:SUFFIX"},
		{name: "dotted suffix", text: "Mohammad Bhuiyan Ph.D.", typ: "PERSON", want: "mohammad:GIVEN bhuiyan:FAMILY phd:SUFFIX"},
		{name: "dotted suffixes after commas", text: "Arthur Gray, Jr., M.D.", typ: "PERSON", want: "arthur:GIVEN gray:FAMILY jr:SUFFIX md:SUFFIX"},
		{name: "ben is a given name first", text: "Ben Hall", typ: "PERSON", want: "ben:GIVEN hall:FAMILY"},
		{name: "unknown middle word", text: "John Qwertyuiop Smith", typ: "PERSON", want: "john:GIVEN qwertyuiop:UNKNOWN smith:FAMILY"},
		{name: "trailing initial", text: "Kowalski J", typ: "PERSON", want: "kowalski:FAMILY j:INITIAL"},
		{name: "initials with dots", text: "J.R.R. Tolkien", typ: "PERSON", want: "j:INITIAL r:INITIAL r:INITIAL tolkien:FAMILY"},
		{name: "initial with space", text: "George W. Bush", typ: "PERSON", want: "george:GIVEN w:INITIAL bush:FAMILY"},
		{name: "dutch particles", text: "Vincent van der Berg", typ: "PERSON", want: "vincent:GIVEN van:PARTICLE der:PARTICLE berg:FAMILY"},
		{name: "german particle", text: "Ursula von der Leyen", typ: "PERSON", want: "ursula:GIVEN von:PARTICLE der:PARTICLE leyen:FAMILY"},
		{name: "leading van is a given name", text: "Van Morrison", typ: "PERSON", want: "van:GIVEN morrison:FAMILY"},
		{name: "spanish two surnames", text: "Gabriel García Márquez", typ: "PERSON", lang: "spa", want: "gabriel:GIVEN garcía:FAMILY márquez:FAMILY"},
		{name: "spanish particle", text: "Miguel de Cervantes Saavedra", typ: "PERSON", lang: "spa", want: "miguel:GIVEN de:PARTICLE cervantes:FAMILY saavedra:FAMILY"},
		{name: "arabic particles", text: "Osama bin Mohammed bin Awad bin Laden", typ: "PERSON",
			want: "osama:GIVEN bin:PARTICLE mohammed:GIVEN bin:PARTICLE awad:UNKNOWN bin:PARTICLE laden:FAMILY"},
		{name: "ibn is bin", text: "Abd al-Aziz ibn Saud", typ: "PERSON", want: "abd:GIVEN al:PARTICLE aziz:GIVEN bin:PARTICLE saud:FAMILY"},
		{name: "al with hyphen", text: "Saddam Hussein al-Tikriti", typ: "PERSON", want: "saddam:GIVEN hussein:GIVEN al:PARTICLE tikriti:FAMILY"},
		{name: "el is al", text: "Abdel Fattah el-Sisi", typ: "PERSON", want: "abdel:GIVEN fattah:UNKNOWN al:PARTICLE sisi:FAMILY"},
		{name: "leading abu", text: "Abu Bakr al-Baghdadi", typ: "PERSON", want: "abu:PARTICLE bakr:GIVEN al:PARTICLE baghdadi:FAMILY"},
		{name: "sheikh title", text: "Sheikh Mohammed bin Rashid Al Maktoum", typ: "PERSON",
			want: "sheikh:TITLE mohammed:GIVEN bin:PARTICLE rashid:UNKNOWN al:PARTICLE maktoum:FAMILY"},
		{name: "multi-word title", text: "His Excellency Mr. John Smith", typ: "PERSON", want: "hisexcellency:TITLE mr:TITLE john:GIVEN smith:FAMILY"},
		{name: "german titles", text: "Herr Prof. Dr. Hans Müller", typ: "PERSON", lang: "deu", want: "herr:TITLE profdr:TITLE hans:GIVEN müller:FAMILY"},
		{name: "title alone with surname", text: "Mrs. Thatcher", typ: "PERSON", want: "mrs:TITLE thatcher:FAMILY"},
		{name: "title needs a name after it", text: "Doctor", typ: "PERSON", want: "doctor:FAMILY"},
		{name: "lone known given name", text: "Madonna", typ: "PERSON", want: "madonna:GIVEN"},
		{name: "list order without comma", text: "Kowalski Anna", typ: "PERSON", want: "kowalski:FAMILY anna:GIVEN"},
		{name: "list order with initial", text: "Swanson Peter A", typ: "PERSON", want: "swanson:FAMILY peter:GIVEN a:INITIAL"},
		{name: "romanised CJK family name last", text: "Hyesoon Kim", typ: "PERSON", want: "hyesoon:GIVEN kim:FAMILY"},
		{name: "occupational suffix phrase", text: "Richard A. Shapiro Attorney at Law", typ: "PERSON", want: "richard:GIVEN a:INITIAL shapiro:FAMILY attorney:SUFFIX"},
		{name: "suffix in inverted family part", text: "Wells Jr, Jesse D", typ: "PERSON", want: "jesse:GIVEN d:INITIAL wells:FAMILY jr:SUFFIX"},
		{name: "hyphenated given", text: "Jean-Pierre Dupont", typ: "PERSON", want: "jean:GIVEN pierre:GIVEN dupont:FAMILY"},
		{name: "hyphenated family", text: "Mary Smith-Jones", typ: "PERSON", want: "mary:GIVEN smith:FAMILY jones:FAMILY"},
		{name: "apostrophe", text: "Sinéad O'Connor", typ: "PERSON", want: "sinéad:GIVEN oconnor:FAMILY"},
		{name: "chinese unspaced", text: "毛泽东", typ: "PERSON", want: "毛:FAMILY 泽东:GIVEN",
			check: func(t *testing.T, n Name) {
				if n.Script != "Hani" || n.Lang != "zho" || !n.FamilyFirst || n.Tokens[1].Raw != "泽东" || n.Tokens[1].Pos != 1 {
					t.Errorf("Script %q Lang %q FamilyFirst %v tokens %+v", n.Script, n.Lang, n.FamilyFirst, n.Tokens)
				}
			}},
		{name: "chinese compound surname", text: "欧阳修", typ: "PERSON", want: "欧阳:FAMILY 修:GIVEN"},
		{name: "traditional compound surname", text: "司馬遷", typ: "PERSON", want: "司馬:FAMILY 遷:GIVEN"},
		{name: "korean unspaced", text: "김정은", typ: "PERSON", want: "김:FAMILY 정은:GIVEN",
			check: func(t *testing.T, n Name) {
				if n.Script != "Kore" || n.Lang != "kor" {
					t.Errorf("Script %q Lang %q", n.Script, n.Lang)
				}
			}},
		{name: "korean compound surname", text: "남궁민", typ: "PERSON", want: "남궁:FAMILY 민:GIVEN"},
		{name: "japanese kanji", text: "山田太郎", typ: "PERSON", lang: "jpn", want: "山田:FAMILY 太郎:GIVEN"},
		{name: "japanese three-kanji surname", text: "長谷川 京子", typ: "PERSON", want: "長谷川:FAMILY 京子:GIVEN"},
		{name: "korean spaced latin", text: "Kim Jong Un", typ: "PERSON", lang: "kor", want: "kim:FAMILY jong:GIVEN un:GIVEN"},
		{name: "chinese latin family first", text: "Mao Zedong", typ: "PERSON", lang: "zho", want: "mao:FAMILY zedong:GIVEN"},
		{name: "japanese western order", text: "Shinzo Abe", typ: "PERSON", lang: "jpn", want: "shinzo:GIVEN abe:FAMILY"},
		{name: "vietnamese family first", text: "Nguyễn Tấn Dũng", typ: "PERSON", lang: "vie", want: "nguyễn:FAMILY tấn:GIVEN dũng:GIVEN"},
		{name: "hungarian family first", text: "Orbán Viktor", typ: "PERSON", lang: "hun", want: "orbán:FAMILY viktor:GIVEN"},
		{name: "russian patronymic", text: "Владимир Владимирович Путин", typ: "PERSON", lang: "rus", want: "владимир:GIVEN владимирович:GIVEN путин:FAMILY"},
		{name: "russian family first", text: "Путин Владимир Владимирович", typ: "PERSON", lang: "rus", want: "путин:FAMILY владимир:GIVEN владимирович:GIVEN"},
		{name: "full width", text: "ＪＯＨＮ　ＳＭＩＴＨ", typ: "PERSON", want: "john:GIVEN smith:FAMILY"},
		{name: "other entity type is person-like", text: "John Smith", typ: "IDENTIFIER", want: "john:GIVEN smith:FAMILY",
			check: func(t *testing.T, n Name) {
				if n.EntityType != "IDENTIFIER" {
					t.Errorf("EntityType %q", n.EntityType)
				}
			}},
		{name: "default entity type", text: "John Smith", want: "john:GIVEN smith:FAMILY",
			check: func(t *testing.T, n Name) {
				if n.EntityType != Person {
					t.Errorf("EntityType %q", n.EntityType)
				}
			}},

		{name: "org legal form", text: "Deutsche Bank AG", typ: "ORGANIZATION", want: "deutsche:WORD bank:WORD ag:LEGAL_FORM",
			check: func(t *testing.T, n Name) {
				if n.LegalForm != "ag" || Acronym(n) != "db" {
					t.Errorf("LegalForm %q Acronym %q", n.LegalForm, Acronym(n))
				}
			}},
		{name: "org ampersand", text: "Procter & Gamble Co.", typ: "ORGANIZATION", want: "procter:WORD and:STOP_WORD gamble:WORD co:LEGAL_FORM"},
		{name: "org limited", text: "Acme Widgets Limited", typ: "organization", want: "acme:WORD widgets:WORD ltd:LEGAL_FORM"},
		{name: "org ltd", text: "Acme Widgets Ltd.", typ: "ORGANIZATION", want: "acme:WORD widgets:WORD ltd:LEGAL_FORM"},
		{name: "org incorporated", text: "Apple Incorporated", typ: "ORGANIZATION", want: "apple:WORD inc:LEGAL_FORM"},
		{name: "org corporation", text: "International Business Machines Corporation", typ: "ORGANIZATION",
			want: "international:WORD business:WORD machines:WORD corp:LEGAL_FORM",
			check: func(t *testing.T, n Name) {
				if Acronym(n) != "ibm" {
					t.Errorf("Acronym %q", Acronym(n))
				}
			}},
		{name: "org multi-token form", text: "Volkswagen GmbH & Co. KG", typ: "ORGANIZATION", want: "volkswagen:WORD gmbhcokg:LEGAL_FORM",
			check: func(t *testing.T, n Name) {
				if n.Tokens[1].Raw != "GmbH & Co. KG" {
					t.Errorf("Raw %q", n.Tokens[1].Raw)
				}
			}},
		{name: "org mexican form", text: "Grupo Elektra, S.A.B. de C.V.", typ: "ORGANIZATION", want: "grupo:WORD elektra:WORD sabdecv:LEGAL_FORM"},
		{name: "org dotless form", text: "Cemex SA de CV", typ: "ORGANIZATION", want: "cemex:WORD sacv:LEGAL_FORM"},
		{name: "org spelled out", text: "Foo Gesellschaft mit beschränkter Haftung", typ: "ORGANIZATION", want: "foo:WORD gmbh:LEGAL_FORM"},
		{name: "org stop words", text: "The Bank of New York", typ: "ORGANIZATION", want: "the:STOP_WORD bank:WORD of:STOP_WORD new:WORD york:WORD"},
		{name: "org prefix form", text: "ООО Газпром", typ: "ORGANIZATION", want: "ooo:LEGAL_FORM газпром:WORD"},
		{name: "org form is not the whole name", text: "Limited", typ: "ORGANIZATION", want: "limited:WORD"},
		{name: "org number", text: "3M Company", typ: "ORGANIZATION", want: "3m:WORD co:LEGAL_FORM"},
		{name: "org digits", text: "Studio 54 Inc", typ: "ORGANIZATION", want: "studio:WORD 54:NUMBER inc:LEGAL_FORM"},
		{name: "org japanese form", text: "トヨタ自動車株式会社", typ: "ORGANIZATION", want: "トヨタ自動車株式会社:WORD"},

		{name: "location mount", text: "Mt. Everest", typ: "LOCATION", want: "mount:WORD everest:WORD"},
		{name: "location saint", text: "St. Louis", typ: "LOCATION", want: "saint:WORD louis:WORD"},
		{name: "location sankt", text: "St. Pölten", typ: "LOCATION", lang: "deu", want: "sankt:WORD pölten:WORD"},
		{name: "location fort", text: "Ft Worth", typ: "LOCATION", want: "fort:WORD worth:WORD"},
		{name: "location direction", text: "N. Dakota", typ: "LOCATION", want: "north:WORD dakota:WORD"},
		{name: "location sainte", text: "Ste-Foy", typ: "LOCATION", want: "sainte:WORD foy:WORD"},
		{name: "location stop word", text: "Rio de Janeiro", typ: "LOCATION", want: "rio:WORD de:STOP_WORD janeiro:WORD"},
		{name: "location undotted co", text: "Co Durham", typ: "LOCATION", want: "co:WORD durham:WORD"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			n, err := Parse(tc.text, tc.typ, tc.lang)
			if err != nil {
				t.Fatal(err)
			}
			if got := describe(n); got != tc.want {
				t.Errorf("Parse(%q, %q, %q)\n got  %s\n want %s", tc.text, tc.typ, tc.lang, got, tc.want)
			}
			checkInvariants(t, tc.text, n)
			if tc.check != nil {
				tc.check(t, n)
			}
		})
	}
}

// checkInvariants verifies the documented properties of every parse.
func checkInvariants(t *testing.T, text string, n Name) {
	t.Helper()
	if len(n.Tokens) == 0 {
		t.Fatalf("no tokens for %q", text)
	}
	seen := make([]bool, len(n.Tokens))
	for _, tk := range n.Tokens {
		if tk.Norm == "" || tk.Fold == "" {
			t.Errorf("empty Norm/Fold in %+v", tk)
		}
		if tk.Start < 0 || tk.End > len(text) || tk.Start >= tk.End || text[tk.Start:tk.End] != tk.Raw {
			t.Errorf("Raw %q does not match offsets %d:%d", tk.Raw, tk.Start, tk.End)
		}
		if tk.Pos < 0 || tk.Pos >= len(n.Tokens) || seen[tk.Pos] {
			t.Errorf("bad or duplicate Pos %d", tk.Pos)
		} else {
			seen[tk.Pos] = true
		}
		if tk.Norm == Normalize(tk.Raw) && tk.Fold != Fold(tk.Raw) && !(Fold(tk.Raw) == "" && tk.Fold == tk.Norm) {
			t.Errorf("token %q: Fold %q, want Fold(Raw) = %q", tk.Raw, tk.Fold, Fold(tk.Raw))
		}
		if !utf8.ValidString(tk.Norm) || !utf8.ValidString(tk.Fold) {
			t.Errorf("invalid UTF-8 in %+v", tk)
		}
	}
	if !n.Inverted {
		for i, tk := range n.Tokens {
			if tk.Pos != i {
				t.Errorf("token %d has Pos %d in a non-inverted name", i, tk.Pos)
			}
		}
	}
}

func TestParseBad(t *testing.T) {
	tests := []struct {
		name, text string
		err        error
	}{
		{"empty", "", ErrEmpty},
		{"spaces", "   \t\n ", ErrEmpty},
		{"punctuation only", "-- , . ;", ErrEmpty},
		{"invalid utf8 only", "\xff\xfe", ErrEmpty},
		{"too long", strings.Repeat("a ", MaxTokens+1), ErrTooLong},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			for _, typ := range []string{Person, Organization, Location} {
				_, err := Parse(tc.text, typ, "")
				if !errors.Is(err, tc.err) {
					t.Errorf("Parse(%q, %s) error %v, want %v", tc.text, typ, err, tc.err)
				}
			}
		})
	}
}

// TestGolden parses every line of testdata/names.input ("TYPE|lang|text")
// and compares a rendering with testdata/names.golden (-update rewrites it).
func TestGolden(t *testing.T) {
	in, err := os.Open(filepath.Join("testdata", "names.input"))
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	var out strings.Builder
	sc := bufio.NewScanner(in)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.SplitN(line, "|", 3)
		if len(f) != 3 {
			t.Fatalf("bad input line %q", line)
		}
		n, err := Parse(f[2], f[0], f[1])
		if err != nil {
			fmt.Fprintf(&out, "%s\n  error: %v\n", line, err)
			continue
		}
		checkInvariants(t, f[2], n)
		fmt.Fprintf(&out, "%s\n  script=%s lang=%s inverted=%v familyFirst=%v title=%q suffix=%q legalForm=%q acronym=%q\n",
			line, n.Script, n.Lang, n.Inverted, n.FamilyFirst, n.Title, n.Suffix, n.LegalForm, Acronym(n))
		for _, tk := range n.Tokens {
			fmt.Fprintf(&out, "  %d %-10s %q norm=%q fold=%q", tk.Pos, tk.Role, tk.Raw, tk.Norm, tk.Fold)
			if tk.Symbol != "" {
				fmt.Fprintf(&out, " symbol=%q", tk.Symbol)
			}
			out.WriteByte('\n')
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	golden := filepath.Join("testdata", "names.golden")
	if *update {
		if err := os.WriteFile(golden, []byte(out.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if string(want) != out.String() {
		gl, wl := strings.Split(out.String(), "\n"), strings.Split(string(want), "\n")
		for i := range min(len(gl), len(wl)) {
			if gl[i] != wl[i] {
				t.Fatalf("golden mismatch at line %d:\n got  %s\n want %s\n(run with -update and review the diff)", i+1, gl[i], wl[i])
			}
		}
		t.Fatalf("golden length differs: got %d lines, want %d", len(gl), len(wl))
	}
}

func TestNormalize(t *testing.T) {
	tests := []struct{ in, norm, fold string }{
		{"John Smith", "john smith", "john smith"},
		{"  JOHN   SMITH  ", "john smith", "john smith"},
		{"O'Brien", "obrien", "obrien"},
		{"O’Brien", "obrien", "obrien"},
		{"Jean-Pierre", "jean pierre", "jean pierre"},
		{"Müller", "müller", "muller"},
		{"Straße", "straße", "strasse"},
		{"Łódź", "łódź", "lodz"},
		{"Søren Kierkegaard", "søren kierkegaard", "soren kierkegaard"},
		{"Ærø", "ærø", "aero"},
		{"ＡＢＣ　ｄｅｆ", "abc def", "abc def"},
		{"ﾄﾖﾀ", "トヨタ", "トヨタ"},
		{"ガンダム", "ガンダム", "ガンダム"},
		{"김정은", "김정은", "김정은"},
		{"ΟΔΥΣΣΕΥΣ", "οδυσσευσ", "οδυσσευσ"},
		{"Ἀθῆναι", "ἀθῆναι", "αθηναι"},
		{"Йошкар-Ола", "йошкар ола", "иошкар ола"},
		{"مُحَمَّد", "مُحَمَّد", "محمد"},
		{"Smith, J.R.", "smith j r", "smith j r"},
		{"A&B", "a b", "a b"},
		{"x\xffy", "xy", "xy"},
		{"", "", ""},
		{"...", "", ""},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			if got := Normalize(tc.in); got != tc.norm {
				t.Errorf("Normalize(%q) = %q, want %q", tc.in, got, tc.norm)
			}
			if got := Fold(tc.in); got != tc.fold {
				t.Errorf("Fold(%q) = %q, want %q", tc.in, got, tc.fold)
			}
		})
	}
}

func TestNicknames(t *testing.T) {
	pairs := []struct {
		a, b string
		want bool
	}{
		{"william", "bill", true},
		{"bill", "william", true},
		{"Robert", "Bob", true},
		{"bob", "rob", true}, // two nicknames of robert
		{"elizabeth", "liz", true},
		{"john", "john", false},
		{"william", "robert", false},
		{"xyzzy", "bill", false},
		{"", "", false},
	}
	for _, p := range pairs {
		if got := AreNicknames(p.a, p.b); got != p.want {
			t.Errorf("AreNicknames(%q, %q) = %v, want %v", p.a, p.b, got, p.want)
		}
	}
	nn := Nicknames("william")
	if !contains(nn, "bill") || contains(nn, "william") {
		t.Errorf("Nicknames(william) = %v", nn)
	}
	for _, n := range nn {
		if !AreNicknames("william", n) {
			t.Errorf("Nicknames(william) has %q but AreNicknames disagrees", n)
		}
	}
	if Nicknames("xyzzy") != nil {
		t.Error("unknown name has nicknames")
	}
}

func TestGender(t *testing.T) {
	tests := []struct {
		name         string
		male, female float64
	}{
		{"John", 1, 0},
		{"Mary", 0, 1},
		{"Jordan", 0.5, 0.5},
		{"Xyzzyq", 0, 0},
		{"", 0, 0},
		{"Mary Ann", 0, 1},
	}
	for _, tc := range tests {
		m, f := Gender(tc.name)
		if m != tc.male || f != tc.female {
			t.Errorf("Gender(%q) = %v, %v; want %v, %v", tc.name, m, f, tc.male, tc.female)
		}
	}
}

func TestOrgSymbols(t *testing.T) {
	tests := []struct{ a, b, symbol string }{
		{"Intl Business Machines", "International Business Machines", "intl"},
		{"Acme Holdings", "Acme Holding", "holding"},
		{"Banco Nacional", "National Bank", "natl"},
	}
	for _, tc := range tests {
		na, err := Parse(tc.a, Organization, "")
		if err != nil {
			t.Fatal(err)
		}
		nb, err := Parse(tc.b, Organization, "")
		if err != nil {
			t.Fatal(err)
		}
		if !hasSymbol(na, tc.symbol) || !hasSymbol(nb, tc.symbol) {
			t.Errorf("%q / %q: want symbol %q in both: %+v / %+v", tc.a, tc.b, tc.symbol, na.Tokens, nb.Tokens)
		}
	}
	n, err := Parse("John International", Person, "")
	if err != nil {
		t.Fatal(err)
	}
	if hasSymbol(n, "intl") {
		t.Error("person tokens carry organization symbols")
	}
}

func hasSymbol(n Name, s string) bool {
	for _, t := range n.Tokens {
		if t.Symbol == s {
			return true
		}
	}
	return false
}

func TestLegalFormClass(t *testing.T) {
	tests := map[string]string{"gmbh": "llc", "ltd": "llc", "inc": "llc", "ag": "jsc", "sa": "jsc", "plc": "jsc", "xyz": "", "": ""}
	for canon, want := range tests {
		if got := LegalFormClass(canon); got != want {
			t.Errorf("LegalFormClass(%q) = %q, want %q", canon, got, want)
		}
	}
	// Every canonical form Parse produces for these names has a class.
	for _, text := range []string{"Siemens AG", "Acme Ltd", "Foo GmbH", "Bar S.A.", "Baz Inc."} {
		n, err := Parse(text, Organization, "")
		if err != nil {
			t.Fatal(err)
		}
		if LegalFormClass(n.LegalForm) == "" {
			t.Errorf("%q: legal form %q has no class", text, n.LegalForm)
		}
	}
}

func TestRoleString(t *testing.T) {
	if Given.String() != "GIVEN" || LegalForm.String() != "LEGAL_FORM" || Role(200).String() != "Role(200)" {
		t.Error("Role.String")
	}
}

func FuzzNormalize(f *testing.F) {
	for _, s := range []string{"John Smith", "O'Brien", "Straße", "ＡＢＣ", "Ἀθῆναι", "a.\u0301", "\xff", "ß\u0301", "İstanbul", "ǅ", "ﷺ", "a'\u0301b"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n := Normalize(s)
		if !utf8.ValidString(n) {
			t.Fatalf("Normalize(%q) = %q: invalid UTF-8", s, n)
		}
		if n2 := Normalize(n); n2 != n {
			t.Fatalf("Normalize not idempotent: %q → %q → %q", s, n, n2)
		}
		fo := Fold(s)
		if !utf8.ValidString(fo) {
			t.Fatalf("Fold(%q) invalid UTF-8", s)
		}
		if f2 := Fold(fo); f2 != fo {
			t.Fatalf("Fold not idempotent: %q → %q → %q", s, fo, f2)
		}
		if strings.HasPrefix(n, " ") || strings.HasSuffix(n, " ") || strings.Contains(n, "  ") {
			t.Fatalf("Normalize(%q) = %q: bad spacing", s, n)
		}
	})
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"John Smith", "Smith, John Jr.", "Dr. Martin Luther King Jr.", "毛泽东", "김정은",
		"Procter & Gamble Co.", "Grupo Elektra, S.A.B. de C.V.", "Mt. Everest", ",,,", "a,b,c", "Beethoven, Ludwig van", "\xff"} {
		f.Add(s, "PERSON", "")
		f.Add(s, "ORGANIZATION", "eng")
		f.Add(s, "LOCATION", "deu")
	}
	f.Fuzz(func(t *testing.T, text, typ, lang string) {
		n, err := Parse(text, typ, lang)
		if err != nil {
			if !errors.Is(err, ErrEmpty) && !errors.Is(err, ErrTooLong) {
				t.Fatalf("unexpected error kind: %v", err)
			}
			return
		}
		checkInvariants(t, text, n)
		_ = Acronym(n)
	})
}

func BenchmarkParse(b *testing.B) {
	cases := []struct{ name, text, typ, lang string }{
		{"PersonSimple", "John Smith", "PERSON", "eng"},
		{"PersonTricky", "Dr. Martin Luther King Jr.", "PERSON", ""},
		{"PersonInverted", "Smith, John Jr.", "PERSON", ""},
		{"PersonChinese", "毛泽东", "PERSON", ""},
		{"PersonArabicLatin", "Osama bin Mohammed bin Awad bin Laden", "PERSON", ""},
		{"Organization", "Procter & Gamble Co.", "ORGANIZATION", ""},
		{"OrganizationLong", "Grupo Elektra, S.A.B. de C.V.", "ORGANIZATION", ""},
		{"Location", "Mt. Everest", "LOCATION", ""},
	}
	if _, err := Parse("warm up", "PERSON", ""); err != nil {
		b.Fatal(err)
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Parse(c.text, c.typ, c.lang); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkNormalize(b *testing.B) {
	for _, s := range []string{"john smith", "John O'Smith", "Jürgen Müller-Lüdenscheidt"} {
		b.Run(s, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				Fold(s)
			}
		})
	}
}

func BenchmarkLookups(b *testing.B) {
	loadDicts()
	b.Run("AreNicknames", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			AreNicknames("william", "bill")
		}
	})
	b.Run("Gender", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			Gender("John")
		}
	})
}

// TestParseConcurrent parses from several goroutines at once (run with
// -race): the dictionaries are shared read-only.
func TestParseConcurrent(t *testing.T) {
	names := []string{"John Smith", "毛泽东", "Deutsche Bank AG", "Smith, John Jr.", "Mt. Everest"}
	types := []string{Person, Person, Organization, Person, Location}
	want := make([]string, len(names))
	for i := range names {
		n, err := Parse(names[i], types[i], "")
		if err != nil {
			t.Fatal(err)
		}
		want[i] = describe(n)
	}
	errs := make(chan error, 8)
	for g := 0; g < 8; g++ {
		go func() {
			for k := 0; k < 200; k++ {
				i := (g + k) % len(names)
				n, err := Parse(names[i], types[i], "")
				if err == nil && describe(n) != want[i] {
					err = fmt.Errorf("Parse(%q) = %s, want %s", names[i], describe(n), want[i])
				}
				if err != nil {
					errs <- err
					return
				}
				AreNicknames("bill", "william")
				Gender("Mary")
			}
			errs <- nil
		}()
	}
	for g := 0; g < 8; g++ {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
}

// TestWithoutLegalForm checks the short names of organizations.
func TestWithoutLegalForm(t *testing.T) {
	tests := []struct {
		in, want string
		ok       bool
	}{
		{"Apple Inc.", "apple", true},
		{"Deutsche Bank AG", "deutsche bank", true},
		{"Microsoft Corporation", "microsoft", true},
		{"Foo Co., Ltd.", "foo", true},
		{"Bank of America Corporation", "bank of america", true},
		{"Google", "", false},
		{"Inc.", "", false},
		{"The Ltd", "", false},
	}
	for _, tc := range tests {
		got, ok := WithoutLegalForm(tc.in)
		if got != tc.want || ok != tc.ok {
			t.Errorf("%q: %q %v, want %q %v", tc.in, got, ok, tc.want, tc.ok)
		}
	}
}
