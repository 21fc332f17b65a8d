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
}

// Eval analyses the raw text of each sentence of the UD test split of each
// language in langs (all treebank languages when empty; languages with a
// frequency list only are skipped), aligns the
// predicted words to the gold words by code-point offsets and writes the
// tokenization F1, UPOS accuracy and lemma accuracy to stdout. A gold word
// with no predicted word of the same span counts as wrong.
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
	fmt.Fprintf(stdout, "%-4s %6s %8s %8s %8s %8s\n", "lang", "sents", "words", "tokF1", "UPOS", "lemma")
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
		fmt.Fprintf(stdout, "%-4s %6d %8d %7.2f%% %7.2f%% %7.2f%%\n", lang, r.Sentences, r.GoldWords, 100*r.TokenF1, 100*r.UPOS, 100*r.Lemma)
	}
	return out, nil
}

type goldWord struct {
	span        [2]int
	upos, lemma string
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
			out = append(out, goldWord{span: ws, upos: w.UPOS, lemma: w.Lemma})
		}
	}
	return out, true
}

func evalLang(lang string, sents []sentence) (EvalResult, error) {
	r := EvalResult{Language: lang}
	var matched, okPos, okLem int
	for i := range sents {
		s := &sents[i]
		gold, ok := goldSpans(s)
		if !ok || s.Text == "" {
			r.Skipped++
			continue
		}
		r.Sentences++
		a, raw, err := analyze(s.Text, lang, []string{FeatureLemmas, FeaturePartsOfSpeech}, Options{Disambiguate: true})
		if err != nil {
			return r, fmt.Errorf("morph: eval %s: %w", lang, err)
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
	}
	return r, nil
}
