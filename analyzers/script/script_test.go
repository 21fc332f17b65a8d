package script

import (
	"testing"
	"unicode/utf8"
)

func TestOf(t *testing.T) {
	tests := []struct {
		name string
		r    rune
		want string
	}{
		{"latin ascii", 'a', "Latn"},
		{"latin accented", 'é', "Latn"},
		{"digit", '7', "Zyyy"},
		{"space", ' ', "Zyyy"},
		{"hyphen", '-', "Zyyy"},
		{"combining acute", '\u0301', "Zyyy"},
		{"cyrillic", 'Ж', "Cyrl"},
		{"greek", 'λ', "Grek"},
		{"arabic", 'م', "Arab"},
		{"persian pe", 'پ', "Arab"},
		{"hebrew", 'ש', "Hebr"},
		{"devanagari", 'क', "Deva"},
		{"thai", 'ก', "Thai"},
		{"hangul", '김', "Hang"},
		{"hiragana", 'あ', "Hira"},
		{"katakana", 'ア', "Kana"},
		{"prolonged mark", 'ー', "Kana"},
		{"han", '毛', "Hani"},
		{"iteration mark", '々', "Hani"},
		{"ideographic full stop", '。', "Zyyy"},
		{"katakana middle dot", '・', "Zyyy"},
		{"georgian", 'ა', "Geor"},
		{"armenian", 'Ա', "Armn"},
		{"emoji", '😀', "Zyyy"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := Of(tc.r); got != tc.want {
				t.Errorf("Of(%q) = %q, want %q", tc.r, got, tc.want)
			}
		})
	}
}

func TestDetect(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"empty", "", "Zyyy"},
		{"digits only", "12-34", "Zyyy"},
		{"latin", "John Smith", "Latn"},
		{"russian", "Александр Пушкин", "Cyrl"},
		{"greek", "Γιώργος", "Grek"},
		{"arabic", "محمد علي", "Arab"},
		{"hebrew", "דוד בן-גוריון", "Hebr"},
		{"hindi", "मोहनदास गांधी", "Deva"},
		{"thai", "สมชาย", "Thai"},
		{"korean hangul", "김민준", "Hang"},
		{"korean mixed", "金민준", "Kore"},
		{"chinese", "毛泽东", "Hani"},
		{"japanese mixed", "山田たろう", "Jpan"},
		{"japanese katakana", "ピーボディ", "Kana"},
		{"japanese hiragana", "さくら", "Hira"},
		{"katakana with kanji", "田中マリア", "Jpan"},
		{"dominant wins", "Ivan Иванович", "Cyrl"},
		{"tie goes to first", "ab аб", "Latn"},
		{"invalid utf8", "\xff\xfe", "Zyyy"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := Detect(tc.in); got != tc.want {
				t.Errorf("Detect(%q) = %q, want %q", tc.in, got, tc.want)
			}
		})
	}
}

func FuzzDetect(f *testing.F) {
	for _, s := range []string{"", "John", "Александр", "毛泽东", "山田たろう", "김민준", "\xff", "a\u0301"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := Detect(s)
		if len(got) != 4 || !utf8.ValidString(got) {
			t.Fatalf("Detect(%q) = %q: not a 4-letter code", s, got)
		}
		for _, r := range s {
			if c := Of(r); len(c) != 4 {
				t.Fatalf("Of(%q) = %q", r, c)
			}
		}
		if got != Common {
			found := false
			for _, r := range s {
				c := Of(r)
				if c == got || (got == "Jpan" && (c == "Hani" || c == "Hira" || c == "Kana")) ||
					(got == "Kore" && (c == "Hani" || c == "Hang")) {
					found = true
					break
				}
			}
			if !found {
				t.Fatalf("Detect(%q) = %q but no rune has that script", s, got)
			}
		}
	})
}

func BenchmarkDetect(b *testing.B) {
	inputs := []string{"John Smith", "Александр Пушкин", "毛泽东", "山田たろう"}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		Detect(inputs[i%len(inputs)])
	}
}

// TestOfMatchesSlow checks the BMP cache against the direct table walk.
func TestOfMatchesSlow(t *testing.T) {
	for r := rune(0); r < 0x10000; r++ {
		if got, want := Of(r), slowOf(r); got != want {
			t.Fatalf("Of(%U) = %q, slowOf = %q", r, got, want)
		}
	}
}
