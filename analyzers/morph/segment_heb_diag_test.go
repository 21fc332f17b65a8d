package morph

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/nomenhq/nomen/analyzers/tokenize"
)

// TestHebSegDiagManual prints the Hebrew segmentation errors of the
// block folds of the dev split (MORPH_HEBSEGDIAG=1).
func TestHebSegDiagManual(t *testing.T) {
	if os.Getenv("MORPH_HEBSEGDIAG") == "" {
		t.Skip("set MORPH_HEBSEGDIAG")
	}
	const dataDir = "../../../shared/data"
	tb := treebanks["heb"]
	segExtra, freq := segInputs(t, dataDir, tb)
	errs := map[string]int{}
	kinds := map[string]int{}
	for fold := 0; fold < 5; fold++ {
		train, tune, err := tuneSplits(dataDir, tb, fold)
		if err != nil {
			t.Fatal(err)
		}
		sm := trainSegmenter("heb", train, segExtra, freq)
		for i := range tune {
			s := &tune[i]
			gold, ok := goldSpans(s)
			if !ok {
				continue
			}
			toks, ss := tokenize.Segment(s.Text, "heb")
			out := sm.segment(s.Text, toks, ss)
			r := []rune(s.Text)
			pred := map[[2]int]bool{}
			for _, o := range out {
				pred[[2]int{o.Start, o.End}] = true
			}
			gs := map[[2]int]bool{}
			for _, g := range gold {
				gs[g.span] = true
			}
			// per tokenizer token
			for _, tk := range toks {
				var gp, pp []string
				bad := false
				for _, g := range gold {
					if g.span[0] >= tk.Start && g.span[1] <= tk.End {
						gp = append(gp, string(r[g.span[0]:g.span[1]]))
						if !pred[g.span] {
							bad = true
						}
					}
				}
				for _, o := range out {
					if o.Start >= tk.Start && o.End <= tk.End {
						pp = append(pp, o.Text)
					}
				}
				if bad {
					k := "over"
					if len(pp) < len(gp) {
						k = "under"
					} else if len(pp) == len(gp) {
						k = "shift"
					}
					kinds[k]++
					errs[k+" "+strings.Join(gp, "|")+" -> "+strings.Join(pp, "|")]++
				}
			}
		}
	}
	fmt.Println(kinds)
	l := byCount(errs)
	for _, x := range l {
		fmt.Println(x.v, x.k)
	}
}

// TestHebLemmaDiagManual prints the Hebrew lemma errors of the block
// folds of the dev split on the words segmented as in the treebank
// (MORPH_HEBLEMDIAG=1; MORPH_HEBLEMDIAG=rus for another language).
func TestHebLemmaDiagManual(t *testing.T) {
	lang := os.Getenv("MORPH_HEBLEMDIAG")
	switch lang {
	case "":
		t.Skip("set MORPH_HEBLEMDIAG")
	case "1":
		lang = "heb"
	}
	const dataDir = "../../../shared/data"
	tb := treebanks[lang]
	if err := loadNames(dataDir, tb); err != nil {
		t.Fatal(err)
	}
	segExtra, segFreq := segInputs(t, dataDir, tb)
	t.Setenv("MORPH_BLOCK", "1")
	errs := map[string]int{}
	var n, bad int
	for fold := 0; fold < 5; fold++ {
		train, tune, err := tuneSplits(dataDir, tb, fold)
		if err != nil {
			t.Fatal(err)
		}
		m := foldModel(lang, tb, train, segExtra, segFreq)
		setModel(lang, m)
		for i := range tune {
			s := &tune[i]
			gold, ok := goldSpans(s)
			if !ok {
				continue
			}
			a, _, _ := analyze(s.Text, lang, []string{FeatureLemmas, FeaturePartsOfSpeech}, Options{Disambiguate: true})
			pred := map[[2]int]int{}
			for k, sp := range a.Offsets {
				pred[sp] = k
			}
			for _, g := range gold {
				k, ok := pred[g.span]
				if !ok {
					continue
				}
				n++
				if a.Lemmas[k] != g.lemma {
					bad++
					errs[a.Tokens[k]+" "+g.upos+"/"+a.PosTags[k]+" "+g.lemma+" -> "+a.Lemmas[k]]++
				}
			}
		}
	}
	fmt.Printf("lemma errors %d of %d matched words\n", bad, n)
	l := byCount(errs)
	for _, x := range l {
		fmt.Println(x.v, x.k)
	}
}
