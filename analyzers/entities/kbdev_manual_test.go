package entities

import (
	"fmt"
	"os"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/nomenhq/nomen/analyzers/entities/corpus"
	"github.com/nomenhq/nomen/analyzers/entities/ner"
	"github.com/nomenhq/nomen/analyzers/entities/span"
	"github.com/nomenhq/nomen/kb"
)

// devPipeline returns the default pipeline for the manual development tests: with the
// embedded default knowledge base and no tagger (the path of languages without one) when kbOnly,
// else the shipped modules without a knowledge base.
func devPipeline(t *testing.T, kbOnly bool) *Pipeline {
	t.Helper()
	if !kbOnly {
		m, err := Default("", nil)
		if err != nil {
			t.Fatal(err)
		}
		return New(m)
	}
	return kbPipeline(t, defaultKB(t), true)
}

// defaultKB opens the default knowledge base for the test (closed at its end).
func defaultKB(t *testing.T) *kb.KB {
	t.Helper()
	k, err := kb.OpenDefault("")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { k.Close() })
	return k
}

// servicePipeline is the default pipeline with the default knowledge base: what the service
// returns.
// NOMEN_DEV_NER_MODEL=lang:FILE puts the statistical model in FILE in the shipped one's place for
// lang (one trained without the development data: `nomen train entities --refit no`).
func servicePipeline(t *testing.T) *Pipeline {
	t.Helper()
	p := kbPipeline(t, defaultKB(t), false)
	if arg := os.Getenv("NOMEN_DEV_NER_MODEL"); arg != "" {
		lang, file, _ := strings.Cut(arg, ":")
		f, err := os.Open(file)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		m, err := ner.Read(f)
		if err != nil {
			t.Fatal(err)
		}
		load := p.m.Tagger
		p.m.Tagger = func(model, l string) (Extractor, error) {
			if l == lang && model != ModelDNN {
				return m, nil
			}
			return load(model, l)
		}
	}
	return p
}

// TestServiceDevErrorsManual prints, sentence by sentence, the names the service's path misses
// (FN) and returns wrongly (FP) on a development set: NOMEN_SERVICE_ERR=set (a name devData
// reads).
func TestServiceDevErrorsManual(t *testing.T) {
	p, name, s, sents := serviceDev(t, "NOMEN_SERVICE_ERR")
	tg := p.WordTagger(s.Lang)
	writeDevTable(t, name, tg, s, sents)
	preds := docPreds(tg, sents)
	for n, st := range sents {
		gold := goldTypes(st)
		pred := map[[2]int]string{}
		var msg []string
		for _, x := range preds[n] {
			k := [2]int{x.Start, x.End}
			pred[k] = x.Type
			if gold[k] != x.Type {
				msg = append(msg, "FP "+x.Type+" "+strings.Join(st.Words[x.Start:x.End], " "))
			}
		}
		for _, g := range st.Spans {
			if pred[[2]int{g.Start, g.End}] != g.Type {
				msg = append(msg, "FN "+g.Type+" "+strings.Join(st.Words[g.Start:g.End], " "))
			}
		}
		if len(msg) > 0 {
			fmt.Println(strings.Join(st.Words, " "))
			fmt.Println("   ", strings.Join(msg, " | "))
		}
	}
}

// devData reads development data by name: a named development split, "tenth:SET" for the
// development tenth of a training set, or "hand:FILE" for testdata/kbpath_dev_FILE.txt (the
// language is FILE up to its first "_").
func devData(t *testing.T, name string) (corpus.Set, []corpus.Sentence) {
	t.Helper()
	switch {
	case strings.HasPrefix(name, "tenth:"):
		return devTenth(t, strings.TrimPrefix(name, "tenth:"))
	case strings.HasPrefix(name, "hand:"):
		file := strings.TrimPrefix(name, "hand:")
		lang, _, _ := strings.Cut(file, "_")
		sents := readHandDev(t, "testdata/kbpath_dev_"+file+".txt", lang)
		return corpus.Set{Name: name, Lang: lang, Types: []string{span.PER, span.LOC, span.ORG}}, sents
	}
	return devSet(t, name)
}

// devSet reads a development (or training) set of package corpus.
func devSet(t *testing.T, name string) (corpus.Set, []corpus.Sentence) {
	t.Helper()
	s, err := corpus.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	sents, err := corpus.ReadTraining("../../../shared/data", name)
	if err != nil {
		t.Fatal(err)
	}
	return s, sents
}

// devTagger is the shipped statistical tagger of lang as a word tagger.
func devTagger(t *testing.T, lang string) span.Tagger {
	t.Helper()
	tg, err := loadTagger(ModelStatistical, lang)
	if err != nil {
		t.Fatal(err)
	}
	st, ok := tg.(span.Tagger)
	if !ok {
		t.Fatalf("the %s tagger tags no words", lang)
	}
	return st
}

// TestKBNamesDevManual scores the knowledge-base-name path (no tagger) on development splits
// of languages that have a tagger, so that changes to that path can be chosen without the
// held-out sets: NOMEN_KB_DEV=set,set,... (e.g. uner-pt-bosque-dev,uner-da-ddt-dev).
func TestKBNamesDevManual(t *testing.T) {
	sets := os.Getenv("NOMEN_KB_DEV")
	if sets == "" {
		t.Skip("set NOMEN_KB_DEV=set,...")
	}
	p := devPipeline(t, true)
	for _, name := range strings.Split(sets, ",") {
		s, sents := devSet(t, name)
		writeDevTable(t, name+" (knowledge-base names)", p.WordTagger(s.Lang), s, sents)
	}
}

// writeDevTable scores tg on a development set and prints the table under title.
func writeDevTable(t *testing.T, title string, tg span.Tagger, s corpus.Set, sents []corpus.Sentence) {
	t.Helper()
	r := corpus.EvaluateTypes(tg, sents, s.Types)
	if err := r.WriteTable(os.Stdout, title); err != nil {
		t.Fatal(err)
	}
}

// TestKBNamesDevErrorsManual prints the knowledge-base path's most frequent wrong spans on a
// development split: NOMEN_KB_DEV_ERR=set.
func TestKBNamesDevErrorsManual(t *testing.T) {
	name := os.Getenv("NOMEN_KB_DEV_ERR")
	if name == "" {
		t.Skip("set NOMEN_KB_DEV_ERR=set")
	}
	s, sents := devSet(t, name)
	tg := devPipeline(t, true).WordTagger(s.Lang)
	counts := map[string]int{}
	for _, st := range sents {
		gold := goldTypes(st)
		for _, p := range tg.TagWords(st.Words) {
			if g := gold[[2]int{p.Start, p.End}]; g != p.Type {
				counts[p.Type+" (gold "+g+") "+strings.Join(st.Words[p.Start:p.End], " ")]++
			}
		}
	}
	keys := make([]string, 0, len(counts))
	for k := range counts {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		return counts[keys[i]] > counts[keys[j]] || counts[keys[i]] == counts[keys[j]] && keys[i] < keys[j]
	})
	for i, k := range keys {
		if i == 60 {
			break
		}
		fmt.Println(counts[k], k)
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
	p := devPipeline(t, false)
	for _, name := range strings.Split(sets, ",") {
		s, sents := devSet(t, name)
		for _, run := range []struct {
			title string
			tg    span.Tagger
		}{{"pipeline", p.WordTagger(s.Lang)}, {"tagger alone", devTagger(t, s.Lang)}} {
			writeDevTable(t, name+" ("+run.title+")", run.tg, s, sents)
		}
	}
}

// docPreds tags sents by document, as the evaluation does (corpus.EvaluateTypes), and returns
// each sentence's names.
func docPreds(tg span.Tagger, sents []corpus.Sentence) [][]span.TokenSpan {
	dt, ok := tg.(corpus.DocTagger)
	var preds [][]span.TokenSpan
	for a := 0; a < len(sents); {
		b := a + 1
		for ok && b < len(sents) && sents[a].Doc != "" && sents[b].Doc == sents[a].Doc {
			b++
		}
		if !ok {
			preds = append(preds, tg.TagWords(sents[a].Words))
			a = b
			continue
		}
		words := make([][]string, b-a)
		for i := range words {
			words[i] = sents[a+i].Words
		}
		preds = append(preds, dt.TagDocument(words)...)
		a = b
	}
	return preds
}

// TestPipelineDiffManual prints the names where the service's path and the statistical tagger
// alone differ on a development set, with the gold type of the span: NOMEN_PIPE_DIFF=set (a
// name devData reads; NOMEN_DEV_NER_MODEL applies to both).
func TestPipelineDiffManual(t *testing.T) {
	p, name, s, sents := serviceDev(t, "NOMEN_PIPE_DIFF")
	ex, err := p.m.Tagger(ModelStatistical, s.Lang)
	if err != nil {
		t.Fatal(err)
	}
	tg, ok := ex.(span.Tagger)
	if !ok {
		t.Fatalf("the %s tagger tags no words", s.Lang)
	}
	writeDevTable(t, name+" (tagger alone)", tg, s, sents)
	writeDevTable(t, name+" (service's path)", p.WordTagger(s.Lang), s, sents)
	alone, piped := docPreds(tg, sents), docPreds(p.WordTagger(s.Lang), sents)
	for n, st := range sents {
		gold := goldTypes(st)
		key := func(x span.TokenSpan) string { return fmt.Sprint(x.Start, x.End, x.Type) }
		in := func(xs []span.TokenSpan, x span.TokenSpan) bool {
			for _, y := range xs {
				if key(y) == key(x) {
					return true
				}
			}
			return false
		}
		for _, x := range alone[n] {
			if !in(piped[n], x) && slices.Contains(s.Types, x.Type) {
				fmt.Printf("lost  right=%v %s %s | %s\n", gold[[2]int{x.Start, x.End}] == x.Type, x.Type, strings.Join(st.Words[x.Start:x.End], " "), strings.Join(st.Words, " "))
			}
		}
		for _, x := range piped[n] {
			if !in(alone[n], x) && slices.Contains(s.Types, x.Type) {
				fmt.Printf("added right=%v %s %s | %s\n", gold[[2]int{x.Start, x.End}] == x.Type, x.Type, strings.Join(st.Words[x.Start:x.End], " "), strings.Join(st.Words, " "))
			}
		}
	}
}

// goldTypes maps each gold name of st, by its word range, to its type.
func goldTypes(st corpus.Sentence) map[[2]int]string {
	gold := make(map[[2]int]string, len(st.Spans))
	for _, g := range st.Spans {
		gold[[2]int{g.Start, g.End}] = g.Type
	}
	return gold
}

// serviceDev returns the service's pipeline (servicePipeline) and the development set named by
// the environment variable env (as devData reads it); it skips the test when env is unset.
func serviceDev(t *testing.T, env string) (*Pipeline, string, corpus.Set, []corpus.Sentence) {
	t.Helper()
	name := os.Getenv(env)
	if name == "" {
		t.Skip("set " + env + "=set")
	}
	s, sents := devData(t, name)
	return servicePipeline(t), name, s, sents
}
