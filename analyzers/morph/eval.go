package morph

import (
	"fmt"
	"io"
	"os"
	"unicode"
)

// EvalResult holds the figures of one language.
type EvalResult struct {
	Language             string
	Sentences, Skipped   int // Skipped: gold tokens not found in the text
	GoldWords, PredWords int
	TokenF1              float64 // span F1 of words (MWT words share a span)
	UPOS, Lemma          float64 // accuracy over all gold words
	// XPOS is the accuracy of the treebank's own tags (TagSetXPOS), -1
	// when the language has no XPOS tagger.
	XPOS float64
}

// Eval analyses the raw text of each sentence of the UD test split of each
// language in langs (all treebank languages when empty; languages with a
// frequency list only are skipped), aligns the
// predicted words to the gold words by code-point offsets and writes the
// tokenization F1, UPOS accuracy and lemma accuracy to stdout. A gold word
// with no predicted word of the same span counts as wrong. Languages with
// an XPOS tagger also get the XPOS accuracy; two more rows evaluate
// Korean written without spaces (the test text with its spaces removed,
// ModelTypeKoreanNoSpace) and Hebrew with DisambiguatorDictionary.
func Eval(dataDir string, langs []string, stdout io.Writer) error {
	_, err := evalSplit(dataDir, langs, "test", stdout)
	return err
}

func evalSplit(dataDir string, langs []string, split string, stdout io.Writer) ([]EvalResult, error) {
	if len(langs) == 0 {
		for _, l := range TrainLanguages() {
			if _, ok := treebanks[l]; ok {
				langs = append(langs, l)
			}
		}
	}
	fmt.Fprintf(stdout, "%-4s %6s %8s %8s %8s %8s %8s\n", "lang", "sents", "words", "tokF1", "UPOS", "lemma", "XPOS")
	var out []EvalResult
	for _, lang := range langs {
		tb, ok := treebanks[lang]
		if _, freqOnly := compoundFreq[lang]; !ok && freqOnly {
			continue // no tagger: nothing to evaluate
		}
		if !ok {
			return out, fmt.Errorf("%w: %s", ErrUnsupported, lang)
		}
		path := splitPath(dataDir, tb, split)
		if _, err := os.Stat(path); err != nil {
			return out, fmt.Errorf("morph: eval: %w", err)
		}
		sents, err := readCoNLLU(path)
		if err != nil {
			return out, err
		}
		r, err := evalLang(lang, sents)
		if err != nil {
			return out, err
		}
		out = append(out, r)
		printResult(stdout, lang, r)
		var variant string
		var opt Options
		switch lang {
		case "kor":
			variant, opt = "kor "+ModelTypeKoreanNoSpace, Options{ModelType: ModelTypeKoreanNoSpace}
			if _, _, err := koreanSpacer(); err != nil {
				continue
			}
			ns := make([]sentence, len(sents))
			for i := range sents {
				ns[i] = sents[i]
				ns[i].Text, _ = noSpaceText(sents[i].Text)
			}
			sents = ns
		case "heb":
			variant, opt = "heb disambiguatorType="+DisambiguatorDictionary, Options{Disambiguator: DisambiguatorDictionary}
		default:
			continue
		}
		if r, err = evalLangWith(lang, sents, opt); err != nil {
			return out, err
		}
		r.Language = variant
		out = append(out, r)
		printResult(stdout, variant, r)
	}
	return out, nil
}

func printResult(w io.Writer, name string, r EvalResult) {
	xpos := "       -"
	if r.XPOS >= 0 {
		xpos = fmt.Sprintf("%7.2f%%", 100*r.XPOS)
	}
	fmt.Fprintf(w, "%-4s %6d %8d %7.2f%% %7.2f%% %7.2f%% %s\n", name, r.Sentences, r.GoldWords, 100*r.TokenF1, 100*r.UPOS, 100*r.Lemma, xpos)
}

type goldWord struct {
	span              [2]int
	upos, lemma, xpos string
}

// goldSpans locates the surface tokens of s in s.Text and returns its words
// with their spans, or false when a token cannot be found.
func goldSpans(s *sentence) ([]goldWord, bool) {
	text := []rune(s.Text)
	pos := 0
	var out []goldWord
	for _, t := range s.Tokens {
		form := []rune(t.Form)
		for pos < len(text) && unicode.IsSpace(text[pos]) {
			pos++
		}
		if pos+len(form) > len(text) || string(text[pos:pos+len(form)]) != t.Form {
			return nil, false
		}
		span := [2]int{pos, pos + len(form)}
		pos += len(form)
		concat := ""
		for _, w := range t.Words {
			concat += w.Form
		}
		sub := len(t.Words) > 1 && concat == t.Form
		at := span[0]
		for _, w := range t.Words {
			ws := span
			if sub {
				n := len([]rune(w.Form))
				ws = [2]int{at, at + n}
				at += n
			}
			out = append(out, goldWord{span: ws, upos: w.UPOS, lemma: w.Lemma, xpos: w.XPOS})
		}
	}
	return out, true
}

func evalLang(lang string, sents []sentence) (EvalResult, error) {
	return evalLangWith(lang, sents, Options{})
}

// evalLangWith is evalLang with the options opt (Disambiguate is set).
func evalLangWith(lang string, sents []sentence, opt Options) (EvalResult, error) {
	r := EvalResult{Language: lang, XPOS: -1}
	hasX := false
	if m, err := modelFor(lang); err == nil {
		_, err := m.xposModel()
		hasX = err == nil
	}
	opt.Disambiguate = true
	xopt := opt
	xopt.TagSet = TagSetXPOS
	var matched, okPos, okLem, okX int
	for i := range sents {
		s := &sents[i]
		gold, ok := goldSpans(s)
		if !ok || s.Text == "" {
			r.Skipped++
			continue
		}
		r.Sentences++
		a, raw, err := analyze(s.Text, lang, []string{FeatureLemmas, FeaturePartsOfSpeech}, opt)
		if err != nil {
			return r, fmt.Errorf("morph: eval %s: %w", lang, err)
		}
		var x Analysis
		if hasX {
			if x, _, err = analyze(s.Text, lang, []string{FeaturePartsOfSpeech}, xopt); err != nil {
				return r, fmt.Errorf("morph: eval %s xpos: %w", lang, err)
			}
		}
		pred := map[[2]int][]int{}
		for k, sp := range a.Offsets {
			pred[sp] = append(pred[sp], k)
		}
		seen := map[[2]int]int{}
		for _, g := range gold {
			k := seen[g.span]
			seen[g.span]++
			ps := pred[g.span]
			if k >= len(ps) {
				continue
			}
			matched++
			p := ps[k]
			if a.PosTags[p] == g.upos {
				okPos++
			}
			if hasX && x.PosTags[p] == g.xpos {
				okX++
			}
			if raw[p] == g.lemma || (lang == "zho" && g.lemma == "_") {
				okLem++
			}
		}
		r.GoldWords += len(gold)
		r.PredWords += len(a.Tokens)
	}
	if r.GoldWords > 0 && r.PredWords > 0 {
		p := float64(matched) / float64(r.PredWords)
		rc := float64(matched) / float64(r.GoldWords)
		if p+rc > 0 {
			r.TokenF1 = 2 * p * rc / (p + rc)
		}
		r.UPOS = float64(okPos) / float64(r.GoldWords)
		r.Lemma = float64(okLem) / float64(r.GoldWords)
		if hasX {
			r.XPOS = float64(okX) / float64(r.GoldWords)
		}
	}
	return r, nil
}
