package tokenize

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func texts(toks []Token) string {
	s := make([]string, len(toks))
	for i, t := range toks {
		s[i] = t.Text
	}
	return strings.Join(s, "|")
}

func TestTokens(t *testing.T) {
	tests := []struct {
		name, lang, in, want string
	}{
		{"eng clitics", "eng", "I don't think we'll go, can't we?", "I|do|n't|think|we|'ll|go|,|ca|n't|we|?"},
		{"eng won't curly", "eng", "They won’t see John's car.", "They|wo|n’t|see|John|'s|car|."},
		{"eng abbreviations", "eng", "Dr. Smith met Mr. J. Doe in the U.S. today.", "Dr.|Smith|met|Mr.|J.|Doe|in|the|U.S.|today|."},
		{"eng company forms", "eng", "Tata Consultancy Services Pvt. Ltd. and Acme Pty. Ltd. merged.", "Tata|Consultancy|Services|Pvt.|Ltd.|and|Acme|Pty.|Ltd.|merged|."},
		{"eng numbers", "eng", "It costs $1,000.50 at 10:30, i.e. cheap...", "It|costs|$|1,000.50|at|10:30|,|i.e.|cheap|..."},
		{"eng hyphen split", "eng", "a long-term plan", "a|long|-|term|plan"},
		{"eng hyphen prefixes", "eng", "non-profit re-wording, call 713-654-0365", "non-profit|re-wording|,|call|713-654-0365"},
		{"eng url email", "eng", "See https://example.com/a?b=1, or mail bob@example.org.", "See|https://example.com/a?b=1|,|or|mail|bob@example.org|."},
		{"eng gonna", "eng", "I'm gonna win", "I|'m|gon|na|win"},
		{"fra elision", "fra", "L'homme qu'il a vu jusqu'à aujourd'hui", "L'|homme|qu'|il|a|vu|jusqu'|à|aujourd'hui"},
		{"fra hyphen kept", "fra", "peut-être demain", "peut-être|demain"},
		{"por currency", "por", "Custa US$ 5 ou R$ 10.", "Custa|US$|5|ou|R$|10|."},
		{"eng emoticons", "eng", "great :) see alt.animals.cats!!", "great|:)|see|alt.animals.cats|!!"},
		{"eng dates", "eng", "on 08/16/2000 b/c e-mail", "on|08/16/2000|b/c|e-mail"},
		{"ampersand names", "eng", "AT&T, S&P and PG&E; R & D, p&l, Marks&Spencer, ABCDE&F", "AT&T|,|S&P|and|PG&E|;|R|&|D|,|p|&|l|,|Marks|&|Spencer|,|ABCDE|&|F"},
		{"ampersand with a suffix", "hrv", "poruke S&P-a", "poruke|S&P-a"},
		{"por hyphen kept", "por", "Disse-lhe que sim.", "Disse-lhe|que|sim|."},
		{"dan hyphen kept", "dan", "Europa-Kommissionen og Jyllands-Posten.", "Europa-Kommissionen|og|Jyllands-Posten|."},
		{"swe hyphen kept", "swe", "LO-förbunden i Schleswig-Holstein", "LO-förbunden|i|Schleswig-Holstein"},
		{"hrv hyphen kept", "hrv", "Predsjednik SDP-a", "Predsjednik|SDP-a"},
		{"deu hyphen split", "deu", "Baden-Württemberg", "Baden|-|Württemberg"},
		{"deu", "deu", "Das Haus (z.B. am Markt) ist 3,5 m hoch.", "Das|Haus|(|z.B.|am|Markt|)|ist|3,5|m|hoch|."},
		{"html entities", "rus", "&#39;&#39;Мир&#39;&#39; и Нью-Йорк", "&#39;&#39;|Мир|&#39;&#39;|и|Нью|-|Йорк"},
		{"rus", "rus", "Он сказал: «Привет!»", "Он|сказал|:|«|Привет|!|»"},
		{"kor", "kor", "내 고향은 서울입니다.", "내|고향은|서울입니다|."},
		{"heb", "heb", "שלום, עולם!", "שלום|,|עולם|!"},
		{"fas", "fas", "این یک آزمایش است.", "این|یک|آزمایش|است|."},
		{"emoji zwj", "eng", "hi 👨‍👩‍👧 there 👍🏽!", "hi|👨‍👩‍👧|there|👍🏽|!"},
		{"flags", "eng", "🇫🇷🇩🇪", "🇫🇷|🇩🇪"},
		{"combining", "eng", "Cafe\u0301 noe\u0308l", "Cafe\u0301|noe\u0308l"},
		{"zho", "zho", "我爱北京天安门。", "我|爱|北京|天安门|。"},
		{"jpn", "jpn", "私は東京に住んでいます。", "私|は|東京|に|住ん|で|い|ます|。"},
		{"empty", "eng", "", ""},
		{"spaces", "eng", " \t\n ", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := Tokens(tc.in, tc.lang)
			if g := texts(got); g != tc.want {
				t.Errorf("Tokens(%q, %s) = %q, want %q", tc.in, tc.lang, g, tc.want)
			}
			checkSpans(t, tc.in, got)
		})
	}
}

func TestOffsets(t *testing.T) {
	in := "👍🏽 e\u0301te\u0301 ok"
	got := Tokens(in, "eng")
	want := [][2]int{{0, 2}, {3, 8}, {9, 11}}
	if len(got) != len(want) {
		t.Fatalf("got %v", got)
	}
	for i, w := range want {
		if got[i].Start != w[0] || got[i].End != w[1] {
			t.Errorf("token %d %q: [%d,%d), want %v", i, got[i].Text, got[i].Start, got[i].End, w)
		}
	}
}

func TestSentences(t *testing.T) {
	tests := []struct {
		name, lang, in, want string
	}{
		{"eng", "eng", "Dr. Smith arrived. He sat down! Did he? yes he did.", "Dr. Smith arrived.|He sat down!|Did he? yes he did."},
		{"quotes", "eng", "He said \"Stop.\" Then he left.", "He said \"Stop.\"|Then he left."},
		{"blank line", "eng", "Title\n\nBody text", "Title|Body text"},
		{"zho", "zho", "我来了。你呢？好", "我来了。|你呢？|好"},
		{"none", "eng", "", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := Sentences(tc.in, tc.lang)
			if g := texts(got); g != tc.want {
				t.Errorf("Sentences = %q, want %q", g, tc.want)
			}
			checkSpans(t, tc.in, got)
		})
	}
}

// checkSpans asserts the package invariants on toks for input in.
func checkSpans(t *testing.T, in string, toks []Token) {
	t.Helper()
	r := []rune(in)
	prev := 0
	for _, tk := range toks {
		if tk.Start < prev || tk.End <= tk.Start || tk.End > len(r) {
			t.Fatalf("bad span %+v (prev end %d, len %d)", tk, prev, len(r))
		}
		if string(r[tk.Start:tk.End]) != tk.Text {
			t.Fatalf("text %q != span %q", tk.Text, string(r[tk.Start:tk.End]))
		}
		prev = tk.End
	}
}

func FuzzTokens(f *testing.F) {
	for _, s := range []string{"I don't know.", "l'homme", "👨‍👩‍👧 x", "e\u0301", "U.S. 1,000.5", "a@b.co", "http://x.y", "我爱北京", "\xff\xfe", "''''", "n't", "'s"} {
		f.Add(s, "eng")
		f.Add(s, "fra")
	}
	f.Add("東京に住む", "jpn")
	f.Fuzz(func(t *testing.T, in, lang string) {
		if !utf8.ValidString(lang) || len(in) > 2000 {
			return
		}
		checkSpans(t, string([]rune(in)), Tokens(in, lang))
		checkSpans(t, string([]rune(in)), Sentences(in, lang))
	})
}

func BenchmarkTokensEnglish(b *testing.B) {
	text := strings.Repeat("The quick brown fox doesn't jump over the lazy dog's back, Dr. Smith said on 3.5 occasions. ", 20)
	b.ReportAllocs()
	b.SetBytes(int64(len(text)))
	for i := 0; i < b.N; i++ {
		Tokens(text, "eng")
	}
}

func TestBySentence(t *testing.T) {
	tk := func(a, b int) Token { return Token{Start: a, End: b} }
	tests := []struct {
		name        string
		toks, sents []Token
		want        [][2]int // runs as [first, last+1] token indexes
	}{
		{"two sentences", []Token{tk(0, 2), tk(3, 5), tk(6, 8), tk(9, 10)}, []Token{tk(0, 5), tk(6, 10)}, [][2]int{{0, 2}, {2, 4}}},
		{"tokens after the last sentence", []Token{tk(0, 2), tk(3, 5)}, []Token{tk(0, 2)}, [][2]int{{0, 1}, {1, 2}}},
		{"no sentences", []Token{tk(0, 2), tk(3, 5)}, nil, [][2]int{{0, 2}}},
		{"a sentence without tokens", []Token{tk(0, 2), tk(10, 12)}, []Token{tk(0, 3), tk(4, 6), tk(8, 12)}, [][2]int{{0, 1}, {1, 2}}},
		{"no tokens", nil, []Token{tk(0, 3)}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := BySentence(tt.toks, tt.sents)
			if len(got) != len(tt.want) {
				t.Fatalf("%d runs, want %d: %v", len(got), len(tt.want), got)
			}
			for i, w := range tt.want {
				if len(got[i]) != w[1]-w[0] || got[i][0] != tt.toks[w[0]] {
					t.Errorf("run %d = %v, want tokens %d..%d", i, got[i], w[0], w[1])
				}
			}
		})
	}
}
