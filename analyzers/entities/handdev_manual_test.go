package entities

import (
	"os"
	"strings"
	"testing"

	"github.com/nomenhq/nomen/analyzers/entities/corpus"
	"github.com/nomenhq/nomen/analyzers/entities/span"
)

// readHandDev reads a hand-written development file (corpus.ReadBracketed).
func readHandDev(t *testing.T, path, lang string) []corpus.Sentence {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sents, err := corpus.ReadBracketed(f, lang)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return sents
}

// TestKBPathHandDevManual scores the knowledge-base path on the hand-written development
// sentences of a language (testdata/kbpath_dev_<lang>.txt; rus, spa, ita, hun, ind, vie, tgl,
// ara, heb, kor, fas, urd; ara_prefix and heb_prefix: names with prefixes; rus_org: Russian organisation names): NOMEN_KB_HAND=lang (1: rus). For a language with a statistical tagger (heb) the
// pipeline with it is scored too. NOMEN_KB_HAND_ERR=1 lists the knowledge-base path's wrong
// names, NOMEN_KB_HAND_ERR=service the service's.
func TestKBPathHandDevManual(t *testing.T) {
	lang := os.Getenv("NOMEN_KB_HAND")
	if lang == "" {
		t.Skip("set NOMEN_KB_HAND=rus or spa")
	}
	if lang == "1" {
		lang = "rus"
	}
	if os.Getenv("NOMEN_KB_NOALLCOMMON") != "" { // without the all-common-words test
		allCommon = false
		defer func() { allCommon = true }()
	}
	if os.Getenv("NOMEN_KB_NONAMEAFTER") != "" {
		nameAfterName = false
		defer func() { nameAfterName = true }()
	}
	if os.Getenv("NOMEN_KB_NORUNPOS") != "" {
		knownRunPOS = false
		defer func() { knownRunPOS = true }()
	}
	if os.Getenv("NOMEN_KB_NOORGS") != "" { // without the organisation phrases of rus and ara
		rusOrgsOn, araOrgsOn, hebOrgsOn, korOrgsOn, fraOrgsOn, itaOrgsOn, nldOrgsOn, engOrgsOn = false, false, false, false, false, false, false, false
		defer func() {
			rusOrgsOn, araOrgsOn, hebOrgsOn, korOrgsOn, fraOrgsOn, itaOrgsOn, nldOrgsOn, engOrgsOn = true, true, true, true, true, true, true, true
		}()
	}
	file := "testdata/kbpath_dev_" + lang + ".txt"
	lang, _, _ = strings.Cut(lang, "_") // ara_prefix: testdata/kbpath_dev_ara_prefix.txt, Arabic
	sents := readHandDev(t, file, lang)
	s := corpus.Set{Name: "kbpath-dev-" + lang, Lang: lang, Types: []string{span.PER, span.LOC, span.ORG}}
	tg := devPipeline(t, true).WordTagger(lang)
	writeDevTable(t, file+" (knowledge-base path)", tg, s, sents)
	if _, err := loadTagger(ModelStatistical, lang); err == nil {
		// A language with a statistical tagger: what the service returns (the tagger, not the
		// knowledge-base path).
		p := servicePipeline(t)
		writeDevTable(t, file+" (statistical tagger and the knowledge-base supplement, the service's path)", p.WordTagger(lang), s, sents)
		p.noSupplement = true
		writeDevTable(t, file+" (statistical tagger alone)", p.WordTagger(lang), s, sents)
	}
	if os.Getenv("NOMEN_KB_HAND_LINK") != "" {
		// How many of the names found are linked to a Q id, over the whole pipeline.
		p := devPipeline(t, true)
		var names, linked int
		for _, st := range sents {
			res, err := p.Extract(strings.Join(st.Words, " "), lang, Options{Link: true})
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range res.Entities {
				if Linkable(e.Type) {
					names += len(e.Mentions)
					if e.Linked {
						linked += len(e.Mentions)
					}
				}
			}
		}
		t.Logf("%s: %d of %d name mentions linked", file, linked, names)
	}
	if v := os.Getenv("NOMEN_KB_HAND_ERR"); v != "" {
		if v == "service" { // the service's path instead of the knowledge-base path
			tg = servicePipeline(t).WordTagger(lang)
		}
		for _, st := range sents {
			gold := goldTypes(st)
			for _, p := range tg.TagWords(st.Words) {
				if g := gold[[2]int{p.Start, p.End}]; g != p.Type && p.Type != "TTL" && p.Type != "NAT" {
					t.Logf("%s (gold %s) %s", p.Type, g, strings.Join(st.Words[p.Start:p.End], " "))
				}
			}
		}
	}
}
