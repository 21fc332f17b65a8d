package nametrans

import (
	"errors"
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"
)

var update = flag.Bool("update", false, "rewrite testdata/*.golden")

func TestTranslate(t *testing.T) {
	tests := []struct {
		name string
		req  Request
		want string // top translation
		src  string // resolved source language
		scr  string // resolved target script
	}{
		{"pinyin toned", Request{Name: "毛泽东", TargetLanguage: "eng", SourceLanguageOfOrigin: "zho", TargetScheme: "HYPY_TONED"}, "Mao2 Ze2dong1", "zho", "Latn"},
		{"pinyin", Request{Name: "毛泽东", TargetLanguage: "eng", TargetScheme: "HYPY"}, "Mao Zedong", "zho", "Latn"},
		{"chinese IC", Request{Name: "毛泽东", TargetLanguage: "eng", SourceLanguageOfOrigin: "zho"}, "Mao Zedong", "zho", "Latn"},
		{"korean family name", Request{Name: "김정은", TargetLanguage: "eng", SourceLanguageOfOrigin: "kor"}, "Kim Jeongeun", "kor", "Latn"},
		{"russian", Request{Name: "Владимир Путин", TargetLanguage: "eng"}, "Vladimir Putin", "rus", "Latn"},
		{"greek", Request{Name: "Σωκράτης", TargetLanguage: "eng"}, "Sokratis", "ell", "Latn"},
		{"arabic article", Request{Name: "القذافي", TargetLanguage: "eng", SourceLanguageOfOrigin: "ara"}, "al-Qadhafi", "ara", "Latn"},
		{"katakana", Request{Name: "ジョージ", TargetLanguage: "eng"}, "George", "jpn", "Latn"},
		{"to chinese", Request{Name: "Mao Zedong", TargetLanguage: "zho"}, "毛泽东", "eng", "Hani"},
		{"to russian", Request{Name: "Vladimir Putin", TargetLanguage: "rus"}, "Владимир Путин", "eng", "Cyrl"},
		{"to korean", Request{Name: "George Washington", TargetLanguage: "kor"}, "조지 워싱턴", "eng", "Hang"},
		{"to hebrew", Request{Name: "George Washington", TargetLanguage: "heb"}, "ג'ורג' וושינגטון", "eng", "Hebr"},
		{"to arabic", Request{Name: "George Washington", TargetLanguage: "ara"}, "جورج واشينغتون", "eng", "Arab"},
		{"to japanese", Request{Name: "George", TargetLanguage: "jpn"}, "ジョージ", "eng", "Jpan"},
		{"latin to english", Request{Name: "  George   Washington ", TargetLanguage: "eng"}, "George Washington", "eng", "Latn"},
		{"same language", Request{Name: "Владимир", TargetLanguage: "rus"}, "Владимир", "rus", "Cyrl"},
		{"to ukrainian", Request{Name: "John Smith", TargetLanguage: "ukr"}, "Джон Сміт", "eng", "Cyrl"},
		{"to serbian", Request{Name: "George Washington", TargetLanguage: "srp"}, "Џорџ Вашингтон", "eng", "Cyrl"},
		{"to greek", Request{Name: "John Smith", TargetLanguage: "ell"}, "Τζον Σμιθ", "eng", "Grek"},
		{"to persian", Request{Name: "Michael Jackson", TargetLanguage: "fas"}, "مایکل جاکسون", "eng", "Arab"},
		{"numbers kept", Request{Name: "Louis 14", TargetLanguage: "rus"}, "Луи 14", "eng", "Cyrl"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := Translate(tt.req)
			if err != nil {
				t.Fatal(err)
			}
			if got := res.Translations[0].Text; got != tt.want {
				t.Errorf("translation = %q, want %q (all: %v)", got, tt.want, res.Translations)
			}
			if res.SourceLanguageOfUse != tt.src || res.TargetScript != tt.scr {
				t.Errorf("source language %s, target script %s; want %s, %s", res.SourceLanguageOfUse, res.TargetScript, tt.src, tt.scr)
			}
		})
	}
}

func TestTranslateErrors(t *testing.T) {
	tests := []struct {
		name string
		req  Request
		want error
	}{
		{"unknown target", Request{Name: "Ivan", TargetLanguage: "xyz"}, ErrUnsupported},
		{"no latin target", Request{Name: "Ivan", TargetLanguage: "deu"}, ErrUnsupported},
		{"native to other native", Request{Name: "Владимир", TargetLanguage: "kor"}, ErrUnsupported},
		{"latin source language", Request{Name: "Ivan", SourceLanguageOfUse: "rus", TargetLanguage: "eng"}, ErrUnsupported},
		{"unsupported script", Request{Name: "ቴዎድሮስ", TargetLanguage: "eng"}, ErrUnsupported},
		{"script does not fit", Request{Name: "Ivan", TargetLanguage: "rus", TargetScript: "Latn"}, ErrInvalid},
		{"hiragana target", Request{Name: "Ivan", TargetLanguage: "jpn", TargetScript: "Hira"}, ErrInvalid},
		{"unknown scheme", Request{Name: "Ivan", TargetLanguage: "rus", TargetScheme: "FOO"}, ErrInvalid},
		{"pinyin for cyrillic", Request{Name: "Иван", TargetLanguage: "eng", TargetScheme: "HYPY"}, ErrInvalid},
		{"source script mismatch", Request{Name: "Ivan", SourceScript: "Cyrl", TargetLanguage: "rus"}, ErrInvalid},
		{"blank", Request{Name: " \t", TargetLanguage: "eng"}, ErrInvalid},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Translate(tt.req)
			if !errors.Is(err, tt.want) {
				t.Fatalf("error = %v, want %v", err, tt.want)
			}
		})
	}
}

func TestConfidences(t *testing.T) {
	for _, r := range []Request{
		{Name: "معمر محمد أبو منيار القذاف", TargetLanguage: "eng", SourceLanguageOfOrigin: "ara", MaximumResults: 10},
		{Name: "George Washington", TargetLanguage: "kor", MaximumResults: 20},
		{Name: "Владимир Путин", TargetLanguage: "eng", MaximumResults: 32},
	} {
		res, err := Translate(r)
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Translations) == 0 || len(res.Translations) > r.MaximumResults {
			t.Fatalf("%s: %d translations", r.Name, len(res.Translations))
		}
		var sum float64
		seen := map[string]bool{}
		for i, c := range res.Translations {
			if c.Confidence <= 0 || c.Confidence > 1 || (i > 0 && c.Confidence > res.Translations[i-1].Confidence) {
				t.Errorf("%s: confidence %v at %d", r.Name, c.Confidence, i)
			}
			if seen[c.Text] {
				t.Errorf("%s: duplicate %q", r.Name, c.Text)
			}
			seen[c.Text] = true
			sum += c.Confidence
		}
		if sum > 1+1e-9 {
			t.Errorf("%s: confidences sum to %v", r.Name, sum)
		}
	}
}

func TestAltered(t *testing.T) {
	tests := []struct {
		name string
		in   string
		tgt  string
		want bool
	}{
		{"clean", "Vladimir Putin", "rus", false},
		{"spaces", " Vladimir  Putin", "rus", true},
		{"lower case", "vladimir putin", "rus", true},
		{"particle", "Osama bin Laden", "ara", false},
		{"cyrillic recased", "владимир путин", "eng", true},
		{"uncased script", "조지 워싱턴", "eng", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := Translate(Request{Name: tt.in, TargetLanguage: tt.tgt})
			if err != nil {
				t.Fatal(err)
			}
			if res.Altered != tt.want {
				t.Fatalf("Altered = %v", res.Altered)
			}
		})
	}
}

// TestSupportedPairsWork translates a sample name for every listed pair.
func TestSupportedPairsWork(t *testing.T) {
	sample := map[string]string{"Cyrl": "Иван", "Grek": "Ιωάννης", "Arab": "محمد", "Hebr": "דוד", "Deva": "राम",
		"Thai": "สมชาย", "Hang": "김정은", "Hani": "毛泽东", "Jpan": "ジョージ", "Latn": "George"}
	for _, p := range SupportedPairs() {
		name := sample[p.Source.Script]
		res, err := Translate(Request{Name: name, SourceLanguageOfUse: p.Source.Language, TargetLanguage: p.Target.Language,
			TargetScript: p.Target.Script, TargetScheme: schemeOf(p.Target.Scheme)})
		if err != nil || len(res.Translations) == 0 {
			t.Errorf("%+v: %v", p, err)
		}
	}
}

func schemeOf(s string) string {
	if s == SchemeNative {
		return ""
	}
	return s
}

// TestGolden compares the translations of testdata/translate.input (one
// request a line: name|target|origin|scheme|max) with translate.golden.
func TestGolden(t *testing.T) {
	in, err := os.ReadFile(filepath.Join("testdata", "translate.input"))
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for _, line := range strings.Split(strings.TrimSpace(string(in)), "\n") {
		f := strings.Split(line, "|")
		if len(f) != 5 {
			t.Fatalf("bad line %q", line)
		}
		var max int
		fmt.Sscan(f[4], &max)
		res, err := Translate(Request{Name: f[0], TargetLanguage: f[1], SourceLanguageOfOrigin: f[2], TargetScheme: f[3], MaximumResults: max})
		fmt.Fprintf(&b, "%s → %s", f[0], f[1])
		if err != nil {
			fmt.Fprintf(&b, "\n\terror: %v\n", err)
			continue
		}
		fmt.Fprintf(&b, " [%s %s → %s %s, altered=%v]\n", res.SourceLanguageOfUse, res.SourceScript, res.TargetScript, res.TargetScheme, res.Altered)
		for _, c := range res.Translations {
			fmt.Fprintf(&b, "\t%.4f %s\n", c.Confidence, c.Text)
		}
	}
	golden := filepath.Join("testdata", "translate.golden")
	if *update {
		if err := os.WriteFile(golden, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if b.String() != string(want) {
		t.Errorf("output differs from %s (run with -update and review the diff):\n%s", golden, b.String())
	}
}

func TestCER(t *testing.T) {
	tests := []struct {
		hyp, ref string
		want     float64
	}{{"abc", "abc", 0}, {"abd", "abc", 1.0 / 3}, {"", "ab", 1}, {"жж", "ж", 1}, {"", "", 0}}
	for _, tt := range tests {
		if got := cer(tt.hyp, tt.ref); math.Abs(got-tt.want) > 1e-9 {
			t.Errorf("cer(%q, %q) = %v, want %v", tt.hyp, tt.ref, got, tt.want)
		}
	}
}

func FuzzTranslate(f *testing.F) {
	for _, s := range []string{"毛泽东", "Владимир Путин", "معمر القذافي", "George Washington", "ジョージ・ワシントン", "\xff\xfe", "a-b-c", "---", "١٢٣"} {
		for _, tgt := range []string{"eng", "rus", "zho", "jpn", "kor", "ara", "heb"} {
			f.Add(s, tgt, "")
		}
	}
	f.Add("毛泽东", "eng", "HYPY_TONED")
	f.Add("田中ひろし", "eng", "") // Jpan: read as Japanese, split after the family name
	f.Add("山本五十六さん", "eng", "")
	f.Fuzz(func(t *testing.T, name, tgt, scheme string) {
		if utf8.RuneCountInString(name) > 200 {
			return
		}
		res, err := Translate(Request{Name: name, TargetLanguage: tgt, TargetScheme: scheme, MaximumResults: 5})
		if err != nil {
			if !errors.Is(err, ErrUnsupported) && !errors.Is(err, ErrInvalid) {
				t.Fatalf("unexpected error kind: %v", err)
			}
			return
		}
		var sum float64
		for _, c := range res.Translations {
			if c.Text == "" || !utf8.ValidString(c.Text) || c.Confidence <= 0 {
				t.Fatalf("bad translation %+v", c)
			}
			sum += c.Confidence
		}
		if len(res.Translations) == 0 || sum > 1+1e-9 {
			t.Fatalf("translations %v", res.Translations)
		}
	})
}

func BenchmarkTranslate(b *testing.B) {
	cases := []struct {
		name string
		req  Request
	}{
		{"arabic-to-eng", Request{Name: "معمر محمد أبو منيار القذاف", TargetLanguage: "eng", MaximumResults: 10}},
		{"eng-to-kor", Request{Name: "George Washington", TargetLanguage: "kor", MaximumResults: 5}},
		{"eng-to-rus", Request{Name: "Vladimir Putin", TargetLanguage: "rus"}},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				if _, err := Translate(c.req); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func TestEmbeddedTableDecodes(t *testing.T) {
	tb, err := decodeTable(tableData)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range TableModels {
		if len(tb[m]) == 0 {
			t.Errorf("no reverse table for %s", m)
		}
	}
}

func TestWithKnown(t *testing.T) {
	known := func(label string, c float64) KnownFunc {
		return func(name, entityType, tgt, tgtScript string) (string, float64, bool) { return label, c, label != "" }
	}
	ts := []Translation{{"Moskva", 0.6}, {"Moscow", 0.3}, {"Moskwa", 0.1}}
	got := withKnown(ts, known("Moscow", 0.5), "Москва", "LOCATION", "eng", "Latn", 5)
	if len(got) != 3 || got[0].Text != "Moscow" || math.Abs(got[0].Confidence-0.65) > 1e-9 || math.Abs(got[1].Confidence-0.3) > 1e-9 {
		t.Errorf("got %+v", got)
	}
	sum := 0.0
	for _, g := range got {
		sum += g.Confidence
	}
	if sum > 1+1e-9 {
		t.Errorf("confidences sum to %v", sum)
	}
	if got := withKnown(ts, known("", 0), "x", "", "eng", "Latn", 5); len(got) != 3 || got[0].Text != "Moskva" {
		t.Errorf("unknown name changed the list: %+v", got)
	}
	if got := withKnown(ts, known("Moscow", 1), "x", "", "eng", "Latn", 5); len(got) != 1 {
		t.Errorf("an unambiguous name keeps zero-confidence transliterations: %+v", got)
	}
}

// TestJapaneseFamilySplit checks that an unspaced Japanese name is split after the family name
// that kagome's dictionary knows, and read the Japanese way.
func TestJapaneseFamilySplit(t *testing.T) {
	tests := []struct {
		name, lang, origin, want string
	}{
		{"田中宏", "jpn", "", "Tanaka Hiroshi"},
		{"山本五十六", "jpn", "", "Yamamoto Isoroku"},
		{"村上春樹", "", "jpn", "Murakami Haruki"},
		{"東京", "jpn", "", "Tokyo"},
	}
	for _, tc := range tests {
		res, err := Translate(Request{Name: tc.name, SourceLanguageOfUse: tc.lang, SourceLanguageOfOrigin: tc.origin, TargetLanguage: "eng"})
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if len(res.Translations) == 0 || res.Translations[0].Text != tc.want {
			t.Errorf("%s (%s/%s): got %v, want %q", tc.name, tc.lang, tc.origin, res.Translations, tc.want)
		}
	}
}

// TestForeignChineseNames checks that foreign names written in Simplified Chinese with a middle
// dot come back in their English spelling first (the learned layer preferred to Pinyin, and the
// Traditional spellings of Wikidata's labels folded), while a Chinese name keeps its Pinyin.
func TestForeignChineseNames(t *testing.T) {
	cases := []struct{ name, origin, want string }{
		{"唐纳德·特朗普", "", "Donald Trump"},
		{"唐納德·特朗普", "", "Donald Trump"},
		{"史蒂夫·乔布斯", "", "Steve Jobs"},
		{"毛泽东", "zho", "Mao Zedong"},
	}
	for _, c := range cases {
		res, err := Translate(Request{Name: c.name, TargetLanguage: "eng", EntityType: "PERSON", SourceLanguageOfUse: "zho", SourceLanguageOfOrigin: c.origin, MaximumResults: 4})
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Translations) == 0 || res.Translations[0].Text != c.want {
			t.Errorf("%s: got %v, want %s first", c.name, res.Translations, c.want)
		}
	}
	for name, want := range map[string]bool{"唐纳德·特朗普": true, "·特朗普": false, "毛泽东": false, "A・B": true} {
		if got := foreignSeparated(name); got != want {
			t.Errorf("foreignSeparated(%q) = %v", name, got)
		}
	}
}
