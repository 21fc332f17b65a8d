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
