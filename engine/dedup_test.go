package engine

import (
	"context"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/nomenhq/nomen/internal/cluster"
	"github.com/nomenhq/nomen/internal/errs"
	"github.com/nomenhq/nomen/matchers/name"
)

func inputs(texts ...string) []name.Input {
	out := make([]name.Input, len(texts))
	for i, t := range texts {
		out[i] = name.Input{Text: t}
	}
	return out
}

func TestDeduplicateShapes(t *testing.T) {
	e := newEngine(t)
	th := func(v float64) *float64 { return &v }
	cases := []struct {
		name      string
		names     []name.Input
		threshold *float64
		want      []string
	}{
		{"reference", inputs("Joe", "Smith"), th(0.8), []string{"1", "2"}},
		{"one name", inputs("John Smith"), nil, []string{"1"}},
		{"empty list", nil, nil, []string{}},
		{"identical", inputs("John Smith", "John Smith", "john smith"), nil, []string{"1", "1", "1"}},
		{"variants and strangers", inputs("John Smith", "Maria Garcia", "Jon Smith", "María García", "Kenji Watanabe", "JOHN SMYTH"), nil,
			[]string{"1", "2", "1", "2", "3", "1"}},
		{"cross script", inputs("Vladimir Putin", "Владимир Путин", "Angela Merkel"), nil, []string{"1", "1", "2"}},
		{"threshold 0 joins candidates", inputs("John Smith", "Peter Smith"), th(0), []string{"1", "1"}},
		{"threshold 1 keeps only identical", inputs("John Smith", "Jon Smith", "John Smith"), th(1), []string{"1", "2", "1"}},
		{"entity types never mix", []name.Input{{Text: "Jordan", EntityType: "LOCATION"}, {Text: "Jordan", EntityType: "PERSON"}}, nil, []string{"1", "2"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := e.Deduplicate(context.Background(), c.names, c.threshold, "", nil)
			if err != nil {
				t.Fatal(err)
			}
			if len(got) == 0 && len(c.want) == 0 {
				return
			}
			if !reflect.DeepEqual(got, c.want) {
				t.Fatalf("got %v, want %v", got, c.want)
			}
		})
	}
}

func TestDeduplicateErrors(t *testing.T) {
	e := newEngine(t)
	bad := 1.5
	many := make([]name.Input, MaxDedupNames+1)
	for i := range many {
		many[i] = name.Input{Text: fmt.Sprintf("Name %d", i)}
	}
	cases := []struct {
		name      string
		names     []name.Input
		threshold *float64
		universe  string
		params    map[string]string
	}{
		{"too many", many, nil, "", nil},
		{"bad threshold", inputs("a b"), &bad, "", nil},
		{"unknown universe", inputs("a b"), nil, "nope", nil},
		{"unknown parameter", inputs("a b"), nil, "", map[string]string{"nope": "1"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := e.Deduplicate(context.Background(), c.names, c.threshold, c.universe, c.params)
			if errs.KindOf(err) != errs.Invalid {
				t.Fatalf("got %v, want an Invalid error", err)
			}
		})
	}
}

// synthNames makes n names in clusters of spelling variants of hand-written seeds, in Latin,
// Cyrillic, Arabic, Chinese, Korean and Greek script, in a shuffled order; it returns the
// names and their true cluster per name.
func synthNames(n int, seed uint64) ([]name.Input, []int) {
	given := []string{"John", "Maria", "Ahmed", "Wei", "Olga", "Pierre", "Kenji", "Fatima", "Carlos", "Anna", "Dmitri", "Sofia", "Hans", "Yuki", "Omar", "Elena", "Lars", "Priya", "Mehmet", "Chloe"}
	family := []string{"Smith", "Garcia", "Hassan", "Zhang", "Ivanova", "Dubois", "Tanaka", "Khan", "Rodriguez", "Novak", "Petrov", "Rossi", "Muller", "Sato", "Haddad", "Popescu", "Larsen", "Sharma", "Yilmaz", "Martin", "Okafor", "Nguyen", "Kowalski", "Andersson"}
	foreign := []string{"Владимир Путин", "Анна Иванова", "محمد علي", "أحمد حسن", "毛泽东", "王伟", "김민준", "이서연", "Γιώργος Παπαδόπουλος", "Сергей Петров"}
	r := rand.New(rand.NewPCG(seed, 7))
	typo := func(s string) string {
		rs := []rune(s)
		if len(rs) < 4 {
			return s
		}
		i := 1 + r.IntN(len(rs)-2)
		switch r.IntN(3) {
		case 0:
			rs = append(rs[:i], rs[i+1:]...)
		case 1:
			rs[i], rs[i+1] = rs[i+1], rs[i]
		default:
			rs[i] = rune('a' + r.IntN(26))
		}
		return string(rs)
	}
	var names []name.Input
	var gold []int
	c := 0
	for len(names) < n {
		var base string
		if r.IntN(5) == 0 {
			base = foreign[r.IntN(len(foreign))] + " " + family[r.IntN(len(family))]
		} else {
			base = given[r.IntN(len(given))] + " " + family[r.IntN(len(family))] + " " + family[r.IntN(len(family))]
		}
		k := 1 + r.IntN(3)
		for j := 0; j < k && len(names) < n; j++ {
			v := base
			if j > 0 {
				f := strings.Fields(v)
				x := r.IntN(len(f))
				f[x] = typo(f[x])
				v = strings.Join(f, " ")
			}
			names = append(names, name.Input{Text: v})
			gold = append(gold, c)
		}
		c++
	}
	r.Shuffle(len(names), func(i, j int) { names[i], names[j] = names[j], names[i]; gold[i], gold[j] = gold[j], gold[i] })
	return names, gold
}

func TestDeduplicateDeterministic(t *testing.T) {
	e := newEngine(t)
	names, gold := synthNames(300, 1)
	a, err := e.Deduplicate(context.Background(), names, nil, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	b, err := e.Deduplicate(context.Background(), names, nil, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(a, b) {
		t.Fatal("two runs differ")
	}
	// Ids are 1, 2, ... in order of first appearance.
	next := 1
	seen := map[string]bool{}
	for i, id := range a {
		if !seen[id] {
			if id != fmt.Sprint(next) {
				t.Fatalf("name %d opens cluster %s, want %d", i, id, next)
			}
			seen[id] = true
			next++
		}
	}
	pred := make([]int, len(a))
	for i, id := range a {
		fmt.Sscan(id, &pred[i])
	}
	p, r, f1 := cluster.PairwiseF1(pred, gold)
	t.Logf("synthetic set: %d names, %d clusters; P %.3f R %.3f F1 %.3f", len(names), next-1, p, r, f1)
	if f1 < 0.8 {
		t.Errorf("pairwise F1 %.3f on the synthetic set", f1)
	}
}

func BenchmarkDeduplicate1000(b *testing.B) {
	e := newEngine(b)
	names, _ := synthNames(1000, 2)
	if _, err := e.Deduplicate(context.Background(), names[:50], nil, "", nil); err != nil { // load the models
		b.Fatal(err)
	}
	b.ReportAllocs()
	var st DedupStats
	for b.Loop() {
		if _, err := e.DeduplicateWith(context.Background(), names, nil, "", nil, DedupOptions{Stats: &st}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(st.Scored), "pairs/op")
}
