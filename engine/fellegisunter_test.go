package engine

import (
	"bytes"
	"context"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/nomenhq/nomen/internal/cluster"
	"github.com/nomenhq/nomen/internal/strsim"
)

func TestPersonLevels(t *testing.T) {
	tests := []struct {
		name string
		a, b PersonRecord
		want [5]int8 // first, surname, dob, email, city
	}{
		{"identical", PersonRecord{"Robert", "Allen", "1971-06-24", "robert255@smith.net", "London"},
			PersonRecord{"robert", " ALLEN ", "1971-06-24", "Robert255@smith.net", "london"}, [5]int8{4, 4, 6, 3, 2}},
		{"missing", PersonRecord{"Robert", "", "", "", ""}, PersonRecord{"", "Allen", "1971-06-24", "x@y.z", "Leeds"},
			[5]int8{fsNull, fsNull, fsNull, fsNull, fsNull}},
		{"one edit, month off, local part, fuzzy city", PersonRecord{"Robert", "Alen", "1971-06-24", "robert255@smith.net", "London"},
			PersonRecord{"Robbert", "Allen", "1971-05-24", "robert255@gmail.com", "Lonon"}, [5]int8{3, 3, 5, 2, 1}},
		{"jaro-winkler, day/month swapped, local edits", PersonRecord{"Robert", "Allenby", "1971-06-04", "robert255@smith.net", "Paris"},
			PersonRecord{"Roberto", "Allenbury", "1971-04-06", "roberta25@smith.net", "Leeds"}, [5]int8{3, 2, 4, 1, 0}},
		{"weak name, days apart", PersonRecord{"Rob", "Smith", "1971-06-24", "", ""}, PersonRecord{"Robert", "Smithers", "1971-07-20", "", ""},
			[5]int8{1, 2, 3, fsNull, fsNull}},
		{"else, year apart", PersonRecord{"Anna", "Kowalski", "1971-06-24", "akowalski@b.c", ""}, PersonRecord{"Peter", "Zhang", "1972-03-11", "pzhang@b.c", ""},
			[5]int8{0, 0, 2, 0, fsNull}},
		{"dates years apart and unparseable", PersonRecord{DOB: "1971-06-24"}, PersonRecord{DOB: "1979-01-02"}, [5]int8{fsNull, fsNull, 1, fsNull, fsNull}},
		{"dates decades apart", PersonRecord{DOB: "1931-06-24"}, PersonRecord{DOB: "1979-01-02"}, [5]int8{fsNull, fsNull, 0, fsNull, fsNull}},
		{"bad date", PersonRecord{DOB: "1971-06-24"}, PersonRecord{DOB: "not a date"}, [5]int8{fsNull, fsNull, fsNull, fsNull, fsNull}},
		{"year only", PersonRecord{DOB: "1971"}, PersonRecord{DOB: "1971-06-24"}, [5]int8{fsNull, fsNull, 2, fsNull, fsNull}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d := newPersonData([]PersonRecord{tc.a, tc.b})
			lv := make([]int8, len(personComparisons))
			d.compare(0, 1, lv)
			if !slices.Equal(lv, tc.want[:]) {
				t.Errorf("levels %v, want %v", lv, tc.want)
			}
			d.compare(1, 0, lv)
			if !slices.Equal(lv, tc.want[:]) {
				t.Errorf("reversed: levels %v, want %v", lv, tc.want)
			}
		})
	}
}

// TestWithinEdits checks the fast paths against strsim.DamerauOSA on random short strings.
func TestWithinEdits(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	alpha := []rune("abcé-1")
	word := func() string {
		rs := make([]rune, r.IntN(6))
		for i := range rs {
			rs[i] = alpha[r.IntN(len(alpha))]
		}
		return string(rs)
	}
	for range 20000 {
		a, b := word(), word()
		if rs := []rune(a); r.IntN(2) == 0 && len(rs) > 1 { // near copies are the interesting case
			i := r.IntN(len(rs) - 1)
			rs[i], rs[i+1] = rs[i+1], rs[i]
			b = string(rs)
		}
		for k := 1; k <= 2; k++ {
			if got, want := withinEdits(a, b, k), strsim.DamerauOSA(a, b) <= k; got != want {
				t.Fatalf("withinEdits(%q, %q, %d) = %v, want %v", a, b, k, got, want)
			}
		}
	}
}

// synthData is an fsData over given comparison vectors: records 2k and 2k+1 of the first
// half are matches drawn from m, every other pair draws from u, all deterministic.
type synthData struct {
	comps []fsComparison
	vec   map[[2]int][]int8
	n     int
}

func (s *synthData) size() int                   { return s.n }
func (s *synthData) comparisons() []fsComparison { return s.comps }
func (s *synthData) value(int, int) string       { return "" }
func (s *synthData) compare(i, j int, lv []int8) {
	copy(lv, s.vec[[2]int{min(i, j), max(i, j)}])
}

// TestFSEMRecoversParameters draws comparison vectors from known m and u and checks that EM,
// blocked on the first comparison's top level, recovers m of the others and λ.
func TestFSEMRecoversParameters(t *testing.T) {
	m := [][]float64{{0.05, 0.15, 0.8}, {0.1, 0.2, 0.7}, {0.2, 0.8}}
	u := [][]float64{{0.9745, 0.025, 0.0005}, {0.9, 0.08, 0.02}, {0.7, 0.3}}
	comps := []fsComparison{{name: "a", levels: []string{"e", "f", "x"}}, {name: "b", levels: []string{"e", "f", "x"}}, {name: "c", levels: []string{"e", "x"}}}
	r := rand.New(rand.NewPCG(7, 7))
	draw := func(p []float64) int8 {
		x := r.Float64()
		for l, q := range p {
			if x < q {
				return int8(l)
			}
			x -= q
		}
		return int8(len(p) - 1)
	}
	const n = 600 // 150 matching pairs among the first 300 records
	s := &synthData{comps: comps, vec: map[[2]int][]int8{}, n: n}
	matches := 0
	for i := range n {
		for j := i + 1; j < n; j++ {
			p := u
			if i < 300 && j == i+1 && i%2 == 0 {
				p = m
				matches++
			}
			v := make([]int8, len(comps))
			for k := range comps {
				v[k] = draw(p[k])
			}
			s.vec[[2]int{i, j}] = v
		}
	}
	// Blocking by vector is done through the patterns directly: train on all pairs whose
	// first comparison is exact, skipping it.
	pat := newFSPatterns()
	all := newFSPatterns()
	for _, v := range s.vec {
		all.add(v)
		if v[0] == 2 {
			pat.add(v)
		}
	}
	skip := []bool{true, false, false}
	init := [][]float64{initialM(3), initialM(3), initialM(2)}
	em, lam, _, _ := fsEM(pat, u, init, skip, 200)
	for k := 1; k < 3; k++ {
		for l := range m[k] {
			if math.Abs(em[k][l]-m[k][l]) > 0.08 {
				t.Errorf("m[%d][%d] = %.3f, want ≈ %.3f", k, l, em[k][l], m[k][l])
			}
		}
	}
	// The session holds the ≈120 matches agreeing exactly on a and ≈90 non-matches that agree
	// by chance (0.0005 of 179,550 pairs).
	if sessionPairs := pat.counts; lam < 0.4 || lam > 0.75 {
		t.Errorf("session λ %.3f out of the plausible range (%d patterns)", lam, len(sessionPairs))
	}
	md := &fsModel{comps: comps, m: m, u: u}
	total := float64(n * (n - 1) / 2)
	got := fsLambda(all, md, total)
	want := float64(matches) / total
	if math.Abs(got-want)/want > 0.3 {
		t.Errorf("λ %.6f, want ≈ %.6f", got, want)
	}
}

func TestSmoothedAndLogistic(t *testing.T) {
	if got := smoothed([]float64{0, 0}, 0); !slices.Equal(got, []float64{0.5, 0.5}) {
		t.Errorf("smoothed zeros = %v", got)
	}
	if got := smoothed([]float64{1, 3}, 0); !slices.Equal(got, []float64{0.25, 0.75}) {
		t.Errorf("smoothed = %v", got)
	}
	for _, x := range []float64{-1000, -5, 0, 5, 1000} {
		p := logistic(x)
		if math.IsNaN(p) || p < 0 || p > 1 || (x == 0 && p != 0.5) {
			t.Errorf("logistic(%g) = %g", x, p)
		}
	}
}

// inventedPeople are a few invented people with noisy duplicates, and strangers that share
// a name part, a city or a birth year with them.
func inventedPeople() ([]PersonRecord, []int) {
	recs := []PersonRecord{
		{"Robert", "Allen", "1971-06-24", "robert255@smith.net", "London"},
		{"Rob", "Allen", "1971-06-24", "roberta25@smith.net", ""},
		{"Robert", "Alen", "1971-05-24", "", "Lonon"},
		{"John", "Allen", "1985-02-11", "jallen@gmail.com", "London"},
		{"Maria", "Garcia", "1990-01-03", "mgarcia@mail.com", "Madrid"},
		{"Maria", "Garcia", "1990-03-01", "mgarcia@mail.com", "Madrid"},
		{"Marie", "Garcia", "", "mgarcia@mail.com", ""},
		{"Maria", "Gomez", "1962-07-30", "", "Madrid"},
		{"Peter", "Novak", "1955-12-12", "pnovak@web.de", "Berlin"},
		{"", "Novak", "1955-12-12", "pnovak@web.de", "Berlin"},
		{"Anna", "Schmidt", "1955-03-02", "", "Berlin"},
	}
	gold := []int{0, 0, 0, 1, 2, 2, 2, 3, 4, 4, 5}
	// Many unrelated people, with noisy duplicates, so that u, m and λ are estimated from
	// enough pairs.
	first := []string{"Oliver", "Amelia", "Jack", "Isla", "Harry", "Ava", "Jacob", "Mia", "Charlie", "Emily", "Thomas", "Grace", "George", "Sophie", "Oscar", "Lily",
		"Noah", "Ella", "James", "Freya", "William", "Chloe", "Leo", "Evie", "Henry", "Ruby", "Alfie", "Poppy", "Arthur", "Daisy"}
	last := []string{"Brown", "Taylor", "Wilson", "Evans", "Walker", "Wright", "Thompson", "White", "Hughes", "Edwards", "Green", "Hall", "Wood", "Harris", "Lewis", "Martin", "Jackson", "Clarke",
		"Turner", "Hill", "Cooper", "Ward", "Morris", "Moore", "King", "Baker", "Harrison", "Morgan", "Patel", "Young", "Allen", "Mitchell", "James", "Anderson", "Phillips", "Lee",
		"Bell", "Parker", "Davies", "Scott", "Watson", "Carter", "Shaw", "Murphy", "Bennett", "Cook", "Price", "Roberts", "Campbell", "Kelly", "Stewart", "Rogers", "Fisher", "Grant"}
	cities := []string{"Leeds", "York", "Bath", "Hull", "Derby", "Leeds", "Leeds"}
	r := rand.New(rand.NewPCG(3, 3))
	digit := func(lo int) string { return string(rune('0' + lo + r.IntN(10-lo))) }
	for c := 6; len(recs) < 300; c++ {
		f, l := first[r.IntN(len(first))], last[r.IntN(len(last))]
		dob := "19" + digit(3) + digit(0) + "-0" + digit(1) + "-1" + digit(0)
		base := PersonRecord{f, l, dob, strings.ToLower(f[:1]+l) + digit(0) + digit(0) + digit(0) + "@mail.com", cities[r.IntN(len(cities))]}
		for k := 0; k < 1+r.IntN(3); k++ {
			rec := base
			if r.IntN(4) == 0 {
				rec.City = ""
			}
			if r.IntN(4) == 0 {
				rec.Email = ""
			}
			if r.IntN(5) == 0 {
				rs := []byte(rec.Surname)
				rs[1], rs[2] = rs[2], rs[1]
				rec.Surname = string(rs)
			}
			if r.IntN(5) == 0 {
				rec.DOB = rec.DOB[:9] + digit(0)
			}
			recs = append(recs, rec)
			gold = append(gold, c)
		}
	}
	return recs, gold
}

func TestDedupPersonRecords(t *testing.T) {
	recs, gold := inventedPeople()
	res, err := DedupPersonRecords(context.Background(), recs)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Labels) != len(recs) || res.Candidates == 0 || !(res.Lambda > 0 && res.Lambda < 0.5) {
		t.Fatalf("result %d labels, %d candidates, λ %g", len(res.Labels), res.Candidates, res.Lambda)
	}
	l := res.Labels
	for _, same := range [][2]int{{0, 1}, {0, 2}, {4, 5}, {4, 6}, {8, 9}} {
		if l[same[0]] != l[same[1]] {
			t.Errorf("records %d and %d apart: %v / %v", same[0], same[1], recs[same[0]], recs[same[1]])
		}
	}
	for _, diff := range [][2]int{{0, 3}, {4, 7}, {8, 10}} {
		if l[diff[0]] == l[diff[1]] {
			t.Errorf("records %d and %d together: %v / %v", diff[0], diff[1], recs[diff[0]], recs[diff[1]])
		}
	}
	p, r, f1 := cluster.PairwiseF1(l, gold)
	t.Logf("invented people: P %.3f R %.3f F1 %.3f, λ %.5f", p, r, f1, res.Lambda)
	if f1 < 0.9 {
		t.Errorf("F1 %.3f on invented people, want ≥ 0.9", f1)
	}
	// Deterministic.
	again, err := DedupPersonRecords(context.Background(), recs)
	if err != nil || !slices.Equal(again.Labels, l) {
		t.Errorf("second run differs (err %v)", err)
	}
}

func TestDedupPersonRecordsEdges(t *testing.T) {
	for _, n := range []int{0, 1, 2, 3} {
		recs := make([]PersonRecord, n)
		for i := range recs {
			recs[i] = PersonRecord{FirstName: "Ann", Surname: "Lee"}
		}
		res, err := DedupPersonRecords(context.Background(), recs)
		if err != nil {
			t.Fatalf("%d records: %v", n, err)
		}
		if len(res.Labels) != n {
			t.Errorf("%d records: %d labels", n, len(res.Labels))
		}
	}
	// Records with nothing in common, or nothing at all, stay apart and do not fail.
	res, err := DedupPersonRecords(context.Background(), []PersonRecord{{}, {}, {City: "Leeds"}, {DOB: "garbage"}})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(res.Labels, []int{0, 1, 2, 3}) {
		t.Errorf("labels %v, want all apart", res.Labels)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	recs, _ := inventedPeople()
	if _, err := DedupPersonRecords(ctx, recs); err == nil {
		t.Error("cancelled context: no error")
	}
}

// fsDevDataDir returns the shared data directory when the dev-set sources are there.
func fsDevDataDir(tb testing.TB) string {
	tb.Helper()
	d := filepath.Join("..", "..", "shared", "data")
	for _, sub := range []string{"nltk-names", "nicknames", "wikidata-name-transliteration", "geonames"} {
		if _, err := os.Stat(filepath.Join(d, sub)); err != nil {
			tb.Skipf("%s not available: %v", sub, err)
		}
	}
	return d
}

func TestDedupRecordsDevSet(t *testing.T) {
	d := fsDevDataDir(t)
	a, ga, err := DedupRecordsDevSet(d, 400, 5, 1)
	if err != nil {
		t.Fatal(err)
	}
	b, gb, _ := DedupRecordsDevSet(d, 400, 5, 1)
	if len(a) != 400 || !slices.Equal(a, b) || !slices.Equal(ga, gb) {
		t.Fatal("dev set not deterministic or wrong size")
	}
	if _, _, err := DedupRecordsDevSet(d, 10, 1, 3); err == nil {
		t.Error("noise 3: no error")
	}
	res, err := DedupPersonRecords(context.Background(), a)
	if err != nil {
		t.Fatal(err)
	}
	p, r, f1 := cluster.PairwiseF1(res.Labels, ga)
	t.Logf("dev set 400 records seed 5 noise 1: P %.4f R %.4f F1 %.4f", p, r, f1)
	if f1 < 0.95 {
		t.Errorf("dev F1 %.4f, want ≥ 0.95", f1)
	}
}

func TestEvalDedupRecordsDev(t *testing.T) {
	d := fsDevDataDir(t)
	var out bytes.Buffer
	// 300 records per set keep the test fast; nomen eval dedup-records-dev runs 1000.
	if err := evalDedupRecordsDev(context.Background(), d, 300, &out); err != nil {
		t.Fatal(err)
	}
	if strings.Count(out.String(), "(default)") != 3 {
		t.Errorf("want a default line per dev set:\n%s", out.String())
	}
}

func BenchmarkDedupPersonRecords1000(b *testing.B) {
	d := fsDevDataDir(b)
	recs, _, err := DedupRecordsDevSet(d, 1000, 1, 1)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := DedupPersonRecords(context.Background(), recs); err != nil {
			b.Fatal(err)
		}
	}
}
