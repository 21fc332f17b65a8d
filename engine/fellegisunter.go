package engine

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"github.com/nomenhq/nomen/internal/cluster"
)

// Fellegi–Sunter record deduplication with parameters estimated without labels, the way
// Splink does it:
//
//   - Every pair of records is described by a comparison vector: per comparison (a field or a
//     group of fields) the level the pair reaches, from 0 ("else": the values disagree) up to
//     the strongest agreement (exact), or fsNull when a value is missing on either side.
//   - Conditional independence: given match status the levels are independent, so a pair's
//     match weight is log(λ/(1−λ)) + Σ_k log(m_k[l]/u_k[l]), where m_k[l] (u_k[l]) is the
//     probability of level l among matching (non-matching) pairs and λ the probability that two
//     random records match; a missing value contributes nothing.
//   - u is estimated from random pairs (almost all non-matches), then corrected for the few
//     matches among them once m and λ are known.
//   - m is estimated by expectation–maximisation (u fixed) in training sessions, each over
//     the pairs of one blocking rule; the comparisons a rule blocks on are left out of its
//     session (every pair agrees on them, so they say nothing there), and each comparison's m
//     is the average over the sessions that estimated it, weighted by their expected matches.
//   - λ is the fixed point of λ = Σ_candidates P(match | pair, λ) / (n(n−1)/2): EM on λ alone
//     over all pairs, taking the pairs no blocking rule proposes as non-matches.
//   - Term frequencies: an exact agreement on a comparison marked tf uses
//     u·tf(v)/E[tf], where tf(v) is the share of records holding value v and E[tf] the
//     mean tf of the value two random agreeing records share (Σp³/Σp²), so a rare value
//     weighs more and a frequent one less, and the average exact agreement keeps its u.
//
// Nothing here reads labels: the model is fitted on the records being deduplicated.

// fsNull is the level of a comparison whose value is missing on either side.
const fsNull = -1

// fsComparison describes one comparison: levels[0] is "else", the last level the exact
// agreement; tf marks comparisons whose exact level is adjusted by term frequency.
type fsComparison struct {
	name   string
	levels []string
	tf     bool
}

// fsData is what a Fellegi–Sunter model compares.
type fsData interface {
	// size is the number of records.
	size() int
	// comparisons lists the comparisons, in the order of compare's levels.
	comparisons() []fsComparison
	// compare fills lv[k] with the level of comparison k for records i and j (or fsNull).
	compare(i, j int, lv []int8)
	// value is record i's value for comparison k, the key of its term frequency ("" missing).
	value(k, i int) string
}

// fsRule is a blocking rule: records sharing one of their keys are candidate pairs. skip lists
// the comparisons the rule blocks on (left out of its EM training session).
type fsRule struct {
	name string
	keys func(i int) []string
	skip []int
}

// fsOptions configure fsFit and fsDedup; the zero value takes the defaults below.
type fsOptions struct {
	uPairs   int    // random pairs for u (all pairs when there are fewer); default 250,000
	maxBlock int    // cap of a blocking key's block (cluster.Blocker); default 200
	iters    int    // EM iterations per session; default 50
	seed     uint64 // random pair sampling
	method   cluster.Method
	th       float64 // clustering threshold on the match probability
}

func (o fsOptions) withDefaults() fsOptions {
	if o.uPairs <= 0 {
		o.uPairs = 250_000
	}
	if o.maxBlock <= 0 {
		o.maxBlock = 200
	}
	if o.iters <= 0 {
		o.iters = 50
	}
	return o
}

// fsModel is a fitted Fellegi–Sunter model.
type fsModel struct {
	comps  []fsComparison
	lambda float64
	m, u   [][]float64
	tf     []map[string]float64 // per tf comparison: share of the non-missing records per value
	tfMean []float64            // per tf comparison: Σp³/Σp²
	// Diagnostics of the fit.
	uPairs   int
	sessions []fsSessionInfo
}

// fsSessionInfo summarises one EM training session.
type fsSessionInfo struct {
	name   string
	pairs  int
	lambda float64 // estimated share of matches among the session's pairs
	iters  int
}

// fsPatterns counts distinct comparison vectors.
type fsPatterns struct {
	vecs   [][]int8
	counts []float64
	index  map[string]int
}

func newFSPatterns() *fsPatterns { return &fsPatterns{index: map[string]int{}} }

func (p *fsPatterns) add(lv []int8) {
	key := string(int8Bytes(lv))
	if at, ok := p.index[key]; ok {
		p.counts[at]++
		return
	}
	p.index[key] = len(p.vecs)
	p.vecs = append(p.vecs, slices.Clone(lv))
	p.counts = append(p.counts, 1)
}

func int8Bytes(lv []int8) []byte {
	b := make([]byte, len(lv))
	for i, v := range lv {
		b[i] = byte(v)
	}
	return b
}

// blockPairs returns the candidate pairs (i < j) of the rules, without duplicates, sorted.
func blockPairs(n, maxBlock int, rules []fsRule) ([][2]int, error) {
	b := cluster.NewBlocker(maxBlock)
	for i := range n {
		var keys []string
		for r, rule := range rules {
			for _, k := range rule.keys(i) {
				if k != "" {
					keys = append(keys, fmt.Sprintf("%d\x00%s", r, k))
				}
			}
		}
		if err := b.Add(i, keys...); err != nil {
			return nil, fmt.Errorf("engine: blocking: %w", err)
		}
	}
	return b.Pairs(), nil
}

// fsFit estimates the model on the data, with training sessions over the given rules and λ
// over the candidate pairs cands.
func fsFit(ctx context.Context, d fsData, train []fsRule, cands [][2]int, opt fsOptions) (*fsModel, error) {
	opt = opt.withDefaults()
	comps := d.comparisons()
	n := d.size()
	md := &fsModel{comps: comps}
	if n < 2 {
		return nil, fmt.Errorf("engine: fellegi-sunter: %d records, need at least 2", n)
	}
	lv := make([]int8, len(comps))

	// Random pairs: level counts per comparison.
	total := n * (n - 1) / 2
	rc := make([][]float64, len(comps))
	for k, c := range comps {
		rc[k] = make([]float64, len(c.levels))
	}
	count := func(i, j int) {
		d.compare(i, j, lv)
		for k, l := range lv {
			if l != fsNull {
				rc[k][l]++
			}
		}
	}
	if total <= opt.uPairs {
		for i := range n {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			for j := i + 1; j < n; j++ {
				count(i, j)
			}
		}
		md.uPairs = total
	} else {
		rng := rand.New(rand.NewPCG(opt.seed, 0x75))
		for s := range opt.uPairs {
			if s%4096 == 0 {
				if err := ctx.Err(); err != nil {
					return nil, err
				}
			}
			i := rng.IntN(n)
			j := rng.IntN(n - 1)
			if j >= i {
				j++
			}
			count(i, j)
		}
		md.uPairs = opt.uPairs
	}
	md.u = make([][]float64, len(comps))
	for k := range comps {
		md.u[k] = smoothed(rc[k], 0)
	}

	// Term frequencies.
	md.tf = make([]map[string]float64, len(comps))
	md.tfMean = make([]float64, len(comps))
	for k, c := range comps {
		if !c.tf {
			continue
		}
		cnt := map[string]float64{}
		nn := 0.0
		for i := range n {
			if v := d.value(k, i); v != "" {
				cnt[v]++
				nn++
			}
		}
		// Summed in sorted order so that the result does not depend on map order.
		vals := make([]string, 0, len(cnt))
		for v := range cnt {
			vals = append(vals, v)
		}
		slices.Sort(vals)
		var s2, s3 float64
		for _, v := range vals {
			p := cnt[v] / nn
			cnt[v] = p
			s2 += p * p
			s3 += p * p * p
		}
		md.tf[k] = cnt
		if s2 > 0 {
			md.tfMean[k] = s3 / s2
		}
	}

	// Session pairs, patterns computed once.
	sessPat := make([]*fsPatterns, len(train))
	for s, rule := range train {
		ps, err := blockPairs(n, opt.maxBlock, []fsRule{rule})
		if err != nil {
			return nil, err
		}
		pat := newFSPatterns()
		for _, p := range ps {
			d.compare(p[0], p[1], lv)
			pat.add(lv)
		}
		sessPat[s] = pat
		md.sessions = append(md.sessions, fsSessionInfo{name: rule.name, pairs: len(ps)})
	}
	candPat := newFSPatterns()
	for _, p := range cands {
		d.compare(p[0], p[1], lv)
		candPat.add(lv)
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}

	// Two rounds: m by EM with u fixed, λ by its fixed point, then u corrected for the matches
	// among the random pairs; the second round refits m and λ with the corrected u.
	md.m = make([][]float64, len(comps))
	for k, c := range comps {
		md.m[k] = initialM(len(c.levels))
	}
	for round := 0; round < 2; round++ {
		sumM := make([][]float64, len(comps))
		wM := make([]float64, len(comps))
		for k, c := range comps {
			sumM[k] = make([]float64, len(c.levels))
		}
		for s, rule := range train {
			skip := make([]bool, len(comps))
			for _, k := range rule.skip {
				if k >= 0 && k < len(comps) {
					skip[k] = true
				}
			}
			m, lam, w, it := fsEM(sessPat[s], md.u, md.m, skip, opt.iters)
			md.sessions[s].lambda, md.sessions[s].iters = lam, it
			for k := range comps {
				if skip[k] || w[k] <= 0 {
					continue
				}
				for l := range m[k] {
					sumM[k][l] += w[k] * m[k][l]
				}
				wM[k] += w[k]
			}
		}
		for k := range comps {
			if wM[k] > 0 {
				for l := range sumM[k] {
					sumM[k][l] /= wM[k]
				}
				md.m[k] = smoothed(sumM[k], 1e-4)
			}
		}
		md.lambda = fsLambda(candPat, md, float64(total))
		// Correct u: the random pairs hold about λ·total matches.
		for k := range comps {
			nk := 0.0
			for _, c := range rc[k] {
				nk += c
			}
			if nk == 0 {
				continue
			}
			adj := make([]float64, len(rc[k]))
			for l, c := range rc[k] {
				adj[l] = max(0, c/nk-md.lambda*md.m[k][l]) / (1 - md.lambda)
			}
			md.u[k] = smoothed(adj, 0.5/nk)
		}
	}
	return md, nil
}

// initialM is the starting m of a comparison: weight doubling per level, so EM starts by
// taking stronger agreement as more typical of matches.
func initialM(levels int) []float64 {
	m := make([]float64, levels)
	for l := range m {
		m[l] = math.Ldexp(1, l)
	}
	return smoothed(m, 0)
}

// smoothed returns v normalised to sum 1 after adding floor to each entry (a uniform vector
// when v sums to 0).
func smoothed(v []float64, floor float64) []float64 {
	out := make([]float64, len(v))
	s := 0.0
	for i, x := range v {
		out[i] = x + floor
		s += out[i]
	}
	if s <= 0 {
		for i := range out {
			out[i] = 1 / float64(len(out))
		}
		return out
	}
	for i := range out {
		out[i] /= s
	}
	return out
}

// fsEM runs EM over the patterns with u fixed, estimating m for the comparisons not skipped
// and the session's match share λ. It returns m, λ, the expected matches with a value for each
// comparison (the weight of its m estimate) and the iterations run.
func fsEM(pat *fsPatterns, u, m0 [][]float64, skip []bool, iters int) ([][]float64, float64, []float64, int) {
	m := make([][]float64, len(m0))
	for k := range m0 {
		m[k] = slices.Clone(m0[k])
	}
	lam := 0.5
	w := make([]float64, len(m))
	total := 0.0
	for _, c := range pat.counts {
		total += c
	}
	if total == 0 {
		return m, 0, w, 0
	}
	it := 0
	post := make([]float64, len(pat.vecs))
	for it = 1; it <= iters; it++ {
		// E step.
		for p, v := range pat.vecs {
			lw := math.Log(lam) - math.Log1p(-lam)
			for k, l := range v {
				if l == fsNull || skip[k] {
					continue
				}
				lw += math.Log(m[k][l]) - math.Log(u[k][l])
			}
			post[p] = logistic(lw)
		}
		// M step.
		num := make([][]float64, len(m))
		for k := range m {
			num[k] = make([]float64, len(m[k]))
			w[k] = 0
		}
		matches := 0.0
		for p, v := range pat.vecs {
			e := post[p] * pat.counts[p]
			matches += e
			for k, l := range v {
				if l == fsNull || skip[k] {
					continue
				}
				num[k][l] += e
				w[k] += e
			}
		}
		newLam := min(max(matches/total, 1e-9), 1-1e-9)
		delta := math.Abs(newLam - lam)
		lam = newLam
		for k := range m {
			if skip[k] || w[k] <= 0 {
				continue
			}
			nm := smoothed(num[k], 1e-6)
			for l := range nm {
				delta = max(delta, math.Abs(nm[l]-m[k][l]))
			}
			m[k] = nm
		}
		if delta < 1e-7 {
			break
		}
	}
	return m, lam, w, min(it, iters)
}

// fsLambda returns the fixed point of λ = Σ_candidates P(match | pattern, λ) / total.
func fsLambda(pat *fsPatterns, md *fsModel, total float64) float64 {
	bf := make([]float64, len(pat.vecs)) // log Bayes factor of each pattern, without tf
	for p, v := range pat.vecs {
		for k, l := range v {
			if l != fsNull {
				bf[p] += math.Log(md.m[k][l]) - math.Log(md.u[k][l])
			}
		}
	}
	lam := 1e-4
	for range 200 {
		s := 0.0
		prior := math.Log(lam) - math.Log1p(-lam)
		for p := range bf {
			s += pat.counts[p] * logistic(prior+bf[p])
		}
		nl := min(max(s/total, 1e-12), 0.5)
		if math.Abs(nl-lam) < 1e-12 {
			return nl
		}
		lam = nl
	}
	return lam
}

func logistic(x float64) float64 {
	if x >= 0 {
		return 1 / (1 + math.Exp(-x))
	}
	e := math.Exp(x)
	return e / (1 + e)
}

// weight returns the match weight (log odds of a match) of records i and j, whose
// comparison vector lv has been filled by d.compare.
func (md *fsModel) weight(d fsData, i int, lv []int8) float64 {
	w := math.Log(md.lambda) - math.Log1p(-md.lambda)
	for k, l := range lv {
		if l == fsNull {
			continue
		}
		u := md.u[k][l]
		if md.comps[k].tf && int(l) == len(md.comps[k].levels)-1 && md.tfMean[k] > 0 {
			if p, ok := md.tf[k][d.value(k, i)]; ok {
				u = min(1, max(u*p/md.tfMean[k], 1e-9))
			}
		}
		w += math.Log(md.m[k][l]) - math.Log(u)
	}
	return w
}

// fsResult is the outcome of fsDedup.
type fsResult struct {
	labels     []int
	model      *fsModel
	candidates int // distinct candidate pairs of the prediction rules
	scored     int // pairs scored (candidates and the extra pairs average linkage asked for)
}

// fsPrepare returns the candidate pairs of the rules predict and the model fitted on d with
// training sessions over train.
func fsPrepare(ctx context.Context, d fsData, train, predict []fsRule, opt fsOptions) (*fsModel, [][2]int, error) {
	opt = opt.withDefaults()
	cands, err := blockPairs(d.size(), opt.maxBlock, predict)
	if err != nil {
		return nil, nil, err
	}
	md, err := fsFit(ctx, d, train, cands, opt)
	if err != nil {
		return nil, nil, err
	}
	return md, cands, nil
}

// fsCluster scores the candidate pairs with the model's match probability and clusters the
// records with method at threshold th.
func fsCluster(ctx context.Context, d fsData, md *fsModel, cands [][2]int, method cluster.Method, th float64) (*fsResult, error) {
	n := d.size()
	adj := make([][]int, n)
	for _, p := range cands {
		adj[p[0]] = append(adj[p[0]], p[1])
	}
	lv := make([]int8, len(md.comps))
	res := &fsResult{model: md, candidates: len(cands)}
	var ctxErr error
	score := func(i, j int) float64 {
		res.scored++
		if ctxErr != nil {
			return 0
		}
		if res.scored%1024 == 0 {
			ctxErr = ctx.Err()
		}
		d.compare(i, j, lv)
		return logistic(md.weight(d, i, lv))
	}
	res.labels = cluster.Cluster(n, func(i int) []int { return adj[i] }, score, th, method)
	if ctxErr != nil {
		return nil, ctxErr
	}
	return res, nil
}

// fsDedup fits a model on d (training sessions over train) and clusters the records: the
// candidate pairs of the rules predict are scored with the match probability and clustered
// with opt.method at opt.th.
func fsDedup(ctx context.Context, d fsData, train, predict []fsRule, opt fsOptions) (*fsResult, error) {
	switch d.size() {
	case 0:
		return &fsResult{labels: []int{}}, nil
	case 1:
		return &fsResult{labels: []int{0}}, nil
	}
	md, cands, err := fsPrepare(ctx, d, train, predict, opt)
	if err != nil {
		return nil, err
	}
	return fsCluster(ctx, d, md, cands, opt.method, opt.th)
}
