package ner

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	"github.com/nomenhq/nomen/analyzers/entities/corpus"
	"github.com/nomenhq/nomen/analyzers/entities/span"
	"github.com/nomenhq/nomen/analyzers/tokenize"
)

func mustLoad(t testing.TB, lang string) *Model {
	t.Helper()
	m, err := Load(lang)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestEnglishFindsObamaAndParis(t *testing.T) {
	m := mustLoad(t, "eng")
	text := "Barack Obama flew to Paris on Monday."
	got := map[string]string{}
	for _, s := range m.Extract(text, nil) {
		got[string([]rune(text)[s.Start:s.End])] = s.Type
		if s.Source != span.SourceStatistical {
			t.Errorf("source %q", s.Source)
		}
	}
	if got["Barack Obama"] != span.PER || got["Paris"] != span.LOC {
		t.Errorf("entities %v, want Barack Obama PER and Paris LOC", got)
	}
}

func TestLanguagesLoad(t *testing.T) {
	langs := Languages()
	for _, want := range []string{"eng", "deu", "por", "zho"} {
		found := false
		for _, l := range langs {
			found = found || l == want
		}
		if !found {
			t.Errorf("Languages() = %v lacks %s", langs, want)
		}
	}
	if m := mustLoad(t, "en"); m.Lang != "eng" {
		t.Errorf("Load(en).Lang = %q", m.Lang)
	}
	for _, bad := range []string{"", "xxx", "../eng", "eng.ner.gz", "data/eng"} {
		if _, err := Load(bad); !errors.Is(err, ErrNoModel) {
			t.Errorf("Load(%q) = %v, want ErrNoModel", bad, err)
		}
	}
	// Loading is concurrency-safe and returns one model.
	var wg sync.WaitGroup
	ms := make([]*Model, 8)
	for i := range ms {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ms[i], _ = Load("eng")
		}()
	}
	wg.Wait()
	for _, m := range ms {
		if m != ms[0] || m == nil {
			t.Fatal("Load returned different models")
		}
	}
}

func checkSpans(t *testing.T, n int, spans []span.TokenSpan, types []string) {
	t.Helper()
	prev := 0
	for _, s := range spans {
		if s.Start < prev || s.End <= s.Start || s.End > n {
			t.Fatalf("bad span %+v (n=%d) in %v", s, n, spans)
		}
		if !(s.Confidence >= 0 && s.Confidence <= 1) {
			t.Fatalf("confidence %v", s.Confidence)
		}
		ok := false
		for _, ty := range types {
			ok = ok || ty == s.Type
		}
		if !ok {
			t.Fatalf("type %q", s.Type)
		}
		prev = s.End
	}
}

func TestTagWordsInvariants(t *testing.T) {
	tests := []struct {
		lang  string
		words []string
	}{
		{"eng", nil},
		{"eng", []string{""}},
		{"eng", []string{"Angela", "Merkel", "met", "Emmanuel", "Macron", "in", "Berlin", "."}},
		{"eng", strings.Fields(strings.Repeat("New York City Council of the United Nations ", 80))},
		{"eng", []string{"ALL", "CAPS", "HEADLINE", "FROM", "REUTERS", "LONDON"}},
		{"deu", []string{"Angela", "Merkel", "besuchte", "die", "Deutsche", "Bahn", "in", "München", "."}},
		{"por", []string{"O", "presidente", "Lula", "visitou", "o", "Rio", "de", "Janeiro", "."}},
		{"zho", []string{"习近平", "访问", "了", "北京", "大学", "。"}},
	}
	for _, tt := range tests {
		m, err := Load(tt.lang)
		if err != nil {
			t.Errorf("%s: %v", tt.lang, err)
			continue
		}
		got := m.TagWords(tt.words)
		checkSpans(t, len(tt.words), got, m.Types)
	}
}

func TestExtractOffsets(t *testing.T) {
	m := mustLoad(t, "eng")
	text := "Ünïcödé first. Then Tim Cook of Apple spoke in London.\n\nAnother paragraph about Germany."
	runes := []rune(text)
	spans := m.Extract(text, tokenize.Tokens(text, "eng"))
	if len(spans) == 0 {
		t.Fatal("no entities")
	}
	found := map[string]bool{}
	for _, s := range spans {
		found[string(runes[s.Start:s.End])] = true
	}
	for _, want := range []string{"Tim Cook", "London", "Germany"} {
		if !found[want] {
			t.Errorf("missing %q in %v", want, found)
		}
	}
	// Bad tokens are ignored, not trusted.
	bad := []tokenize.Token{{Text: "x", Start: 5, End: 3}, {Text: "y", Start: -1, End: 2}, {Text: "z", Start: 0, End: 1000}}
	if got := m.Extract(text, bad); len(got) != 0 {
		t.Errorf("bad tokens gave %v", got)
	}
}

func FuzzExtract(f *testing.F) {
	for _, s := range []string{"", "Barack Obama visited Paris.", "a\xffb Mr. Smith", "東京都の山田太郎", "ÉCOLE DE PARIS!!!", strings.Repeat("John ", 300)} {
		f.Add(s)
	}
	m := mustLoad(f, "eng")
	f.Fuzz(func(t *testing.T, text string) {
		n := utf8.RuneCountInString(text)
		prev := 0
		for _, s := range m.Extract(text, nil) {
			if s.Start < prev || s.End <= s.Start || s.End > n {
				t.Fatalf("bad span %+v for %d code points", s, n)
			}
			if !(s.Confidence >= 0 && s.Confidence <= 1) || s.Source != span.SourceStatistical {
				t.Fatalf("bad span %+v", s)
			}
			prev = s.End
		}
	})
}

// tinyData is a small training set for the trainer tests.
func tinyData() (train, dev []corpus.Sentence) {
	mk := func(text string, spans ...span.TokenSpan) corpus.Sentence {
		return corpus.Sentence{Lang: "eng", Words: strings.Fields(text), Spans: spans}
	}
	ts := func(a, b int, t string) span.TokenSpan {
		return span.TokenSpan{Start: a, End: b, Type: t, Confidence: 1}
	}
	base := []corpus.Sentence{
		mk("John Smith lives in London .", ts(0, 2, "PER"), ts(4, 5, "LOC")),
		mk("Mary Jones works for Acme Corp in Paris .", ts(0, 2, "PER"), ts(4, 6, "ORG"), ts(7, 8, "LOC")),
		mk("the weather in Berlin is cold", ts(3, 4, "LOC")),
		mk("Peter Brown joined Globex Inc .", ts(0, 2, "PER"), ts(3, 5, "ORG")),
		mk("nothing to see here ."),
	}
	for i := 0; i < 6; i++ {
		train = append(train, base...)
	}
	return train, base
}

// tinyClusters clusters the words of sents.
func tinyClusters(sents []corpus.Sentence) *clusters {
	var text [][]string
	for _, s := range sents {
		text = append(text, s.Words)
	}
	return buildClusters(text, io.Discard)
}

func trainTiny(t *testing.T) []byte {
	t.Helper()
	train, dev := tinyData()
	gaz := &gazetteer{maxLen: 3, entries: map[uint32]uint8{}, tokens: map[uint32]uint8{}}
	h := seqStep(seqStep(0, lowerHash("acme")), lowerHash("corp"))
	gaz.entries[seqKey(h)] = 1 << 2
	gaz.tokens[uint32(lowerHash("london")>>32)] = 1 << 2
	freq := map[uint32]uint8{uint32(lowerHash("the") >> 32): 9}
	domains := make([]uint8, len(train))
	for i := range domains {
		domains[i] = uint8(i % 2)
	}
	// Every optional feature group, two averaged runs and a refit on train+dev.
	m, err := fit(context.Background(), "eng", []string{"PER", "LOC", "ORG"}, []string{"PER", "LOC", "ORG"}, featAll, train, domains, dev, gaz, freq, tinyClusters(train),
		trainOptions{epochs: 4, log: io.Discard, seeds: 2, refit: true})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := writeModel(&buf, m); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestTrainDeterministicAndRoundTrip(t *testing.T) {
	a, b := trainTiny(t), trainTiny(t)
	if !bytes.Equal(a, b) {
		t.Fatal("two trainings on the same data differ")
	}
	m, err := readModel(bytes.NewReader(a))
	if err != nil {
		t.Fatal(err)
	}
	got := m.TagWords(strings.Fields("John Smith lives in London ."))
	if len(got) != 2 || got[0].Type != "PER" || got[0].End != 2 || got[1].Type != "LOC" {
		t.Errorf("tiny model: %+v", got)
	}
	var again bytes.Buffer
	if err := writeModel(&again, m); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a, again.Bytes()) {
		t.Error("read-write round trip changed the model")
	}
}

func TestReadModelErrors(t *testing.T) {
	good := trainTiny(t)
	for _, bad := range [][]byte{nil, []byte("garbage"), good[:len(good)/2], good[:20]} {
		if _, err := readModel(bytes.NewReader(bad)); err == nil {
			t.Errorf("readModel(%d bytes) accepted", len(bad))
		}
	}
}

func FuzzReadModel(f *testing.F) {
	f.Add([]byte("NOMENNER1"))
	f.Fuzz(func(t *testing.T, b []byte) {
		m, err := readModel(bytes.NewReader(b))
		if err != nil {
			return
		}
		checkSpans(t, 3, m.TagWords([]string{"a", "B", "c"}), m.Types)
	})
}

func TestRunTrainFlags(t *testing.T) {
	for _, args := range [][]string{{"--nope"}, {"--lang", "xx"}, {"--epochs", "0"}, {"extra"}} {
		if err := RunTrain(context.Background(), args, io.Discard); err == nil {
			t.Errorf("RunTrain(%q): want an error", args)
		}
	}
}

// TestDevFloor checks the shipped models on development data (not held out); it needs
// ../shared/data.
func TestDevFloor(t *testing.T) {
	dir := filepath.Join("..", "..", "..", "..", "shared", "data")
	if _, err := os.Stat(dir); err != nil {
		t.Skip("no shared data:", err)
	}
	tests := []struct {
		lang, set string
		floor     float64
	}{
		{"eng", "uner-en-ewt-dev", 0.68},
		{"por", "uner-pt-bosque-dev", 0.75},
	}
	for _, tt := range tests {
		sents, err := corpus.ReadTraining(dir, tt.set)
		if err != nil {
			t.Fatal(err)
		}
		m := mustLoad(t, tt.lang)
		r := corpus.EvaluateTypes(m, sents, []string{"PER", "LOC", "ORG"})
		if f := r.Overall.F1(); f < tt.floor {
			t.Errorf("%s on %s: F1 %.4f < %.2f", tt.lang, tt.set, f, tt.floor)
		}
	}
}

var benchText = `The European Commission said on Thursday it disagreed with German advice to consumers to shun British lamb until scientists determine whether mad cow disease can be transmitted to sheep.
Germany's representative to the European Union's veterinary committee Werner Zwingmann said on Wednesday consumers should buy sheepmeat from countries other than Britain until the scientific advice was clearer.
Peter Blackburn, a spokesman for the Commission, told reporters in Brussels that the ban was unjustified.
Apple and Microsoft shares rose in New York after Tim Cook spoke at a conference in San Francisco.
I went to the store yesterday and bought some milk, then met my friend Sarah at the coffee shop near Central Park.`

func BenchmarkTagEnglish(b *testing.B) { benchTag(b, "eng", benchText) }

// benchTag measures TagWords on the lines of text, tokenized for lang.
func benchTag(b *testing.B, lang, text string) {
	m := mustLoad(b, lang)
	var sents [][]string
	toks := 0
	for _, line := range strings.Split(text, "\n") {
		var words []string
		for _, tk := range tokenize.Tokens(line, lang) {
			words = append(words, tk.Text)
		}
		sents = append(sents, words)
		toks += len(words)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, w := range sents {
			m.TagWords(w)
		}
	}
	b.ReportMetric(float64(toks)*float64(b.N)/b.Elapsed().Seconds(), "tokens/s")
}
