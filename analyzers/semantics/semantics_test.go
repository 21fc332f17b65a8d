package semantics

import (
	"bytes"
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files")

func load(t testing.TB) *Model {
	t.Helper()
	m, err := Load("eng")
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestLoad(t *testing.T) {
	m := load(t)
	if m.Dim() != dims || m.Len() < 40000 {
		t.Fatalf("model: %d terms × %d, want ≥ 40000 × %d", m.Len(), m.Dim(), dims)
	}
	if _, err := Load("fra"); err == nil || !strings.Contains(err.Error(), "unsupported language") {
		t.Fatalf("Load(fra) error %v, want unsupported language", err)
	}
}

// TestSimilarityOrder checks that related terms are closer than unrelated ones.
func TestSimilarityOrder(t *testing.T) {
	m := load(t)
	tests := []struct{ a, near, far string }{
		{"car", "automobile", "banana"},
		{"car", "truck", "poem"},
		{"doctor", "physician", "guitar"},
		{"happy", "joyful", "angry"},
		{"Paris", "London", "violin"},
		{"spy", "secret agent", "sandwich"},
		{"running", "run", "chair"}, // inflected forms are looked up by their lemma
		{"cheaper", "inexpensive", "volcano"},
	}
	for _, tt := range tests {
		near, ok1 := m.Similarity(tt.a, tt.near)
		far, ok2 := m.Similarity(tt.a, tt.far)
		if !ok1 || !ok2 {
			t.Errorf("%s: missing vector (%v, %v)", tt.a, ok1, ok2)
			continue
		}
		if near <= far {
			t.Errorf("sim(%s, %s) = %.3f ≤ sim(%s, %s) = %.3f", tt.a, tt.near, near, tt.a, tt.far, far)
		}
	}
}

func TestSimilar(t *testing.T) {
	m := load(t)
	tests := []struct {
		term  string
		count int
		want  string // a term among the results
	}{
		{"spy", 10, "undercover agent"},
		{"SPY", 10, "snoop"},
		{"spies", 10, "snoop"},
		{"  guitar ", 5, "ukulele"},
		{"secret agent", 10, "double agent"},
		{"Einstein", 5, "Albert Einstein"},
		{"Dr.", 5, "doctor"}, // a term that ends in punctuation
		{"secret agents", 10, "double agent"},
		{"!!spy?", 5, "snoop"},
	}
	for _, tt := range tests {
		got := m.Similar(tt.term, tt.count)
		if len(got) != tt.count {
			t.Errorf("Similar(%q, %d): %d terms", tt.term, tt.count, len(got))
		}
		found := false
		for i, x := range got {
			found = found || x.Term == tt.want
			if strings.EqualFold(x.Term, strings.TrimSpace(tt.term)) {
				t.Errorf("Similar(%q) returns the term itself", tt.term)
			}
			if x.Similarity < -1 || x.Similarity > 1 || (i > 0 && x.Similarity > got[i-1].Similarity) {
				t.Errorf("Similar(%q): similarity %v out of range or order", tt.term, x.Similarity)
			}
		}
		if !found {
			t.Errorf("Similar(%q, %d) = %v, want %q among them", tt.term, tt.count, got, tt.want)
		}
	}
	for _, term := range []string{"", "qwzxv", "!!!", "spy", "the"} {
		if got := m.Similar(term, 0); got != nil {
			t.Errorf("Similar(%q, 0) = %v, want nil", term, got)
		}
	}
	if got := m.Similar("qwzxv", 10); got != nil {
		t.Errorf("Similar(unknown) = %v, want nil", got)
	}
}

func TestEmbed(t *testing.T) {
	m := load(t)
	tests := []struct {
		text    string
		tokens  int
		vectors []bool
		doc     bool
	}{
		{"The secret agent ran.", 5, []bool{false, true, true, true, false}, true},
		{"", 0, nil, false},
		{"the of and", 3, []bool{false, false, false}, false},
		{"🙂 Zürich 2024", 3, []bool{false, true, false}, true},
	}
	for _, tt := range tests {
		doc, toks := m.Embed(tt.text)
		if len(doc) != m.Dim() || len(toks) != tt.tokens {
			t.Fatalf("Embed(%q): %d numbers, %d tokens", tt.text, len(doc), len(toks))
		}
		for i, tk := range toks {
			if (tk.Vector != nil) != tt.vectors[i] {
				t.Errorf("Embed(%q): token %q has vector %v, want %v", tt.text, tk.Text, tk.Vector != nil, tt.vectors[i])
			}
		}
		var norm float64
		for _, x := range doc {
			norm += float64(x) * float64(x)
		}
		if tt.doc != (math.Abs(norm-1) < 1e-3) || (!tt.doc && norm != 0) {
			t.Errorf("Embed(%q): squared norm %.4f, want a unit vector: %v", tt.text, norm, tt.doc)
		}
	}
	// Documents about the same thing are closer than documents about different things.
	a, _ := m.Embed("The spy passed secret documents to a foreign intelligence agency.")
	b, _ := m.Embed("An undercover agent was caught stealing classified files.")
	c, _ := m.Embed("The recipe needs flour, butter and two eggs.")
	if cos(a, b) <= cos(a, c) {
		t.Errorf("document cosines: spy/agent %.3f ≤ spy/recipe %.3f", cos(a, b), cos(a, c))
	}
}

func cos(a, b []float32) float64 {
	var d float64
	for i := range a {
		d += float64(a[i]) * float64(b[i])
	}
	return d
}

func TestReadWrite(t *testing.T) {
	m := &Model{dim: 3}
	m.add("alpha", 5, []float64{1, 2, 3})
	m.add("Beta Gamma", 70, []float64{-1, 0, 0.5})
	m.add("zero", 1, []float64{0, 0, 0})
	m.addAlias("betas", 1)
	m.sparse = &sparseIndex{rows: []sparseRow{
		newSparseRow([]int{3, 1, 900}, []float64{0.5, 1, 0.25}, 2),
		newSparseRow([]int{1, 7}, []float64{1, 1}, 2),
		newSparseRow(nil, nil, 2),
	}}
	m.sparse.build()
	m.index()
	var buf bytes.Buffer
	if err := m.write(&buf); err != nil {
		t.Fatal(err)
	}
	got, err := read(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(got.terms, got.ranks, got.vecs, got.scales, got.aliases, got.sparse.rows) != fmt.Sprint(m.terms, m.ranks, m.vecs, m.scales, m.aliases, m.sparse.rows) {
		t.Fatalf("round trip: %v %v %v %v, want %v %v %v %v", got.terms, got.ranks, got.vecs, got.sparse.rows, m.terms, m.ranks, m.vecs, m.sparse.rows)
	}
	// Dense cosine (-1 + 1.5) / √(14 · 1.25); sparse: alpha keeps features 1 and 3 (1, 0.5),
	// beta gamma 1 and 7 (1, 1): 1 / √(1.25 · 2).
	want := (1-sparseShare)*(-1+1.5)/math.Sqrt(14*1.25) + sparseShare/math.Sqrt(1.25*2)
	if s, ok := got.Similarity("alpha", "betas"); !ok || math.Abs(s-want) > 0.02 {
		t.Errorf("similarity %.4f, %v; want %.4f", s, ok, want)
	}
	for _, bad := range [][]byte{nil, []byte("not gzip"), buf.Bytes()[:len(buf.Bytes())/2]} {
		if _, err := read(bytes.NewReader(bad)); err == nil {
			t.Errorf("read(%d bytes of junk) succeeded", len(bad))
		}
	}
}

// TestGolden pins the similar terms of a few words (rewrite with -update after retraining).
func TestGolden(t *testing.T) {
	m := load(t)
	var b strings.Builder
	for _, w := range []string{"spy", "car", "happy", "Paris", "doctor", "bank", "guitar", "election", "quickly", "Germany"} {
		fmt.Fprintf(&b, "%s:", w)
		for _, x := range m.Similar(w, 8) {
			fmt.Fprintf(&b, " %s (%.2f);", x.Term, x.Similarity)
		}
		b.WriteByte('\n')
	}
	path := filepath.Join("testdata", "similar.golden")
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if b.String() != string(want) {
		t.Errorf("similar terms changed:\n%s\nwant:\n%s", b.String(), want)
	}
}

func FuzzEmbed(f *testing.F) {
	for _, s := range []string{"The secret agent ran.", "", "spy", "a b c d e", "🙂", "Ünïcödé double-agent's", "\x00\xff"} {
		f.Add(s)
	}
	m := load(f)
	f.Fuzz(func(t *testing.T, s string) {
		doc, toks := m.Embed(s)
		if len(doc) != m.Dim() {
			t.Fatalf("document vector of %d numbers", len(doc))
		}
		for _, tk := range toks {
			if tk.Vector != nil && len(tk.Vector) != m.Dim() {
				t.Fatalf("token vector of %d numbers", len(tk.Vector))
			}
		}
		for _, x := range m.Similar(s, 3) {
			if x.Similarity < -1.001 || x.Similarity > 1.001 {
				t.Fatalf("similarity %v", x.Similarity)
			}
		}
	})
}

func BenchmarkSimilar(b *testing.B) {
	m := load(b)
	// "spy" shares features with few terms; "election" with thousands, whose dense cosines
	// must all be read.
	for _, term := range []string{"spy", "election"} {
		b.Run(term, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				m.Similar(term, 10)
			}
		})
	}
}

func BenchmarkEmbed(b *testing.B) {
	m := load(b)
	const text = "The spy passed secret documents to a foreign intelligence agency before the election."
	b.ReportAllocs()
	b.SetBytes(int64(len(text)))
	for i := 0; i < b.N; i++ {
		m.Embed(text)
	}
}

func TestClusters(t *testing.T) {
	m := load(t)
	a := m.Clusters(32, 2)
	b := m.Clusters(32, 2)
	if len(a) < 30000 || !reflect.DeepEqual(a, b) {
		t.Fatalf("clusters: %d words, deterministic %v", len(a), reflect.DeepEqual(a, b))
	}
	for w, c := range a {
		if c < 0 || c >= 32 {
			t.Fatalf("class of %q: %d", w, c)
		}
	}
	if a["spies"] != a["spy"] {
		t.Errorf("inflected form 'spies' in class %d, its lemma 'spy' in %d", a["spies"], a["spy"])
	}
	if _, ok := a["secret agent"]; ok {
		t.Error("multiword terms are not clustered")
	}
}

// TestConcurrent runs Similar and Embed from several goroutines (go test -race).
func TestConcurrent(t *testing.T) {
	m := load(t)
	want := fmt.Sprint(m.Similar("election", 10))
	done := make(chan string)
	for g := 0; g < 4; g++ {
		go func() {
			var got string
			for i := 0; i < 5; i++ {
				got = fmt.Sprint(m.Similar("election", 10))
				m.Embed("The spy met a double agent in Vienna.")
			}
			done <- got
		}()
	}
	for g := 0; g < 4; g++ {
		if got := <-done; got != want {
			t.Errorf("concurrent Similar: %s, want %s", got, want)
		}
	}
}
