package morph

import (
	"bytes"
	"reflect"
	"strings"
	"testing"

	"github.com/nomenhq/nomen/analyzers/tokenize"
	"github.com/nomenhq/nomen/internal/perceptron"
)

func TestChunksOf(t *testing.T) {
	tests := []struct {
		name  string
		text  string
		lang  string
		chunk []string
	}{
		{"spaces", "והבית שלנו, גדול.", "heb", []string{"והבית", "שלנו,", "גדול."}},
		{"one run", "我们去北京。", "zho", []string{"我们去北京。"}},
		{"sentence end", "我们去。他们来。", "zho", []string{"我们去。", "他们来。"}},
		{"empty", "", "jpn", nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := []rune(tc.text)
			toks, sents := tokenize.Segment(tc.text, tc.lang)
			var got []string
			for _, c := range chunksOf(r, toks, sents) {
				got = append(got, string(r[toks[c[0]].Start:toks[c[1]-1].End]))
			}
			if !reflect.DeepEqual(got, tc.chunk) {
				t.Errorf("chunks %q, want %q", got, tc.chunk)
			}
		})
	}
}

// toySents are a few segmented sentences for training a small segmenter.
func toySents() []sentence {
	mk := func(text string, words ...string) sentence {
		s := sentence{Text: text}
		for _, w := range words {
			s.Tokens = append(s.Tokens, surface{Form: w, Words: []word{{Form: w, UPOS: "X"}}})
		}
		return s
	}
	var out []sentence
	for i := 0; i < 5; i++ {
		out = append(out,
			mk("我们去北京大学。", "我们", "去", "北京", "大学", "。"),
			mk("他们在北京工作。", "他们", "在", "北京", "工作", "。"),
			mk("我们在大学工作。", "我们", "在", "大学", "工作", "。"),
		)
	}
	return out
}

func TestSegmenterTrainRoundTrip(t *testing.T) {
	sm := trainSegmenter("zho", toySents(), nil, map[string]int{"北京": 10})
	text := "他们去北京大学工作。"
	toks, sents := tokenize.Segment(text, "zho")
	want := sm.segment(text, toks, sents)
	checkTiling(t, text, toks, want)
	var buf bytes.Buffer
	if err := writeSegModel(&buf, sm); err != nil {
		t.Fatal(err)
	}
	back, err := readSegModel(&buf)
	if err != nil {
		t.Fatal(err)
	}
	back.lang = "zho"
	if !reflect.DeepEqual(back.lex, sm.lex) || !reflect.DeepEqual(back.freq, sm.freq) {
		t.Errorf("lexicon or frequencies differ after a round trip")
	}
	if got := back.segment(text, toks, sents); !reflect.DeepEqual(got, want) {
		t.Errorf("after a round trip: %v, want %v", got, want)
	}
	var texts []string
	for _, w := range want {
		texts = append(texts, w.Text)
	}
	if j := strings.Join(texts, " "); !strings.Contains(j, "北京 大学") {
		t.Errorf("toy segmenter: %q, want 北京 大学 apart", j)
	}
}

func TestReadSegModelErrors(t *testing.T) {
	for _, in := range []string{"", "not gzip", "\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\xff"} {
		if _, err := readSegModel(strings.NewReader(in)); err == nil {
			t.Errorf("readSegModel(%q): no error", in)
		}
	}
}

// checkTiling checks that words lie in text in order, spell it and cover
// exactly what toks cover.
func checkTiling(t *testing.T, text string, toks, words []tokenize.Token) {
	t.Helper()
	r := []rune(text)
	covered := func(ts []tokenize.Token) string {
		var b strings.Builder
		last := -1
		for _, w := range ts {
			if w.Start < last || w.End <= w.Start || w.End > len(r) || string(r[w.Start:w.End]) != w.Text {
				t.Fatalf("bad word %+v in %q", w, text)
			}
			last = w.End
			b.WriteString(w.Text)
		}
		return b.String()
	}
	if a, b := covered(toks), covered(words); a != b {
		t.Errorf("words cover %q, tokens %q", b, a)
	}
}

// TestSegmentEmbedded checks the shipped segmenters on a few sentences:
// the words tile the tokens, and known splits happen.
func TestSegmentEmbedded(t *testing.T) {
	tests := []struct {
		lang, text string
		want       []string // words that must appear
	}{
		{"heb", "הוא הלך לבית הספר ומשם הביתה.", []string{"ל", "ו"}},
		{"jpn", "私は東京に住んでいます。", []string{"私", "は", "東京", "に"}},
		{"zho", "我们在北京大学学习汉语。", []string{"我们", "北京", "学习"}},
	}
	for _, tc := range tests {
		t.Run(tc.lang, func(t *testing.T) {
			m, err := modelFor(tc.lang)
			if err != nil {
				t.Fatal(err)
			}
			if m.seg == nil {
				t.Skip("no segmenter")
			}
			toks, sents := tokenize.Segment(tc.text, tc.lang)
			words := m.seg.segment(tc.text, toks, sents)
			checkTiling(t, tc.text, toks, words)
			got := map[string]bool{}
			for _, w := range words {
				got[w.Text] = true
			}
			for _, w := range tc.want {
				if !got[w] {
					t.Errorf("%q: no word %q in %v", tc.text, w, words)
				}
			}
		})
	}
}

func FuzzSegment(f *testing.F) {
	for _, s := range []string{"והבית שלנו", "我们去北京。", "東京に住む", "a1-ב", "", " 。 "} {
		f.Add(s)
	}
	// Load the models and dictionaries before fuzzing: the first load of gse
	// and kagome takes seconds, which the fuzzing engine would take for a
	// hang.
	for _, lang := range []string{"zho", "jpn", "heb"} {
		if _, err := Analyze("中国", lang, nil, Options{}); err != nil {
			f.Fatal(err)
		}
	}
	f.Fuzz(func(t *testing.T, text string) {
		if len(text) > 1000 {
			return
		}
		for _, lang := range []string{"zho", "jpn", "heb"} {
			m, err := modelFor(lang)
			if err != nil || m.seg == nil {
				continue
			}
			toks, sents := tokenize.Segment(text, lang)
			checkTiling(t, text, toks, m.seg.segment(text, toks, sents))
		}
	})
}

// BenchmarkAnalyzeChinese measures the whole analysis (tokenizer,
// segmenter, tagger, lemmas) on 200 sentences of the UD Chinese dev split,
// and for comparison the same with the resegmentation tables instead of
// the segmenter; throughput counts gold words per CPU second.
func BenchmarkAnalyzeChinese(b *testing.B) {
	sents, err := readCoNLLU("../../../shared/data/ud-zh-gsdsimp/zh_gsdsimp-ud-dev.conllu.gz")
	if err != nil {
		b.Skip("no UD Chinese dev split")
	}
	sents = sents[:min(len(sents), 200)]
	words := 0
	for _, s := range sents {
		words += len(s.words())
	}
	m, err := modelFor("zho")
	if err != nil {
		b.Fatal(err)
	}
	if _, err := Analyze("热身", "zho", nil, Options{}); err != nil {
		b.Fatal(err)
	}
	seg := m.seg
	defer func() { m.seg = seg }()
	for _, mode := range []string{"segmenter", "tables"} {
		b.Run(mode, func(b *testing.B) {
			if mode == "tables" {
				m.seg = nil
			}
			b.ReportAllocs()
			b.ResetTimer()
			cpu0 := cpuTime()
			for i := 0; i < b.N; i++ {
				for _, s := range sents {
					if _, err := Analyze(s.Text, "zho", []string{FeatureLemmas, FeaturePartsOfSpeech}, Options{Disambiguate: true}); err != nil {
						b.Fatal(err)
					}
				}
			}
			b.ReportMetric(float64(words*b.N)/b.Elapsed().Seconds(), "tokens/s")
			if cpu := cpuTime() - cpu0; cpu > 0 {
				b.ReportMetric(float64(words*b.N)/cpu.Seconds(), "tokens/cpu-s")
			}
		})
	}
}

func TestFeatHash(t *testing.T) {
	tests := []struct{ prefix, a, b string }{{"b0", "北", "京"}, {"", "", ""}, {"ty", "Hh", "kD"}, {"lx", "true ", "false"}}
	for _, tc := range tests {
		if got, want := uint64(feat(tc.prefix).s(tc.a).s(tc.b)), perceptron.Hash2(tc.prefix, tc.a+tc.b); got != want {
			t.Errorf("feat(%q).s(%q).s(%q) = %x, want %x", tc.prefix, tc.a, tc.b, got, want)
		}
	}
}

// TestSegmentExported checks Segment: the trained segmenter's words for Chinese, the
// tokenizer's tokens for a language without one.
func TestSegmentExported(t *testing.T) {
	toks, sents, err := Segment("立陶宛和白俄罗斯。巴塞洛缪来了。", "zho")
	if err != nil {
		t.Fatal(err)
	}
	var words []string
	for _, tk := range toks {
		words = append(words, tk.Text)
	}
	if got := strings.Join(words, " "); got != "立陶宛 和 白俄罗斯 。 巴塞洛缪 来 了 。" {
		t.Errorf("zho words %q", got)
	}
	if len(sents) != 2 {
		t.Errorf("zho sentences %v", sents)
	}
	toks, _, err = Segment("Hello, world", "eng")
	if err != nil || len(toks) != 3 {
		t.Errorf("eng: %v %v", toks, err)
	}
}
