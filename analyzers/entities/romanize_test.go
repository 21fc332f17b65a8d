package entities

import (
	"slices"
	"testing"

	"github.com/nomenhq/nomen/analyzers/entities/span"
	"github.com/nomenhq/nomen/linking"
)

// TestRomanizations checks the linker's hook: English spellings for persons written in
// another script, nothing for Latin-script languages, other types or Latin names.
func TestRomanizations(t *testing.T) {
	if romanizations("eng") != nil || romanizations("deu") != nil {
		t.Error("a Latin-script language gets romanized lookups")
	}
	f := romanizations("rus")
	if f == nil {
		t.Fatal("no hook for Russian")
	}
	alts := f("Владимир Путин", span.PER)
	if len(alts) == 0 || len(alts) > romanizeMax {
		t.Fatalf("got %d spellings: %v", len(alts), alts)
	}
	var found bool
	for _, a := range alts {
		if a.Probability <= 0 || a.Probability > 1 {
			t.Errorf("probability %v of %q", a.Probability, a.Text)
		}
		found = found || a.Text == "Vladimir Putin"
	}
	if !found {
		t.Errorf("Vladimir Putin not among %v", alts)
	}
	for _, tc := range []struct{ text, typ string }{{"Москва", span.LOC}, {"Vladimir Putin", span.PER}, {"", span.PER}, {"\xff\xfe", span.PER}} {
		if got := f(tc.text, tc.typ); len(got) != 0 {
			t.Errorf("%q %s: got %v", tc.text, tc.typ, got)
		}
	}
}

// TestRomanizedLinking checks that a person the knowledge base knows by an English name only
// is linked from Hebrew and Korean script, and that a place is not looked up that way.
func TestRomanizedLinking(t *testing.T) {
	k := recordsKB(t,
		`{"id": "Q7747", "labels": {"en": "Vladimir Putin"}, "type": "PER", "popularity": 0.9, "classes": ["Q5"]}`,
		`{"id": "Q1", "labels": {"en": "George Washington"}, "type": "PER", "popularity": 0.9, "classes": ["Q5"]}`,
	)
	for _, tc := range []struct{ lang, text, typ, want string }{
		{"rus", "Владимир Путин", span.PER, "Q7747"},
		{"heb", "ג'ורג' וושינגטון", span.PER, "Q1"},
		{"kor", "조지 워싱턴", span.PER, "Q1"},
		{"rus", "Владимир Путин", span.LOC, ""}, // not a person: no romanized lookup
		{"heb", "דני כהן", span.PER, ""},        // nobody of that name
	} {
		for _, on := range []bool{false, true} {
			o := linking.Options{ExactOnly: true}
			if on {
				o.Alternatives = romanizations(tc.lang)
			}
			ls := linking.New(k, o).Link(tc.text, []linking.Mention{{Text: tc.text, Type: tc.typ, End: len(tc.text)}})
			want := tc.want
			if !on {
				want = ""
			}
			if len(ls) != 1 || ls[0].EntityID != want {
				t.Errorf("%s %q romanized=%v: got %+v, want %q", tc.lang, tc.text, on, ls, want)
			}
		}
	}
}

// TestRussianSurnameRepeat checks that a declined surname alone joins the person the same
// document names in full ("Путиным" after "Владимир Путин"), with linking on.
func TestRussianSurnameRepeat(t *testing.T) {
	k := recordsKB(t, `{"id": "Q7747", "labels": {"en": "Vladimir Putin"}, "type": "PER", "popularity": 0.9, "classes": ["Q5"]}`)
	p := kbPipeline(t, k, true)
	res, err := p.Extract("Владимир Путин прилетел в Казань. Переговоры с Путиным продолжались.", "rus", Options{Link: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range res.Entities {
		if e.Type == span.PER && (e.EntityID != "Q7747" || len(e.Mentions) != 2) {
			t.Errorf("person %q %s with %d mentions, want Q7747 with 2", e.Mention, e.EntityID, len(e.Mentions))
		}
	}
	if got := rusVariants("Путиным", span.PER); len(got) == 0 || got[0] != "Путин" {
		t.Errorf("rusVariants(Путиным) = %v", got)
	}
	if got := rusVariants("Москвой", span.LOC); got != nil {
		t.Errorf("a place got variants %v", got)
	}
}

// TestPinyinName checks the family-name-first Pinyin spelling of one-word Chinese names, and
// that other words get none.
func TestPinyinName(t *testing.T) {
	for in, want := range map[string]string{"习近平": "Xi Jinping", "邓小平": "Deng Xiaoping", "姚明": "Yao Ming"} {
		got := pinyinName(in, nil)
		if len(got) != 1 || got[0].Text != want || got[0].Probability <= 0 {
			t.Errorf("pinyinName(%q) = %v, want %s", in, got, want)
		}
	}
	for _, in := range []string{"习", "中华人民共和国", "Putin", "普京·弗拉基米尔"} {
		if got := pinyinName(in, nil); len(got) != 0 {
			t.Errorf("pinyinName(%q) = %v", in, got)
		}
	}
}

// TestKorNameSpellings checks that the customary English spelling of Korean names is among
// the spellings tried, and that other words get none.
func TestKorNameSpellings(t *testing.T) {
	for in, want := range map[string]string{"김정은": "Kim Jong un", "반기문": "Ban Ki moon", "윤석열": "Yoon Suk yeol", "박근혜": "Park Geun hye", "손흥민": "Son Heungmin"} {
		got := korNameSpellings(in)
		if len(got) == 0 || len(got) > korSpellingsMax || !slices.Contains(got, want) {
			t.Errorf("korNameSpellings(%q) = %v, want %q among them", in, got, want)
		}
	}
	for _, in := range []string{"김", "서울특별시청", "Kim", ""} {
		if got := korNameSpellings(in); got != nil {
			t.Errorf("korNameSpellings(%q) = %v", in, got)
		}
	}
}
