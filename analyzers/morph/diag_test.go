package morph

import (
	"fmt"
	"github.com/nomenhq/nomen/analyzers/tokenize"
	"os"
	"testing"
)

// TestTokDiff is a diagnostic: with MORPH_TOKDIFF=<lang> it lists the most
// frequent tokenization differences on the dev split.
func TestTokDiff(t *testing.T) {
	lang := os.Getenv("MORPH_TOKDIFF")
	if lang == "" {
		t.Skip()
	}
	tb := treebanks[lang]
	sents, _ := readCoNLLU(splitPath("../../../shared/data", tb, "dev"))
	miss := map[string]int{}
	extra := map[string]int{}
	for i := range sents {
		s := &sents[i]
		gold, ok := goldSpans(s)
		if !ok {
			continue
		}
		a, _, _ := analyze(s.Text, lang, []string{FeaturePartsOfSpeech}, Options{Disambiguate: true})
		r := []rune(s.Text)
		g := map[[2]int]bool{}
		for _, x := range gold {
			g[x.span] = true
		}
		p := map[[2]int]bool{}
		for _, o := range a.Offsets {
			p[o] = true
			if !g[o] {
				extra[string(r[o[0]:o[1]])]++
			}
		}
		for _, x := range gold {
			if !p[x.span] {
				miss[string(r[x.span[0]:x.span[1]])]++
			}
		}
	}
	show := func(name string, m map[string]int) {
		l := byCount(m)
		fmt.Print(name, ": ")
		for i := 0; i < len(l) && i < 50; i++ {
			fmt.Printf("%q:%d ", l[i].k, l[i].v)
		}
		fmt.Println()
	}
	show("missed gold", miss)
	show("extra pred", extra)
}

// TestSegDiag is a diagnostic: with MORPH_SEG=<lang> it prints the span F1
// of the bare tokenizer (no learnt tables) on the dev split.
func TestSegDiag(t *testing.T) {
	lang := os.Getenv("MORPH_SEG")
	if lang == "" {
		t.Skip()
	}
	sents, _ := readCoNLLU(splitPath("../../../shared/data", treebanks[lang], "dev"))
	var g, p, m int
	for i := range sents {
		spans, ok := surfaceSpans(&sents[i])
		if !ok {
			continue
		}
		gold := map[[2]int]bool{}
		for _, s := range spans {
			gold[s] = true
		}
		g += len(spans)
		for _, tk := range tokenize.Tokens(sents[i].Text, lang) {
			p++
			if gold[[2]int{tk.Start, tk.End}] {
				m++
			}
		}
	}
	pr, rc := float64(m)/float64(p), float64(m)/float64(g)
	fmt.Printf("%s bare tokenizer: P %.4f R %.4f F1 %.4f\n", lang, pr, rc, 2*pr*rc/(pr+rc))
}
