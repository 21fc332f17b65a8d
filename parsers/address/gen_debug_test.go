package address

import (
	"flag"
	"fmt"
	"strings"
	"testing"
)

var showGen = flag.Int("showgen", 0, "print this many generated training addresses")

func TestShowGenerated(t *testing.T) {
	if *showGen == 0 {
		t.Skip("use -showgen N")
	}
	r, err := loadResources(testDataDir(t))
	if err != nil {
		t.Fatal(err)
	}
	lex := buildLexicon(r)
	g := newRealGenerator(r, 5)
	cs := countryList()
	names := classNames()
	for i := 0; i < *showGen; i++ {
		cc, segs := g.next(cs)
		ex := buildExample(segs, lex)
		var b strings.Builder
		for k, tk := range ex.toks {
			fmt.Fprintf(&b, "%s/%s ", tk.text, names[ex.labels[k]])
		}
		fmt.Printf("%s | %q\n    %s\n", cc, ex.text, b.String())
	}
}

var devFail = flag.Int("devfail", 0, "print this many failing addresses of the generated dev split")

// TestDevFailures prints failures of the committed parser (or the one in -modeldir) on the
// generated dev (test) split.
func TestDevFailures(t *testing.T) {
	if *devFail == 0 {
		t.Skip("use -devfail N")
	}
	p := testParser(t)
	r, err := loadResources(testDataDir(t))
	if err != nil {
		t.Fatal(err)
	}
	names := classNames()
	shown := 0
	for _, ex := range generatedTestSet(r, p.lex) {
		sc := p.pool.Get().(*scratch)
		sc.toks = append(sc.toks[:0], ex.toks...)
		pred := p.tag(sc)
		fixRuns(&sc.st, pred)
		var b strings.Builder
		bad := false
		for i, tk := range ex.toks {
			if pred[i] != ex.labels[i] {
				bad = true
				fmt.Fprintf(&b, "%s/%s>%s ", tk.text, names[ex.labels[i]], names[pred[i]])
			} else {
				fmt.Fprintf(&b, "%s ", tk.text)
			}
		}
		p.pool.Put(sc)
		if bad {
			fmt.Printf("%s | %q\n    %s\n", ex.cc, ex.text, b.String())
			if shown++; shown == *devFail {
				break
			}
		}
	}
}

var modelDir = flag.String("modeldir", "", "score the model in this directory on the generated dev split")

// TestDevScore scores the model in -modeldir on the generated dev split of the current
// generator, to compare a model with another on the same addresses.
func TestDevScore(t *testing.T) {
	if *modelDir == "" {
		t.Skip("use -modeldir DIR")
	}
	if *beamFlag > 0 {
		defer func(w int) { beamWidth = w }(beamWidth)
		beamWidth = *beamFlag
	}
	p := testParser(t)
	r, err := loadResources(testDataDir(t))
	if err != nil {
		t.Fatal(err)
	}
	var s, us Score
	var fam map[string]*Score = map[string]*Score{}
	for _, ex := range generatedTestSet(r, p.lex) {
		p.scoreTokens(&s, ex.toks, ex.labels)
		if ex.cc == "US" {
			p.scoreTokens(&us, ex.toks, ex.labels)
		}
		if formatCountries[ex.cc] {
			if fam[ex.cc] == nil {
				fam[ex.cc] = &Score{}
			}
			p.scoreTokens(fam[ex.cc], ex.toks, ex.labels)
		}
	}
	fmt.Printf("dev: token %.4f whole %.4f; US %d: token %.4f whole %.4f\n", s.TokenAccuracy(), s.AddressAccuracy(),
		us.Addresses, us.TokenAccuracy(), us.AddressAccuracy())
	for _, cc := range sortedKeys(fam) {
		fmt.Printf("  %s %d: whole %.4f\n", cc, fam[cc].Addresses, fam[cc].AddressAccuracy())
	}
}
