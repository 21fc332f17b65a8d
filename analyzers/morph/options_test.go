package morph

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

func TestWordNetClass(t *testing.T) {
	wn := wordNet{"run": wnNoun | wnVerb, "stop": wnNoun | wnVerb, "big": wnAdj, "quick": wnAdj, "box": wnNoun,
		"went": wnVerb << wnIrregular, "happy": wnAdj, "make": wnVerb}
	tests := []struct{ word, want string }{
		{"run", "n|v"},
		{"runs", "n+s|v+s"},
		{"stopped", "v+ed"},
		{"running", "v+ing"},
		{"making", "v+ing"},
		{"bigger", "a+er"},
		{"quickly", "a+ly"},
		{"happily", "a+ly"},
		{"boxes", "n+s"},
		{"went", "v~"},
		{"zzzq", "-"},
		{"Run", ""},
		{"3d", ""},
	}
	for _, tc := range tests {
		if got := wn.class(tc.word); got != tc.want {
			t.Errorf("class(%q) = %q, want %q", tc.word, got, tc.want)
		}
	}
	if got := wordNet(nil).class("run"); got != "" {
		t.Errorf("nil lexicon: %q", got)
	}
}

func TestClassMask(t *testing.T) {
	classes := []string{"ADJ", "NOUN", "VERB"}
	tests := []struct {
		amb  string
		want uint64
	}{
		{"", 0}, {"NOUN", 2}, {"ADJ|VERB", 5}, {"X", 0}, {"NOUN|X", 2},
	}
	for _, tc := range tests {
		if got := classMask(classes, tc.amb); got != tc.want {
			t.Errorf("classMask(%q) = %b, want %b", tc.amb, got, tc.want)
		}
	}
}

func TestCheckOptions(t *testing.T) {
	tests := []struct {
		name, lang string
		opt        Options
		want       checked
		err        error
	}{
		{"default", "eng", Options{}, checked{}, nil},
		{"upos", "eng", Options{TagSet: "UPOS"}, checked{}, nil},
		{"xpos", "eng", Options{TagSet: "xpos"}, checked{xpos: true}, nil},
		{"bad tag set", "eng", Options{TagSet: "penn"}, checked{}, ErrTagSet},
		{"perceptron", "zho", Options{ModelType: "perceptron"}, checked{}, nil},
		{"no space", "kor", Options{ModelType: "koreanNoSpace"}, checked{noSpace: true}, nil},
		{"no space lower case", "kor", Options{ModelType: "koreannospace"}, checked{noSpace: true}, nil},
		{"no space not Korean", "eng", Options{ModelType: "koreanNoSpace"}, checked{}, ErrModelType},
		{"bad model type", "eng", Options{ModelType: "neural"}, checked{}, ErrModelType},
		{"dictionary heb", "heb", Options{Disambiguator: "dictionary"}, checked{dictionary: true}, nil},
		{"dictionary eng", "eng", Options{Disambiguator: "dictionary"}, checked{}, nil},
		{"perceptron heb", "heb", Options{Disambiguator: "perceptron"}, checked{}, nil},
		{"bad disambiguator", "heb", Options{Disambiguator: "hmm"}, checked{}, ErrDisambiguator},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := checkOptions(tc.lang, tc.opt)
			if !errors.Is(err, tc.err) || (err == nil) != (tc.err == nil) {
				t.Fatalf("err = %v, want %v", err, tc.err)
			}
			if err == nil && got != tc.want {
				t.Errorf("got %+v, want %+v", got, tc.want)
			}
		})
	}
}

func TestNoSpaceText(t *testing.T) {
	got, starts := noSpaceText(" 나는 학교에  갔다.")
	if got != "나는학교에갔다." {
		t.Errorf("text %q", got)
	}
	if !reflect.DeepEqual(starts, map[int]bool{2: true, 5: true}) {
		t.Errorf("starts %v", starts)
	}
}

func TestXPOS(t *testing.T) {
	if !contains(XPOSLanguages(), "eng") {
		t.Skip("no English XPOS model")
	}
	a, err := Analyze("The dogs barked loudly.", "eng", []string{FeatureComplete}, Options{TagSet: TagSetXPOS, Disambiguate: true})
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"DT", "NNS", "VBD", "RB", "."}; !reflect.DeepEqual(a.PosTags, want) {
		t.Errorf("xpos %q, want %q", a.PosTags, want)
	}
	if want := []string{"the", "dog", "bark", "loudly", "."}; !reflect.DeepEqual(a.Lemmas, want) {
		t.Errorf("lemmas %q, want %q", a.Lemmas, want)
	}
	a, err = Analyze("The dogs barked.", "eng", []string{FeaturePartsOfSpeech}, Options{TagSet: TagSetXPOS})
	if err != nil {
		t.Fatal(err)
	}
	if len(a.PosAlternatives) != len(a.Tokens) || a.PosAlternatives[1][0] != a.PosTags[1] {
		t.Errorf("alternatives %q for %q", a.PosAlternatives, a.PosTags)
	}
	if _, err := Analyze("casa", "spa", nil, Options{TagSet: TagSetXPOS}); !errors.Is(err, ErrTagSet) {
		t.Errorf("spa xpos: err = %v, want ErrTagSet", err)
	}
}

func TestKoreanNoSpace(t *testing.T) {
	if !hasFile(spaceFile) {
		t.Skip("no Korean spacing model")
	}
	spaced := "나는 학교에 갔다."
	text, _ := noSpaceText(spaced)
	a, err := Analyze(text, "kor", []string{FeatureComplete}, Options{ModelType: ModelTypeKoreanNoSpace, Disambiguate: true})
	if err != nil {
		t.Fatal(err)
	}
	checkAnalysis(t, text, a)
	t.Logf("%q → %q %q", text, a.Tokens, a.PosTags)
	if strings.Join(a.Tokens, "") != text {
		t.Errorf("tokens %q do not spell %q", a.Tokens, text)
	}
	if len(a.Tokens) < 3 {
		t.Errorf("not split: %q", a.Tokens)
	}
	plain, err := Analyze(text, "kor", []string{FeatureComplete}, Options{Disambiguate: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(plain.Tokens) >= len(a.Tokens) {
		t.Errorf("koreanNoSpace %q, default %q", a.Tokens, plain.Tokens)
	}
}

// TestKoreanNoSpaceLong checks that a long run of Hangul is split in
// about linear time.
func TestKoreanNoSpaceLong(t *testing.T) {
	if !hasFile(spaceFile) {
		t.Skip("no Korean spacing model")
	}
	text := strings.Repeat("나는학교에갔다", 3000)
	a, err := Analyze(text, "kor", []string{FeatureLemmas}, Options{ModelType: ModelTypeKoreanNoSpace, Disambiguate: true})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(a.Tokens, "") != text || len(a.Tokens) < 3000 {
		t.Errorf("%d tokens", len(a.Tokens))
	}
}

func TestHebrewDisambiguator(t *testing.T) {
	text := "הילד הלך לבית הספר עם אמו."
	for _, d := range []string{"", DisambiguatorPerceptron, DisambiguatorDictionary} {
		a, err := Analyze(text, "heb", []string{FeatureComplete}, Options{Disambiguator: d, Disambiguate: true})
		if err != nil {
			t.Fatalf("%q: %v", d, err)
		}
		checkAnalysis(t, text, a)
	}
	if _, err := Analyze(text, "heb", nil, Options{Disambiguator: "viterbi"}); !errors.Is(err, ErrDisambiguator) {
		t.Errorf("err = %v", err)
	}
}

// TestDictionaryRestricts checks that the dictionary disambiguator keeps a
// known word's tag inside its ambiguity class.
func TestDictionaryRestricts(t *testing.T) {
	m, err := modelFor("heb")
	if err != nil {
		t.Fatal(err)
	}
	var sc scratch
	words := []string{"של", "הבית", "ו", "ספר"}
	tags, _ := m.tagWordsWith(words, &sc, 1, true)
	for i, w := range words {
		amb := m.amb[strings.ToLower(w)]
		if amb == "" {
			continue
		}
		if !contains(strings.Split(amb, "|"), tags[i]) {
			t.Errorf("%q tagged %s outside its class %s", w, tags[i], amb)
		}
	}
}

func FuzzAnalyzeOptions(f *testing.F) {
	f.Add("The dogs barked.", "eng", "xpos", "", "")
	f.Add("나는학교에갔다", "kor", "", "koreanNoSpace", "")
	f.Add("הילד הלך", "heb", "", "", "dictionary")
	f.Add("Die Katze", "deu", "XPOS", "perceptron", "perceptron")
	f.Add("x", "eng", "penn", "neural", "none")
	f.Add("가\u0301나 다", "kor", "upos", "KOREANNOSPACE", "")
	for _, l := range []string{"eng", "kor", "heb"} {
		if _, err := Analyze("warm up", l, nil, Options{}); err != nil {
			f.Fatal(err)
		}
	}
	f.Fuzz(func(t *testing.T, text, lang, tagSet, modelType, disamb string) {
		if len(text) > 500 {
			return
		}
		a, err := Analyze(text, lang, nil, Options{TagSet: tagSet, ModelType: modelType, Disambiguator: disamb})
		if err != nil {
			return
		}
		checkAnalysis(t, string([]rune(text)), a)
	})
}
