package morph

import (
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"
)

func TestExp(t *testing.T) {
	if os.Getenv("MORPH_EXP") == "" {
		t.Skip()
	}
	tb := treebanks["eng"]
	sents, _ := readCoNLLU(splitPath("../../../shared/data", tb, "train"))
	dev, _ := readCoNLLU(splitPath("../../../shared/data", tb, "dev"))
	f, _ := os.Open("/tmp/morphout/eng.freq.gz")
	freq, _ := readFreq(f)
	for _, cfg := range []struct {
		x bool
		a int
	}{{true, 8}} {
		tb.epochs = 10
		tb.maxFeatures = 60000
		extraFeats, lowerAug = cfg.x, cfg.a
		mf := cfg
		m := &langModel{lem: trainLemmatizer(sents, freq)}
		m.tagger, m.tagger2, m.amb = trainTagger(sents, tb)
		p0, _ := goldTokenAccuracy(&langModel{tagger: m.tagger, lem: m.lem, amb: m.amb}, dev)
		fmt.Println("first pass", p0)
		p, l := goldTokenAccuracy(m, dev)
		fmt.Println("maxf", mf, p, l)
	}
	m := &langModel{lem: trainLemmatizer(sents, freq)}
	m2 := &langModel{lem: trainLemmatizer(sents, nil)}
	n, ok, ok2 := 0, 0, 0
	errs := map[string]int{}
	for _, s := range dev {
		for _, w := range s.words() {
			n++
			if m.lem.lemma(w.Form, w.UPOS) == w.Lemma {
				ok++
			} else {
				errs[w.Form+" "+w.UPOS+" "+w.Lemma+" -> "+m.lem.lemma(w.Form, w.UPOS)]++
			}
			if m2.lem.lemma(w.Form, w.UPOS) == w.Lemma {
				ok2++
			}
		}
	}
	fmt.Println("gold-tag lemma acc freq", float64(ok)/float64(n), "nofreq", float64(ok2)/float64(n))
	k := 0
	for e, c := range errs {
		if c > 2 && k < 60 {
			fmt.Println(c, strings.ReplaceAll(e, "\x00", "|"))
			k++
		}
	}
}

func TestTokDiff(t *testing.T) {
	lang := os.Getenv("MORPH_TOKDIFF")
	if lang == "" {
		t.Skip()
	}
	tb := treebanks[lang]
	sents, _ := readCoNLLU(splitPath("../../../shared/data", tb, "dev"))
	miss := map[string]int{}
	extra := map[string]int{}
	for i := range sents {
		s := &sents[i]
		gold, ok := goldSpans(s)
		if !ok {
			continue
		}
		a, _, _ := analyze(s.Text, lang, []string{FeaturePartsOfSpeech}, Options{Disambiguate: true})
		r := []rune(s.Text)
		g := map[[2]int]bool{}
		for _, x := range gold {
			g[x.span] = true
		}
		p := map[[2]int]bool{}
		for _, o := range a.Offsets {
			p[o] = true
			if !g[o] {
				extra[string(r[o[0]:o[1]])]++
			}
		}
		for _, x := range gold {
			if !p[x.span] {
				miss[string(r[x.span[0]:x.span[1]])]++
			}
		}
	}
	show := func(name string, m map[string]int) {
		type kv struct {
			k string
			v int
		}
		var l []kv
		for k, v := range m {
			l = append(l, kv{k, v})
		}
		sort.Slice(l, func(i, j int) bool { return l[i].v > l[j].v })
		fmt.Print(name, ": ")
		for i := 0; i < len(l) && i < 50; i++ {
			fmt.Printf("%q:%d ", l[i].k, l[i].v)
		}
		fmt.Println()
	}
	show("missed gold", miss)
	show("extra pred", extra)
}

func TestJpnLemma(t *testing.T) {
	if os.Getenv("MORPH_JPN") == "" {
		t.Skip()
	}
	sents, _ := readCoNLLU(splitPath("../../../shared/data", treebanks["jpn"], "dev"))
	diff := map[string]int{}
	n, same := 0, 0
	for _, s := range sents {
		for _, w := range s.words() {
			k := japaneseLemma(w.Form, "?")
			n++
			if k == w.Lemma {
				same++
			} else {
				diff[w.Form+" gold="+w.Lemma+" kagome="+k]++
			}
		}
	}
	fmt.Println("kagome agrees", same, n)
	i := 0
	for d, c := range diff {
		if i < 40 {
			fmt.Println(c, d)
		}
		i++
	}
}
