package dnn

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/nomenhq/nomen/analyzers/entities/span"
	"github.com/nomenhq/nomen/analyzers/tokenize"
)

func loadEnglish(t testing.TB) *Model {
	t.Helper()
	m, err := Load("eng")
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestLanguages(t *testing.T) {
	langs := Languages()
	if !slices.Contains(langs, "eng") {
		t.Fatalf("Languages() = %v, want eng among them", langs)
	}
	for _, l := range langs {
		m, err := Load(l)
		if err != nil {
			t.Fatalf("Load(%q): %v", l, err)
		}
		if m.Lang() != l {
			t.Errorf("Load(%q).Lang() = %q", l, m.Lang())
		}
	}
	if _, err := Load("xxx"); !errors.Is(err, ErrNoModel) {
		t.Errorf("Load(xxx) error = %v, want ErrNoModel", err)
	}
}

func TestTagWords(t *testing.T) {
	m := loadEnglish(t)
	tests := []struct {
		name  string
		words string
		want  []span.TokenSpan // Start, End, Type only
	}{
		{"person and city", "Barack Obama visited Paris last week .", []span.TokenSpan{{Start: 0, End: 2, Type: "PER"}, {Start: 3, End: 4, Type: "LOC"}}},
		{"organisation", "She works for Microsoft in Seattle .", []span.TokenSpan{{Start: 3, End: 4, Type: "ORG"}, {Start: 5, End: 6, Type: "LOC"}}},
		{"no entity", "the food was cold and the service was slow .", nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := m.TagWords(strings.Fields(tc.words))
			for i := range got {
				if got[i].Confidence <= 0 || got[i].Confidence > 1 {
					t.Errorf("span %v: confidence out of (0,1]", got[i])
				}
				got[i].Confidence = 0
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("TagWords(%q) = %v, want %v", tc.words, got, tc.want)
			}
		})
	}
}

func TestTagWordsEdges(t *testing.T) {
	m := loadEnglish(t)
	if got := m.TagWords(nil); len(got) != 0 {
		t.Errorf("TagWords(nil) = %v", got)
	}
	long := make([]string, 3*maxWords+7)
	for i := range long {
		long[i] = "Paris"
		if i%3 == 2 {
			long[i] = "and"
		}
	}
	checkSpans(t, m.TagWords(long), len(long))
	checkSpans(t, m.TagWords([]string{"", "\xff", "   ", "Ünïcødé", "北京"}), 5)
}

func checkSpans(t *testing.T, got []span.TokenSpan, n int) {
	t.Helper()
	end := 0
	for _, s := range got {
		if s.Start < end || s.Start >= s.End || s.End > n || s.Confidence < 0 || s.Confidence > 1 {
			t.Fatalf("bad span %+v (previous end %d, %d words)", s, end, n)
		}
		end = s.End
	}
}

func TestExtract(t *testing.T) {
	m := loadEnglish(t)
	text := "Angela Merkel met the press in Berlin. Then she flew to London."
	got := m.Extract(text, nil)
	runes := []rune(text)
	var found []string
	for _, s := range got {
		if s.Source != span.SourceDNN {
			t.Errorf("span %+v: source %q", s, s.Source)
		}
		found = append(found, s.Type+":"+string(runes[s.Start:s.End]))
	}
	for _, want := range []string{"PER:Angela Merkel", "LOC:Berlin", "LOC:London"} {
		if !slices.Contains(found, want) {
			t.Errorf("Extract(%q) = %v, missing %s", text, found, want)
		}
	}
}

func FuzzExtract(f *testing.F) {
	m := loadEnglish(f)
	for _, s := range []string{"", "Barack Obama visited Paris.", "a\n\nB C. D E F!", "\xff\xfe Zürich 北京 😀", strings.Repeat("New York ", 300)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		n := utf8.RuneCountInString(text)
		if !utf8.ValidString(text) {
			n = len([]rune(text))
		}
		prev := 0
		for _, s := range m.Extract(text, tokenize.Tokens(text, "eng")) {
			if s.Start < prev || s.Start >= s.End || s.End > n || s.Confidence < 0 || s.Confidence > 1 || s.Source != span.SourceDNN {
				t.Fatalf("bad span %+v in %q", s, text)
			}
			prev = s.End
		}
	})
}

func FuzzRead(f *testing.F) {
	b, err := modelFS.ReadFile("data/eng" + modelSuffix)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(b[:200])
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := read(data)
		if err == nil && m.n == nil {
			t.Fatal("nil network without error")
		}
	})
}

func TestRoundTrip(t *testing.T) {
	m, err := Train(context.Background(), toySentences(), nil, TrainOptions{Lang: "eng", Types: []string{"PER", "LOC"}, Epochs: 1, Seed: 3,
		Config: config{OOV: 64, AffixBuckets: 256, ShortBuckets: 64, Dw: 8, Da: 8, Ds: 4, Dsh: 4, Dg: 4, H1: 16, H2: 16, W1: 2, W2: 1}})
	if err != nil {
		t.Fatal(err)
	}
	m.gaz[12345] = 1<<3 | 1<<freqBit
	m.names[678] = 2
	var a, b bytes.Buffer
	if err := m.write(&a, "x"); err != nil {
		t.Fatal(err)
	}
	m2, err := read(a.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if err := m2.write(&b, "x"); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Error("write(read(write(m))) differs from write(m)")
	}
	if m2.gaz[12345] != m.gaz[12345] || m2.names[678] != 2 || len(m2.vocab) != len(m.vocab) {
		t.Error("lexicon or vocabulary lost in the round trip")
	}
	for _, n := range []int{0, 10, a.Len() / 2, a.Len() - 1} {
		if _, err := read(a.Bytes()[:n]); !errors.Is(err, ErrFormat) {
			t.Errorf("model cut to %d bytes: error %v, want ErrFormat", n, err)
		}
	}
}

var benchText = strings.Fields(`The European Commission said on Thursday it disagreed with German advice to consumers to shun British lamb until scientists determine whether mad cow disease can be transmitted to sheep . Germany 's representative to the European Union 's veterinary committee Werner Zwingmann said on Wednesday consumers should buy sheepmeat from countries other than Britain until the scientific advice was clearer .`)

// BenchmarkTagEnglish reports tokens/s of wall time and, since the CI machine is shared,
// tokens per CPU second (cpu-tokens/s; run with -cpu 1 for the one-core figure).
func BenchmarkTagEnglish(b *testing.B) {
	m := loadEnglish(b)
	m.TagWords(benchText)
	b.ReportAllocs()
	b.ResetTimer()
	c0 := cpuSeconds()
	for range b.N {
		m.TagWords(benchText)
	}
	tokens := float64(b.N * len(benchText))
	b.ReportMetric(tokens/b.Elapsed().Seconds(), "tokens/s")
	if c := cpuSeconds() - c0; c > 0 {
		b.ReportMetric(tokens/c, "cpu-tokens/s")
	}
}

// TestConcurrentTagWords tags from several goroutines at once (run with -race): results
// must equal the sequential ones.
func TestConcurrentTagWords(t *testing.T) {
	m := loadEnglish(t)
	sents := [][]string{benchText, strings.Fields("Barack Obama visited Paris last week ."), strings.Fields("She works for Microsoft in Seattle .")}
	want := make([][]span.TokenSpan, len(sents))
	for i, s := range sents {
		want[i] = m.TagWords(s)
	}
	done := make(chan error)
	for g := range 4 {
		go func() {
			for k := range 20 {
				i := (g + k) % len(sents)
				if got := m.TagWords(sents[i]); !slices.Equal(got, want[i]) {
					done <- fmt.Errorf("goroutine %d: TagWords(%v) = %v, want %v", g, sents[i], got, want[i])
					return
				}
			}
			done <- nil
		}()
	}
	for range 4 {
		if err := <-done; err != nil {
			t.Error(err)
		}
	}
}
