package morph

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

// TestZhoDiagManual prints, for fold 0 of the dev split (MORPH_ZHODIAG=1),
// the tagging accuracy on the gold segmentation and the contexts of the
// wrongly tagged 的, with the self-trained model of TestSelfTrainManual.
func TestZhoDiagManual(t *testing.T) {
	if os.Getenv("MORPH_ZHODIAG") == "" {
		t.Skip("set MORPH_ZHODIAG")
	}
	const dataDir = "../../../shared/data"
	const lang = "zho"
	var fs featSet
	if envScan("MORPH_FEAT", &fs) {
		featOverride = &fs
		defer func() { featOverride = nil }()
	}
	tb := treebanks[lang]
	segExtra, freq := segInputs(t, dataDir, tb)
	more, err := readSegFreq(dataDir, treebank{freq: classWords[lang]})
	if err != nil {
		t.Fatal(err)
	}
	train, tune, err := tuneSplits(dataDir, tb, 0)
	if err != nil {
		t.Fatal(err)
	}
	m := foldModel(lang, tb, train, segExtra, freq)
	addDictClasses(m, lang, train, more)
	envScan("MORPH_TEACHERRICH", &teacherRich)
	envScan("MORPH_TEACHER2", &teacherTwoPass)
	envScan("MORPH_TSEEDS", &teacherSeeds)
	envScan("MORPH_SEEDS", &seedRunsOverride)
	if tc := trainTeacher(m, train, nil, ner0(t, dataDir, lang, tb), tb); tc != nil {
		nd := ner0(t, dataDir, lang, tb)
		var sc scratch
		var n, ok, dok int
		for i := range tune {
			ws := tune[i].words()
			ls := nd.dev[tune[i].Text]
			if len(ls) != len(ws) {
				continue
			}
			forms := formsOf(ws)
			tags := tc.tag(forms, ls, &sc)
			dev, _ := m.tagWords(forms, &sc, 1)
			for k, w := range ws {
				n++
				if tags[k] == w.UPOS {
					ok++
				}
				if dev[k] == w.UPOS {
					dok++
				}
			}
		}
		fmt.Printf("TEACHER zho fold=0 upos=%.2f dev-tagger=%.2f (%d words)\n", 100*float64(ok)/float64(n), 100*float64(dok)/float64(n), n)
		de := map[string]int{}
		for i := range segExtra {
			forms := segExtra[i].forms()
			if i >= len(nd.seg) || len(nd.seg[i]) != len(forms) {
				continue
			}
			tags := tc.tag(forms, nd.seg[i], &sc)
			for k, f := range forms {
				if f == "的" {
					de[tags[k]]++
				}
			}
		}
		gold := map[string]int{}
		for i := range train {
			for _, w := range train[i].words() {
				if w.Form == "的" {
					gold[w.UPOS]++
				}
			}
		}
		fmt.Println("DE auto", de, "gold", gold)
	}
	if os.Getenv("MORPH_ZHODIAG") == "teacher" {
		return
	}
	ner, err := readNERData(dataDir, lang, tb)
	if err != nil {
		t.Fatal(err)
	}
	selfTrain(m, lang, train, segExtra, ner, tb, freqFor(lang))
	addDictClasses(m, lang, train, more)
	var sc scratch
	var n, ok int
	for i := range tune {
		ws := tune[i].words()
		tags, _ := m.tagWords(formsOf(ws), &sc, 1)
		for k, w := range ws {
			n++
			if tags[k] == w.UPOS {
				ok++
				continue
			}
			if w.Form != "的" {
				continue
			}
			var b strings.Builder
			for j := max(0, k-5); j <= min(len(ws)-1, k+2); j++ {
				fmt.Fprintf(&b, "%s/%s/%s ", ws[j].Form, ws[j].UPOS, tags[j])
			}
			fmt.Println("DE", b.String())
		}
	}
	fmt.Printf("GOLDSEG zho fold=0 upos=%.2f\n", 100*float64(ok)/float64(n))
}

func ner0(t *testing.T, dataDir, lang string, tb treebank) *nerData {
	nd, err := readNERData(dataDir, lang, tb)
	if err != nil {
		t.Fatal(err)
	}
	return nd
}

func TestFillGse(t *testing.T) {
	amb := map[string]string{"车": "NOUN", "二": "NUM"}
	tests := []struct {
		word             string
		amb              string
		pos, first, last string
	}{
		{"的", "PART|SCONJ", "uj", "", ""},
		{"二手车", "", "", "?NUM", "?NOUN"},
		{"xyzzyq", "", "-", "?", "?"},
		{"x", "", "-", "", ""},
	}
	for _, tc := range tests {
		infos := []tokenInfo{{lower: tc.word, amb: tc.amb}}
		fillGse(infos, amb)
		got := infos[0].zh
		if tc.pos != "" && got.pos != tc.pos {
			t.Errorf("%s: pos %q, want %q", tc.word, got.pos, tc.pos)
		}
		if got.pos == "" {
			t.Errorf("%s: empty pos", tc.word)
		}
		if got.first != tc.first || got.last != tc.last {
			t.Errorf("%s: first/last %q/%q, want %q/%q", tc.word, got.first, got.last, tc.first, tc.last)
		}
	}
}

func TestGseFeaturesOnlyForZho(t *testing.T) {
	toks := []tokenInfo{{lower: "我", shape: "l"}, {lower: "的", shape: "l"}}
	fillGse(toks, nil)
	without := features(nil, toks, 1, "PRON", boundary, 0)
	with := features(nil, toks, 1, "PRON", boundary, featGse)
	if len(with) <= len(without) {
		t.Fatalf("featGse added no features: %d vs %d", len(with), len(without))
	}
	for i := range without {
		if with[i] != without[i] {
			t.Fatalf("featGse changed feature %d", i)
		}
	}
}

func TestParseIOB2Labels(t *testing.T) {
	tests := []struct {
		name, in string
		want     [][]string
	}{
		{"two sentences", "# text = 北京大学\n1\t北京\tB-ORG\t-\t-\n2\t大学\tI-ORG\t-\t-\n\n1\t好\tO\n", [][]string{{"B-ORG", "I-ORG"}, {"O"}}},
		{"no label column", "1\t好\n", [][]string{{"O"}}},
		{"empty", "", nil},
	}
	for _, tc := range tests {
		s, err := parseIOB2Labels(strings.NewReader(tc.in))
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		var got [][]string
		for i := range s {
			var ls []string
			for _, tok := range s[i].Tokens {
				ls = append(ls, tok.Form)
			}
			got = append(got, ls)
		}
		if fmt.Sprint(got) != fmt.Sprint(tc.want) {
			t.Errorf("%s: got %v, want %v", tc.name, got, tc.want)
		}
	}
	if _, err := parseIOB2Labels(strings.NewReader("1\n")); err == nil {
		t.Error("a line of one column: no error")
	}
}

// TestTeacherUsesNER trains the teacher on sentences where only the NER
// label tells a name (PROPN) from a noun, and checks that it tags by the
// label.
func TestTeacherUsesNER(t *testing.T) {
	var sents []sentence
	dev := map[string][]string{}
	for i := 0; i < 40; i++ {
		w := fmt.Sprintf("词%d", i)
		tag, lab := "NOUN", "O"
		if i%2 == 0 {
			tag, lab = "PROPN", "B-LOC"
		}
		text := w + "很好"
		sents = append(sents, sentence{Text: text, Tokens: []surface{
			{Form: w, Words: []word{{Form: w, UPOS: tag}}},
			{Form: "很", Words: []word{{Form: "很", UPOS: "ADV"}}},
			{Form: "好", Words: []word{{Form: "好", UPOS: "ADJ"}}},
		}})
		dev[text] = []string{lab, "O", "O"}
	}
	m := &langModel{amb: map[string]string{}, feats: featGse}
	tc := trainTeacher(m, sents, nil, &nerData{dev: dev}, treebank{epochs: 5})
	if tc == nil {
		t.Fatal("no teacher")
	}
	var sc scratch
	for _, c := range []struct{ label, want string }{{"B-LOC", "PROPN"}, {"O", "NOUN"}} {
		got := tc.tag([]string{"新词", "很", "好"}, []string{c.label, "O", "O"}, &sc)
		if got[0] != c.want {
			t.Errorf("label %s: tagged %s, want %s", c.label, got[0], c.want)
		}
	}
}

func TestIsFunctionClass(t *testing.T) {
	tests := []struct {
		amb  string
		want bool
	}{
		{"PART|SCONJ", true},
		{"ADP|VERB", true},
		{"NOUN|VERB", false},
		{"", false},
		{"AUX", true},
		{"ADV", false},
	}
	for _, tc := range tests {
		if got := isFunctionClass(tc.amb); got != tc.want {
			t.Errorf("isFunctionClass(%q) = %v, want %v", tc.amb, got, tc.want)
		}
	}
}
