package dnn

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// TestGradient compares the analytic gradient of the sentence log-likelihood with central
// finite differences for a sample of every tensor's parameters.
func TestGradient(t *testing.T) {
	for _, g := range []int{0, 3} {
		t.Run(fmt.Sprintf("gru=%d", g), func(t *testing.T) {
			checkGradient(t, config{Vocab: 5, OOV: 3, AffixBuckets: 11, ShortBuckets: 7, Dw: 3, Da: 2, Ds: 2, Dsh: 2, Dg: 2, H1: 5, H2: 4, W1: 2, W2: 1, G: g})
		})
	}
}

func checkGradient(t *testing.T, cfg config) {
	ts := newTagSet([]string{"PER", "LOC"})
	n := newNet(cfg, ts)
	rng := rand.New(rand.NewPCG(1, 2))
	for _, te := range n.t {
		for i := range te.data {
			te.data[i] = float32(rng.NormFloat64() * 0.5)
		}
	}
	toks := []tok{
		{word: 1, affix: [numAffixes]int32{1, 2, 3}, nAffix: 3, shape: 2, short: 1, gaz: 0b101},
		{word: 6, affix: [numAffixes]int32{4, 2}, nAffix: 2, shape: 5, short: 2, gaz: 0},
		{word: 2, affix: [numAffixes]int32{10, 9, 8, 7}, nAffix: 4, shape: 1, short: 6, gaz: 0b10000},
		{word: 1, affix: [numAffixes]int32{1}, nAffix: 1, shape: 0, short: 0, gaz: 0b1},
	}
	y := []int{1, 2, 0, 3}
	g := newGrads(n)
	var sc scratch
	n.lossGrad(toks, y, &sc, nil, nil, g)
	loss := func() float64 {
		var s scratch
		n.forward(toks, &s, nil, nil)
		logZ := s.crf.run(ts, s.s, len(toks), n.trans, n.start, n.end)
		return logZ - goldScore(ts, s.s, y, n.trans, n.start, n.end)
	}
	const eps = 1e-2
	checked := 0
	for ti, te := range n.t {
		gt := g.g.t[ti]
		for i := range te.data {
			old := te.data[i]
			te.data[i] = old + eps
			lp := loss()
			te.data[i] = old - eps
			lm := loss()
			te.data[i] = old
			num := (lp - lm) / (2 * eps)
			ana := float64(gt.data[i])
			if math.Abs(num-ana) > 2e-2*math.Max(1, math.Abs(num)) {
				t.Errorf("%s[%d]: analytic %.5f, numeric %.5f", te.name, i, ana, num)
			}
			checked++
		}
	}
	if checked == 0 {
		t.Fatal("no parameters checked")
	}
}
