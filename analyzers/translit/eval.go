package translit

import (
	"fmt"
	"io"
	"path/filepath"

	"github.com/nomenhq/nomen/analyzers/script"
	"github.com/nomenhq/nomen/internal/strsim"
)

// EvalResult holds accuracy figures of one layer on one test file.
type EvalResult struct {
	Top1, Top5 float64 // exact-match rates of the first and any of five variants
	MeanBestJW float64 // mean of the best Jaro–Winkler similarity among five
}

// EvalLayers scores pairs with the layers: rule-only, learned-only,
// merged (ToLatin with lang "") and merged with lang "eng" (the caller
// declares the name foreign to the script). The merged layer uses the model under
// test even where ToLatin would pick another one: the japanese and katakana
// files share most pairs, so each test split is only scored with the model
// trained on its own `_80` split.
func EvalLayers(ps []pair, modelName string) (rule, learned, merged, foreign EvalResult) {
	score := func(vs []Variant, gold string, r *EvalResult) {
		best := 0.0
		for i, v := range vs {
			if v.Text == gold {
				if i == 0 {
					r.Top1++
				}
				r.Top5++
			}
			best = max(best, strsim.JaroWinkler(v.Text, gold))
		}
		r.MeanBestJW += best
	}
	for _, p := range ps {
		scr := script.Detect(p.native)
		score(Rules(p.native, scr, "", 5), p.latin, &rule)
		score(Learned(p.native, modelName, 5), p.latin, &learned)
		score(toLatin(p.native, scr, "", 5, modelName), p.latin, &merged)
		score(toLatin(p.native, scr, "eng", 5, modelName), p.latin, &foreign)
	}
	n := float64(max(len(ps), 1))
	for _, r := range []*EvalResult{&rule, &learned, &merged, &foreign} {
		r.Top1 /= n
		r.Top5 /= n
		r.MeanBestJW /= n
	}
	return rule, learned, merged, foreign
}

// Eval measures the layers on the held-out `_20` files of
// dataDir/wikidata-name-transliteration, one block per script, and writes
// a table to stdout.
func Eval(dataDir string, stdout io.Writer) error {
	return EvalModels(dataDir, Models, stdout)
}

// EvalModels is Eval restricted to the named models.
func EvalModels(dataDir string, names []string, stdout io.Writer) error {
	fmt.Fprintf(stdout, "%-9s %6s  %-10s %6s %6s %7s\n", "script", "pairs", "layer", "top1", "top5", "bestJW")
	for _, name := range names {
		ps, err := readPairs(filepath.Join(dataDir, DataFolder, "wd_"+name+"_20.tsv.xz"), name, false)
		if err != nil {
			return fmt.Errorf("translit: eval %s: %w", name, err)
		}
		rule, learned, merged, foreign := EvalLayers(ps, name)
		for _, row := range []struct {
			layer string
			r     EvalResult
		}{{"rule", rule}, {"learned", learned}, {"merged", merged}, {"merged/eng", foreign}} {
			fmt.Fprintf(stdout, "%-9s %6d  %-10s %6.3f %6.3f %7.3f\n", name, len(ps), row.layer, row.r.Top1, row.r.Top5, row.r.MeanBestJW)
		}
	}
	return nil
}
