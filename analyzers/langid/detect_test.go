package langid

import (
	"errors"
	"math"
	"slices"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"
)

// testLangs is the subset loaded by unit tests (loading all 76 languages
// takes too long for CI).
var testLangs = []string{"eng", "deu", "fra", "spa", "ita", "nld", "srp", "hrv", "bos", "kor", "rus", "jpn", "zho", "ell"}

var (
	testOnce sync.Once
	testDet  *Detector
	testErr  error
)

func testDetector(tb testing.TB) *Detector {
	tb.Helper()
	testOnce.Do(func() {
		testDet, testErr = NewForLanguages(testLangs)
		if testErr == nil {
			testErr = testDet.Load()
		}
	})
	if testErr != nil {
		tb.Fatal(testErr)
	}
	return testDet
}

const (
	serbianLatinLong = "Vlada Republike Srbije je juče usvojila novi zakon o podršci malim i srednjim preduzećima, a ministar je rekao da će mere biti primenjene već od sledeće nedelje u celoj zemlji."
	croatianLong     = "Vlada Republike Hrvatske jučer je usvojila novi zakon o potpori malim i srednjim poduzećima, a ministar je rekao da će mjere biti primijenjene već od sljedećeg tjedna u cijeloj zemlji."
)

func TestDetect(t *testing.T) {
	d := testDetector(t)
	tests := []struct {
		name string
		text string
		opt  Options
		want string
	}{
		{"english", "The weather was unusually warm for the middle of November.", Options{}, "eng"},
		{"german", "Die Bundesregierung hat neue Maßnahmen beschlossen.", Options{}, "deu"},
		{"french", "Le conseil municipal a voté la rénovation de la bibliothèque.", Options{}, "fra"},
		{"spanish", "Mi hermana trabaja en un hospital cerca de la playa.", Options{}, "spa"},
		{"italian", "La squadra ha vinto la partita negli ultimi minuti.", Options{}, "ita"},
		{"dutch", "De gemeente wil volgend jaar meer fietspaden aanleggen.", Options{}, "nld"},
		{"russian", "Правительство объявило о новых мерах поддержки.", Options{}, "rus"},
		{"serbian cyrillic", "Влада је јуче усвојила нови закон о подршци предузећима.", Options{}, "srp"},
		{"greek by script", "Η κυβέρνηση ανακοίνωσε νέα μέτρα.", Options{}, "ell"},
		{"japanese by kana", "これは日本語の文です。", Options{}, "jpn"},
		{"chinese by han", "政府昨天宣布了新措施。", Options{}, "zho"},
		{"korean", "정부는 어제 새로운 대책을 발표했다.", Options{}, "kor"},
		{"uen lower case", "the weather was unusually warm for the middle of november", Options{}, "uen"},
		{"uen upper case", "THE WEATHER WAS UNUSUALLY WARM FOR THE MIDDLE OF NOVEMBER", Options{}, "uen"},
		{"empty", "", Options{}, Unknown},
		{"digits", "1234 5678", Options{}, Unknown},
		{"punctuation", "!!! ??? ... ---", Options{}, Unknown},
		{"spaces", " \t\n ", Options{}, Unknown},
		{"restricted", "Die Bundesregierung hat neue Maßnahmen beschlossen.", Options{Languages: []string{"eng", "fra"}}, ""},
		{"north korean", "조선로동당 위원장 동무께서 인민군 부대를 현지지도하시였다.", Options{KoreanDialects: true}, "qkp"},
		{"south korean", "대한민국 국회는 어제 북한 관련 법안을 통과시켰다.", Options{KoreanDialects: true}, "qkr"},
		{"croatian long", croatianLong, Options{}, ""},
		{"serbian latin off in normal path", serbianLatinLong, Options{}, ""},
		{"serbian latin weighted", serbianLatinLong, Options{SerbianLatinWeight: 100}, "srp"},
		{"serbian latin short path", "Ministar je rekao da će mere biti primenjene od sledeće nedelje u celoj zemlji.", Options{}, "srp"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r, err := d.Detect(tc.text, tc.opt)
			if err != nil {
				t.Fatal(err)
			}
			checkDetections(t, r.Detections)
			got := r.Detections[0].Language
			switch tc.name {
			case "restricted":
				for _, det := range r.Detections {
					if det.Language != "eng" && det.Language != "fra" {
						t.Fatalf("restricted to eng, fra but got %+v", r.Detections)
					}
				}
			case "croatian long":
				if got != "hrv" && got != "bos" {
					t.Fatalf("got %+v, want hrv or bos", r.Detections)
				}
			case "serbian latin off in normal path":
				if utf8.RuneCountInString(tc.text) <= ShortTextRunes {
					t.Fatal("test text must be longer than ShortTextRunes")
				}
				for _, det := range r.Detections {
					if det.Language == "srp" {
						t.Fatalf("Latin Serbian must be off without a weight: %+v", r.Detections)
					}
				}
			default:
				if got != tc.want {
					t.Fatalf("got %+v, want %s", r.Detections, tc.want)
				}
			}
		})
	}
}

// checkDetections asserts the output invariants.
func checkDetections(t *testing.T, ds []Detection) {
	t.Helper()
	if len(ds) == 0 || len(ds) > MaxResults {
		t.Fatalf("%d detections", len(ds))
	}
	sum := 0.0
	for i, d := range ds {
		if !(d.Confidence >= 0 && d.Confidence <= 1) {
			t.Fatalf("confidence %v out of range", d.Confidence)
		}
		if i > 0 && d.Confidence > ds[i-1].Confidence {
			t.Fatalf("not sorted: %+v", ds)
		}
		sum += d.Confidence
	}
	if sum > 1+1e-9 {
		t.Fatalf("confidences sum to %v", sum)
	}
}

func TestDetectErrors(t *testing.T) {
	d := testDetector(t)
	tests := []struct {
		name string
		opt  Options
		want error
	}{
		{"unknown language", Options{Languages: []string{"eng", "klingon"}}, ErrUnknownLanguage},
		{"language not loaded", Options{Languages: []string{"fin"}}, ErrInvalidOption},
		{"negative weight", Options{SerbianLatinWeight: -1}, ErrInvalidOption},
		{"NaN weight", Options{SerbianLatinWeight: math.NaN()}, ErrInvalidOption},
		{"huge weight", Options{SerbianLatinWeight: math.Inf(1)}, ErrInvalidOption},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := d.Detect("hello world", tc.opt); !errors.Is(err, tc.want) {
				t.Fatalf("err = %v, want %v", err, tc.want)
			}
		})
	}
	if _, err := NewForLanguages([]string{"xyz"}); !errors.Is(err, ErrUnknownLanguage) {
		t.Fatalf("NewForLanguages: err = %v", err)
	}
}

func TestSerbianLatinWeight(t *testing.T) {
	d := testDetector(t)
	conf := func(w float64) float64 {
		r, err := d.Detect(serbianLatinLong, Options{SerbianLatinWeight: w})
		if err != nil {
			t.Fatal(err)
		}
		for _, det := range r.Detections {
			if det.Language == "srp" {
				return det.Confidence
			}
		}
		return 0
	}
	c0, c10, c100, c1000 := conf(0), conf(10), conf(100), conf(1000)
	if c0 != 0 || !(c10 < c100 && c100 < c1000) {
		t.Fatalf("srp confidence by weight 0/10/100/1000: %v %v %v %v", c0, c10, c100, c1000)
	}
}

func TestRegions(t *testing.T) {
	d := testDetector(t)
	text := "Привет, как дела у тебя сегодня? The weather was unusually warm for the middle of November, so we walked along the river."
	r, err := d.Detect(text, Options{Multilingual: true})
	if err != nil {
		t.Fatal(err)
	}
	runes := []rune(text)
	var langs []string
	for i, reg := range r.Regions {
		if reg.StartOffset < 0 || reg.EndOffset > len(runes) || reg.StartOffset >= reg.EndOffset {
			t.Fatalf("bad offsets %+v", reg)
		}
		if i > 0 && reg.StartOffset < r.Regions[i-1].EndOffset {
			t.Fatalf("overlapping regions %+v", r.Regions)
		}
		if reg.Language != reg.Detections[0].Language {
			t.Fatalf("region language %s != best detection %+v", reg.Language, reg.Detections)
		}
		langs = append(langs, reg.Language)
	}
	if !slices.Equal(langs, []string{"rus", "eng"}) {
		t.Fatalf("regions %+v", r.Regions)
	}
	second := r.Regions[1]
	if got := string(runes[second.StartOffset:second.EndOffset]); !strings.HasPrefix(got, "The weather") || !strings.HasSuffix(got, "river.") {
		t.Fatalf("second region text %q (offsets must count code points)", got)
	}
	one, err := d.Detect("Das ist ein ganz normaler deutscher Satz ohne Überraschungen.", Options{Multilingual: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(one.Regions) != 1 || one.Regions[0].Language != "deu" {
		t.Fatalf("monolingual text: %+v", one.Regions)
	}
}

// TestRegionMixture checks that the whole-text detections of a text in three languages read
// as that mixture when regions are asked for, and as one language otherwise.
func TestRegionMixture(t *testing.T) {
	d := testDetector(t)
	text := "The weather is really nice today and we are going to the beach. Das Wetter ist heute wirklich schön und wir gehen an den Strand. Il fait vraiment beau aujourd'hui et nous allons à la plage."
	r, err := d.Detect(text, Options{Multilingual: true})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]float64{}
	sum := 0.0
	for _, x := range r.Detections {
		got[x.Language] = x.Confidence
		sum += x.Confidence
	}
	for _, l := range []string{"eng", "deu", "fra"} {
		if got[l] < 0.25 || got[l] > 0.42 {
			t.Errorf("%s: %.3f, want about a third (%+v)", l, got[l], r.Detections)
		}
	}
	if sum > 1+1e-9 || len(r.Detections) > MaxResults {
		t.Errorf("detections %+v", r.Detections)
	}
	plain, err := d.Detect(text, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if plain.Detections[0].Confidence < 0.9 {
		t.Errorf("without regions the text is scored as one language: %+v", plain.Detections)
	}
	if m := regionMixture([]Region{{0, 5, "eng", []Detection{{"eng", 0.9}}}, {6, 9, "eng", []Detection{{"eng", 0.8}}}}); m != nil {
		t.Errorf("one language: %+v", m)
	}
}

func TestSupportedLanguages(t *testing.T) {
	seen := map[Language]bool{}
	for _, l := range SupportedLanguages() {
		if len(l.Language) != 3 || len(l.Script) != 4 || seen[l] {
			t.Fatalf("bad or duplicate entry %+v", l)
		}
		seen[l] = true
	}
	for _, want := range []Language{{"eng", "Latn"}, {"srp", "Cyrl"}, {"srp", "Latn"}, {"uen", "Latn"}, {"qkp", "Hang"}, {"qkr", "Hang"}, {"jpn", "Jpan"}} {
		if !seen[want] {
			t.Fatalf("missing %+v", want)
		}
	}
	if len(seen) != numLangs+3 {
		t.Fatalf("%d entries", len(seen))
	}
}

func TestLinguaModelsLinked(t *testing.T) {
	f, err := linguaModels.Open("language-models/en/trigrams.pb.bin.zip")
	if err != nil {
		t.Fatalf("lingua-go's embedded models are not reachable: %v", err)
	}
	f.Close()
}

// TestSampleAccuracy is the small labelled floor: every sample sentence in
// a loaded language must be identified.
func TestSampleAccuracy(t *testing.T) {
	d := testDetector(t)
	n, ok := 0, 0
	for _, s := range loadSamples(t) {
		if !slices.Contains(testLangs, s.lang) {
			continue
		}
		n++
		r, err := d.Detect(s.text, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if r.Detections[0].Language == s.lang {
			ok++
		} else {
			t.Logf("%s: %q -> %+v", s.lang, s.text, r.Detections)
		}
	}
	if n < 10 || ok < n {
		t.Fatalf("%d of %d samples right", ok, n)
	}
}

func FuzzDetect(f *testing.F) {
	for _, s := range []string{"", "hello", "Привет мир", "조선 인민", "日本語", "a1!", "\xff\xfe", "Hello. Bonjour. Hallo."} {
		f.Add(s, false, false)
		f.Add(s, true, true)
	}
	d := testDetector(f)
	f.Fuzz(func(t *testing.T, s string, multi, korean bool) {
		r, err := d.Detect(s, Options{Multilingual: multi, KoreanDialects: korean})
		if err != nil {
			t.Fatal(err)
		}
		checkDetections(t, r.Detections)
		n := utf8.RuneCountInString(s)
		for i, reg := range r.Regions {
			if reg.StartOffset < 0 || reg.EndOffset > n || reg.StartOffset >= reg.EndOffset ||
				(i > 0 && reg.StartOffset < r.Regions[i-1].EndOffset) {
				t.Fatalf("bad regions %+v for %q", r.Regions, s)
			}
			checkDetections(t, reg.Detections)
		}
	})
}

// TestConcurrentDetect checks that parallel calls give the sequential
// results (run with -race).
func TestConcurrentDetect(t *testing.T) {
	d := testDetector(t)
	texts := []string{"The weather was unusually warm.", "Die Bundesregierung hat beschlossen.", "Привет, как дела?", "조선 인민", "hello"}
	want := make([]Result, len(texts))
	for i, s := range texts {
		r, err := d.Detect(s, Options{Multilingual: true, KoreanDialects: true})
		if err != nil {
			t.Fatal(err)
		}
		want[i] = r
	}
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 50; i++ {
				k := (g + i) % len(texts)
				r, err := d.Detect(texts[k], Options{Multilingual: true, KoreanDialects: true})
				if err != nil || r.Detections[0] != want[k].Detections[0] || len(r.Regions) != len(want[k].Regions) {
					t.Errorf("concurrent %q: %+v, want %+v (%v)", texts[k], r, want[k], err)
					return
				}
			}
		}()
	}
	wg.Wait()
}

func TestRegionSequences(t *testing.T) {
	d := testDetector(t)
	tests := []struct {
		name string
		text string
		want []string
	}{
		{"three latin languages", "I went to the bakery this morning. Dort habe ich frisches Brot und zwei Brezeln gekauft. Puis je suis rentré à la maison pour le petit déjeuner.", []string{"eng", "deu", "fra"}},
		{"short quote stays in its sentence", "He said «c'est la vie» and left the room without another word.", []string{"eng"}},
		{"four scripts", "서울은 대한민국의 수도이다. Tokyo is the capital of Japan. 東京は日本の首都です。北京是中国的首都。", []string{"kor", "eng", "jpn", "zho"}},
		{"no letters", "12 + 34 = 46", nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r, err := d.Detect(tc.text, Options{Multilingual: true})
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, reg := range r.Regions {
				got = append(got, reg.Language)
			}
			if !slices.Equal(got, tc.want) {
				t.Fatalf("regions %v, want %v (%+v)", got, tc.want, r.Regions)
			}
		})
	}
}
