package engine

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/nomenhq/nomen/internal/cluster"
	"github.com/nomenhq/nomen/matchers/name"
	pdate "github.com/nomenhq/nomen/parsers/date"
)

// The RecordSimilarity route of EvalDedupRecords, printed for comparison after the
// Fellegi–Sunter result (DedupPersonRecords). The weights, the threshold and the
// candidate search were fixed from principles before the first (and only) run on fake_1000,
// which is HELD-OUT and was never tuned on:
//
//   - Weights follow each field's discriminating power (Fellegi–Sunter: log(m/u)). A full
//     e-mail address and a full date of birth almost never agree by chance (u ≈ 1e-4), a full
//     name rarely (u ≈ 1e-3, but common names and shared surnames are frequent), a city often
//     (many people live in London): name, dob and email get 0.3 each, city 0.1.
//   - The average-link threshold is 1 − the largest weight = 0.7: a pair that contradicts
//     itself completely on one heavy field must agree on all the others to be merged. On
//     invented values (not fake_1000) the matchers give different people who share a surname
//     0.75 on the name and addresses at one e-mail domain about 0.6, so two strangers sharing
//     a surname and a domain with a contradicting date of birth score ≈ 0.44, and ≈ 0.62 when
//     the date is missing on one side (weights renormalise over the present fields): below 0.7.
//     A duplicate with a name typo (≈0.97), a date of birth one month off (0.3 by the date
//     matcher's same-year score) and a near e-mail (≈0.97) scores ≈ 0.77: above.
//   - Candidates: every record is compared with the dedupRecordCandidates records that share
//     the most informative blocking keys with it (topCandidates, as Deduplicate does, with
//     twice its per-name count because a record has more keys and more ways to be corrupted).
//     The records are first shuffled with a fixed seed so that the capped windows of very
//     large blocks cannot profit from the file's order (fake_1000 is sorted by cluster).
var fakeRecordFields = map[string]FieldSpec{
	"name":  {Type: FieldName, Weight: fp64(0.3)},
	"dob":   {Type: FieldDate, Weight: fp64(0.3)},
	"email": {Type: FieldString, Weight: fp64(0.3)},
	"city":  {Type: FieldString, Weight: fp64(0.1)},
}

// DedupRecordsThreshold is the average-link threshold of EvalDedupRecords.
const DedupRecordsThreshold = 0.7

// Candidate search of EvalDedupRecords; see fakeRecordFields.
const (
	dedupRecordCandidates = 16
	dedupRecordMaxBlock   = 200
	dedupRecordBatch      = 10 // record pairs per RecordSimilarity call, the service's limit
	dedupRecordSeed       = 20231
)

// fakeRecord is one row of fake_1000.csv.
type fakeRecord struct {
	id, first, surname, dob, city, email, cluster string
}

// readFakeRecords reads fake_1000.csv (unique_id,first_name,surname,dob,city,email,cluster).
func readFakeRecords(r io.Reader) ([]fakeRecord, error) {
	cr := csv.NewReader(r)
	cr.FieldsPerRecord = -1
	rows, err := cr.ReadAll()
	if err != nil {
		return nil, fmt.Errorf("engine: fake_1000: %w", err)
	}
	want := []string{"unique_id", "first_name", "surname", "dob", "city", "email", "cluster"}
	if len(rows) == 0 || strings.Join(rows[0], ",") != strings.Join(want, ",") {
		return nil, fmt.Errorf("engine: fake_1000: unexpected header (want %s)", strings.Join(want, ","))
	}
	out := make([]fakeRecord, 0, len(rows)-1)
	for i, row := range rows[1:] {
		if len(row) != len(want) {
			return nil, fmt.Errorf("engine: fake_1000 line %d: %d columns, want %d", i+2, len(row), len(want))
		}
		for k := range row {
			row[k] = strings.TrimSpace(row[k])
		}
		if row[6] == "" {
			return nil, fmt.Errorf("engine: fake_1000 line %d: no cluster", i+2)
		}
		out = append(out, fakeRecord{id: row[0], first: row[1], surname: row[2], dob: row[3], city: row[4], email: row[5], cluster: row[6]})
	}
	return out, nil
}

// loadFakeRecords reads splink-datasets/fake_1000.csv of dataDir.
func loadFakeRecords(dataDir string) ([]fakeRecord, error) {
	f, err := os.Open(filepath.Join(dataDir, "splink-datasets", "fake_1000.csv"))
	if err != nil {
		return nil, fmt.Errorf("engine: fake_1000: %w", err)
	}
	defer f.Close()
	return readFakeRecords(f)
}

// fullName is the record's first name and surname, "" when both are missing.
func (r fakeRecord) fullName() string { return strings.TrimSpace(r.first + " " + r.surname) }

// fakeRecordJSON maps a record to a record of fakeRecordFields as a caller would send it:
// empty values, and a date of birth that is not a date, are left out (missing).
func fakeRecordJSON(r fakeRecord) map[string]json.RawMessage {
	m := map[string]json.RawMessage{}
	if n := r.fullName(); n != "" {
		m["name"] = rawString(n)
	}
	if r.dob != "" {
		if _, err := pdate.Parse(r.dob, ""); err == nil {
			m["dob"] = rawString(r.dob)
		}
	}
	if r.email != "" {
		m["email"] = rawString(r.email)
	}
	if r.city != "" {
		m["city"] = rawString(r.city)
	}
	return m
}

// fakeRecordKeys are the blocking keys of a record: the blocking keys of its name (nameKeys:
// tokens, phonetic keys, prefixes and suffixes), its date of birth, the local part of its
// e-mail address and its city, so that a record without a name still gets candidates.
func fakeRecordKeys(r fakeRecord, nameKeys []string) []string {
	var k []string
	for _, nk := range nameKeys {
		k = append(k, "n:"+nk)
	}
	if r.dob != "" {
		k = append(k, "dob:"+r.dob)
	}
	if r.email != "" {
		local, _, _ := strings.Cut(strings.ToLower(r.email), "@")
		if local != "" {
			k = append(k, "em:"+local)
		}
	}
	if c := strings.ToLower(strings.Join(strings.Fields(r.city), " ")); c != "" {
		k = append(k, "city:"+c)
	}
	sort.Strings(k)
	return k
}

// EvalDedupRecords deduplicates splink's fake_1000 (HELD-OUT) as person records — first name,
// surname, date of birth, e-mail and city — with DedupPersonRecords: a Fellegi–Sunter model
// fitted without labels on the 1,000 records themselves (u from random pairs, m by EM in
// sessions blocked on date of birth, full name and e-mail, λ by its fixed point), candidate
// pairs from the union of the blocking rules, average linkage over match probabilities at
// PersonDedupThreshold (chosen on the TRAIN-derived DedupRecordsDevSet). The records are
// shuffled with a fixed seed first (the file is sorted by cluster, and the windows of capped
// blocks follow input order). It prints the fitted model, the blocking's share of the true
// pairs, pairwise precision, recall and F1 against the cluster labels and the time; then, for
// comparison, the earlier route: RecordSimilarity scores with fixed weights and average
// linkage at DedupRecordsThreshold.
func EvalDedupRecords(ctx context.Context, e *Engine, dataDir string, stdout io.Writer) error {
	recs, err := loadFakeRecords(dataDir)
	if err != nil {
		return err
	}
	// Shuffle with a fixed seed: the file is sorted by cluster.
	rng := rand.New(rand.NewPCG(dedupRecordSeed, 0x6e6f6d656e))
	rng.Shuffle(len(recs), func(i, j int) { recs[i], recs[j] = recs[j], recs[i] })
	gold := make([]int, len(recs))
	goldID := map[string]int{}
	people := make([]PersonRecord, len(recs))
	for i, r := range recs {
		id, ok := goldID[r.cluster]
		if !ok {
			id = len(goldID)
			goldID[r.cluster] = id
		}
		gold[i] = id
		people[i] = PersonRecord{FirstName: r.first, Surname: r.surname, DOB: r.dob, Email: r.email, City: r.city}
	}
	fmt.Fprintf(stdout, "splink fake_1000 record deduplication (HELD-OUT): %d records, %d true clusters\n", len(recs), len(goldID))

	start := time.Now()
	d := newPersonData(people)
	md, cands, err := fsPrepare(ctx, d, d.trainRules(), d.predictRules(), fsOptions{seed: 1})
	if err != nil {
		return err
	}
	fit := time.Since(start)
	res, err := fsCluster(ctx, d, md, cands, PersonDedupMethod, PersonDedupThreshold)
	if err != nil {
		return err
	}
	total := time.Since(start)
	writeFSModel(stdout, md)
	tc, tp := blockingRecall(cands, gold)
	fmt.Fprintf(stdout, "blocking (union of %d rules): %d candidate pairs, %d of the %d true pairs (%.4f); %d pairs scored; fit %v\n",
		len(d.predictRules()), len(cands), tc, tp, float64(tc)/float64(max(1, tp)), res.scored, fit.Round(time.Millisecond))
	p, r, f1 := cluster.PairwiseF1(res.labels, gold)
	fmt.Fprintf(stdout, "fellegi-sunter     precision %.4f  recall %.4f  F1 %.4f  clusters %d  time %v  (%s linkage at match probability %.2f)\n",
		p, r, f1, maxInt(res.labels)+1, total.Round(time.Millisecond), PersonDedupMethod, PersonDedupThreshold)
	return evalDedupRecordsRS(ctx, e, recs, gold, stdout)
}

// evalDedupRecordsRS is the earlier route, for comparison: each candidate pair scored by
// RecordSimilarity (fakeRecordFields) in batches of dedupRecordBatch pairs, average linkage at
// DedupRecordsThreshold.
func evalDedupRecordsRS(ctx context.Context, e *Engine, recs []fakeRecord, gold []int, stdout io.Writer) error {
	start := time.Now()
	base, shared, err := e.settings("", "", "", "PERSON", nil)
	if err != nil {
		return err
	}
	m0 := e.nameMatcher("", base, shared)
	keys := make([][]string, len(recs))
	js := make([]map[string]json.RawMessage, len(recs))
	noName, noDOB, noEmail, noCity := 0, 0, 0, 0
	for i, r := range recs {
		var nk []string
		if n := r.fullName(); n != "" {
			if p, err := m0.Prepare(name.Input{Text: n}); err == nil {
				nk = p.BlockingKeys()
			}
		}
		keys[i] = fakeRecordKeys(r, nk)
		js[i] = fakeRecordJSON(r)
		for fld, c := range map[string]*int{"name": &noName, "dob": &noDOB, "email": &noEmail, "city": &noCity} {
			if _, ok := js[i][fld]; !ok {
				*c++
			}
		}
	}
	cands := topCandidates(keys, dedupRecordCandidates, dedupRecordMaxBlock)
	// The distinct candidate pairs (i < j), scored up front in batches.
	type pair struct{ i, j int }
	seen := map[pair]bool{}
	var pairs []pair
	for i, cs := range cands {
		for _, j := range cs {
			p := pair{min(i, j), max(i, j)}
			if p.i != p.j && !seen[p] {
				seen[p] = true
				pairs = append(pairs, p)
			}
		}
	}
	sort.Slice(pairs, func(a, b int) bool {
		if pairs[a].i != pairs[b].i {
			return pairs[a].i < pairs[b].i
		}
		return pairs[a].j < pairs[b].j
	})
	truePairs, trueCands := 0, 0
	for _, p := range pairs {
		if gold[p.i] == gold[p.j] {
			trueCands++
		}
	}
	for _, n := range countValues(gold) {
		truePairs += n * (n - 1) / 2
	}
	blockTime := time.Since(start)

	scoreStart := time.Now()
	calls, pairErrors := 0, 0
	var firstErr string
	scoreBatch := func(ps []pair) ([]float64, error) {
		req := RecordRequest{Fields: fakeRecordFields}
		for _, p := range ps {
			req.Left = append(req.Left, js[p.i])
			req.Right = append(req.Right, js[p.j])
		}
		calls++
		res, err := e.RecordSimilarity(ctx, req)
		if err != nil {
			return nil, err
		}
		if len(res) != len(ps) {
			return nil, fmt.Errorf("engine: dedup records: %d results for %d pairs", len(res), len(ps))
		}
		out := make([]float64, len(ps))
		for k, r := range res {
			if r.Error != "" {
				pairErrors++
				if firstErr == "" {
					firstErr = r.Error
				}
				continue
			}
			out[k] = r.Score
		}
		return out, nil
	}
	scores := make(map[pair]float64, len(pairs))
	for lo := 0; lo < len(pairs); lo += dedupRecordBatch {
		hi := min(len(pairs), lo+dedupRecordBatch)
		s, err := scoreBatch(pairs[lo:hi])
		if err != nil {
			return err
		}
		for k, p := range pairs[lo:hi] {
			scores[p] = s[k]
		}
	}
	candTime := time.Since(scoreStart)
	// Average linkage asks for the pairs between clusters it considers merging that the
	// blocking missed; those are scored one per call.
	extra := 0
	var scoreErr error
	score := func(i, j int) float64 {
		p := pair{min(i, j), max(i, j)}
		if s, ok := scores[p]; ok {
			return s
		}
		if scoreErr != nil {
			return 0
		}
		extra++
		s, err := scoreBatch([]pair{p})
		if err != nil {
			scoreErr = err
			return 0
		}
		scores[p] = s[0]
		return s[0]
	}
	labels := cluster.Cluster(len(recs), func(i int) []int { return cands[i] }, score, DedupRecordsThreshold, cluster.AverageLink)
	if scoreErr != nil {
		return scoreErr
	}
	total := time.Since(start)
	prec, rec, f1 := cluster.PairwiseF1(labels, gold)

	fmt.Fprintf(stdout, "for comparison, RecordSimilarity route: %d true pairs; missing: name %d, dob %d, email %d, city %d\n", truePairs, noName, noDOB, noEmail, noCity)
	fmt.Fprintf(stdout, "fields: name (rni_name, 0.3), dob (rni_date, 0.3), email (rni_string, 0.3), city (rni_string, 0.1); average-link threshold %.2f (fixed from principles)\n", DedupRecordsThreshold)
	fmt.Fprintf(stdout, "blocking: top %d candidates per record by shared keys (name keys, dob, e-mail local part, city): %d candidate pairs, %d of the true pairs (%.4f), %v\n",
		dedupRecordCandidates, len(pairs), trueCands, float64(trueCands)/float64(max(1, truePairs)), blockTime.Round(time.Millisecond))
	fmt.Fprintf(stdout, "scoring: %d RecordSimilarity calls (≤ %d pairs each), %d candidate pairs in %v, %d more pairs scored by average linkage, %d pair errors\n",
		calls, dedupRecordBatch, len(pairs), candTime.Round(time.Millisecond), extra, pairErrors)
	if firstErr != "" {
		fmt.Fprintf(stdout, "first pair error: %s\n", firstErr)
	}
	fmt.Fprintf(stdout, "recordsim avg-link precision %.4f  recall %.4f  F1 %.4f  clusters %d  time %v\n",
		prec, rec, f1, maxInt(labels)+1, total.Round(time.Millisecond))
	return nil
}

// countValues returns how often each value occurs.
func countValues(v []int) map[int]int {
	out := map[int]int{}
	for _, x := range v {
		out[x]++
	}
	return out
}
