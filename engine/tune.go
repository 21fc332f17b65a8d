package engine

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"text/tabwriter"
	"time"

	"github.com/nomenhq/nomen/engine/params"
	"github.com/nomenhq/nomen/internal/evalmetrics"
	"github.com/nomenhq/nomen/internal/paramtag"
	"github.com/nomenhq/nomen/internal/progress"
	"github.com/nomenhq/nomen/matchers/name"
)

// Tuning: comparing two universes on labelled name pairs, and searching the name matcher's
// parameters by coordinate ascent on a training fold, guarded by a held-out fold.

// TuneOptions configure TuneSearch. The zero value searches the "name" group of the default
// universe for AUC for 60 s and names the result "tuned".
type TuneOptions struct {
	// Base is the universe to start from ("" = default); its overrides, variants and name
	// pairs are kept.
	Base string
	// Name is the new universe's name ("" = "tuned"); it must not be loaded already.
	Name string
	// Metric is "auc" (default) or "f1" (best F1 on the training fold; on the held-out fold,
	// F1 at the training fold's best threshold).
	Metric string
	// Groups are the parameter groups searched (nil = ["name"]). Only non-static numeric and
	// boolean parameters are searched.
	Groups []string
	// Threshold, when > 0, fixes the new universe's threshold instead of taking the training
	// fold's best-F1 threshold; metric "f1" is then F1 at this threshold on both folds.
	Threshold float64
	// Params, when not empty, restricts the search to these parameters.
	Params []string
	// Budget is the wall-clock time of the search (0 = 60 s); the final check comes on top.
	Budget time.Duration
	// MaxEvaluations caps the number of candidates scored (0 = no cap); with a generous Budget
	// it makes a search independent of the machine's speed.
	MaxEvaluations int
	// Seed drives the fold split and the order in which parameters are visited.
	Seed uint64
	// Holdout is the share of pairs held out (0 = 0.3).
	Holdout float64
	// Tolerance is how much the held-out metric may worsen, step by step and in all, for a
	// change to be accepted (0 = 0.002; negative = 0).
	Tolerance float64
	// Workers is the number of goroutines scoring pairs (0 = GOMAXPROCS).
	Workers int
	// DataFile names the pair file in the profile's header.
	DataFile string
}

// TuneFigures are the figures of one set of scores.
type TuneFigures struct {
	N, Pos, Neg   int
	AUC           float64
	BestF1        float64 // best F1 over thresholds
	BestThreshold float64 // threshold of BestF1
	Threshold     float64 // the universe's threshold
	AtThreshold   evalmetrics.Point
}

// TuneFolds are the figures of one universe on both folds.
type TuneFolds struct {
	Train, Holdout TuneFigures
}

// TuneChange is one parameter moved by the search.
type TuneChange struct {
	Param    string
	From, To string
}

// TuneResult is the outcome of TuneSearch.
type TuneResult struct {
	// Profile holds the new universe and a header describing the run; write it with
	// params.EncodeProfile (or WriteProfile). It has been loaded and rescored by the engine
	// before being returned.
	Profile params.Profile
	// Universe is the new universe's name.
	Universe string
	// Before are the base universe's figures, After the new universe's (at its new threshold).
	Before, After TuneFolds
	// Changes are the parameters whose values differ from the base's, sorted by name.
	Changes []TuneChange
	// Evaluations counts the candidates scored; Rounds the passes over the parameters.
	Evaluations, Rounds int
	// Converged is true when every parameter's step fell below its minimum before the budget.
	Converged bool
	// Elapsed is the time spent searching.
	Elapsed time.Duration
	// HoldoutScores are the new universe's scores on the held-out fold (for plots).
	HoldoutScores []evalmetrics.Scored
}

// WriteProfile writes the result's profile as YAML.
func (r TuneResult) WriteProfile(w io.Writer) error {
	if err := params.EncodeProfile(w, r.Profile); err != nil {
		return fmt.Errorf("engine: tune: write profile: %w", err)
	}
	return nil
}

// Defaults of TuneOptions.
const (
	defaultTuneBudget    = 60 * time.Second
	defaultTuneHoldout   = 0.3
	defaultTuneTolerance = 0.002
	defaultTuneName      = "tuned"
	// tuneMinGain is the smallest training-fold gain that counts as an improvement.
	tuneMinGain = 1e-6
)

// splitFolds splits pairs into a training and a held-out fold, stratified by category and
// label: within each (category, label) group, in file order, a seeded shuffle picks
// round(holdout × size) pairs for the held-out fold. The same pairs and seed give the same
// split. Both index lists are ascending.
func splitFolds(pairs []LabelledNamePair, holdout float64, seed uint64) (train, held []int) {
	return splitFoldsSet(NamePairs(pairs), holdout, seed)
}

// splitFoldsSet is splitFolds for any kind of labelled pairs.
func splitFoldsSet(set PairSet, holdout float64, seed uint64) (train, held []int) {
	groups := map[string][]int{}
	var keys []string
	for i := range set.Len() {
		match, cat := set.label(i)
		k := fmt.Sprintf("%s\x00%t", cat, match)
		if _, ok := groups[k]; !ok {
			keys = append(keys, k)
		}
		groups[k] = append(groups[k], i)
	}
	isHeld := make([]bool, set.Len())
	for _, k := range keys {
		idx := slices.Clone(groups[k])
		h := fnv.New64a()
		h.Write([]byte(k))
		r := rand.New(rand.NewPCG(seed, h.Sum64()))
		r.Shuffle(len(idx), func(i, j int) { idx[i], idx[j] = idx[j], idx[i] })
		n := int(math.Round(holdout * float64(len(idx))))
		for _, i := range idx[:n] {
			isHeld[i] = true
		}
	}
	for i, h := range isHeld {
		if h {
			held = append(held, i)
		} else {
			train = append(train, i)
		}
	}
	return train, held
}

// prepKey holds the settings that Prepare reads (the rest only matter to Compare), so that a
// name prepared once serves every candidate that agrees on them. TestTuneScorerMatchesEngine
// checks, for every name parameter, that this scorer gives the engine's scores.
type prepKey struct {
	variants, maxTokens int
	familyFirst         bool
	genderMin           float64
}

func prepKeyOf(o *name.Options) prepKey {
	return prepKey{o.TranslitVariants, o.MaxTokens, o.FamilyFirstTolerance, o.GenderMinConfidence}
}

// tuneScorer scores a fixed set of pairs under a universe with candidate overrides. It is the
// engine's NameSimilarity without the per-call work: settings are resolved once per pair,
// matchers built once per candidate and scope, names prepared once per prepKey.
type tuneScorer struct {
	e       *Engine
	lists   *name.Lists
	pairs   []LabelledNamePair
	bases   []*Settings // resolved universe settings of each pair (shared)
	workers int
	bar     *progress.Bar

	mu    sync.Mutex
	preps map[prepKey][]*preparedPair
}

// preparedPair is a pair's two prepared names; nil names when either failed to parse.
type preparedPair struct {
	a, b *name.Prepared
	once sync.Once
}

func (e *Engine) newTuneScorer(universe string, pairs []LabelledNamePair, workers int) (*tuneScorer, error) {
	u, err := e.universe(universe)
	if err != nil {
		return nil, err
	}
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	s := &tuneScorer{e: e, lists: e.lists[u.Name], pairs: pairs, bases: make([]*Settings, len(pairs)),
		workers: workers, preps: map[prepKey][]*preparedPair{}}
	for i, p := range pairs {
		a, b := p.Name1.Input(), p.Name2.Input()
		la, lb := a.Language, b.Language
		if la == "" {
			la = guessLang(a.Text)
		}
		if lb == "" {
			lb = guessLang(b.Text)
		}
		s.bases[i] = u.Resolve(la, lb, entityTypeOf(a, b))
	}
	return s, nil
}

// score returns the scores of every pair under the overrides (validated like request
// parameters). A pair whose names cannot be parsed scores 0, as in ScoreNamePairs.
func (s *tuneScorer) score(ctx context.Context, overrides map[string]string) ([]evalmetrics.Scored, error) {
	type variant struct {
		m     *name.Matcher
		preps []*preparedPair
	}
	byBase := map[*Settings]*variant{}
	for _, b := range s.bases {
		if _, ok := byBase[b]; ok {
			continue
		}
		st := *b
		if err := s.e.reg.Apply(&st, overrides); err != nil {
			return nil, err
		}
		key := prepKeyOf(&st.Name)
		s.mu.Lock()
		pp, ok := s.preps[key]
		if !ok {
			pp = make([]*preparedPair, len(s.pairs))
			for i := range pp {
				pp[i] = &preparedPair{}
			}
			s.preps[key] = pp
		}
		s.mu.Unlock()
		byBase[b] = &variant{m: name.New(st.Name, s.lists), preps: pp}
	}
	out := make([]evalmetrics.Scored, len(s.pairs))
	var wg sync.WaitGroup
	var ctxErr error
	const chunk = 64
	next := make(chan int)
	for range s.workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for start := range next {
				for i := start; i < min(start+chunk, len(s.pairs)); i++ {
					p := s.pairs[i]
					v := byBase[s.bases[i]]
					pp := v.preps[i]
					pp.once.Do(func() {
						a, errA := v.m.Prepare(p.Name1.Input())
						b, errB := v.m.Prepare(p.Name2.Input())
						if errA == nil && errB == nil {
							pp.a, pp.b = a, b
						}
					})
					out[i] = evalmetrics.Scored{Match: p.Match, Category: p.Category}
					if pp.a != nil {
						out[i].Score = v.m.Compare(pp.a, pp.b, false).Score
					}
				}
				s.bar.Add(int64(min(chunk, len(s.pairs)-start)))
			}
		}()
	}
	for start := 0; start < len(s.pairs); start += chunk {
		if ctxErr = ctx.Err(); ctxErr != nil {
			break
		}
		next <- start
	}
	close(next)
	wg.Wait()
	if ctxErr != nil {
		return nil, ctxErr
	}
	return out, nil
}

// pick returns the scores at the given indices.
func pick(all []evalmetrics.Scored, idx []int) []evalmetrics.Scored {
	out := make([]evalmetrics.Scored, len(idx))
	for k, i := range idx {
		out[k] = all[i]
	}
	return out
}

// figures computes the figures of s at threshold.
func figures(s []evalmetrics.Scored, threshold float64) TuneFigures {
	f := TuneFigures{N: len(s), Threshold: threshold, AUC: evalmetrics.AUC(s), AtThreshold: evalmetrics.At(s, threshold)}
	for _, x := range s {
		if x.Match {
			f.Pos++
		} else {
			f.Neg++
		}
	}
	best := evalmetrics.BestF1(s)
	f.BestF1, f.BestThreshold = best.F1, best.Threshold
	return f
}

// tuneParam is one searched parameter with its current value and step.
type tuneParam struct {
	spec      params.Param
	start     string  // value in the base universe (as text)
	value     float64 // current value (0/1 for booleans)
	step      float64
	minStep   float64
	done      bool
	isBool    bool
	isInt     bool
	lo, hi    float64
	changed   bool
	startNum  float64
	firstStep float64
}

// text renders v as the parameter's value text; floats are kept to 4 decimals so that the
// written profile reproduces the scored value exactly.
func (p *tuneParam) text(v float64) string {
	switch {
	case p.isBool:
		return strconv.FormatBool(v != 0)
	case p.isInt:
		return strconv.Itoa(int(v))
	}
	return strconv.FormatFloat(v, 'f', -1, 64)
}

// snap brings v into the range and onto the parameter's grid.
func (p *tuneParam) snap(v float64) float64 {
	v = math.Max(p.lo, math.Min(p.hi, v))
	if p.isInt || p.isBool {
		return math.Round(v)
	}
	return math.Round(v*1e4) / 1e4
}

// searchParams lists the parameters to search, with their base values and steps.
func (e *Engine) searchParams(base *params.Universe[Settings], opt TuneOptions) ([]*tuneParam, error) {
	groups := opt.Groups
	if len(groups) == 0 {
		groups = []string{"name"}
	}
	known := map[string]bool{}
	for _, p := range e.reg.All() {
		known[p.Group] = true
	}
	for _, g := range groups {
		if !known[g] {
			return nil, fmt.Errorf("engine: tune: unknown parameter group %q", g)
		}
	}
	only := map[string]bool{}
	for _, n := range opt.Params {
		p, ok := e.reg.Lookup(n)
		if !ok {
			return nil, fmt.Errorf("engine: tune: unknown parameter %q", n)
		}
		if p.Static {
			return nil, fmt.Errorf("engine: tune: parameter %s is static and cannot be searched", n)
		}
		only[n] = true
	}
	var out []*tuneParam
	for _, p := range e.reg.All() {
		if p.Static || !slices.Contains(groups, p.Group) || (len(only) > 0 && !only[p.Name]) {
			continue
		}
		if p.Kind != paramtag.Float && p.Kind != paramtag.Int && p.Kind != paramtag.Bool {
			continue
		}
		et := "PERSON"
		if len(p.Applies) > 0 && !slices.Contains(p.Applies, "PERSON") {
			et = p.Applies[0]
		}
		cur, _ := e.reg.Get(base.Resolve("", "", et), p.Name)
		tp := &tuneParam{spec: p, start: cur, lo: p.Min, hi: p.Max}
		switch p.Kind {
		case paramtag.Bool:
			tp.isBool, tp.lo, tp.hi, tp.step, tp.minStep = true, 0, 1, 1, 1
			if cur == "true" {
				tp.value = 1
			}
		default:
			v, err := strconv.ParseFloat(cur, 64)
			if err != nil {
				return nil, fmt.Errorf("engine: tune: parameter %s has value %q: %w", p.Name, cur, err)
			}
			tp.value = v
			if math.IsInf(tp.lo, 0) || math.IsInf(tp.hi, 0) {
				// No declared range: search within a factor of two of the start.
				span := math.Max(1, math.Abs(v))
				tp.lo, tp.hi = math.Max(tp.lo, v-span), math.Min(tp.hi, v+span)
			}
			span := tp.hi - tp.lo
			tp.step, tp.minStep = span/10, span/160
			if p.Kind == paramtag.Int {
				tp.isInt = true
				tp.step, tp.minStep = math.Max(1, math.Round(span/8)), 1
			}
			if span <= 0 {
				continue
			}
		}
		tp.startNum, tp.firstStep = tp.value, tp.step
		out = append(out, tp)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("engine: tune: no parameter to search in groups %s", strings.Join(groups, ", "))
	}
	return out, nil
}

// TuneSearch searches the parameters of opt.Groups by coordinate ascent, starting from
// opt.Base: each parameter in turn (order shuffled by seed each round) tries its value plus
// and minus its step, within its valid range; a candidate is accepted when it raises the
// metric on the training fold and lowers the held-out fold's metric by at most opt.Tolerance,
// both from the current state and from the start; a parameter whose candidates all fail
// halves its step until the step is below range/160. The search stops at the budget (or
// evaluation cap, or when every step is spent); the new universe's threshold is then the
// best-F1 threshold on the training fold. The returned profile holds BASE's overrides with the
// changed parameters moved to scope "any" (and removed from narrower scopes, which reproduces
// the scored settings exactly), and is verified by loading it in a fresh engine and
// rescoring. Progress (pairs scored, rate, time left, current metrics) goes to progressW
// (nil = none).
func (e *Engine) TuneSearch(ctx context.Context, pairs []LabelledNamePair, opt TuneOptions, progressW io.Writer) (TuneResult, error) {
	return e.TuneSearchSet(ctx, NamePairs(pairs), opt, progressW)
}

// TuneSearchSet is TuneSearch for any kind of labelled pairs (NamePairs, AddressPairs,
// RecordPairs); opt.Groups defaults to the kind's parameter groups.
func (e *Engine) TuneSearchSet(ctx context.Context, pairs PairSet, opt TuneOptions, progressW io.Writer) (TuneResult, error) {
	var res TuneResult
	if len(opt.Groups) == 0 {
		opt.Groups = pairs.groups()
	}
	if opt.Base == "" {
		opt.Base = DefaultUniverse
	}
	if opt.Name == "" {
		opt.Name = defaultTuneName
	}
	if opt.Metric == "" {
		opt.Metric = "auc"
	}
	if opt.Metric != "auc" && opt.Metric != "f1" {
		return res, fmt.Errorf("engine: tune: metric %q: want auc or f1", opt.Metric)
	}
	if opt.Budget <= 0 {
		opt.Budget = defaultTuneBudget
	}
	if opt.Holdout == 0 {
		opt.Holdout = defaultTuneHoldout
	}
	if !(opt.Holdout > 0 && opt.Holdout < 1) {
		return res, fmt.Errorf("engine: tune: holdout share %v: want a value in (0, 1)", opt.Holdout)
	}
	if opt.Threshold < 0 || opt.Threshold > 1 {
		return res, fmt.Errorf("engine: tune: threshold %v: want a value in (0, 1]", opt.Threshold)
	}
	if opt.Tolerance == 0 {
		opt.Tolerance = defaultTuneTolerance
	}
	opt.Tolerance = math.Max(0, opt.Tolerance)
	if err := checkUniverseName(opt.Name); err != nil {
		return res, err
	}
	if _, err := e.universes.Get(opt.Name); err == nil {
		return res, fmt.Errorf("engine: tune: universe %q exists already; choose another name", opt.Name)
	}
	base, err := e.universe(opt.Base)
	if err != nil {
		return res, fmt.Errorf("engine: tune: %w", err)
	}
	train, held := splitFoldsSet(pairs, opt.Holdout, opt.Seed)
	if err := checkFold("training", pairs, train); err != nil {
		return res, err
	}
	if err := checkFold("held-out", pairs, held); err != nil {
		return res, err
	}
	ps, err := e.searchParams(base, opt)
	if err != nil {
		return res, err
	}
	sc, err := pairs.scorer(e, opt.Base, opt.Workers)
	if err != nil {
		return res, err
	}
	start := time.Now()
	deadline := start.Add(opt.Budget)
	bar := progress.New(progressW, "tune "+opt.Metric, "pairs", 0)
	bar.SetDeadline(deadline)
	if progressW != nil {
		sc.setBar(bar)
	}

	// metrics returns the training and held-out metric of a set of scores.
	metrics := func(all []evalmetrics.Scored) (float64, float64) {
		tr, ho := pick(all, train), pick(all, held)
		if opt.Metric == "auc" {
			return evalmetrics.AUC(tr), evalmetrics.AUC(ho)
		}
		if opt.Threshold > 0 {
			return evalmetrics.At(tr, opt.Threshold).F1, evalmetrics.At(ho, opt.Threshold).F1
		}
		best := evalmetrics.BestF1(tr)
		return best.F1, evalmetrics.At(ho, best.Threshold).F1
	}
	overrides := func() map[string]string {
		m := map[string]string{}
		for _, p := range ps {
			if p.changed {
				m[p.spec.Name] = p.text(p.value)
			}
		}
		return m
	}
	all0, err := sc.score(ctx, nil)
	if err != nil {
		return res, fmt.Errorf("engine: tune: %w", err)
	}
	res.Evaluations = 1
	res.Before = TuneFolds{Train: figures(pick(all0, train), base.Threshold), Holdout: figures(pick(all0, held), base.Threshold)}
	curTr, curHo := metrics(all0)
	startHo := curHo
	bestAll := all0
	status := func() {
		bar.Status(fmt.Sprintf("%s train %.4f held-out %.4f, %d candidates", opt.Metric, curTr, curHo, res.Evaluations))
	}
	status()

	stop := func() bool {
		return time.Now().After(deadline) || ctx.Err() != nil || (opt.MaxEvaluations > 0 && res.Evaluations >= opt.MaxEvaluations)
	}
	moved := false
search:
	for round := 0; ; round++ {
		res.Rounds = round + 1
		order := rand.New(rand.NewPCG(opt.Seed, uint64(round)+1)).Perm(len(ps))
		active := false
		for _, k := range order {
			p := ps[k]
			if p.done {
				continue
			}
			active = true
			var cands []float64
			for _, d := range []float64{p.step, -p.step} {
				v := p.snap(p.value + d)
				if p.isBool {
					v = 1 - p.value
				}
				if v != p.value && !slices.Contains(cands, v) {
					cands = append(cands, v)
				}
			}
			bestV, bestTr, bestHo := p.value, curTr, curHo
			var bestScores []evalmetrics.Scored
			for _, v := range cands {
				if stop() {
					break search
				}
				ov := overrides()
				ov[p.spec.Name] = p.text(v)
				all, err := sc.score(ctx, ov)
				if err != nil {
					if ctx.Err() != nil {
						break search
					}
					return res, fmt.Errorf("engine: tune: %s=%s: %w", p.spec.Name, p.text(v), err)
				}
				res.Evaluations++
				status()
				tr, ho := metrics(all)
				if tr > bestTr+tuneMinGain && ho >= curHo-opt.Tolerance && ho >= startHo-opt.Tolerance {
					bestV, bestTr, bestHo, bestScores = v, tr, ho, all
				}
			}
			if bestScores != nil {
				moved = true
				p.value, p.changed = bestV, bestV != p.startNum || p.changed
				curTr, curHo, bestAll = bestTr, bestHo, bestScores
				status()
				if p.isBool {
					p.done = true // toggled; toggling back cannot help the training fold
				}
				continue
			}
			if p.isBool {
				p.done = true
				continue
			}
			p.step /= 2
			if p.isInt {
				p.step = math.Floor(p.step)
			}
			if p.step < p.minStep || p.step == 0 {
				p.done = true
			}
		}
		if !active {
			// Every step is spent: restart from the current point with steps of a quarter
			// of the first ones, as long as the previous pass moved something.
			if !moved {
				res.Converged = true
				break
			}
			moved = false
			for _, p := range ps {
				p.done = false
				p.step = p.firstStep / 4
				if p.isInt || p.isBool {
					p.step = math.Max(1, math.Round(p.step))
				}
			}
		}
	}
	res.Elapsed = time.Since(start)
	bar.Done()
	if err := ctx.Err(); err != nil {
		return res, fmt.Errorf("engine: tune: %w", err)
	}

	trainScores := pick(bestAll, train)
	threshold := tidyThreshold(trainScores, evalmetrics.BestF1(trainScores).Threshold)
	if opt.Threshold > 0 {
		threshold = opt.Threshold
	} else if threshold <= 0 || threshold > 1 {
		threshold = base.Threshold // degenerate training fold: keep the base's threshold
	}
	res.After = TuneFolds{Train: figures(trainScores, threshold), Holdout: figures(pick(bestAll, held), threshold)}
	res.HoldoutScores = pick(bestAll, held)
	for _, p := range ps {
		// A parameter once changed stays overridden (in every scope) even if it came back to
		// its start value, as it was when scored, unless no narrower scope sets it.
		if p.changed && p.text(p.value) == p.start && !setInNarrowScope(base, p.spec.Name) {
			p.changed = false
		}
		if p.changed {
			res.Changes = append(res.Changes, TuneChange{Param: p.spec.Name, From: p.start, To: p.text(p.value)})
		}
	}
	res.Universe = opt.Name
	res.Profile = params.Profile{
		Header:    tuneHeader(opt, res, len(train), len(held)),
		Universes: map[string]params.UniverseSpec{opt.Name: tunedSpec(base, opt, res, threshold)},
	}
	if err := e.verifyTuned(ctx, pairs, res, bestAll); err != nil {
		return res, err
	}
	return res, nil
}

// tidyThreshold returns t cut to 4 decimals when that splits s exactly as t does (no score
// lies between the two), else t.
func tidyThreshold(s []evalmetrics.Scored, t float64) float64 {
	c := math.Floor(t*1e4) / 1e4
	if c <= 0 {
		return t
	}
	for _, x := range s {
		if x.Score >= c && x.Score < t {
			return t
		}
	}
	return c
}

// setInNarrowScope reports whether the universe sets the parameter in a scope other than any.
func setInNarrowScope(u *params.Universe[Settings], param string) bool {
	for scope, m := range u.Spec().Parameters {
		if _, ok := m[param]; ok && scope != "any" {
			return true
		}
	}
	return false
}

// checkUniverseName rejects names that cannot be a YAML key of a profile comfortably.
func checkUniverseName(n string) error {
	for _, r := range n {
		if !(r == '-' || r == '_' || r == '.' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
			return fmt.Errorf("engine: tune: universe name %q: use letters, digits, '-', '_' or '.'", n)
		}
	}
	return nil
}

// checkFold requires matches and non-matches in a fold (AUC is undefined otherwise).
func checkFold(what string, pairs PairSet, idx []int) error {
	pos := 0
	for _, i := range idx {
		if m, _ := pairs.label(i); m {
			pos++
		}
	}
	if pos == 0 || pos == len(idx) {
		return fmt.Errorf("engine: tune: the %s fold (%d pairs) needs both matches and non-matches; give more pairs", what, len(idx))
	}
	return nil
}

// tunedSpec builds the new universe: the base's spec with the changed parameters in scope
// "any" and removed from narrower scopes, and the new threshold.
func tunedSpec(base *params.Universe[Settings], opt TuneOptions, res TuneResult, threshold float64) params.UniverseSpec {
	spec := base.Spec()
	spec.Threshold = threshold
	data := "labelled pairs"
	if opt.DataFile != "" {
		data = filepath.Base(opt.DataFile)
	}
	how := "the best-F1 threshold of the training fold"
	if opt.Threshold > 0 {
		how = "fixed"
	}
	spec.Description = fmt.Sprintf("Universe %s tuned for %s on %s (seed %d); threshold %.4f is %s.",
		opt.Base, strings.ToUpper(opt.Metric), data, opt.Seed, threshold, how)
	if len(res.Changes) == 0 {
		return spec
	}
	if spec.Parameters == nil {
		spec.Parameters = map[string]map[string]any{}
	}
	for scope, m := range spec.Parameters {
		for _, c := range res.Changes {
			delete(m, c.Param)
		}
		if len(m) == 0 && scope != "any" {
			delete(spec.Parameters, scope)
		}
	}
	anyScope := spec.Parameters["any"]
	if anyScope == nil {
		anyScope = map[string]any{}
		spec.Parameters["any"] = anyScope
	}
	for _, c := range res.Changes {
		anyScope[c.Param] = typedValue(c.To)
	}
	return spec
}

// typedValue turns a value text into a YAML scalar of the right type.
func typedValue(s string) any {
	if s == "true" || s == "false" {
		return s == "true"
	}
	if i, err := strconv.Atoi(s); err == nil {
		return i
	}
	if f, err := strconv.ParseFloat(s, 64); err == nil {
		return f
	}
	return s
}

// tuneHeader describes a run for the profile's header.
func tuneHeader(opt TuneOptions, res TuneResult, nTrain, nHeld int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Written by `nomen tune search`: universe %s, tuned from %s.\n", opt.Name, opt.Base)
	fmt.Fprintf(&b, "data %s (%d training pairs, %d held-out pairs: %.0f/%.0f split stratified by category and label, seed %d)\n",
		opt.DataFile, nTrain, nHeld, 100*(1-opt.Holdout), 100*opt.Holdout, opt.Seed)
	groups := opt.Groups
	if len(groups) == 0 {
		groups = []string{"name"}
	}
	metric := opt.Metric
	if opt.Threshold > 0 {
		metric += fmt.Sprintf(" (threshold fixed at %g)", opt.Threshold)
	}
	fmt.Fprintf(&b, "metric %s, groups %s, budget %s, held-out tolerance %g; %d candidates in %d rounds, %s",
		metric, strings.Join(groups, ","), opt.Budget, opt.Tolerance, res.Evaluations, res.Rounds, res.Elapsed.Round(time.Second))
	if res.Converged {
		b.WriteString(", converged")
	}
	b.WriteString("\n")
	for _, f := range []struct {
		name string
		b, a TuneFigures
	}{{"training", res.Before.Train, res.After.Train}, {"held-out", res.Before.Holdout, res.After.Holdout}} {
		fmt.Fprintf(&b, "%s fold: AUC %.4f -> %.4f; best F1 %.4f -> %.4f; F1 at threshold %.4f -> %.4f (thresholds %.4f -> %.4f)\n",
			f.name, f.b.AUC, f.a.AUC, f.b.BestF1, f.a.BestF1, f.b.AtThreshold.F1, f.a.AtThreshold.F1, f.b.Threshold, f.a.Threshold)
	}
	for _, c := range res.Changes {
		fmt.Fprintf(&b, "  %s: %s -> %s\n", c.Param, c.From, c.To)
	}
	return b.String()
}

// verifyTuned writes the profile to a temporary directory, loads it in a fresh engine and
// checks that the engine's own scoring reproduces the search's scores.
func (e *Engine) verifyTuned(ctx context.Context, pairs PairSet, res TuneResult, want []evalmetrics.Scored) error {
	dir, err := os.MkdirTemp("", "nomen-tune-")
	if err != nil {
		return fmt.Errorf("engine: tune: verify: %w", err)
	}
	defer os.RemoveAll(dir)
	var buf bytes.Buffer
	if err := res.WriteProfile(&buf); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "tuned.yaml"), buf.Bytes(), 0o644); err != nil {
		return fmt.Errorf("engine: tune: verify: %w", err)
	}
	e2, err := New(dir)
	if err != nil {
		return fmt.Errorf("engine: tune: the written profile does not load: %w", err)
	}
	got, err := pairs.engineScores(ctx, e2, res.Universe)
	if err != nil {
		return fmt.Errorf("engine: tune: verify: %w", err)
	}
	bad := 0
	first := -1
	for i := range got {
		// Scores are deterministic (record fields sum in name order): exact equality.
		if got[i].Score != want[i].Score {
			bad++
			if first < 0 {
				first = i
			}
		}
	}
	if bad > 0 {
		l, r := pairs.describe(first)
		return fmt.Errorf("engine: tune: verify: the loaded universe scores %d of %d pairs differently from the search (first: %q vs %q: %.4f, search %.4f)",
			bad, len(got), l, r, got[first].Score, want[first].Score)
	}
	return nil
}

// CompareUniverses scores the pairs under universes a and b and writes, side by side: AUC,
// best F1, precision, recall and F1 at each universe's own threshold, the AUC of every
// category, and the pairs on which the two decisions (each at its own threshold) differ, with
// both scores.
func (e *Engine) CompareUniverses(ctx context.Context, pairs []LabelledNamePair, a, b string, w io.Writer) error {
	_, err := e.compareUniverses(ctx, NamePairs(pairs), a, b, w, nil)
	return err
}

// compareUniverses is CompareUniverses, returning both sets of scores; progress (may be nil)
// counts scored pairs.
func (e *Engine) compareUniverses(ctx context.Context, pairs PairSet, a, b string, w io.Writer, bar *progress.Bar) ([2][]evalmetrics.Scored, error) {
	var scores [2][]evalmetrics.Scored
	var ths [2]float64
	if pairs.Len() == 0 {
		return scores, errors.New("engine: compare: no pairs")
	}
	for k, u := range []string{a, b} {
		uu, err := e.universe(u)
		if err != nil {
			return scores, fmt.Errorf("engine: compare: %w", err)
		}
		ths[k] = uu.Threshold
		sc, err := pairs.scorer(e, u, 0)
		if err != nil {
			return scores, fmt.Errorf("engine: compare: %w", err)
		}
		if bar != nil {
			sc.setBar(bar)
		}
		if scores[k], err = sc.score(ctx, nil); err != nil {
			return scores, fmt.Errorf("engine: compare: %w", err)
		}
	}
	bar.Done()
	sw := &errWriter{w: w}
	fa, fb := figures(scores[0], ths[0]), figures(scores[1], ths[1])
	fmt.Fprintf(sw, "== compare %s (A) and %s (B) on %d pairs (%d matches, %d non-matches) ==\n", a, b, fa.N, fa.Pos, fa.Neg)
	tw := tabwriter.NewWriter(sw, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "\tA %s\tB %s\tB-A\t\n", a, b)
	row := func(label string, x, y float64) { fmt.Fprintf(tw, "%s\t%.4f\t%.4f\t%+.4f\t\n", label, x, y, y-x) }
	row("AUC", fa.AUC, fb.AUC)
	row("best F1", fa.BestF1, fb.BestF1)
	row("best-F1 threshold", fa.BestThreshold, fb.BestThreshold)
	row("threshold", fa.Threshold, fb.Threshold)
	row("precision", fa.AtThreshold.Precision, fb.AtThreshold.Precision)
	row("recall", fa.AtThreshold.Recall, fb.AtThreshold.Recall)
	row("F1", fa.AtThreshold.F1, fb.AtThreshold.F1)
	fmt.Fprintf(tw, "TP/FP/FN/TN\t%d/%d/%d/%d\t%d/%d/%d/%d\t\t\n", fa.AtThreshold.TP, fa.AtThreshold.FP, fa.AtThreshold.FN, fa.AtThreshold.TN,
		fb.AtThreshold.TP, fb.AtThreshold.FP, fb.AtThreshold.FN, fb.AtThreshold.TN)
	tw.Flush()

	ca, cb := evalmetrics.ByCategory(scores[0]), evalmetrics.ByCategory(scores[1])
	cats := make([]string, 0, len(ca))
	for c := range ca {
		cats = append(cats, c)
	}
	sort.Strings(cats)
	fmt.Fprintf(sw, "\nper category (AUC; F1 at each universe's threshold)\n")
	tw = tabwriter.NewWriter(sw, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "category\tn\tAUC A\tAUC B\tB-A\tF1 A\tF1 B\t")
	groups := [2]map[string][]evalmetrics.Scored{{}, {}}
	for k := range scores {
		for _, x := range scores[k] {
			groups[k][x.Category] = append(groups[k][x.Category], x)
		}
	}
	for _, c := range cats {
		sa, sb := ca[c], cb[c]
		auc := func(s evalmetrics.Summary) string {
			if s.Pos == 0 || s.Neg == 0 {
				return "n/a"
			}
			return fmt.Sprintf("%.4f", s.AUC)
		}
		delta := "n/a"
		if sa.Pos > 0 && sa.Neg > 0 {
			delta = fmt.Sprintf("%+.4f", sb.AUC-sa.AUC)
		}
		label := c
		if label == "" {
			label = "(none)"
		}
		fmt.Fprintf(tw, "%s\t%d\t%s\t%s\t%s\t%.4f\t%.4f\t\n", label, sa.N, auc(sa), auc(sb), delta,
			evalmetrics.At(groups[0][c], ths[0]).F1, evalmetrics.At(groups[1][c], ths[1]).F1)
	}
	tw.Flush()

	var diff []int
	aRight := 0
	for i := range pairs.Len() {
		da, db := scores[0][i].Score >= ths[0], scores[1][i].Score >= ths[1]
		if da != db {
			diff = append(diff, i)
			if m, _ := pairs.label(i); da == m {
				aRight++
			}
		}
	}
	sort.SliceStable(diff, func(x, y int) bool {
		_, cx := pairs.label(diff[x])
		_, cy := pairs.label(diff[y])
		if cx != cy {
			return cx < cy
		}
		return math.Abs(scores[1][diff[x]].Score-scores[0][diff[x]].Score) > math.Abs(scores[1][diff[y]].Score-scores[0][diff[y]].Score)
	})
	fmt.Fprintf(sw, "\ndecisions that differ: %d (A right %d, B right %d)\n", len(diff), aRight, len(diff)-aRight)
	if len(diff) > 0 {
		tw = tabwriter.NewWriter(sw, 0, 0, 2, ' ', 0)
		c1, c2 := pairs.columns()
		fmt.Fprintf(tw, "A\tB\tgold\tright\tcategory\t%s\t%s\n", c1, c2)
		for _, i := range diff {
			match, cat := pairs.label(i)
			gold, right := "non-match", "A"
			if match {
				gold = "match"
			}
			if (scores[1][i].Score >= ths[1]) == match {
				right = "B"
			}
			l, r := pairs.describe(i)
			fmt.Fprintf(tw, "%.4f\t%.4f\t%s\t%s\t%s\t%q\t%q\n", scores[0][i].Score, scores[1][i].Score, gold, right, cat, l, r)
		}
		tw.Flush()
	}
	if sw.err != nil {
		return scores, fmt.Errorf("engine: compare: %w", sw.err)
	}
	return scores, nil
}

// errWriter remembers the first write error and drops later writes.
type errWriter struct {
	w   io.Writer
	err error
}

func (s *errWriter) Write(p []byte) (int, error) {
	if s.err != nil {
		return 0, s.err
	}
	n, err := s.w.Write(p)
	if err != nil {
		s.err = err
	}
	return n, err
}

// CompareUniversesPlot is CompareUniverses with progress on progressW (nil = none) and, when
// plotPath is set, one SVG per universe (score distributions and precision/recall curve)
// written next to it: plotPath with "-A" and "-B" before the extension. It returns the paths
// written.
func (e *Engine) CompareUniversesPlot(ctx context.Context, pairs []LabelledNamePair, a, b string, w, progressW io.Writer, plotPath string) ([]string, error) {
	return e.CompareUniversesSet(ctx, NamePairs(pairs), a, b, w, progressW, plotPath)
}

// CompareUniversesSet is CompareUniversesPlot for any kind of labelled pairs.
func (e *Engine) CompareUniversesSet(ctx context.Context, pairs PairSet, a, b string, w, progressW io.Writer, plotPath string) ([]string, error) {
	var bar *progress.Bar
	if progressW != nil {
		bar = progress.New(progressW, "compare", "pairs", int64(2*pairs.Len()))
	}
	scores, err := e.compareUniverses(ctx, pairs, a, b, w, bar)
	if err != nil || plotPath == "" {
		return nil, err
	}
	ext := filepath.Ext(plotPath)
	stem := strings.TrimSuffix(plotPath, ext)
	if ext == "" {
		ext = ".svg"
	}
	var paths []string
	for k, tag := range []string{"A", "B"} {
		p := stem + "-" + tag + ext
		if err := WriteScorePlot(p, scores[k]); err != nil {
			return paths, err
		}
		paths = append(paths, p)
	}
	return paths, nil
}

// WriteScorePlot writes the SVG of evalmetrics.WriteSVG (score distributions of matches and
// non-matches, precision/recall curve) to path.
func WriteScorePlot(path string, s []evalmetrics.Scored) error {
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("engine: plot: %w", err)
	}
	if err := evalmetrics.WriteSVG(f, s); err != nil {
		f.Close()
		return fmt.Errorf("engine: plot: %w", err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("engine: plot: %w", err)
	}
	return nil
}
