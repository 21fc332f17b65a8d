package ner

import (
	"context"
	"fmt"
	"hash/fnv"
	"io"
	"strings"
	"sync"

	"github.com/nomenhq/nomen/analyzers/entities/corpus"
)

// temperatureGrid are the temperatures calibrate and crossTemperature try.
var temperatureGrid = []float64{0.25, 0.5, 1, 1.5, 2, 3, 4, 6, 8, 10, 12, 14, 17, 20, 24, 28, 34, 40, 50, 60, 80, 100, 130, 160, 200}

// crossTemperature fits the span-confidence temperature of a refit model by cross-fitting
// (Portuguese and Chinese, langConfig.crossFolds): the training and development sentences
// sents (with their examples exs, in the same order) are cut into folds by a hash of their
// document where the corpus names it, else of their text, so that a sentence and its re-segmented copy fall in the same fold; for each fold a
// model is trained like the refit one (opt.seeds runs of epochs epochs, averaged, with the O
// penalty and type biases of like) on the other folds and tags the held-back fold; the
// temperature with the smallest log loss over all held-back spans of the types in devTypes
// is returned. Many more spans than the development set alone give a steadier fit, and the
// models are closer to the refit one (trained on most of the data, for the same epochs).
// With opt.swaps, the last opt.swapCopies sentences are mention-replacement copies: they are
// neither held back nor trained on; each fold's model gets its own copies instead, drawn
// from the corpus-segmented sentences sents[:origs] of the other folds only.
//
// With opt.crossBias the O penalty and type biases of like are chosen first, on the same
// fold models: tuned as on dev (tuneOPenalty, tuneTypeBias) but on the span counts summed
// over the held-back corpus-segmented sentences (sents[:origs]) of all folds, several times
// as many as the development set holds.
func crossTemperature(ctx context.Context, lang string, classes []string, features uint8, exs []example, sents []corpus.Sentence, origs, folds, epochs int, like *Model, devTypes []string, gaz *gazetteer, freq map[uint32]uint8, clu *clusters, opt trainOptions) (float64, error) {
	if len(exs) != len(sents) {
		return 0, fmt.Errorf("cross-fitting: %d examples for %d sentences", len(exs), len(sents))
	}
	keep := typeSet(devTypes)
	fold := make([]int, len(sents))
	for k, s := range sents {
		h := fnv.New32a()
		if s.Doc != "" && opt.docFolds {
			// A document repeats its names: its sentences stay in one fold.
			io.WriteString(h, s.Doc)
		} else {
			io.WriteString(h, strings.Join(s.Words, ""))
		}
		fold[k] = int(h.Sum32() % uint32(folds))
	}
	var models []*Model
	var helds, origHelds [][]corpus.Sentence
	for f := 0; f < folds; f++ {
		var train []example
		var held, origHeld, src []corpus.Sentence
		for k := range exs[:len(exs)-opt.swapCopies] {
			if fold[k] == f {
				held = append(held, sents[k])
				if k < origs {
					origHeld = append(origHeld, sents[k])
				}
			} else {
				train = append(train, exs[k])
				if k < origs {
					src = append(src, sents[k])
				}
			}
		}
		for k := 0; k < opt.swaps; k++ {
			train = append(train, examples(swapMentions(src, uint64(k)), nil, like.Types, gaz, freq, clu)...)
		}
		runs := make([]*Model, max(opt.seeds, 1))
		errs := make([]error, len(runs))
		var wg sync.WaitGroup
		for seed := range runs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				runs[seed], errs[seed] = trainRun(ctx, lang, classes, features, train, epochs, uint64(seed), gaz, freq, clu, opt)
			}()
		}
		wg.Wait()
		for _, err := range errs {
			if err != nil {
				return 0, err
			}
		}
		m, err := averageModels(runs)
		if err != nil {
			return 0, err
		}
		m.OPenalty, m.TypeBias = like.OPenalty, like.TypeBias
		models, helds, origHelds = append(models, m), append(helds, held), append(origHelds, origHeld)
		fmt.Fprintf(opt.log, "%s: cross-fitting fold %d/%d: %d held-back sentences\n", lang, f+1, folds, len(held))
	}
	if opt.crossBias {
		for _, m := range models {
			m.OPenalty, m.TypeBias = 0, nil
		}
		fmt.Fprintf(opt.log, "%s: O penalty and type biases on the held-back folds:\n", lang)
		f1 := tunePooledOPenalty(models, origHelds, devTypes, opt.log)
		tunePooledTypeBias(models, origHelds, devTypes, f1, opt.log)
		like.OPenalty, like.TypeBias = models[0].OPenalty, append([]float32(nil), models[0].TypeBias...)
	}
	loss := make([]float64, len(temperatureGrid))
	all := make([][]calPoint, len(temperatureGrid)) // the points at each temperature, kept for the table of the chosen one
	for f, m := range models {
		for ti, temp := range temperatureGrid {
			m.Temperature = temp
			pts := spanPoints(m, helds[f], keep)
			all[ti] = append(all[ti], pts...)
			loss[ti] += logLoss(pts)
		}
	}
	bi := 0
	for ti := range loss {
		if loss[ti] < loss[bi] {
			bi = ti
		}
	}
	best := all[bi]
	fmt.Fprintf(opt.log, "%s: cross-fitted temperature %g (log loss %.4f over %d spans):\n", lang, temperatureGrid[bi], loss[bi]/float64(max(len(best), 1)), len(best))
	fmt.Fprintf(opt.log, "  ECE %.3f\n", reliability(opt.log, best))
	return temperatureGrid[bi], nil
}
