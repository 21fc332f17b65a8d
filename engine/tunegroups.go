package engine

import (
	"context"
	"encoding/json"
	"fmt"
	"runtime"
	"sort"
	"strings"
	"sync"

	"github.com/nomenhq/nomen/internal/evalmetrics"
	"github.com/nomenhq/nomen/internal/progress"
	"github.com/nomenhq/nomen/matchers/address"
	addr "github.com/nomenhq/nomen/parsers/address"
)

// Tuning and comparing on labelled pairs of any kind: names, addresses and records. A PairSet
// knows its labels, how to score all its pairs quickly under candidate overrides (pairScorer),
// and how to score them through the engine's public API (to verify a written profile).

// PairSet is a set of labelled pairs that TuneSearchSet and CompareUniversesSet accept. Build
// one with NamePairs, AddressPairs or RecordPairs.
type PairSet interface {
	// Len is the number of pairs.
	Len() int
	// Kind is "names", "addresses" or "records".
	Kind() string
	label(i int) (match bool, category string)
	describe(i int) (left, right string)
	columns() (left, right string)
	groups() []string
	scorer(e *Engine, universe string, workers int) (pairScorer, error)
	engineScores(ctx context.Context, e *Engine, universe string) ([]evalmetrics.Scored, error)
}

// pairScorer scores every pair of a set under a universe with candidate overrides (validated
// like request parameters). It must give the scores of the engine's public API.
type pairScorer interface {
	score(ctx context.Context, overrides map[string]string) ([]evalmetrics.Scored, error)
	setBar(b *progress.Bar)
}

func (s *tuneScorer) setBar(b *progress.Bar) { s.bar = b }

// NamePairs wraps labelled name pairs (group "name").
func NamePairs(p []LabelledNamePair) PairSet { return namePairSet(p) }

type namePairSet []LabelledNamePair

func (s namePairSet) Len() int                   { return len(s) }
func (s namePairSet) Kind() string               { return "names" }
func (s namePairSet) label(i int) (bool, string) { return s[i].Match, s[i].Category }
func (s namePairSet) describe(i int) (string, string) {
	return s[i].Name1.Text, s[i].Name2.Text
}
func (s namePairSet) columns() (string, string) { return "name1", "name2" }
func (s namePairSet) groups() []string          { return []string{"name"} }
func (s namePairSet) scorer(e *Engine, universe string, workers int) (pairScorer, error) {
	return e.newTuneScorer(universe, s, workers)
}
func (s namePairSet) engineScores(ctx context.Context, e *Engine, universe string) ([]evalmetrics.Scored, error) {
	return e.ScoreNamePairs(ctx, s, universe, nil)
}

// AddressPairs wraps labelled address pairs (group "address").
func AddressPairs(p []address.Pair) PairSet { return addressPairSet(p) }

type addressPairSet []address.Pair

func (s addressPairSet) Len() int                   { return len(s) }
func (s addressPairSet) Kind() string               { return "addresses" }
func (s addressPairSet) label(i int) (bool, string) { return s[i].Match, s[i].Category }
func (s addressPairSet) describe(i int) (string, string) {
	return s[i].Address1, s[i].Address2
}
func (s addressPairSet) columns() (string, string) { return "address1", "address2" }
func (s addressPairSet) groups() []string          { return []string{"address"} }

func (s addressPairSet) scorer(e *Engine, universe string, workers int) (pairScorer, error) {
	if _, err := e.universe(universe); err != nil {
		return nil, err
	}
	sc := &addressScorer{e: e, universe: universe, pairs: s, fields: make([][2]*addr.Fields, len(s)), workers: workers}
	for i, p := range s {
		a, errA := ParseAddress(p.Address1)
		b, errB := ParseAddress(p.Address2)
		if errA == nil && errB == nil {
			sc.fields[i] = [2]*addr.Fields{&a, &b}
		}
	}
	return sc, nil
}

// ScoreAddressPairs scores every pair through AddressSimilarity under a universe and request
// parameters; a pair whose addresses cannot be parsed scores 0.
func (e *Engine) ScoreAddressPairs(ctx context.Context, pairs []address.Pair, universe string, params map[string]string) ([]evalmetrics.Scored, error) {
	if _, _, err := e.settings(universe, "", "", "LOCATION", params); err != nil {
		return nil, err
	}
	out := make([]evalmetrics.Scored, len(pairs))
	for i, p := range pairs {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		res, _ := e.AddressSimilarity(ctx, AddressRequest{Address1: AddressInput{Text: p.Address1}, Address2: AddressInput{Text: p.Address2},
			Universe: universe, Parameters: params})
		out[i] = evalmetrics.Scored{Score: res.Score, Match: p.Match, Category: p.Category}
	}
	return out, nil
}

func (s addressPairSet) engineScores(ctx context.Context, e *Engine, universe string) ([]evalmetrics.Scored, error) {
	return e.ScoreAddressPairs(ctx, s, universe, nil)
}

// addressScorer parses every address once and builds one matcher per candidate.
type addressScorer struct {
	e        *Engine
	universe string
	pairs    addressPairSet
	fields   [][2]*addr.Fields // nil when either address does not parse
	workers  int
	bar      *progress.Bar
}

func (s *addressScorer) setBar(b *progress.Bar) { s.bar = b }

func (s *addressScorer) score(ctx context.Context, overrides map[string]string) ([]evalmetrics.Scored, error) {
	st, _, err := s.e.settings(s.universe, "", "", "LOCATION", overrides)
	if err != nil {
		return nil, err
	}
	m := address.New(st.Address)
	out := make([]evalmetrics.Scored, len(s.pairs))
	err = parallelPairs(ctx, len(s.pairs), s.workers, s.bar, func(i int) {
		p := s.pairs[i]
		out[i] = evalmetrics.Scored{Match: p.Match, Category: p.Category}
		if f := s.fields[i]; f[0] != nil {
			out[i].Score = m.Compare(*f[0], *f[1]).Score
		}
	})
	return out, err
}

// parallelPairs runs f(i) for i in [0, n) on workers goroutines (0 = GOMAXPROCS), in chunks,
// stopping early when ctx is done.
func parallelPairs(ctx context.Context, n, workers int, bar *progress.Bar, f func(i int)) error {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	const chunk = 32
	next := make(chan int)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for start := range next {
				end := min(start+chunk, n)
				for i := start; i < end; i++ {
					f(i)
				}
				bar.Add(int64(end - start))
			}
		}()
	}
	var err error
	for start := 0; start < n; start += chunk {
		if err = ctx.Err(); err != nil {
			break
		}
		next <- start
	}
	close(next)
	wg.Wait()
	return err
}

// RecordPairs wraps labelled record pairs (groups name, date, string, number, boolean and
// address).
func RecordPairs(p []LabelledRecordPair) PairSet { return recordPairSet(p) }

type recordPairSet []LabelledRecordPair

func (s recordPairSet) Len() int                   { return len(s) }
func (s recordPairSet) Kind() string               { return "records" }
func (s recordPairSet) label(i int) (bool, string) { return s[i].Match, s[i].Category }
func (s recordPairSet) describe(i int) (string, string) {
	return recordText(s[i].Left), recordText(s[i].Right)
}
func (s recordPairSet) columns() (string, string) { return "left", "right" }
func (s recordPairSet) groups() []string {
	return []string{"name", "date", "string", "number", "boolean", "address"}
}
func (s recordPairSet) scorer(e *Engine, universe string, workers int) (pairScorer, error) {
	if _, err := e.universe(universe); err != nil {
		return nil, err
	}
	return &recordPairScorer{e: e, universe: universe, pairs: s, workers: workers}, nil
}
func (s recordPairSet) engineScores(ctx context.Context, e *Engine, universe string) ([]evalmetrics.Scored, error) {
	return e.ScoreRecordPairs(ctx, s, universe, nil)
}

// recordText renders a record compactly, keys sorted: "dob=1980-01-02 name=John Smith".
func recordText(r map[string]json.RawMessage) string {
	keys := make([]string, 0, len(r))
	for k := range r {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, 0, len(keys))
	for _, k := range keys {
		v := string(r[k])
		var str string
		if json.Unmarshal(r[k], &str) == nil {
			v = str
		}
		parts = append(parts, k+"="+v)
	}
	return strings.Join(parts, " ")
}

// recordPairScorer scores each pair through RecordSimilarity with the overrides as request
// parameters: record scoring resolves settings per field, so the engine path is the scorer.
type recordPairScorer struct {
	e        *Engine
	universe string
	pairs    recordPairSet
	workers  int
	bar      *progress.Bar
}

func (s *recordPairScorer) setBar(b *progress.Bar) { s.bar = b }

func (s *recordPairScorer) score(ctx context.Context, overrides map[string]string) ([]evalmetrics.Scored, error) {
	if _, _, err := s.e.settings(s.universe, "", "", "", overrides); err != nil {
		return nil, err
	}
	out := make([]evalmetrics.Scored, len(s.pairs))
	err := parallelPairs(ctx, len(s.pairs), s.workers, s.bar, func(i int) {
		out[i] = s.e.scoreRecordPair(ctx, s.pairs[i], s.universe, overrides, false).Scored
	})
	return out, err
}

// scoredRecordPair is one record pair's score and, when asked, its explanation.
type scoredRecordPair struct {
	evalmetrics.Scored
	Explain *RecordExplain
	Error   string
}

// scoreRecordPair scores one labelled record pair; a pair that cannot be scored scores 0 and
// carries the error.
func (e *Engine) scoreRecordPair(ctx context.Context, p LabelledRecordPair, universe string, params map[string]string, explain bool) scoredRecordPair {
	out := scoredRecordPair{Scored: evalmetrics.Scored{Match: p.Match, Category: p.Category}}
	res, err := e.RecordSimilarity(ctx, RecordRequest{Fields: p.Fields, Left: []map[string]json.RawMessage{p.Left},
		Right: []map[string]json.RawMessage{p.Right}, Explain: explain, Parameters: params, Universe: universe})
	switch {
	case err != nil:
		out.Error = err.Error()
	case len(res) != 1:
		out.Error = fmt.Sprintf("%d results for one pair", len(res))
	case res[0].Error != "":
		out.Error = res[0].Error
	default:
		out.Score, out.Explain = res[0].Score, res[0].ExplainInfo
	}
	return out
}
