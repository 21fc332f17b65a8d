package engine

import (
	"bufio"
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
	"github.com/nomenhq/nomen/internal/phonetic"
	"github.com/nomenhq/nomen/matchers/name"
	pdate "github.com/nomenhq/nomen/parsers/date"
	"github.com/ulikunitz/xz"
)

// Febrl linkage setup. The weights and the threshold were fixed from principles before the
// first run on Febrl (HELD-OUT; never tuned on it): the field weights follow the
// discriminating power of each field (Fellegi–Sunter: an identity number and a full date of
// birth rarely agree by chance, a name less rarely, an address least, as many people share a
// suburb and post code); the threshold sits between a pair that agrees on all fields but one
// (score ≥ 1 − the largest weight = 0.7) and a random pair from the same block, which agrees on
// a post code or surname only (≈ 0.2–0.35).
var febrlFields = map[string]FieldSpec{
	"name":    {Type: FieldName, Weight: fp64(0.3)},
	"address": {Type: FieldAddress, Weight: fp64(0.2)},
	"dob":     {Type: FieldDate, Weight: fp64(0.25)},
	"ssn":     {Type: FieldString, Weight: fp64(0.25)},
}

// FebrlThreshold is the record score above which a Febrl pair is called a match.
const FebrlThreshold = 0.6

func fp64(v float64) *float64 { return &v }

type febrlRecord struct {
	id, entity                                                              string
	given, surname, number, addr1, addr2, suburb, postcode, state, dob, ssn string
}

func readFebrl(path string) ([]febrlRecord, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("engine: febrl: %w", err)
	}
	defer f.Close()
	r := csv.NewReader(bufio.NewReader(f))
	r.TrimLeadingSpace = true
	r.FieldsPerRecord = -1
	var out []febrlRecord
	for line := 0; ; line++ {
		row, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("engine: febrl %s: %w", path, err)
		}
		if line == 0 {
			continue
		}
		if len(row) != 11 {
			return nil, fmt.Errorf("engine: febrl %s line %d: %d columns", path, line+1, len(row))
		}
		for i := range row {
			row[i] = strings.TrimSpace(row[i])
		}
		rec := febrlRecord{id: row[0], given: row[1], surname: row[2], number: row[3], addr1: row[4], addr2: row[5],
			suburb: row[6], postcode: row[7], state: row[8], dob: row[9], ssn: row[10]}
		// rec-<N>-org and rec-<N>-dup-<k> denote entity N.
		parts := strings.Split(rec.id, "-")
		if len(parts) < 3 {
			return nil, fmt.Errorf("engine: febrl %s line %d: bad rec_id %q", path, line+1, rec.id)
		}
		rec.entity = parts[1]
		out = append(out, rec)
	}
	return out, nil
}

func rawString(s string) json.RawMessage {
	b, _ := json.Marshal(s)
	return b
}

// febrlRecordJSON maps a Febrl record to a record of febrlFields. Empty values are left out
// (missing), and so is a date of birth that is not a valid date (Febrl corrupts some), as a
// caller would clean them.
func febrlRecordJSON(r febrlRecord) map[string]json.RawMessage {
	m := map[string]json.RawMessage{}
	if n := strings.TrimSpace(r.given + " " + r.surname); n != "" {
		m["name"] = rawString(n)
	}
	a := map[string]string{}
	for k, v := range map[string]string{"houseNumber": r.number, "road": r.addr1, "house": r.addr2, "city": r.suburb, "postCode": r.postcode, "state": r.state} {
		if v != "" {
			a[k] = v
		}
	}
	if len(a) > 0 {
		b, _ := json.Marshal(a)
		m["address"] = b
	}
	if r.dob != "" {
		if _, err := pdate.Parse(r.dob, "yyyyMMdd"); err == nil {
			m["dob"], _ = json.Marshal(DateValue{Date: r.dob, Format: "yyyyMMdd"})
		}
	}
	if r.ssn != "" {
		m["ssn"] = rawString(r.ssn)
	}
	return m
}

// febrlKeys are the blocking keys of a record: Double Metaphone of the surname and of the
// given name, the post code, the date of birth and the identity number.
func febrlKeys(r febrlRecord) []string {
	var k []string
	if r.surname != "" {
		p, _ := phonetic.DoubleMetaphone(r.surname)
		k = append(k, "s:"+p)
	}
	if r.given != "" && r.surname != "" {
		p, _ := phonetic.DoubleMetaphone(r.given)
		q, _ := phonetic.DoubleMetaphone(r.surname)
		k = append(k, "gs:"+p+"|"+q[:min(2, len(q))])
	}
	for pre, v := range map[string]string{"pc:": r.postcode, "dob:": r.dob, "ssn:": r.ssn} {
		if v != "" {
			k = append(k, pre+v)
		}
	}
	sort.Strings(k)
	return k
}

// EvalRecords links Febrl dataset 4a to 4b (HELD-OUT) with RecordSimilarity over name,
// address, date and string fields: blocking on surname and given-name phonetic keys, post code,
// date of birth and identity number; a pair is a match when its score is above
// FebrlThreshold. It prints pairwise precision, recall and F1 (recall over all true pairs,
// blocking misses included), the same after keeping only mutual best matches (each record
// has at most one true match in the other file), and the throughput.
func EvalRecords(ctx context.Context, e *Engine, dataDir string, stdout io.Writer) error {
	return evalRecords(ctx, e, dataDir, stdout, 0)
}

// evalRecords is EvalRecords on the first limit records of 4a and the records of 4b that
// match them or are among its first limit (limit 0: all).
func evalRecords(ctx context.Context, e *Engine, dataDir string, stdout io.Writer, limit int) error {
	a, err := readFebrl(filepath.Join(dataDir, "febrl", "dataset4a.csv"))
	if err != nil {
		return err
	}
	b, err := readFebrl(filepath.Join(dataDir, "febrl", "dataset4b.csv"))
	if err != nil {
		return err
	}
	if limit > 0 && limit < len(a) {
		a = a[:limit]
		keep := map[string]bool{}
		for _, r := range a {
			keep[r.entity] = true
		}
		var bb []febrlRecord
		for i, r := range b {
			if i < limit || keep[r.entity] {
				bb = append(bb, r)
			}
		}
		b = bb
	}
	truth := 0
	inB := map[string]int{}
	for _, r := range b {
		inB[r.entity]++
	}
	for _, r := range a {
		truth += inB[r.entity]
	}
	start := time.Now()
	blk := cluster.NewBlocker(200)
	for i, r := range a {
		if err := blk.Add(i, febrlKeys(r)...); err != nil {
			return err
		}
	}
	for j, r := range b {
		if err := blk.Add(len(a)+j, febrlKeys(r)...); err != nil {
			return err
		}
	}
	var pairs [][2]int
	for _, p := range blk.Pairs() {
		if p[0] < len(a) && p[1] >= len(a) {
			pairs = append(pairs, [2]int{p[0], p[1] - len(a)})
		}
	}
	blockTime := time.Since(start)
	ja := make([]map[string]json.RawMessage, len(a))
	for i, r := range a {
		ja[i] = febrlRecordJSON(r)
	}
	jb := make([]map[string]json.RawMessage, len(b))
	for i, r := range b {
		jb[i] = febrlRecordJSON(r)
	}
	scores := make([]float64, len(pairs))
	errors := 0
	const batch = 500
	scoreStart := time.Now()
	for lo := 0; lo < len(pairs); lo += batch {
		hi := min(len(pairs), lo+batch)
		req := RecordRequest{Fields: febrlFields}
		for _, p := range pairs[lo:hi] {
			req.Left = append(req.Left, ja[p[0]])
			req.Right = append(req.Right, jb[p[1]])
		}
		res, err := e.RecordSimilarity(ctx, req)
		if err != nil {
			return err
		}
		for i, r := range res {
			if r.Error != "" {
				errors++
				if errors <= 3 {
					fmt.Fprintf(stdout, "pair error: %s\n", r.Error)
				}
			}
			scores[lo+i] = r.Score
		}
	}
	scoreTime := time.Since(scoreStart)
	found := 0
	for _, p := range pairs {
		if a[p[0]].entity == b[p[1]].entity {
			found++
		}
	}
	fmt.Fprintf(stdout, "Febrl 4a × 4b record linkage (HELD-OUT): %d × %d records, %d true pairs\n", len(a), len(b), truth)
	fmt.Fprintf(stdout, "fields: name (rni_name, 0.3), address (rni_address, 0.2), dob (rni_date, 0.25), soc_sec_id (rni_string, 0.25); threshold %.2f (fixed from principles)\n", FebrlThreshold)
	fmt.Fprintf(stdout, "blocking: %d candidate pairs (%.4f%% of all), pair completeness %.4f, %v\n",
		len(pairs), 100*float64(len(pairs))/float64(len(a)*len(b)), float64(found)/float64(truth), blockTime.Round(time.Millisecond))
	report := func(label string, keep func(i int) bool) {
		tp, fp := 0, 0
		for i, p := range pairs {
			if !keep(i) {
				continue
			}
			if a[p[0]].entity == b[p[1]].entity {
				tp++
			} else {
				fp++
			}
		}
		prec, rec := 1.0, 0.0
		if tp+fp > 0 {
			prec = float64(tp) / float64(tp+fp)
		}
		if truth > 0 {
			rec = float64(tp) / float64(truth)
		}
		f1 := 0.0
		if prec+rec > 0 {
			f1 = 2 * prec * rec / (prec + rec)
		}
		fmt.Fprintf(stdout, "%-28s precision %.4f  recall %.4f  F1 %.4f  (tp %d, fp %d, fn %d)\n", label, prec, rec, f1, tp, fp, truth-tp)
	}
	report("score > threshold:", func(i int) bool { return scores[i] > FebrlThreshold })
	// Mutual best: the pair is the best-scoring one of both its records.
	bestA, bestB := map[int]int{}, map[int]int{}
	for i, p := range pairs {
		if k, ok := bestA[p[0]]; !ok || scores[i] > scores[k] {
			bestA[p[0]] = i
		}
		if k, ok := bestB[p[1]]; !ok || scores[i] > scores[k] {
			bestB[p[1]] = i
		}
	}
	report("mutual best, > threshold:", func(i int) bool {
		p := pairs[i]
		return scores[i] > FebrlThreshold && bestA[p[0]] == i && bestB[p[1]] == i
	})
	fmt.Fprintf(stdout, "scoring: %d pairs in %v (%.0f pairs/s, one goroutine), %d pair errors\n",
		len(pairs), scoreTime.Round(time.Millisecond), float64(len(pairs))/scoreTime.Seconds(), errors)
	return nil
}

// EvalDedup clusters the full names (first name + surname) of splink's fake_1000 (HELD-OUT)
// with Deduplicate at its default threshold and prints pairwise precision, recall
// and F1 against its cluster labels, and the time. The records also carry a date of birth,
// city and e-mail; only the name is used, so this measures what the name alone achieves.
func EvalDedup(ctx context.Context, e *Engine, dataDir string, stdout io.Writer) error {
	recs, err := loadFakeRecords(dataDir)
	if err != nil {
		return err
	}
	var names []name.Input
	var gold []int
	goldID := map[string]int{}
	empty := 0
	for _, r := range recs {
		text := r.fullName()
		if text == "" {
			empty++
		}
		names = append(names, name.Input{Text: text})
		id, ok := goldID[r.cluster]
		if !ok {
			id = len(goldID)
			goldID[r.cluster] = id
		}
		gold = append(gold, id)
	}
	th, err := e.Threshold("")
	if err != nil {
		return err
	}
	th = max(0, th-DedupThresholdMargin)
	fmt.Fprintf(stdout, "splink fake_1000 name deduplication (HELD-OUT): %d names (%d without any name part), %d true clusters; name only; threshold %.2f\n",
		len(names), empty, len(goldID), th)
	for _, m := range []cluster.Method{cluster.Star, cluster.AverageLink, cluster.Single} {
		var st DedupStats
		start := time.Now()
		ids, err := e.DeduplicateWith(ctx, names, nil, "", nil, DedupOptions{Method: m, UseMethod: true, Stats: &st})
		if err != nil {
			return err
		}
		el := time.Since(start)
		pred := make([]int, len(ids))
		for i, s := range ids {
			fmt.Sscan(s, &pred[i])
		}
		p, r, f1 := cluster.PairwiseF1(pred, gold)
		label := m.String()
		if m == DedupMethod {
			label += " (default)"
		}
		fmt.Fprintf(stdout, "%-18s precision %.4f  recall %.4f  F1 %.4f  clusters %d  candidates %d  scored %d  time %v\n",
			label, p, r, f1, maxInt(pred), st.Candidates, st.Scored, el.Round(time.Millisecond))
	}
	return nil
}

func maxInt(v []int) int {
	m := 0
	for _, x := range v {
		m = max(m, x)
	}
	return m
}

// DedupDevSet builds a labelled deduplication set of n names from TRAIN data only, for
// choosing the clustering method and checking the threshold: given names from nltk-names,
// family names from the English side of wikidata-name-transliteration's _80 Russian file
// (tokens seen at least 5 times that are not given names), with their most frequent Russian
// spelling. Each entity gets 1 to 5 names; every name after the first is the first one with
// one or two corruptions: a typo (deletion, insertion, substitution or transposition), a
// nickname (nicknames table), the given name reduced to an initial, a dropped given or family
// name, swapped order, or the whole name in Cyrillic. Random choices come from a PCG generator
// with a fixed seed, so the set is a pure function of the files and the seed.
func DedupDevSet(dataDir string, n int, seed uint64) ([]name.Input, []int, error) {
	src, err := loadDevSources(dataDir)
	if err != nil {
		return nil, nil, err
	}
	names, gold := src.generate(n, seed)
	return names, gold, nil
}

func loadDevSources(dataDir string) (devSources, error) {
	var given []string
	isGiven := map[string]bool{}
	for _, f := range []string{"male.txt", "female.txt"} {
		b, err := os.ReadFile(filepath.Join(dataDir, "nltk-names", f))
		if err != nil {
			return devSources{}, fmt.Errorf("engine: dev set: %w", err)
		}
		for _, l := range strings.Split(string(b), "\n") {
			l = strings.TrimSpace(l)
			if l == "" || strings.HasPrefix(l, "#") || isGiven[strings.ToLower(l)] {
				continue
			}
			isGiven[strings.ToLower(l)] = true
			given = append(given, l)
		}
	}
	nick := map[string][]string{}
	nb, err := os.ReadFile(filepath.Join(dataDir, "nicknames", "names.csv"))
	if err != nil {
		return devSources{}, fmt.Errorf("engine: dev set: %w", err)
	}
	for _, l := range strings.Split(string(nb), "\n")[1:] {
		p := strings.Split(strings.TrimSpace(l), ",")
		if len(p) == 3 && p[1] == "has_nickname" {
			nick[p[0]] = append(nick[p[0]], p[2])
		}
	}
	cyr := map[string]string{}
	cyrN := map[string]int{}
	out, err := xzLines(filepath.Join(dataDir, "wikidata-name-transliteration", "wd_russian_80.tsv.xz"))
	if err != nil {
		return devSources{}, err
	}
	var family []string
	for _, l := range out {
		p := strings.Split(l, "\t")
		if len(p) != 3 {
			continue
		}
		var c int
		fmt.Sscan(p[2], &c)
		if c > cyrN[p[0]] {
			if cyrN[p[0]] == 0 && c >= 5 && !isGiven[p[0]] && len(p[0]) >= 3 {
				family = append(family, p[0])
			}
			cyrN[p[0]] = c
			cyr[p[0]] = strings.ReplaceAll(p[1], " ", "")
		}
	}
	sort.Strings(family)
	if len(given) == 0 || len(family) == 0 {
		return devSources{}, fmt.Errorf("engine: dev set: no names in %s", dataDir)
	}
	return devSources{given: given, family: family, nick: nick, cyr: cyr}, nil
}

// devSources are the TRAIN name lists behind DedupDevSet.
type devSources struct {
	given, family []string
	nick          map[string][]string
	cyr           map[string]string // English token → most frequent Russian spelling
}

func (src devSources) generate(n int, seed uint64) ([]name.Input, []int) {
	given, family, nick, cyr := src.given, src.family, src.nick, src.cyr
	r := rand.New(rand.NewPCG(seed, 0x6e6f6d656e))
	title := func(s string) string {
		rs := []rune(s)
		if len(rs) == 0 {
			return s
		}
		return strings.ToUpper(string(rs[:1])) + string(rs[1:])
	}
	typo := func(s string) string { return randomTypo(r, s) }
	var names []name.Input
	var gold []int
	for c := 0; len(names) < n; c++ {
		g := given[r.IntN(len(given))]
		f := title(family[r.IntN(len(family))])
		size := 1 + r.IntN(5)
		for k := 0; k < size && len(names) < n; k++ {
			gg, ff, swap := g, f, false
			text := ""
			for m := 0; m < 1+r.IntN(2) && k > 0; m++ {
				switch r.IntN(7) {
				case 0:
					if r.IntN(2) == 0 {
						gg = typo(gg)
					} else {
						ff = typo(ff)
					}
				case 1:
					if ns := nick[strings.ToLower(g)]; len(ns) > 0 {
						gg = title(ns[r.IntN(len(ns))])
					}
				case 2:
					if rs := []rune(gg); len(rs) > 0 {
						gg = string(rs[:1]) + "."
					}
				case 3:
					if r.IntN(3) == 0 {
						gg = ""
					} else {
						ff = ""
					}
				case 4:
					swap = true
				case 5:
					cg, okg := cyr[strings.ToLower(g)]
					cf, okf := cyr[strings.ToLower(f)]
					if okg && okf {
						text = title(cg) + " " + title(cf)
					}
				default:
					ff = typo(ff)
				}
			}
			if text == "" {
				if swap && gg != "" && ff != "" {
					text = ff + " " + gg
				} else {
					text = strings.TrimSpace(gg + " " + ff)
				}
			}
			names = append(names, name.Input{Text: text})
			gold = append(gold, c)
		}
	}
	r.Shuffle(len(names), func(i, j int) { names[i], names[j] = names[j], names[i]; gold[i], gold[j] = gold[j], gold[i] })
	return names, gold
}

func xzLines(path string) ([]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("engine: %w", err)
	}
	defer f.Close()
	zr, err := xz.NewReader(bufio.NewReader(f))
	if err != nil {
		return nil, fmt.Errorf("engine: %s: %w", path, err)
	}
	var out []string
	sc := bufio.NewScanner(zr)
	for sc.Scan() {
		out = append(out, sc.Text())
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("engine: %s: %w", path, err)
	}
	return out, nil
}

// EvalDedupDev reports pairwise precision, recall and F1 of each clustering method at several
// thresholds on DedupDevSet (TRAIN-derived; 1000 names, seed 1). This is the set DedupMethod
// was chosen on.
func EvalDedupDev(ctx context.Context, e *Engine, dataDir string, stdout io.Writer) error {
	names, gold, err := DedupDevSet(dataDir, 1000, 1)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "dedup dev set (TRAIN: nltk-names, nicknames, wikidata _80 Russian): %d names, %d clusters\n", len(names), maxInt(gold)+1)
	for _, th := range []float64{0.6, 0.65, 0.7, 0.75, 0.8, 0.85} {
		for _, m := range []cluster.Method{cluster.AverageLink, cluster.Star, cluster.Single} {
			var st DedupStats
			start := time.Now()
			ids, err := e.DeduplicateWith(ctx, names, &th, "", nil, DedupOptions{Method: m, UseMethod: true, Stats: &st})
			if err != nil {
				return err
			}
			el := time.Since(start)
			pred := make([]int, len(ids))
			for i, s := range ids {
				fmt.Sscan(s, &pred[i])
			}
			p, r, f1 := cluster.PairwiseF1(pred, gold)
			fmt.Fprintf(stdout, "threshold %.2f %-8s precision %.4f  recall %.4f  F1 %.4f  scored %d  time %v\n", th, m, p, r, f1, st.Scored, el.Round(time.Millisecond))
		}
	}
	return nil
}

// randomTypo makes one random edit to s after its first rune (a deletion, an insertion, a
// substitution or a transposition), as the generated development sets corrupt names; words
// shorter than three runes are left alone.
func randomTypo(r *rand.Rand, s string) string {
	rs := []rune(s)
	if len(rs) < 3 {
		return s
	}
	i := 1 + r.IntN(len(rs)-1)
	switch r.IntN(4) {
	case 0:
		rs = append(rs[:i:i], rs[i+1:]...)
	case 1:
		rs = append(rs[:i:i], append([]rune{rune('a' + r.IntN(26))}, rs[i:]...)...)
	case 2:
		rs[i] = rune('a' + r.IntN(26))
	default:
		if i+1 < len(rs) {
			rs[i], rs[i+1] = rs[i+1], rs[i]
		}
	}
	return string(rs)
}
