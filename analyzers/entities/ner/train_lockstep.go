package ner

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/nomenhq/nomen/analyzers/entities/corpus"
)

// lockstepSelect chooses the epoch count on the mean model rather than on one run (Portuguese
// and Chinese, langConfig.lockstep): it trains opt.seeds runs in different orders side by
// side and, after every epoch, scores the mean of their models on dev, stopping three epochs
// after the best (with opt.fixedEpochs, it stops after that many and keeps the last). It
// returns the mean model of the kept epoch and that epoch. Run k is the run trainRun makes
// with seed k, so the kept model is the mean trainRun's runs would give.
func lockstepSelect(ctx context.Context, lang string, classes []string, features uint8, exs []example, dev []corpus.Sentence, devTypes []string, gaz *gazetteer, freq map[uint32]uint8, clu *clusters, opt trainOptions) (*Model, int, error) {
	start := time.Now()
	ls := make([]*learner, max(opt.seeds, 1))
	for k := range ls {
		ls[k] = newLearner(classes, features, len(exs), uint64(k)+opt.order)
	}
	var (
		best      *Model
		bestF1    = -1.0
		bestEpoch int
	)
	last := opt.epochs
	if opt.fixedEpochs > 0 {
		last = opt.fixedEpochs
	}
	for epoch := 1; epoch <= last; epoch++ {
		if err := ctx.Err(); err != nil {
			return nil, 0, err
		}
		m, err := epochMean(ls, exs, lang, opt.prune, gaz, freq, clu)
		if err != nil {
			return nil, 0, err
		}
		r := corpus.EvaluateTypes(corpus.Sentences(m), dev, devTypes)
		fmt.Fprintf(opt.log, "%s: epoch %2d  mean of %d runs: dev P %.4f R %.4f F1 %.4f  features %d  (%s)\n",
			lang, epoch, len(ls), r.Overall.Precision(), r.Overall.Recall(), r.Overall.F1(),
			m.pm.NumFeatures(), time.Since(start).Round(time.Second))
		if opt.fixedEpochs > 0 { // a fixed count: keep the last epoch
			if epoch == last {
				best, bestF1, bestEpoch = m, r.Overall.F1(), epoch
			}
			continue
		}
		if f := r.Overall.F1(); f > bestF1 {
			best, bestF1, bestEpoch = m, f, epoch
		} else if epoch-bestEpoch >= 3 {
			break
		}
	}
	return best, bestEpoch, nil
}

// epochMean trains every run one more epoch over exs, side by side, and returns the mean of
// their models.
func epochMean(ls []*learner, exs []example, lang string, prune float32, gaz *gazetteer, freq map[uint32]uint8, clu *clusters) (*Model, error) {
	runs := make([]*Model, len(ls))
	errs := make([]error, len(ls))
	var wg sync.WaitGroup
	for k, l := range ls {
		wg.Add(1)
		go func() {
			defer wg.Done()
			l.epoch(exs)
			runs[k], errs[k] = l.model(lang, prune, gaz, freq, clu)
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return averageModels(runs)
}
