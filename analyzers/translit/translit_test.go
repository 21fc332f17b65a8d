package translit

import (
	"testing"
	"unicode/utf8"

	"github.com/nomenhq/nomen/analyzers/script"
)

// has reports whether want is among the variants.
func has(vs []Variant, want string) bool {
	for _, v := range vs {
		if v.Text == want {
			return true
		}
	}
	return false
}

func texts(vs []Variant) []string {
	out := make([]string, len(vs))
	for i, v := range vs {
		out[i] = v.Text
	}
	return out
}

// TestRules checks each rule-based scheme on real names: top is the
// expected first variant ("" = not checked), also must be in the top k.
func TestRules(t *testing.T) {
	tests := []struct {
		name, token, scr, lang string
		k                      int
		top                    string
		also                   []string
	}{
		{"russian bgn", "Щукин", "", "rus", 5, "shchukin", []string{"schukin"}},
		{"russian aleksandr", "Александр", "", "", 5, "aleksandr", []string{"alexander", "alexandr"}},
		{"russian zh", "Жуков", "", "", 5, "zhukov", nil},
		{"russian -iy", "Дмитрий", "", "", 5, "dmitriy", []string{"dmitry", "dmitri"}},
		{"russian initial ye", "Елена", "", "", 5, "yelena", []string{"elena"}},
		{"russian kh", "Хрущёв", "", "", 8, "khrushchyov", []string{"khrushchev"}},
		{"russian ts", "Цветаева", "", "", 5, "tsvetayeva", []string{"tsvetaeva"}},
		{"ukrainian h", "Григорій", "", "ukr", 5, "hryhorii", nil},
		{"ukrainian ye", "Євген", "", "ukr", 5, "yevhen", []string{"yevgen"}},
		{"bulgarian sht", "Щерев", "", "bul", 5, "shterev", nil},
		{"bulgarian ъ", "Българанов", "", "bul", 5, "balgaranov", nil},
		{"serbian", "Ђоковић", "", "srp", 5, "djokovic", nil},
		{"greek georgios", "Γιώργος", "", "", 5, "giorgos", nil},
		{"greek papadopoulos", "Παπαδόπουλος", "", "", 5, "papadopoulos", nil},
		{"greek initial mp", "Μπότσαρης", "", "", 5, "botsaris", nil},
		{"greek eu voiceless", "Ευθύμιος", "", "", 5, "efthymios", nil},
		{"greek ou", "Σταύρου", "", "", 5, "stavrou", nil},
		{"arabic muhammad", "محمد", "Arab", "ara", 5, "mahamad", []string{"mahmad"}},
		{"arabic abdullah", "عبدالله", "", "ara", 5, "abdallah", []string{"abdullah"}},
		{"arabic fatima", "فاطمة", "", "ara", 8, "", []string{"fatama", "fatma"}},
		{"arabic al prefix", "الحسن", "", "ara", 8, "", []string{"alhasan", "elhasan"}},
		{"arabic vowelled", "مُحَمَّد", "", "ara", 5, "muhammad", nil},
		{"persian", "پرویز", "", "fas", 8, "", []string{"parviz"}},
		{"hebrew kravitz", "קרביץ", "", "", 10, "karabitz", []string{"karavitz"}},
		{"hebrew geresh", "ג'ורג'", "", "", 5, "", []string{"jorj"}},
		{"hebrew roni", "רוני", "", "", 5, "roni", nil},
		{"hindi rajesh", "राजेश", "", "hin", 5, "rajesh", nil},
		{"hindi schwa kamla", "कमला", "", "hin", 5, "kamla", []string{"kamala"}},
		{"hindi ramchandra", "रामचन्द्र", "", "hin", 5, "ramchandra", []string{"ramachandra"}},
		{"hindi nukta", "ज़ाकिर", "", "hin", 5, "zakir", nil},
		{"thai somchai", "สมชาย", "", "tha", 5, "somchai", nil},
		{"thai thaksin", "ทักษิณ", "", "tha", 5, "thaksin", []string{"taksin"}},
		{"thai prayut", "ประยุทธ์", "", "tha", 5, "", []string{"prayut"}},
		{"thai shinawatra", "ชินวัตร", "", "tha", 5, "chinwat", nil},
		{"thai krungthep", "กรุงเทพ", "", "tha", 5, "krungthep", nil},
		{"korean kim", "김", "", "", 5, "kim", []string{"gim"}},
		{"korean lee", "이", "", "", 5, "lee", []string{"yi", "rhee"}},
		{"korean park", "박", "", "", 5, "park", nil},
		{"korean rr given", "민준", "", "", 5, "minjun", []string{"minjoon"}},
		{"korean mr/popular", "영수", "", "", 8, "yeongsu", []string{"yongsu", "youngsu", "yeongsoo"}},
		{"korean sung", "성민", "", "", 8, "seongmin", []string{"sungmin"}},
		{"hiragana sato", "さとう", "", "", 5, "sato", []string{"satou", "satoh"}},
		{"katakana john", "ジョン", "", "", 5, "jon", nil},
		{"katakana peabody rule", "ピーボディ", "", "", 5, "pibodi", nil},
		{"katakana gemination", "ハッチ", "", "", 5, "hatchi", nil},
		{"katakana n before b", "シンブン", "", "", 5, "shinbun", []string{"shimbun"}},
		{"han zedong", "泽东", "", "", 5, "zedong", []string{"tsetung"}},
		{"han traditional", "習近平", "", "", 5, "xijinping", []string{"hsichinping"}},
		{"han surname", "李", "", "", 5, "li", []string{"lee"}},
		{"han surname zhang", "张", "", "", 5, "zhang", []string{"chang", "cheung"}},
		{"latin folded", "Müller", "", "", 5, "muller", nil},
		{"latin ae", "Ærø", "", "", 5, "aero", nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := Rules(tc.token, tc.scr, tc.lang, tc.k)
			if len(got) == 0 {
				t.Fatalf("Rules(%q) = nil", tc.token)
			}
			if tc.top != "" && got[0].Text != tc.top {
				t.Errorf("Rules(%q)[0] = %q, want %q (all %v)", tc.token, got[0].Text, tc.top, texts(got))
			}
			for _, w := range tc.also {
				if !has(got, w) {
					t.Errorf("Rules(%q) = %v, missing %q", tc.token, texts(got), w)
				}
			}
		})
	}
}

// TestToLatinLearned checks that the learned layer renders foreign names
// written in native scripts (these names are in the `_80` training split).
func TestToLatinLearned(t *testing.T) {
	tests := []struct {
		token, lang string
		k           int
		want        string
	}{
		{"קרביץ", "eng", 5, "kravitz"},
		{"ピーボディ", "eng", 5, "peabody"},
		{"ジョン", "eng", 5, "john"},
		{"約翰", "", 5, "john"},
		{"Джон", "eng", 5, "john"},
		{"Дэвид", "", 5, "david"},
		{"محمد", "", 5, "mohammed"},
		{"محمد", "", 5, "muhammad"},
		{"דייוויד", "", 5, "david"},
		{"דוד", "", 5, "dovid"},
		{"데이비드", "", 5, "david"},
	}
	for _, tc := range tests {
		t.Run(tc.token+"/"+tc.want, func(t *testing.T) {
			got := ToLatin(tc.token, "", tc.lang, tc.k)
			if !has(got, tc.want) {
				t.Errorf("ToLatin(%q, lang %q) = %v, missing %q", tc.token, tc.lang, texts(got), tc.want)
			}
		})
	}
}

func TestToLatinLatinAndEmpty(t *testing.T) {
	tests := []struct {
		name, token string
		want        []string
	}{
		{"latin", "O'Brien", []string{"obrien"}},
		{"diacritics", "Dvořák", []string{"dvorak"}},
		{"digits only", "42", []string{"42"}},
		{"punctuation only", "--", nil},
		{"empty", "", nil},
		{"invalid utf8", "\xff\xfe", nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := texts(ToLatin(tc.token, "", "", 5))
			if len(got) != len(tc.want) {
				t.Fatalf("ToLatin(%q) = %v, want %v", tc.token, got, tc.want)
			}
			for i := range got {
				if got[i] != tc.want[i] {
					t.Fatalf("ToLatin(%q) = %v, want %v", tc.token, got, tc.want)
				}
			}
		})
	}
}

func TestJapaneseKanji(t *testing.T) {
	if testing.Short() {
		t.Skip("loads the kagome IPA dictionary (~140 MB)")
	}
	tests := []struct{ token, want string }{
		{"山田", "yamada"},
		{"佐藤", "sato"},
		{"太郎", "taro"},
	}
	for _, tc := range tests {
		got := ToLatin(tc.token, "Hani", "jpn", 5)
		if len(got) == 0 || !has(got, tc.want) {
			t.Errorf("ToLatin(%q, jpn) = %v, missing %q", tc.token, texts(got), tc.want)
		}
	}
}

// checkInvariants asserts the documented properties of a result.
func checkInvariants(t *testing.T, in string, k int, vs []Variant) {
	t.Helper()
	if len(vs) > max(k, 1) {
		t.Fatalf("%q: %d variants for k=%d", in, len(vs), k)
	}
	seen := map[string]bool{}
	for i, v := range vs {
		if v.Text == "" || !utf8.ValidString(v.Text) {
			t.Fatalf("%q: empty or invalid variant %q", in, v.Text)
		}
		for j := 0; j < len(v.Text); j++ {
			c := v.Text[j]
			if !(('a' <= c && c <= 'z') || ('0' <= c && c <= '9')) {
				t.Fatalf("%q: variant %q has byte %q", in, v.Text, c)
			}
		}
		if seen[v.Text] {
			t.Fatalf("%q: duplicate variant %q", in, v.Text)
		}
		seen[v.Text] = true
		if !(v.Weight > 0 && v.Weight <= 1) {
			t.Fatalf("%q: weight %v out of (0,1]", in, v.Weight)
		}
		if i == 0 && v.Weight != 1 {
			t.Fatalf("%q: best weight %v, want 1", in, v.Weight)
		}
		if i > 0 && v.Weight > vs[i-1].Weight {
			t.Fatalf("%q: weights not sorted: %v", in, vs)
		}
	}
}

func TestInvariants(t *testing.T) {
	inputs := []string{"Александр", "Γιώργος", "محمد", "קרביץ", "राजेश", "สมชาย", "김민준", "さとう",
		"ピーボディ", "泽东", "金민준", "ラーマ10世", "x", "١٢٣", "Ivan-Иван"}
	for _, in := range inputs {
		for _, k := range []int{-1, 1, 5, 40} {
			checkInvariants(t, in, min(max(k, 1), MaxK), ToLatin(in, "", "", k))
		}
	}
}

func TestDeterministicAndCacheSafe(t *testing.T) {
	a := ToLatin("Кравиц", "", "", 5)
	if len(a) == 0 {
		t.Fatal("no variants")
	}
	a[0].Text = "mutated"
	b := ToLatin("Кравиц", "", "", 5)
	c := toLatin("Кравиц", "Cyrl", "", 5, "")
	if b[0].Text == "mutated" {
		t.Fatal("cache returned a shared slice")
	}
	if len(b) != len(c) {
		t.Fatalf("cached %v != fresh %v", b, c)
	}
	for i := range b {
		if b[i] != c[i] {
			t.Fatalf("cached %v != fresh %v", b, c)
		}
	}
}

func FuzzToLatin(f *testing.F) {
	for _, s := range []string{"Александр", "محمد", "קרביץ", "ピーボディ", "泽东", "김", "राजेश", "สมชาย",
		"Γιώργος", "\xff", "ッー", "ーッ", "्", "ั", "ّ", "ال", "ג'", "\u0301"} {
		f.Add(s, "", "", 5)
	}
	f.Add("Щукин", "Cyrl", "ukr", 3)
	f.Add("毛", "Hani", "kor", 1)
	f.Fuzz(func(t *testing.T, token, scr, lang string, k int) {
		if scr == "Jpan" || lang == "jpn" || (scr == "" && script.Detect(token) == "Jpan") {
			// Loading the kagome dictionary in every fuzz worker is too slow;
			// TestJapaneseKanji covers that path.
			scr, lang = "Hani", "zho"
		}
		vs := ToLatin(token, scr, lang, k)
		checkInvariants(t, token, min(max(k, 1), MaxK), vs)
	})
}

// TestConcurrent exercises the lazy model loading, the decoder pool and
// the result cache from several goroutines (run with -race).
func TestConcurrent(t *testing.T) {
	tokens := []string{"Кравиц", "محمد", "קרביץ", "ピーボディ", "泽东", "민준", "Γιώργος", "สมชาย"}
	done := make(chan []string, 8)
	for g := 0; g < 8; g++ {
		go func(g int) {
			var out []string
			for i := 0; i < 50; i++ {
				tok := tokens[(g+i)%len(tokens)]
				vs := ToLatin(tok, "", "", 1+i%5)
				if len(vs) > 0 {
					out = append(out, vs[0].Text)
				}
				Learned(tok, "russian", 3)
			}
			done <- out
		}(g)
	}
	for g := 0; g < 8; g++ {
		if out := <-done; len(out) != 50 {
			t.Errorf("goroutine got %d results, want 50", len(out))
		}
	}
}

func TestSchemes(t *testing.T) {
	for _, s := range Scripts() {
		if Scheme(s) == "" {
			t.Errorf("script %s has no scheme name", s)
		}
		if s == "Jpan" && testing.Short() {
			continue // loads the kagome dictionary
		}
		if got := Rules(map[string]string{
			"Cyrl": "Иван", "Grek": "Ιωάννης", "Arab": "علي", "Hebr": "משה", "Deva": "राम", "Thai": "สมชาย",
			"Hang": "민준", "Kore": "金민준", "Hira": "さくら", "Kana": "サクラ", "Hani": "王", "Jpan": "さくら",
		}[s], s, "", 3); len(got) == 0 {
			t.Errorf("script %s: no rule-based output", s)
		}
	}
	if Scheme("Latn") != "" || HasLearned("Grek", "") || !HasLearned("Cyrl", "rus") {
		t.Error("Scheme/HasLearned disagree with the supported scripts")
	}
}
