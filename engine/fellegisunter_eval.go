package engine

import (
	"context"
	"fmt"
	"io"
	"math"
	"strings"
	"time"

	"github.com/nomenhq/nomen/internal/cluster"
)

// writeFSModel prints the fitted model: λ, the training sessions, and per comparison level
// m, u and the match weight log2(m/u).
func writeFSModel(w io.Writer, md *fsModel) {
	fmt.Fprintf(w, "model (fitted without labels): λ = %.6f (P two random records match); u from %d random pairs\n", md.lambda, md.uPairs)
	for _, s := range md.sessions {
		fmt.Fprintf(w, "  EM session blocked on %-20s %6d pairs, match share %.3f, %d iterations\n", s.name, s.pairs, s.lambda, s.iters)
	}
	for k, c := range md.comps {
		var parts []string
		for l := len(c.levels) - 1; l >= 0; l-- {
			parts = append(parts, fmt.Sprintf("%s m=%.3f u=%.5f w=%+.1f", c.levels[l], md.m[k][l], md.u[k][l], math.Log2(md.m[k][l]/md.u[k][l])))
		}
		tf := ""
		if c.tf {
			tf = " (tf on exact)"
		}
		fmt.Fprintf(w, "  %-10s%s: %s\n", c.name, tf, strings.Join(parts, "; "))
	}
}

// blockingRecall counts the candidate pairs and the true pairs among them.
func blockingRecall(cands [][2]int, gold []int) (trueCands, truePairs int) {
	for _, p := range cands {
		if gold[p[0]] == gold[p[1]] {
			trueCands++
		}
	}
	for _, n := range countValues(gold) {
		truePairs += n * (n - 1) / 2
	}
	return trueCands, truePairs
}

// EvalDedupRecordsDev reports DedupPersonRecords on DedupRecordsDevSet (TRAIN-derived, 1000
// records, seeds 1 and 2): the fitted model, blocking recall, and pairwise precision, recall
// and F1 of connected components and average linkage at several match-probability
// thresholds. This is the set PersonDedupMethod and PersonDedupThreshold were chosen on.
func EvalDedupRecordsDev(ctx context.Context, e *Engine, dataDir string, stdout io.Writer) error {
	return evalDedupRecordsDev(ctx, dataDir, 1000, stdout)
}

func evalDedupRecordsDev(ctx context.Context, dataDir string, n int, stdout io.Writer) error {
	for _, set := range []struct {
		seed  uint64
		noise float64
	}{{1, 1}, {2, 2}, {3, 1.5}} {
		seed := set.seed
		recs, gold, err := DedupRecordsDevSet(dataDir, n, seed, set.noise)
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "person-record dev set seed %d noise %.1f (TRAIN: nltk-names, nicknames, wikidata _80, geonames): %d records, %d clusters\n", seed, set.noise, len(recs), maxInt(gold)+1)
		start := time.Now()
		d := newPersonData(recs)
		md, cands, err := fsPrepare(ctx, d, d.trainRules(), d.predictRules(), fsOptions{seed: 1})
		if err != nil {
			return err
		}
		fit := time.Since(start)
		writeFSModel(stdout, md)
		tc, tp := blockingRecall(cands, gold)
		fmt.Fprintf(stdout, "blocking: %d candidate pairs, %d of %d true pairs (%.4f); fit %v\n", len(cands), tc, tp, float64(tc)/float64(max(1, tp)), fit.Round(time.Millisecond))
		for _, m := range []cluster.Method{cluster.Single, cluster.AverageLink} {
			for _, th := range []float64{0.1, 0.2, 0.3, 0.5, 0.7, 0.9, 0.99} {
				res, err := fsCluster(ctx, d, md, cands, m, th)
				if err != nil {
					return err
				}
				p, r, f1 := cluster.PairwiseF1(res.labels, gold)
				mark := ""
				if m == PersonDedupMethod && th == PersonDedupThreshold {
					mark = " (default)"
				}
				fmt.Fprintf(stdout, "  %-8s p ≥ %.2f  precision %.4f  recall %.4f  F1 %.4f  clusters %d%s\n", m, th, p, r, f1, maxInt(res.labels)+1, mark)
			}
		}
	}
	return nil
}
