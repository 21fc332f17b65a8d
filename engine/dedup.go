package engine

import (
	"context"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/nomenhq/nomen/internal/cluster"
	"github.com/nomenhq/nomen/internal/errs"
	"github.com/nomenhq/nomen/matchers/name"
)

// MaxDedupNames is the most names Deduplicate accepts in one call.
const MaxDedupNames = 1000

// DedupMethod is the clustering used by Deduplicate: average-link, chosen on the TRAIN-derived
// development set (DedupDevSet, `nomen eval dedup-dev`) with the calibrated name scores: at the
// default threshold 0.85 it gives pairwise precision 0.995, recall 0.772, F1 0.869, against
// star 0.965/0.800/0.875 and single-link 0.965/0.803/0.877 at equal threshold; as the
// threshold drops, star and single-link lose precision first (single-link chains unrelated
// names: precision 0.59 at 0.70).
const DedupMethod = cluster.AverageLink

// DedupThresholdMargin is subtracted from the universe's threshold to give Deduplicate's
// default threshold (0.85 in the default universe: the margin is 0). The calibrated name
// scores put different people who share two of three name tokens near 0.77, so a lower
// clustering threshold merges them (synthetic test set: precision 0.97 at 0.85, 0.73 at 0.80).
const DedupThresholdMargin = 0.0

// Candidate search: every name is compared with the dedupCandidates names that share the most
// informative blocking keys with it (and, by symmetry, with the names that chose it). A key
// shared by more than dedupMaxBlock names only links each of them to its dedupMaxBlock/2
// neighbours on either side in input order.
const (
	dedupCandidates = 8
	dedupMaxBlock   = 200
)

// topCandidates returns, per item, the k items sharing the most informative keys with it:
// each shared key adds its inverse document frequency log(1 + n/df), ties go to the lower
// index. The lists are sorted by index.
func topCandidates(keys [][]string, k, maxBlock int) [][]int {
	n := len(keys)
	ids := map[string]int32{}
	var post [][]int32
	itemKeys := make([][]int32, n)
	for i, ks := range keys {
		for _, key := range ks {
			id, ok := ids[key]
			if !ok {
				id = int32(len(post))
				ids[key] = id
				post = append(post, nil)
			}
			post[id] = append(post[id], int32(i))
			itemKeys[i] = append(itemKeys[i], id)
		}
	}
	// pos[i][j] is the position of item i in the posting of its j-th key, for windows.
	idf := make([]float64, len(post))
	for id, p := range post {
		idf[id] = math.Log(1 + float64(n)/float64(len(p)))
	}
	acc := make([]float64, n)
	var touched []int32
	out := make([][]int, n)
	half := maxBlock / 2
	for i := range keys {
		touched = touched[:0]
		for _, id := range itemKeys[i] {
			p := post[id]
			lo, hi := 0, len(p)
			if len(p) > maxBlock {
				at, _ := slices.BinarySearch(p, int32(i))
				lo, hi = max(0, at-half), min(len(p), at+half+1)
			}
			w := idf[id]
			for _, j := range p[lo:hi] {
				if int(j) == i {
					continue
				}
				if acc[j] == 0 {
					touched = append(touched, j)
				}
				acc[j] += w
			}
		}
		slices.SortFunc(touched, func(a, b int32) int {
			if acc[a] != acc[b] {
				if acc[a] > acc[b] {
					return -1
				}
				return 1
			}
			return int(a - b)
		})
		m := min(k, len(touched))
		c := make([]int, m)
		for x := 0; x < m; x++ {
			c[x] = int(touched[x])
		}
		slices.Sort(c)
		out[i] = c
		for _, j := range touched {
			acc[j] = 0
		}
	}
	return out
}

// DedupOptions tune Deduplicate beyond the service's request; the zero value is the default.
type DedupOptions struct {
	Method    cluster.Method // clustering method; DedupMethod when UseMethod is false
	UseMethod bool
	// Stats, when not nil, receives counts about the run.
	Stats *DedupStats
}

// DedupStats are counts about one Deduplicate run.
type DedupStats struct {
	Names, Candidates, Scored int
}

// Deduplicate assigns a cluster id to each name: "1", "2", ... in order of first appearance,
// so the result is deterministic for a given input. Similar names share an id: star
// clustering (DedupMethod) makes the names with the most above-threshold similarity centres,
// and every other name joins the centre it scores highest with, at least the threshold.
//
// threshold nil means the universe's threshold less DedupThresholdMargin (0.85 in the default
// universe). Each name is
// prepared once; candidate pairs come from blocking keys (name.Prepared.BlockingKeys: tokens,
// their Double Metaphone keys, three-letter prefixes and suffixes, and the Latin renderings of
// non-Latin tokens), so names sharing no key are never compared and never clustered. Names
// of different explicit entity types never match. More than MaxDedupNames names, an unknown
// universe or invalid parameters are errs.Invalid errors.
func (e *Engine) Deduplicate(ctx context.Context, names []name.Input, threshold *float64, universe string, params map[string]string) ([]string, error) {
	return e.DeduplicateWith(ctx, names, threshold, universe, params, DedupOptions{})
}

// DeduplicateWith is Deduplicate with extra options (for evaluation).
func (e *Engine) DeduplicateWith(ctx context.Context, names []name.Input, threshold *float64, universe string, params map[string]string, opt DedupOptions) ([]string, error) {
	if len(names) > MaxDedupNames {
		return nil, errs.E(errs.Invalid, "names holds %d names; the limit is %d", len(names), MaxDedupNames)
	}
	u, err := e.universe(universe)
	if err != nil {
		return nil, err
	}
	th := max(0, u.Threshold-DedupThresholdMargin)
	if threshold != nil {
		th = *threshold
	}
	if th < 0 || th > 1 {
		return nil, errs.E(errs.Invalid, "threshold must be in [0, 1]")
	}
	base, shared, err := e.settings(universe, "", "", "PERSON", params)
	if err != nil {
		return nil, err
	}
	m0 := e.nameMatcher(universe, base, shared)
	// Identical inputs (same text up to case and spacing, same language, script, type and
	// gender) are prepared and clustered once.
	all := names
	of := make([]int, len(all))
	seen := map[name.Input]int{}
	names = nil
	for i, in := range all {
		k := in
		k.Text = strings.ToLower(strings.Join(strings.Fields(in.Text), " "))
		u, ok := seen[k]
		if !ok {
			u = len(names)
			seen[k] = u
			names = append(names, in)
		}
		of[i] = u
	}
	n := len(names)
	prep := make([]*name.Prepared, n)
	langs := make([]string, n)
	types := make([]string, n)
	keys := make([][]string, n)
	for i, in := range names {
		if i%64 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		p, err := m0.Prepare(in)
		if err != nil {
			// A name the parser rejects (empty, or without any letter or digit) carries no
			// evidence: it stays alone in its cluster.
			keys[i] = nil
		} else {
			prep[i] = p
			keys[i] = p.BlockingKeys()
		}
		langs[i] = in.Language
		if langs[i] == "" {
			langs[i] = guessLang(in.Text)
		}
		types[i] = in.EntityType
		if types[i] == "" {
			types[i] = "PERSON"
		}
	}
	// One matcher per language pair and entity type: the universe's scoped overrides apply
	// as in name similarity.
	matchers := map[string]*name.Matcher{}
	matcherFor := func(i, j int) *name.Matcher {
		la, lb := langs[i], langs[j]
		if lb < la {
			la, lb = lb, la
		}
		key := la + "|" + lb + "|" + types[i]
		if m, ok := matchers[key]; ok {
			return m
		}
		s, sh, err := e.settings(universe, la, lb, types[i], params)
		m := m0
		if err == nil {
			m = e.nameMatcher(universe, s, sh)
		}
		matchers[key] = m
		return m
	}
	stats := DedupStats{Names: n}
	var ctxErr error
	score := func(i, j int) float64 {
		stats.Scored++
		if ctxErr != nil {
			return 0
		}
		if stats.Scored%256 == 0 {
			if ctxErr = ctx.Err(); ctxErr != nil {
				return 0
			}
		}
		if types[i] != types[j] {
			return 0
		}
		if prep[i] == nil || prep[j] == nil {
			return 0
		}
		return matcherFor(i, j).Compare(prep[i], prep[j], false).Score
	}
	method := DedupMethod
	if opt.UseMethod {
		method = opt.Method
	}
	cands := topCandidates(keys, dedupCandidates, dedupMaxBlock)
	labels := cluster.Cluster(n, func(i int) []int { return cands[i] }, score, th, method)
	if ctxErr != nil {
		return nil, ctxErr
	}
	if opt.Stats != nil {
		for _, c := range cands {
			stats.Candidates += len(c)
		}
		*opt.Stats = stats
	}
	out := make([]string, len(all))
	ids := map[int]string{}
	next := 0
	for i, u := range of {
		id, ok := ids[labels[u]]
		if !ok || prep[u] == nil {
			next++
			id = strconv.Itoa(next)
			ids[labels[u]] = id
		}
		out[i] = id
	}
	return out, nil
}
