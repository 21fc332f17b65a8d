package morph

import (
	"strings"
	"testing"
)

func TestParseIOB2Tokens(t *testing.T) {
	tests := []struct {
		name    string
		in      string
		want    []string // per sentence: text + "|" + forms joined by space
		wantErr bool
	}{
		{"empty", "", nil, false},
		{"one", "# sent_id = 1\n# text = Hej då.\n1\tHej\tO\t-\t-\n2\tdå\tO\t-\t-\n3\t.\tO\t-\t-\n", []string{"Hej då.|Hej då ."}, false},
		{"two", "# text = 北京大学\n1\t北京\tB-ORG\n2\t大学\tI-ORG\n\n\n# text = 好\n1\t好\tO\n\n", []string{"北京大学|北京 大学", "好|好"}, false},
		{"no text", "1\ta\tO\n", []string{"|a"}, false},
		{"bad line", "# text = a\nfoo\n", nil, true},
		{"empty form", "# text = a\n1\t\tO\n", nil, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := parseIOB2Tokens(strings.NewReader(tc.in))
			if (err != nil) != tc.wantErr {
				t.Fatalf("err = %v, want error %v", err, tc.wantErr)
			}
			if tc.wantErr {
				return
			}
			if len(got) != len(tc.want) {
				t.Fatalf("got %d sentences, want %d", len(got), len(tc.want))
			}
			for i, s := range got {
				var forms []string
				for _, w := range s.words() {
					forms = append(forms, w.Form)
				}
				if g := s.Text + "|" + strings.Join(forms, " "); g != tc.want[i] {
					t.Errorf("sentence %d = %q, want %q", i, g, tc.want[i])
				}
			}
		})
	}
}

func FuzzParseIOB2Tokens(f *testing.F) {
	f.Add("# text = Hej då\n1\tHej\tO\n2\tdå\tO\n\n")
	f.Add("1\t\tO\n")
	f.Add("\n\n#\n")
	f.Fuzz(func(t *testing.T, in string) {
		sents, err := parseIOB2Tokens(strings.NewReader(in))
		if err != nil {
			return
		}
		for _, s := range sents {
			if len(s.Tokens) == 0 {
				t.Fatal("empty sentence returned")
			}
			for _, tok := range s.Tokens {
				if tok.Form == "" || len(tok.Words) != 1 {
					t.Fatalf("bad token %+v", tok)
				}
			}
		}
	})
}

func TestFreqClass(t *testing.T) {
	tests := []struct {
		n    int
		want string
	}{{-1, "0"}, {0, "0"}, {1, "1"}, {9, "1"}, {10, "2"}, {12345, "5"}, {1 << 40, "9"}}
	for _, tc := range tests {
		if got := freqClass(tc.n); got != tc.want {
			t.Errorf("freqClass(%d) = %q, want %q", tc.n, got, tc.want)
		}
	}
}
