package cluster

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/nomenhq/nomen/internal/strsim"
)

// graph is a small scored graph for tests: scores[i][j] for candidate pairs.
type graph map[[2]int]float64

func (g graph) candidates(i int) []int {
	var out []int
	for p := range g {
		if p[0] == i {
			out = append(out, p[1])
		}
		if p[1] == i {
			out = append(out, p[0])
		}
	}
	slices.Sort(out)
	return out
}

func (g graph) score(i, j int) float64 {
	if s, ok := g[[2]int{i, j}]; ok {
		return s
	}
	return g[[2]int{j, i}]
}

func TestClusterTable(t *testing.T) {
	chain := graph{{0, 1}: 0.9, {1, 2}: 0.9, {0, 2}: 0.1}
	long := graph{{0, 1}: 0.9, {1, 2}: 0.9, {2, 3}: 0.9}
	tests := []struct {
		name   string
		n      int
		g      graph
		thr    float64
		method Method
		want   []int
	}{
		{"empty", 0, graph{}, 0.5, AverageLink, []int{}},
		{"singletons", 3, graph{}, 0.5, AverageLink, []int{0, 1, 2}},
		{"single chains", 3, chain, 0.8, Single, []int{0, 0, 0}},
		{"average does not chain", 3, chain, 0.8, AverageLink, []int{0, 0, 1}},
		{"single long chain", 4, long, 0.8, Single, []int{0, 0, 0, 0}},
		{"average long chain", 4, long, 0.8, AverageLink, []int{0, 0, 1, 1}},
		{"star long chain", 4, long, 0.8, Star, []int{0, 0, 0, 1}},
		{"below threshold", 2, graph{{0, 1}: 0.5}, 0.8, Star, []int{0, 1}},
		{"at threshold merges", 2, graph{{0, 1}: 0.8}, 0.8, AverageLink, []int{0, 0}},
		{"nan is zero", 2, graph{{0, 1}: math.NaN()}, 0, Single, []int{0, 0}},
		{"two groups", 5, graph{{0, 2}: 0.95, {2, 4}: 0.9, {0, 4}: 0.9, {1, 3}: 0.99, {3, 4}: 0.2}, 0.85, AverageLink, []int{0, 1, 0, 1, 0}},
		{"two groups star", 5, graph{{0, 2}: 0.95, {2, 4}: 0.9, {0, 4}: 0.9, {1, 3}: 0.99, {3, 4}: 0.2}, 0.85, Star, []int{0, 1, 0, 1, 0}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Cluster(tt.n, tt.g.candidates, tt.g.score, tt.thr, tt.method)
			if !slices.Equal(got, tt.want) {
				t.Errorf("Cluster = %v, want %v", got, tt.want)
			}
		})
	}
}

func TestClusterNilFuncs(t *testing.T) {
	if got := Cluster(2, nil, nil, 0, Single); !slices.Equal(got, []int{0, 1}) {
		t.Errorf("Cluster with nil funcs = %v", got)
	}
	if got := Cluster(2, func(int) []int { return []int{0, 1} }, nil, 0, AverageLink); !slices.Equal(got, []int{0, 0}) {
		t.Errorf("Cluster with nil score at threshold 0 = %v", got)
	}
}

func TestClusterIgnoresBadCandidates(t *testing.T) {
	calls := 0
	got := Cluster(3, func(i int) []int { return []int{-1, i, 3, 100, (i + 1) % 3, (i + 1) % 3} },
		func(i, j int) float64 {
			calls++
			if i >= j {
				t.Errorf("score(%d, %d) called with i >= j", i, j)
			}
			return 1
		}, 0.5, Single)
	if !slices.Equal(got, []int{0, 0, 0}) {
		t.Errorf("Cluster = %v", got)
	}
	if calls != 3 {
		t.Errorf("score called %d times, want 3 (once per distinct pair)", calls)
	}
}

// naiveAverage is a slow reference for AverageLink: clusters joined by a candidate pair merge
// by a candidate pair scoring at least thr merge by the highest average of full(x, y) over all
// their item pairs.
func naiveAverage(n int, cand graph, full func(i, j int) float64, thr float64) []int {
	cl := make([][]int, n)
	for i := range cl {
		cl[i] = []int{i}
	}
	for {
		bestA, bestB, best := -1, -1, math.Inf(-1)
		for a := range cl {
			for b := a + 1; b < len(cl); b++ {
				sum, joined := 0.0, false
				for _, x := range cl[a] {
					for _, y := range cl[b] {
						sum += full(min(x, y), max(x, y))
						s1, j1 := cand[[2]int{x, y}]
						s2, j2 := cand[[2]int{y, x}]
						joined = joined || j1 && s1 >= thr || j2 && s2 >= thr
					}
				}
				avg := sum / float64(len(cl[a])*len(cl[b]))
				if joined && avg > best {
					best, bestA, bestB = avg, a, b
				}
			}
		}
		if bestA < 0 || best < thr {
			break
		}
		cl[bestA] = append(cl[bestA], cl[bestB]...)
		cl = slices.Delete(cl, bestB, bestB+1)
	}
	root := make([]int, n)
	for _, c := range cl {
		m := slices.Min(c)
		for _, x := range c {
			root[x] = m
		}
	}
	return relabel(root)
}

func TestAverageMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := range 300 {
		n := 2 + rng.IntN(12)
		full := make([][]float64, n)
		for i := range full {
			full[i] = make([]float64, n)
		}
		cand := graph{}
		for i := range n {
			for j := i + 1; j < n; j++ {
				s := float64(rng.IntN(9)) / 8 // exact binary fractions: sums are order-free
				full[i][j], full[j][i] = s, s
				if rng.IntN(3) == 0 {
					cand[[2]int{i, j}] = s
				}
			}
		}
		thr := float64(1+rng.IntN(7)) / 8
		calls := map[[2]int]int{}
		score := func(i, j int) float64 {
			calls[[2]int{i, j}]++
			return full[i][j]
		}
		got := Cluster(n, cand.candidates, score, thr, AverageLink)
		want := naiveAverage(n, cand, func(i, j int) float64 { return full[i][j] }, thr)
		if !slices.Equal(got, want) {
			t.Fatalf("trial %d: n=%d thr=%v cand=%v: got %v, want %v", trial, n, thr, cand, got, want)
		}
		for p, c := range calls {
			if c > 1 || p[0] >= p[1] {
				t.Fatalf("trial %d: score%v called %d times", trial, p, c)
			}
		}
	}
}

func TestDeterministicUnderCandidateOrder(t *testing.T) {
	items := syntheticNames(300, 7)
	b := blockNames(items.names)
	for _, m := range []Method{AverageLink, Star, Single} {
		want := Cluster(len(items.names), b.Candidates, jwScore(items.names), 0.92, m)
		rng := rand.New(rand.NewPCG(3, 4))
		shuffled := func(i int) []int {
			c := slices.Clone(b.Candidates(i))
			rng.Shuffle(len(c), func(x, y int) { c[x], c[y] = c[y], c[x] })
			return c
		}
		got := Cluster(len(items.names), shuffled, jwScore(items.names), 0.92, m)
		if !slices.Equal(got, want) {
			t.Errorf("%v: result depends on candidate order", m)
		}
	}
}

func TestPairwiseF1(t *testing.T) {
	tests := []struct {
		name       string
		pred, gold []int
		p, r, f1   float64
	}{
		{"perfect", []int{0, 0, 1}, []int{5, 5, 7}, 1, 1, 1},
		{"all singletons vs pairs", []int{0, 1, 2, 3}, []int{0, 0, 1, 1}, 1, 0, 0},
		{"all merged", []int{0, 0, 0, 0}, []int{0, 0, 1, 1}, 2.0 / 6, 1, 0.5},
		{"both singletons", []int{0, 1}, []int{0, 1}, 1, 1, 1},
		{"length mismatch", []int{0}, []int{0, 1}, 0, 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, r, f1 := PairwiseF1(tt.pred, tt.gold)
			if math.Abs(p-tt.p) > 1e-9 || math.Abs(r-tt.r) > 1e-9 || math.Abs(f1-tt.f1) > 1e-9 {
				t.Errorf("PairwiseF1 = %v %v %v, want %v %v %v", p, r, f1, tt.p, tt.r, tt.f1)
			}
		})
	}
}

func TestBlocker(t *testing.T) {
	b := NewBlocker(0)
	for i, keys := range [][]string{{"a", "b"}, {"b"}, {"c"}, {"a", "a", ""}} {
		if err := b.Add(i, keys...); err != nil {
			t.Fatal(err)
		}
	}
	want := map[int][]int{0: {1, 3}, 1: {0}, 2: nil, 3: {0}, 9: nil, -1: nil}
	for i, w := range want {
		if got := b.Candidates(i); !slices.Equal(got, w) {
			t.Errorf("Candidates(%d) = %v, want %v", i, got, w)
		}
	}
	if got := b.Pairs(); !slices.Equal(got, [][2]int{{0, 1}, {0, 3}}) {
		t.Errorf("Pairs = %v", got)
	}
	if err := b.Add(-1, "x"); err == nil {
		t.Error("Add(-1) succeeded")
	}
}

func TestBlockerCap(t *testing.T) {
	b := NewBlocker(4)
	for i := range 10 {
		_ = b.Add(i, "common")
	}
	_ = b.Add(10, "rare")
	_ = b.Add(9, "rare")
	if got, want := b.Candidates(5), []int{3, 4, 6, 7}; !slices.Equal(got, want) {
		t.Errorf("Candidates(5) = %v, want %v", got, want)
	}
	if got, want := b.Candidates(9), []int{7, 8, 10}; !slices.Equal(got, want) {
		t.Errorf("Candidates(9) = %v, want %v", got, want)
	}
	if got := b.Oversized(); !slices.Equal(got, []string{"common"}) {
		t.Errorf("Oversized = %v", got)
	}
	// The window relation is symmetric.
	for i := range 11 {
		for _, j := range b.Candidates(i) {
			if !slices.Contains(b.Candidates(j), i) {
				t.Errorf("%d lists %d but not the reverse", i, j)
			}
		}
	}
}

func TestKeys(t *testing.T) {
	if got := NGramKeys("anna", 2); !slices.Equal(got, []string{"g2:an", "g2:nn", "g2:na"}) {
		t.Errorf("NGramKeys = %v", got)
	}
	if got := NGramKeys("жо", 3); !slices.Equal(got, []string{"g3:жо"}) {
		t.Errorf("NGramKeys short = %v", got)
	}
	if got := NGramKeys("abc", 0); got != nil {
		t.Errorf("NGramKeys n=0 = %v", got)
	}
	if got := TokenKeys([]string{"john", "", "john", "smith"}); !slices.Equal(got, []string{"t:john", "t:smith"}) {
		t.Errorf("TokenKeys = %v", got)
	}
}

func TestParseMethod(t *testing.T) {
	for _, m := range []Method{AverageLink, Star, Single} {
		got, err := ParseMethod(m.String())
		if err != nil || got != m {
			t.Errorf("ParseMethod(%q) = %v, %v", m.String(), got, err)
		}
	}
	if _, err := ParseMethod("ward"); err == nil {
		t.Error("ParseMethod(ward) succeeded")
	}
}

// labelled is a synthetic deduplication set: names with typo variants and gold labels.
type labelled struct {
	names []string
	gold  []int
}

var (
	givenNames = strings.Fields("james mary robert patricia john jennifer michael linda william elizabeth david barbara richard susan joseph jessica thomas sarah charles karen maria anna peter olga ivan fatima ahmed chen wei yuki")
	surnames   = strings.Fields("smith johnson williams brown jones garcia miller davis rodriguez martinez hernandez lopez gonzalez wilson anderson taylor moore jackson martin lee petrov ivanova mueller schmidt rossi dubois kowalski nakamura tanaka")
)

// syntheticNames makes n items: entities are distinct given+family pairs, each appearing one
// to four times with zero to two random edits (substitution, deletion, adjacent swap).
func syntheticNames(n int, seed uint64) labelled {
	rng := rand.New(rand.NewPCG(seed, seed+1))
	var out labelled
	used := map[string]bool{}
	entity := 0
	for len(out.names) < n {
		base := givenNames[rng.IntN(len(givenNames))] + " " + surnames[rng.IntN(len(surnames))]
		if used[base] {
			continue
		}
		used[base] = true
		for k := 1 + rng.IntN(4); k > 0 && len(out.names) < n; k-- {
			out.names = append(out.names, mutate(rng, base, rng.IntN(3)))
			out.gold = append(out.gold, entity)
		}
		entity++
	}
	return out
}

func mutate(rng *rand.Rand, s string, edits int) string {
	r := []rune(s)
	for range edits {
		i := 1 + rng.IntN(len(r)-2)
		switch rng.IntN(3) {
		case 0:
			r[i] = rune('a' + rng.IntN(26))
		case 1:
			r = slices.Delete(r, i, i+1)
		default:
			r[i], r[i+1] = r[i+1], r[i]
		}
	}
	return string(r)
}

func blockNames(names []string) *Blocker {
	b := NewBlocker(100)
	for i, s := range names {
		keys := TokenKeys(strings.Fields(s))
		for _, tok := range strings.Fields(s) {
			if len(tok) >= 3 {
				keys = append(keys, "p:"+tok[:3])
			}
		}
		_ = b.Add(i, keys...)
	}
	return b
}

func jwScore(names []string) func(i, j int) float64 {
	return func(i, j int) float64 { return strsim.JaroWinkler(names[i], names[j]) }
}

// TestSyntheticAccuracy checks pairwise F1 floors on a synthetic typo set (not HELD-OUT
// data) and that the linkage methods beat single linkage's chaining.
func TestSyntheticAccuracy(t *testing.T) {
	set := syntheticNames(600, 11)
	b := blockNames(set.names)
	f1s := map[Method]float64{}
	for _, m := range []Method{AverageLink, Star, Single} {
		pred := Cluster(len(set.names), b.Candidates, jwScore(set.names), 0.90, m)
		p, r, f1 := PairwiseF1(pred, set.gold)
		t.Logf("%-7v P=%.3f R=%.3f F1=%.3f", m, p, r, f1)
		f1s[m] = f1
	}
	if f1s[AverageLink] < 0.8 || f1s[Star] < 0.72 {
		t.Errorf("F1 below floor: %v", f1s)
	}
	if f1s[AverageLink] <= f1s[Single] {
		t.Errorf("average linkage (%.3f) should beat single linkage (%.3f)", f1s[AverageLink], f1s[Single])
	}
}

func BenchmarkCluster1000(b *testing.B) {
	set := syntheticNames(1000, 5)
	for _, m := range []Method{AverageLink, Star, Single} {
		b.Run(fmt.Sprint(m), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				bl := blockNames(set.names)
				Cluster(len(set.names), bl.Candidates, jwScore(set.names), 0.90, m)
			}
		})
	}
}

// BenchmarkClusterPrecomputed isolates the clustering cost: scores are looked up in a table
// filled before timing, and blocking is done once.
func BenchmarkClusterPrecomputed(b *testing.B) {
	set := syntheticNames(1000, 5)
	n := len(set.names)
	table := make([]float32, n*n)
	for i := range n {
		for j := i + 1; j < n; j++ {
			table[i*n+j] = float32(strsim.JaroWinkler(set.names[i], set.names[j]))
		}
	}
	bl := blockNames(set.names)
	cands := make([][]int, n)
	pairs := 0
	for i := range n {
		cands[i] = bl.Candidates(i)
		pairs += len(cands[i])
	}
	score := func(i, j int) float64 { return float64(table[i*n+j]) }
	for _, m := range []Method{AverageLink, Star, Single} {
		b.Run(fmt.Sprint(m), func(b *testing.B) {
			b.ReportAllocs()
			b.ReportMetric(float64(pairs/2), "pairs")
			for b.Loop() {
				Cluster(n, func(i int) []int { return cands[i] }, score, 0.90, m)
			}
		})
	}
}
