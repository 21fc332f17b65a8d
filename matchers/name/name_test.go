package name

import (
	"math"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/nomenhq/nomen/internal/paramtag"
)

func defaultMatcher() *Matcher { return New(paramtag.MustDefaults[Options](), nil) }

func score(t testing.TB, m *Matcher, a, b Input) float64 {
	t.Helper()
	pa, err := m.Prepare(a)
	if err != nil {
		t.Fatalf("prepare %q: %v", a.Text, err)
	}
	pb, err := m.Prepare(b)
	if err != nil {
		t.Fatalf("prepare %q: %v", b.Text, err)
	}
	return m.Compare(pa, pb, false).Score
}

func per(s string) Input { return Input{Text: s} }
func org(s string) Input { return Input{Text: s, EntityType: "ORGANIZATION"} }

// Each row: a pair that should match scores at or above the default threshold, and a pair
// that should not scores below it.
var calibration = []struct {
	name      string
	a, b      Input
	wantMatch bool
}{
	{"nickname", per("William Smith"), per("Bill Smith"), true},
	{"typo", per("John Smith"), per("John Smyth"), true},
	{"short form", per("John Smith"), per("Jon Smith"), true},
	{"middle initial", per("John Smith"), per("John A. Smith"), true},
	{"inversion", per("John Smith"), per("Smith, John"), true},
	{"case", per("John Smith"), per("JOHN SMITH"), true},
	{"diacritics", per("José Müller"), per("Jose Muller"), true},
	{"cyrillic", per("Vladimir Putin"), per("Владимир Путин"), true},
	{"arabic", per("Mohammed Ali"), per("محمد علي"), true},
	{"chinese", per("Mao Zedong"), per("毛泽东"), true},
	{"korean", per("George Washington"), per("조지 워싱턴"), true},
	{"japanese kanji", per("Hiroshi Tanaka"), Input{Text: "田中 宏", Language: "jpn"}, true},
	{"japanese kanji unspaced", per("Tanaka Hiroshi"), Input{Text: "田中宏", Language: "jpn"}, true},
	{"japanese kanji other", per("Hiroshi Tanaka"), Input{Text: "山本 宏", Language: "jpn"}, false},
	{"chinese name in japanese", per("Mao Zedong"), Input{Text: "毛沢東", Language: "jpn"}, true},
	{"hebrew", per("Yitzhak Rabin"), per("יצחק רבין"), true},
	{"hebrew other", per("Yitzhak Rabin"), per("יצחק שמיר"), false},
	{"compound", per("Abdul Rahman"), per("Abdulrahman"), true},
	{"org legal form", org("Acme Corporation"), org("ACME Corp."), true},
	{"org acronym", org("International Business Machines"), org("IBM"), true},
	{"different given", per("John Smith"), per("Peter Smith"), false},
	{"different gender", per("John Smith"), per("Jane Smith"), false},
	{"different family", per("John Smith"), per("John Miller"), false},
	{"cyrillic other", per("Vladimir Putin"), per("Владимир Ленин"), false},
	{"unrelated", per("Maria Garcia"), per("Kenji Watanabe"), false},
	{"org sharing words", org("First National Bank"), org("First Republic Bank"), false},
	{"junior senior", per("John Smith Jr."), per("John Smith Sr."), false},
}

func TestCalibration(t *testing.T) {
	m := defaultMatcher()
	for _, tc := range calibration {
		t.Run(tc.name, func(t *testing.T) {
			s := score(t, m, tc.a, tc.b)
			if got := s >= DefaultThreshold; got != tc.wantMatch {
				t.Errorf("%q vs %q = %.3f; match %v, want %v", tc.a.Text, tc.b.Text, s, got, tc.wantMatch)
			}
		})
	}
}

func TestScoreProperties(t *testing.T) {
	m := defaultMatcher()
	for _, tc := range calibration {
		ab := score(t, m, tc.a, tc.b)
		ba := score(t, m, tc.b, tc.a)
		if ab != ba {
			t.Errorf("%q/%q not symmetric: %v vs %v", tc.a.Text, tc.b.Text, ab, ba)
		}
		if ab < 0 || ab >= 1 {
			t.Errorf("%q/%q = %v, want [0,1) for different text", tc.a.Text, tc.b.Text, ab)
		}
		if s := score(t, m, tc.a, tc.a); s != 1 {
			t.Errorf("%q with itself = %v, want 1", tc.a.Text, s)
		}
	}
}

func TestGraded(t *testing.T) {
	m := defaultMatcher()
	// More evidence of difference gives a lower score: scores do not saturate.
	order := []string{"John Smith", "Jon Smith", "Jon Smyth", "Joan Smythe", "Peter Jones"}
	prev := 2.0
	for _, o := range order {
		s := score(t, m, per("John Smith"), per(o))
		if s >= prev {
			t.Fatalf("%q scored %.3f, not below the previous %.3f", o, s, prev)
		}
		prev = s
	}
}

// TestCrossScriptOrdering checks pairs whose transliteration is only partly recovered (נתניהו
// has no "yahu" reading): the right family name still outscores a wrong one.
func TestCrossScriptOrdering(t *testing.T) {
	m := defaultMatcher()
	right := score(t, m, per("Benjamin Netanyahu"), per("בנימין נתניהו"))
	wrong := score(t, m, per("Benjamin Netanyahu"), per("בנימין גנץ"))
	if right <= wrong+0.1 {
		t.Fatalf("Netanyahu %.3f vs Gantz %.3f", right, wrong)
	}
}

func TestGenderGiven(t *testing.T) {
	m := defaultMatcher()
	same := score(t, m, Input{Text: "Alex Morgan", Gender: "MALE"}, Input{Text: "Alex Morgan Jr", Gender: "MALE"})
	diff := score(t, m, Input{Text: "Alex Morgan", Gender: "MALE"}, Input{Text: "Alex Morgan Jr", Gender: "FEMALE"})
	if diff >= same {
		t.Fatalf("gender conflict did not lower the score: %v vs %v", diff, same)
	}
}

func TestLists(t *testing.T) {
	opt := paramtag.MustDefaults[Options]()
	plain := New(opt, nil)
	listed := New(opt, NewLists([][]string{{"ioannis", "john"}}, []PairScore{{"Bob Dylan", "Robert Zimmerman", 0.95}}))
	if a, b := score(t, plain, per("Ioannis Smith"), per("John Smith")), score(t, listed, per("Ioannis Smith"), per("John Smith")); b <= a {
		t.Fatalf("variant list did not raise the score: %v vs %v", a, b)
	}
	if s := score(t, listed, per("bob dylan"), per("Robert Zimmerman")); s != 0.95 {
		t.Fatalf("name pair override = %v", s)
	}
}

func TestExplain(t *testing.T) {
	m := defaultMatcher()
	a, _ := m.Prepare(per("John Adam Smith"))
	b, _ := m.Prepare(per("Jon Smith"))
	r := m.Compare(a, b, true)
	if r.Explain == nil || len(r.Explain.Pairs) != 2 || len(r.Explain.Unmatched) != 1 || r.Explain.Unmatched[0].Parameter != "deletionScore" {
		t.Fatalf("explanation %+v", r.Explain)
	}
	if math.Abs(r.Explain.Final-r.Score) > 1e-4 {
		t.Fatalf("explained score %v != %v", r.Explain.Final, r.Score)
	}
}

// TestExplainOrder checks that the explanation describes name 1 as name 1 when the matcher
// compares the pair in the other order (it sorts the two names for an exactly symmetric score).
func TestExplainOrder(t *testing.T) {
	m := defaultMatcher()
	a, _ := m.Prepare(per("Zed Adam Smith"))
	b, _ := m.Prepare(per("Aaron Smith"))
	ab, ba := m.Compare(a, b, true), m.Compare(b, a, true)
	if ab.Score != ba.Score {
		t.Fatalf("scores %v and %v", ab.Score, ba.Score)
	}
	for _, tc := range []struct {
		r            Result
		first, other string
	}{{ab, "zed", "aaron"}, {ba, "aaron", "zed"}} {
		ex := tc.r.Explain
		if ex == nil || len(ex.Name1) == 0 || !strings.EqualFold(ex.Name1[0].Text, tc.first) {
			t.Fatalf("name1Tokens %+v, want %q first", ex, tc.first)
		}
		for _, p := range ex.Pairs {
			if strings.EqualFold(p.Token2, tc.first) || strings.EqualFold(p.Token1, tc.other) {
				t.Errorf("pair %+v has the names' tokens on the wrong sides", p)
			}
		}
		for _, u := range ex.Unmatched {
			if strings.EqualFold(u.Token, "adam") && u.Name != map[string]int{"zed": 1, "aaron": 2}[tc.first] {
				t.Errorf("unmatched %+v: Adam belongs to the Zed name", u)
			}
		}
	}
}

func TestPrepareErrors(t *testing.T) {
	m := defaultMatcher()
	for _, s := range []string{"", "   ", "!!!"} {
		if _, err := m.Prepare(per(s)); err == nil {
			t.Errorf("Prepare(%q) succeeded", s)
		}
	}
}

func FuzzCompare(f *testing.F) {
	for _, tc := range calibration {
		f.Add(tc.a.Text, tc.b.Text, tc.a.EntityType)
	}
	f.Add("Tanaka Hiroshi", "田中ひろし", "") // kana make it Japanese: Han read the Japanese way
	f.Add("Kazuo Inamori", "稲盛和夫", "")   // Han only, split at a two-character family name
	f.Add("Kim Jong-un", "김정은", "PERSON")
	m := defaultMatcher()
	f.Fuzz(func(t *testing.T, a, b, typ string) {
		if !utf8.ValidString(a) || !utf8.ValidString(b) || len(a) > 400 || len(b) > 400 {
			return
		}
		pa, err1 := m.Prepare(Input{Text: a, EntityType: typ})
		pb, err2 := m.Prepare(Input{Text: b, EntityType: typ})
		if err1 != nil || err2 != nil {
			return
		}
		s1 := m.Compare(pa, pb, true).Score
		s2 := m.Compare(pb, pa, false).Score
		if s1 != s2 || s1 < 0 || s1 > 1 || math.IsNaN(s1) {
			t.Fatalf("%q/%q: %v %v", a, b, s1, s2)
		}
	})
}

func BenchmarkLatinPair(b *testing.B) {
	m := defaultMatcher()
	pairs := [][2]string{{"John Smith", "Jon Smyth"}, {"William H. Gates", "Bill Gates"}, {"Maria Garcia Lopez", "Maria Lopez"}, {"Robert Johnson", "Bob Jonson"}}
	m.Prepare(per("warm up"))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		p := pairs[i%len(pairs)]
		x, _ := m.Prepare(per(p[0]))
		y, _ := m.Prepare(per(p[1]))
		m.Compare(x, y, false)
	}
}

func BenchmarkCrossScriptPair(b *testing.B) {
	m := defaultMatcher()
	pairs := [][2]string{{"Vladimir Putin", "Владимир Путин"}, {"Mohammed Ali", "محمد علي"}, {"Mao Zedong", "毛泽东"}, {"George Washington", "조지 워싱턴"}}
	for _, p := range pairs {
		m.Prepare(per(p[1])) // fill the transliteration cache once
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		p := pairs[i%len(pairs)]
		x, _ := m.Prepare(per(p[0]))
		y, _ := m.Prepare(per(p[1]))
		m.Compare(x, y, false)
	}
}

func BenchmarkComparePrepared(b *testing.B) {
	m := defaultMatcher()
	x, _ := m.Prepare(per("John Adam Smith"))
	y, _ := m.Prepare(per("Jon Smyth"))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		m.Compare(x, y, false)
	}
}

// TestHanForeignNames checks foreign names written in Han whose spelling the transliteration
// n-best lists miss (洛朗 gives lolang, loran, luolang...): the learned model's score of the
// spelling itself (translit.FitFrom) still ranks the right name above a similar wrong one.
func TestHanForeignNames(t *testing.T) {
	m := defaultMatcher()
	for _, tc := range []struct{ han, right, wrong string }{
		{"泡利·洛朗", "Pauli Laurent", "Pauli Lambert"},
		{"莎莉·迪娜拉", "Sally Dinara", "Stella Dinara"},
		{"安東尼", "Anthony", "Andrew"},
	} {
		right := score(t, m, per(tc.right), per(tc.han))
		wrong := score(t, m, per(tc.wrong), per(tc.han))
		t.Logf("%s: %s %.3f, %s %.3f", tc.han, tc.right, right, tc.wrong, wrong)
		if right < wrong+0.1 {
			t.Errorf("%s: %s %.3f, not clearly above %s %.3f", tc.han, tc.right, right, tc.wrong, wrong)
		}
	}
}

// TestKoreanNames checks Korean names written in Hangul against the spellings in use: North
// Korean and McCune–Reischauer vowels (Jong Un for 정은, which no k-best rendering spells),
// given names split at the hyphen or written apart, against the same family name with
// another given name.
func TestKoreanNames(t *testing.T) {
	m := defaultMatcher()
	for _, tc := range []struct{ hangul, right, wrong string }{
		{"김정은", "Kim Jong Un", "Kim Jong Il"},
		{"김정은", "Kim Jong-un", "Kim Yo Jong"},
		{"반기문", "Ban Ki-moon", "Ban Ki-tae"},
		{"박지성", "Park Ji-sung", "Park Ji-won"},
		{"노태우", "Roh Tae-woo", "Roh Moo-hyun"},
		{"송강호", "Song Kang-ho", "Song Il-gon"},
	} {
		right := score(t, m, per(tc.right), per(tc.hangul))
		wrong := score(t, m, per(tc.wrong), per(tc.hangul))
		t.Logf("%s: %s %.3f, %s %.3f", tc.hangul, tc.right, right, tc.wrong, wrong)
		if right < DefaultThreshold || right < wrong+0.05 {
			t.Errorf("%s: %s %.3f (threshold %.2f), %s %.3f", tc.hangul, tc.right, right, DefaultThreshold, tc.wrong, wrong)
		}
	}
}

// TestJapaneseAndChineseNames checks names written in kanji or Han without a space: a
// Japanese name is split at the family name kagome's dictionary knows (黒澤 + 明, not the
// Chinese 黒 + 澤明) and its words are read with every dictionary reading (正義 is Masayoshi as
// well as seigi), with or without language jpn; a Chinese given name in Wade–Giles matches
// with its hyphen (Hsiao-ping).
func TestJapaneseAndChineseNames(t *testing.T) {
	m := defaultMatcher()
	for _, tc := range []struct{ native, lang, right, wrong string }{
		{"黒澤明", "jpn", "Akira Kurosawa", "Akira Toriyama"},
		{"孫正義", "jpn", "Masayoshi Son", "Masaru Son"},
		{"大谷翔平", "jpn", "Shohei Ohtani", "Shohei Ono"},
		{"稲盛和夫", "", "Kazuo Inamori", "Kazuo Ishiguro"},
		{"邓小平", "", "Teng Hsiao-ping", "Teng Hsiao-wei"},
		{"毛泽东", "", "Mao Tse-tung", "Mao Tse-min"},
	} {
		native := Input{Text: tc.native, Language: tc.lang, EntityType: "PERSON"}
		right := score(t, m, per(tc.right), native)
		wrong := score(t, m, per(tc.wrong), native)
		t.Logf("%s (%q): %s %.3f, %s %.3f", tc.native, tc.lang, tc.right, right, tc.wrong, wrong)
		if right < DefaultThreshold || right < wrong+0.05 {
			t.Errorf("%s (%q): %s %.3f (threshold %.2f), %s %.3f", tc.native, tc.lang, tc.right, right, DefaultThreshold, tc.wrong, wrong)
		}
	}
}
