package morph

import (
	"errors"
	"os"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestAnalyzeEnglish(t *testing.T) {
	a, err := Analyze("I don't like the cats' toys. They were running!", "eng", []string{FeatureComplete}, Options{Disambiguate: true})
	if err != nil {
		t.Fatal(err)
	}
	wantTok := []string{"I", "do", "n't", "like", "the", "cats", "'", "toys", ".", "They", "were", "running", "!"}
	if !reflect.DeepEqual(a.Tokens, wantTok) {
		t.Fatalf("tokens %q, want %q", a.Tokens, wantTok)
	}
	wantLem := map[int]string{1: "do", 2: "not", 5: "cat", 7: "toy", 9: "they", 10: "be", 11: "run"}
	for i, l := range wantLem {
		if a.Lemmas[i] != l {
			t.Errorf("lemma of %q = %q, want %q", a.Tokens[i], a.Lemmas[i], l)
		}
	}
	wantPos := map[int]string{0: "PRON", 1: "AUX", 2: "PART", 3: "VERB", 4: "DET", 5: "NOUN", 8: "PUNCT", 11: "VERB"}
	for i, p := range wantPos {
		if a.PosTags[i] != p {
			t.Errorf("tag of %q = %q, want %q", a.Tokens[i], a.PosTags[i], p)
		}
	}
	if a.Offsets[1] != [2]int{2, 4} || a.Offsets[2] != [2]int{4, 7} {
		t.Errorf("offsets of do/n't = %v %v", a.Offsets[1], a.Offsets[2])
	}
	if a.CompoundComponents != nil || a.HanReadings != nil {
		t.Errorf("English has no compounds or Han readings")
	}
}

func TestAnalyzeLanguages(t *testing.T) {
	tests := []struct {
		name, lang, text string
		features         []string
		opt              Options
		check            func(t *testing.T, a Analysis)
	}{
		{"por mwt", "por", "Ele foi do Brasil para a casa.", []string{FeatureLemmas}, Options{}, func(t *testing.T, a Analysis) {
			if !contains(a.Tokens, "de") || !contains(a.Tokens, "o") {
				t.Errorf("do not expanded: %q", a.Tokens)
			}
			if a.Lemmas[1] != "ir" && a.Lemmas[1] != "ser" {
				t.Errorf("lemma of foi = %q", a.Lemmas[1])
			}
		}},
		{"fra mwt", "fra", "Il parle du livre.", []string{FeatureComplete}, Options{Disambiguate: true}, func(t *testing.T, a Analysis) {
			if !reflect.DeepEqual(a.Tokens, []string{"Il", "parle", "de", "le", "livre", "."}) {
				t.Errorf("tokens %q", a.Tokens)
			}
			if a.Offsets[2] != a.Offsets[3] {
				t.Errorf("MWT words must share a span: %v", a.Offsets)
			}
		}},
		{"deu compounds", "deu", "Die Bundesregierung plant einen Arbeitsplatz spielten.", []string{FeatureCompoundComponents}, Options{}, func(t *testing.T, a Analysis) {
			if got := a.CompoundComponents[1]; !reflect.DeepEqual(got, []string{"Bund", "Regierung"}) {
				t.Errorf("Bundesregierung → %q", got)
			}
			if got := a.CompoundComponents[4]; !reflect.DeepEqual(got, []string{"Arbeit", "Platz"}) {
				t.Errorf("Arbeitsplatz → %q", got)
			}
			if got := a.CompoundComponents[0]; !reflect.DeepEqual(got, []string{"Die"}) {
				t.Errorf("Die → %q", got)
			}
			if got := a.CompoundComponents[5]; !reflect.DeepEqual(got, []string{"spielten"}) {
				t.Errorf("spielten → %q", got)
			}
		}},
		{"zho pinyin", "zho", "我们去银行。", []string{FeatureHanReadings}, Options{}, func(t *testing.T, a Analysis) {
			i := index(a.Tokens, "银行")
			if i < 0 || !contains(a.HanReadings[i], "yínháng") {
				t.Errorf("readings %q of %q", a.HanReadings, a.Tokens)
			}
			if len(a.HanReadings[len(a.HanReadings)-1]) != 0 {
				t.Errorf("punctuation has readings: %q", a.HanReadings)
			}
		}},
		{"zho pinyin perceptron", "zho", "中国", []string{FeatureHanReadings}, Options{ModelType: ModelTypePerceptron}, func(t *testing.T, a Analysis) {
			if !reflect.DeepEqual(a.HanReadings, [][]string{{"zhong1guo2"}}) {
				t.Errorf("readings %q", a.HanReadings)
			}
		}},
		{"jpn readings", "jpn", "東京に行く", []string{FeatureHanReadings, FeatureLemmas}, Options{}, func(t *testing.T, a Analysis) {
			if a.HanReadings[0][0] != "とうきょう" || a.HanReadings[2][0] != "いく" {
				t.Errorf("readings %q of %q", a.HanReadings, a.Tokens)
			}
		}},
		{"jpn katakana", "jpn", "東京", []string{FeatureHanReadings}, Options{ModelType: ModelTypePerceptron}, func(t *testing.T, a Analysis) {
			if a.HanReadings[0][0] != "トウキョウ" {
				t.Errorf("readings %q", a.HanReadings)
			}
		}},
		{"kor morphemes", "kor", "내 고향은 서울입니다.", []string{FeatureComplete}, Options{Disambiguate: true}, func(t *testing.T, a Analysis) {
			if a.Tokens[1] != "고향은" || !reflect.DeepEqual(a.CompoundComponents[1], []string{"고향", "은"}) || a.Lemmas[1] != "고향" {
				t.Errorf("tokens %q components %q lemmas %q", a.Tokens, a.CompoundComponents, a.Lemmas)
			}
		}},
		{"heb prefixes", "heb", "הילד הלך לבית הספר.", []string{FeatureLemmas}, Options{}, func(t *testing.T, a Analysis) {
			if i := index(a.Tokens, "ספר"); i < 1 || a.Tokens[i-1] != "ה" || a.Offsets[i-1] != [2]int{14, 15} || !contains(a.Tokens, "ל") {
				t.Errorf("prefixes not split: %q %v", a.Tokens, a.Offsets)
			}
		}},
		{"kor components only", "kor", "고향은", []string{FeatureCompoundComponents}, Options{}, func(t *testing.T, a Analysis) {
			if !reflect.DeepEqual(a.CompoundComponents, [][]string{{"고향", "은"}}) || a.Lemmas != nil {
				t.Errorf("components %q lemmas %q", a.CompoundComponents, a.Lemmas)
			}
		}},
		{"mwt case change", "eng", "İTS DONT", nil, Options{}, func(t *testing.T, a Analysis) {}},
		{"alternatives", "eng", "Time flies, Zorblax!", []string{FeaturePartsOfSpeech, FeatureLemmas}, Options{Disambiguate: false}, func(t *testing.T, a Analysis) {
			if len(a.PosAlternatives) != 5 || len(a.PosAlternatives[1]) < 2 || len(a.PosAlternatives[1]) > 3 {
				t.Fatalf("alternatives %q for tags %q", a.PosAlternatives, a.PosTags)
			}
			for i, alts := range a.PosAlternatives {
				if alts[0] != a.PosTags[i] {
					t.Errorf("token %d: alternatives %q do not start with the tag %q", i, alts, a.PosTags[i])
				}
				for _, tag := range alts {
					// Words are no punctuation, punctuation no words, and an unknown word
					// belongs to no closed class.
					if (i == 2 || i == 4) != (tag == "PUNCT" || tag == "SYM") || (i == 3 && closedClasses[tag]) {
						t.Errorf("token %d: alternative %q in %q", i, tag, alts)
					}
				}
			}
			if len(a.LemmaAlternatives[1]) == 0 || a.LemmaAlternatives[1][0] != a.Lemmas[1] {
				t.Errorf("lemma alternatives %q for %q", a.LemmaAlternatives, a.Lemmas)
			}
		}},
		{"German participles", "deu", "Er hat das Buch gelesen und es uns empfohlen.", []string{FeatureLemmas}, Options{Disambiguate: true}, func(t *testing.T, a Analysis) {
			if len(a.Lemmas) != 10 || a.Lemmas[4] != "lesen" || a.Lemmas[8] != "empfehlen" {
				t.Errorf("lemmas %q", a.Lemmas)
			}
		}},
		{"query lower case", "eng", "where is the nearest bank", nil, Options{Query: true, Disambiguate: true}, func(t *testing.T, a Analysis) {
			if a.PosTags[0] != "ADV" || a.PosTags[4] != "NOUN" {
				t.Errorf("tags %q", a.PosTags)
			}
		}},
		{"empty", "eng", "", nil, Options{}, func(t *testing.T, a Analysis) {
			if len(a.Tokens) != 0 {
				t.Errorf("tokens %q", a.Tokens)
			}
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			a, err := Analyze(tc.text, tc.lang, tc.features, tc.opt)
			if err != nil {
				t.Fatal(err)
			}
			checkAnalysis(t, tc.text, a)
			tc.check(t, a)
		})
	}
}

func TestAnalyzeErrors(t *testing.T) {
	tests := []struct {
		name, lang string
		features   []string
		opt        Options
		want       error
	}{
		{"language", "xxx", nil, Options{}, ErrUnsupported},
		{"feature", "eng", []string{FeatureHanReadings}, Options{}, ErrFeature},
		{"unknown feature", "eng", []string{"stems"}, Options{}, ErrFeature},
		{"tag set", "eng", nil, Options{TagSet: "penn"}, ErrTagSet},
		{"model type", "zho", nil, Options{ModelType: "neural"}, ErrModelType},
		{"dan lemmas", "dan", []string{FeatureLemmas}, Options{}, ErrFeature},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Analyze("text", tc.lang, tc.features, tc.opt)
			if !errors.Is(err, tc.want) {
				t.Errorf("err = %v, want %v", err, tc.want)
			}
		})
	}
}

func TestTag(t *testing.T) {
	pos, lem, err := Tag([]string{"The", "dogs", "barked", "."}, "eng")
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(pos, []string{"DET", "NOUN", "VERB", "PUNCT"}) || !reflect.DeepEqual(lem, []string{"the", "dog", "bark", "."}) {
		t.Errorf("Tag = %q %q", pos, lem)
	}
	if _, _, err := Tag([]string{"x"}, "xxx"); !errors.Is(err, ErrUnsupported) {
		t.Errorf("err = %v", err)
	}
}

func TestSupportedLanguages(t *testing.T) {
	got := map[string][]string{}
	for _, l := range SupportedLanguages() {
		if len(l.Script) != 4 {
			t.Errorf("%s: script %q", l.Language, l.Script)
		}
		got[l.Language] = l.Features
	}
	for _, lang := range []string{"eng", "deu", "fra", "spa", "por", "nld", "rus", "swe", "fas", "heb", "jpn", "zho", "kor"} {
		if !contains(got[lang], FeatureLemmas) || !contains(got[lang], FeaturePartsOfSpeech) {
			t.Errorf("%s: features %q", lang, got[lang])
		}
	}
	for _, lang := range []string{"deu", "nld", "swe", "dan", "nor", "hun", "jpn", "zho", "kor"} {
		if !contains(got[lang], FeatureCompoundComponents) {
			t.Errorf("%s: no compound components", lang)
		}
	}
}

// TestAccuracyFloor tags a committed sample of the treebanks' dev splits
// (tuning data, not the held-out test splits) from raw text.
func TestAccuracyFloor(t *testing.T) {
	tests := []struct {
		file, lang       string
		tok, upos, lemma float64
	}{
		{"testdata/en_ewt-dev-sample.conllu", "eng", 0.97, 0.92, 0.93},
		{"testdata/pt_bosque-dev-sample.conllu", "por", 0.95, 0.90, 0.90},
	}
	for _, tc := range tests {
		t.Run(tc.lang, func(t *testing.T) {
			sents, err := readCoNLLU(tc.file)
			if err != nil {
				t.Fatal(err)
			}
			r, err := evalLang(tc.lang, sents)
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("%s: %d sentences, token F1 %.4f, UPOS %.4f, lemma %.4f", tc.lang, r.Sentences, r.TokenF1, r.UPOS, r.Lemma)
			if r.Sentences < len(sents)*9/10 || r.TokenF1 < tc.tok || r.UPOS < tc.upos || r.Lemma < tc.lemma {
				t.Errorf("below floor: %+v", r)
			}
		})
	}
}

// TestEvalShared runs the evaluation on a few dev sentences of the shared
// data when it is present.
func TestEvalShared(t *testing.T) {
	const dataDir = "../../../shared/data"
	if _, err := os.Stat(dataDir + "/ud-en-ewt"); err != nil {
		t.Skip("no shared data")
	}
	var b strings.Builder
	rs, err := evalSplit(dataDir, []string{"swe"}, "dev", &b)
	if err != nil {
		t.Fatal(err)
	}
	if len(rs) != 1 || rs[0].UPOS < 0.9 || rs[0].TokenF1 < 0.95 {
		t.Errorf("swe dev (training data): %+v", rs)
	}
}

func checkAnalysis(t *testing.T, text string, a Analysis) {
	t.Helper()
	n := utf8.RuneCountInString(text)
	if len(a.Offsets) != len(a.Tokens) {
		t.Fatalf("%d offsets for %d tokens", len(a.Offsets), len(a.Tokens))
	}
	for _, arr := range []int{len(a.PosTags), len(a.Lemmas), len(a.CompoundComponents), len(a.HanReadings)} {
		if arr != 0 && arr != len(a.Tokens) {
			t.Fatalf("feature array of %d for %d tokens", arr, len(a.Tokens))
		}
	}
	prev := [2]int{0, 0}
	for _, o := range a.Offsets {
		if o[0] < 0 || o[1] > n || o[0] >= o[1] || (o != prev && o[0] < prev[1]) {
			t.Fatalf("bad offsets %v (len %d)", a.Offsets, n)
		}
		prev = o
	}
}

func contains(ss []string, s string) bool { return index(ss, s) >= 0 }

func index(ss []string, s string) int {
	for i, x := range ss {
		if x == s {
			return i
		}
	}
	return -1
}

func FuzzAnalyze(f *testing.F) {
	for _, s := range []string{"I don't know.", "Il parle du livre.", "Bundesregierung", "我们去银行。", "東京に行く", "내 고향은", "\xff", "e\u0301 👍🏽", ""} {
		f.Add(s, "eng", true)
	}
	f.Add("do Brasil", "por", false)
	f.Add("İTS DONT ǅ הספר", "eng", false)
	f.Add("והבית", "heb", false)
	f.Add("Arbeitsplatz", "deu", false)
	f.Add("Ils mangeaient, nous finissions; ils appellent. Lèvent-ils ?", "fra", false)
	f.Add("Er hat es gelesen und aufgeschrieben.", "deu", false)
	f.Add("Hij heeft het gemaakt en opgenomen.", "nld", false)
	f.Add("Мы видели человека.", "rus", false)
	f.Add("中国", "zho", true)
	// Load the dictionaries before fuzzing: the first load of gse and
	// kagome takes seconds, which the fuzzing engine would take for a hang.
	for _, l := range []string{"zho", "jpn", "kor", "eng"} {
		if _, err := Analyze("中国", l, nil, Options{}); err != nil {
			f.Fatal(err)
		}
	}
	f.Fuzz(func(t *testing.T, text, lang string, query bool) {
		if len(text) > 1000 {
			return
		}
		a, err := Analyze(text, lang, nil, Options{Query: query})
		if err != nil {
			return
		}
		checkAnalysis(t, string([]rune(text)), a)
	})
}

func BenchmarkAnalyzeEnglish(b *testing.B) {
	sents, err := readCoNLLU("testdata/en_ewt-dev-sample.conllu")
	if err != nil {
		b.Fatal(err)
	}
	var texts []string
	words := 0
	for _, s := range sents {
		texts = append(texts, s.Text)
		words += len(s.words())
	}
	if _, err := Analyze("warm up", "eng", nil, Options{}); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	cpu0 := cpuTime()
	for i := 0; i < b.N; i++ {
		for _, tx := range texts {
			if _, err := Analyze(tx, "eng", []string{FeatureLemmas, FeaturePartsOfSpeech}, Options{Disambiguate: true}); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(words*b.N)/b.Elapsed().Seconds(), "tokens/s")
	if cpu := cpuTime() - cpu0; cpu > 0 {
		b.ReportMetric(float64(words*b.N)/cpu.Seconds(), "tokens/cpu-s")
	}
}

func BenchmarkTagEnglish(b *testing.B) {
	toks := strings.Fields("The quick brown fox jumped over the lazy dogs while the farmers were watching from the old barn .")
	if _, _, err := Tag(toks, "eng"); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	cpu0 := cpuTime()
	for i := 0; i < b.N; i++ {
		if _, _, err := Tag(toks, "eng"); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(toks)*b.N)/b.Elapsed().Seconds(), "tokens/s")
	if cpu := cpuTime() - cpu0; cpu > 0 {
		b.ReportMetric(float64(len(toks)*b.N)/cpu.Seconds(), "tokens/cpu-s")
	}
}

func TestConcurrent(t *testing.T) {
	texts := []string{"The dogs barked at the mailman.", "She didn't see them.", "Il parle du livre."}
	want := make([]Analysis, len(texts))
	for i, tx := range texts {
		lang := "eng"
		if i == 2 {
			lang = "fra"
		}
		a, err := Analyze(tx, lang, nil, Options{})
		if err != nil {
			t.Fatal(err)
		}
		want[i] = a
	}
	done := make(chan error)
	for g := 0; g < 4; g++ {
		go func() {
			for k := 0; k < 20; k++ {
				i := k % len(texts)
				lang := "eng"
				if i == 2 {
					lang = "fra"
				}
				a, err := Analyze(texts[i], lang, nil, Options{})
				if err == nil && !reflect.DeepEqual(a, want[i]) {
					err = errors.New("concurrent result differs")
				}
				if err != nil {
					done <- err
					return
				}
			}
			done <- nil
		}()
	}
	for g := 0; g < 4; g++ {
		if err := <-done; err != nil {
			t.Error(err)
		}
	}
}

func TestCompoundComponents(t *testing.T) {
	tests := []struct {
		lang, word string
		want       []string
	}{
		{"deu", "Tageszeitung", []string{"Tag", "Zeitung"}},
		{"deu", "Haustür", []string{"Haus", "Tür"}},
		{"deu", "spielten", []string{"spielten"}},
		{"nld", "fietsenwinkel", []string{"fiets", "winkel"}},
		{"nld", "speelden", []string{"speelden"}},
		{"swe", "fotbollsmatch", []string{"fotboll", "match"}},
		{"nor", "sykehusseng", []string{"sykehus", "seng"}},
		{"dan", "fodboldkamp", []string{"fodbold", "kamp"}},
		{"hun", "vasútállomás", []string{"vasút", "állomás"}},
		{"deu", "Haus", []string{"Haus"}},
		{"zho", "计算机科学", []string{"计算机", "科学"}},
	}
	for _, tc := range tests {
		t.Run(tc.lang+"/"+tc.word, func(t *testing.T) {
			if got := compoundComponents(tc.word, tc.lang); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("compoundComponents(%q) = %q, want %q", tc.word, got, tc.want)
			}
		})
	}
}
