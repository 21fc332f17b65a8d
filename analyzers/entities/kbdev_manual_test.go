package entities

import (
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/nomenhq/nomen/analyzers/entities/corpus"
	"github.com/nomenhq/nomen/analyzers/entities/span"
	"github.com/nomenhq/nomen/kb"
)

// TestKBNamesDevManual scores the knowledge-base-name path (no tagger) on development splits
// of languages that have a tagger, so that changes to that path can be chosen without the
// held-out sets: NOMEN_KB_DEV=set,set,... (e.g. uner-pt-bosque-dev,uner-da-ddt-dev).
func TestKBNamesDevManual(t *testing.T) {
	sets := os.Getenv("NOMEN_KB_DEV")
	if sets == "" {
		t.Skip("set NOMEN_KB_DEV=set,...")
	}
	k, err := kb.OpenDefault("")
	if err != nil {
		t.Fatal(err)
	}
	m, err := Default("", func() (*kb.KB, error) { return k, nil })
	if err != nil {
		t.Fatal(err)
	}
	m.Tagger = nil
	p := New(m)
	for _, name := range strings.Split(sets, ",") {
		s, err := corpus.Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		sents, err := corpus.ReadTraining("../../../shared/data", name)
		if err != nil {
			t.Fatal(err)
		}
		r := corpus.EvaluateTypes(p.WordTagger(s.Lang), sents, s.Types)
		if err := r.WriteTable(os.Stdout, name+" (knowledge-base names)"); err != nil {
			t.Fatal(err)
		}
	}
}

// TestKBNamesDevErrorsManual prints the knowledge-base path's false LOC spans on a
// development split: NOMEN_KB_DEV_ERR=set.
func TestKBNamesDevErrorsManual(t *testing.T) {
	name := os.Getenv("NOMEN_KB_DEV_ERR")
	if name == "" {
		t.Skip("set NOMEN_KB_DEV_ERR=set")
	}
	k, err := kb.OpenDefault("")
	if err != nil {
		t.Fatal(err)
	}
	m, err := Default("", func() (*kb.KB, error) { return k, nil })
	if err != nil {
		t.Fatal(err)
	}
	m.Tagger = nil
	s, err := corpus.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	sents, err := corpus.ReadTraining("../../../shared/data", name)
	if err != nil {
		t.Fatal(err)
	}
	tg := New(m).WordTagger(s.Lang)
	counts := map[string]int{}
	for _, st := range sents {
		gold := map[[2]int]string{}
		for _, g := range st.Spans {
			gold[[2]int{g.Start, g.End}] = g.Type
		}
		for _, p := range tg.TagWords(st.Words) {
			if g := gold[[2]int{p.Start, p.End}]; g != p.Type {
				counts[p.Type+" (gold "+g+") "+strings.Join(st.Words[p.Start:p.End], " ")]++
			}
		}
	}
	type kv struct {
		k string
		n int
	}
	var all []kv
	for k, n := range counts {
		all = append(all, kv{k, n})
	}
	sort.Slice(all, func(i, j int) bool { return all[i].n > all[j].n || all[i].n == all[j].n && all[i].k < all[j].k })
	for i, x := range all {
		if i == 60 {
			break
		}
		fmt.Println(x.n, x.k)
	}
}

// TestPipelineDevManual scores the whole default pipeline (tagger, gazetteers, overlap
// resolution, title splitting; no KB) against the tagger alone on development splits:
// NOMEN_PIPE_DEV=set,... What users get is the pipeline; the eval figures are the tagger's.
// The pipeline re-tokenizes the words joined by spaces ("Norton 's", Chinese with spaces),
// so part of the difference is that, not the pipeline; the rest is mostly by design (titles
// are TTL entities of their own: GUM's "Justice Scalia" becomes TTL + PER "Scalia").
func TestPipelineDevManual(t *testing.T) {
	sets := os.Getenv("NOMEN_PIPE_DEV")
	if sets == "" {
		t.Skip("set NOMEN_PIPE_DEV=set,...")
	}
	m, err := Default("", nil)
	if err != nil {
		t.Fatal(err)
	}
	p := New(m)
	for _, name := range strings.Split(sets, ",") {
		s, err := corpus.Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		sents, err := corpus.ReadTraining("../../../shared/data", name)
		if err != nil {
			t.Fatal(err)
		}
		r := corpus.EvaluateTypes(p.WordTagger(s.Lang), sents, s.Types)
		if err := r.WriteTable(os.Stdout, name+" (pipeline)"); err != nil {
			t.Fatal(err)
		}
		tg, err := loadTagger(ModelStatistical, s.Lang)
		if err != nil {
			t.Fatal(err)
		}
		if st, ok := tg.(interface {
			TagWords([]string) []span.TokenSpan
		}); ok {
			r := corpus.EvaluateTypes(st, sents, s.Types)
			if err := r.WriteTable(os.Stdout, name+" (tagger alone)"); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// TestPipelineDiffManual prints the spans where the pipeline and the tagger alone differ on a
// development split: NOMEN_PIPE_DIFF=set.
func TestPipelineDiffManual(t *testing.T) {
	name := os.Getenv("NOMEN_PIPE_DIFF")
	if name == "" {
		t.Skip("set NOMEN_PIPE_DIFF=set")
	}
	m, err := Default("", nil)
	if err != nil {
		t.Fatal(err)
	}
	p := New(m)
	s, err := corpus.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	sents, err := corpus.ReadTraining("../../../shared/data", name)
	if err != nil {
		t.Fatal(err)
	}
	tg, err := loadTagger(ModelStatistical, s.Lang)
	if err != nil {
		t.Fatal(err)
	}
	st := tg.(interface {
		TagWords([]string) []span.TokenSpan
	})
	wt := p.WordTagger(s.Lang)
	keep := map[string]bool{}
	for _, ty := range s.Types {
		keep[ty] = true
	}
	show := func(ws []string, sp []span.TokenSpan) string {
		var out []string
		for _, x := range sp {
			if keep[x.Type] {
				out = append(out, x.Type+"["+strings.Join(ws[x.Start:x.End], " ")+"]")
			}
		}
		return strings.Join(out, " ")
	}
	for _, sn := range sents {
		a, b := show(sn.Words, st.TagWords(sn.Words)), show(sn.Words, wt.TagWords(sn.Words))
		if a != b {
			fmt.Printf("%s\n   gold: %s\n   tagger: %s\n   pipeline: %s\n", strings.Join(sn.Words, " "), show(sn.Words, sn.Spans), a, b)
		}
	}
}
