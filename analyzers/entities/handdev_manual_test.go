package entities

import (
	"bufio"
	"os"
	"strings"
	"testing"

	"github.com/nomenhq/nomen/analyzers/entities/corpus"
	"github.com/nomenhq/nomen/analyzers/entities/span"
)

// readHandDev reads a hand-written development file: one sentence per line, tokens separated
// by spaces, "[TYPE" ... "]" around each name, "#" comments.
func readHandDev(t *testing.T, path, lang string) []corpus.Sentence {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []corpus.Sentence
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		s := corpus.Sentence{Lang: lang}
		open, typ := -1, ""
		for _, w := range strings.Fields(line) {
			switch {
			case strings.HasPrefix(w, "[") && len(w) > 1:
				if open >= 0 {
					t.Fatalf("nested bracket in %q", line)
				}
				open, typ = len(s.Words), w[1:]
				continue
			case w == "]" || strings.HasSuffix(w, "]") && open >= 0:
				if w != "]" {
					s.Words = append(s.Words, strings.TrimSuffix(w, "]"))
				}
				s.Spans = append(s.Spans, span.TokenSpan{Start: open, End: len(s.Words), Type: typ})
				open = -1
				continue
			}
			s.Words = append(s.Words, w)
		}
		if open >= 0 {
			t.Fatalf("unclosed bracket in %q", line)
		}
		out = append(out, s)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestKBPathHandDevManual scores the knowledge-base path on the hand-written development
// sentences of a language (testdata/kbpath_dev_<lang>.txt; rus, spa): NOMEN_KB_HAND=lang
// (1: rus).
func TestKBPathHandDevManual(t *testing.T) {
	lang := os.Getenv("NOMEN_KB_HAND")
	if lang == "" {
		t.Skip("set NOMEN_KB_HAND=rus or spa")
	}
	if lang == "1" {
		lang = "rus"
	}
	sents := readHandDev(t, "testdata/kbpath_dev_"+lang+".txt", lang)
	s := corpus.Set{Name: "kbpath-dev-" + lang, Lang: lang, Types: []string{span.PER, span.LOC, span.ORG}}
	tg := devPipeline(t, true).WordTagger(lang)
	writeDevTable(t, "kbpath_dev_"+lang+".txt (knowledge-base path)", tg, s, sents)
	if os.Getenv("NOMEN_KB_HAND_ERR") != "" {
		for _, st := range sents {
			gold := map[[2]int]string{}
			for _, g := range st.Spans {
				gold[[2]int{g.Start, g.End}] = g.Type
			}
			for _, p := range tg.TagWords(st.Words) {
				if g := gold[[2]int{p.Start, p.End}]; g != p.Type && p.Type != "TTL" && p.Type != "NAT" {
					t.Logf("%s (gold %s) %s", p.Type, g, strings.Join(st.Words[p.Start:p.End], " "))
				}
			}
		}
	}
}
