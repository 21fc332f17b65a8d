package fetch

import (
	"strings"
	"testing"
)

func TestExtractText(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"plain", "hello", "hello"},
		{"blocks", "<p>one</p><p>two</p>", "one\ntwo"},
		{"inline joins", "<b>Hel</b>lo <i>world</i>", "Hello world"},
		{"script and style dropped", "<script>alert(1)</script><style>x{}</style>text", "text"},
		{"entities", "a &lt;b&gt; &eacute;t&eacute;", "a <b> été"},
		{"nested skip", "<noscript><p>no</p></noscript><p>yes</p>", "yes"},
		{"whitespace collapsed", "<p>  a \n\t b  </p>", "a b"},
		{"unclosed", "<div><p>open", "open"},
		{"br", "a<br>b", "a\nb"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ExtractText(strings.NewReader(tc.in))
			if err != nil {
				t.Fatal(err)
			}
			if got != tc.want {
				t.Fatalf("got %q, want %q", got, tc.want)
			}
		})
	}
}

func FuzzExtractText(f *testing.F) {
	for _, s := range []string{"<p>a</p>", "<script>x", "&amp;", "<<>>", "<svg><p>x</svg>y", "\xff\xfe"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out, err := ExtractText(strings.NewReader(s))
		if err != nil {
			return
		}
		if strings.Contains(out, "  ") {
			t.Fatalf("double space in %q", out)
		}
	})
}

func BenchmarkExtractText(b *testing.B) {
	page := "<html><head><title>t</title><script>var a=1;</script></head><body>" +
		strings.Repeat("<div><p>Some <b>bold</b> text &amp; more text here.</p></div>", 200) + "</body></html>"
	b.ReportAllocs()
	b.SetBytes(int64(len(page)))
	for i := 0; i < b.N; i++ {
		if _, err := ExtractText(strings.NewReader(page)); err != nil {
			b.Fatal(err)
		}
	}
}
