package address

import (
	"flag"
	addr "github.com/nomenhq/nomen/parsers/address"
	"os"
	"testing"
)

var genPairs = flag.Bool("genpairs", false, "regenerate testdata/addresses/pairs.jsonl")

const pairsFile = "../../testdata/addresses/pairs.jsonl"

func TestGeneratePairs(t *testing.T) {
	if !*genPairs {
		t.Skip("use -genpairs")
	}
	f, err := os.Create(pairsFile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := GeneratePairs(testDataDir(t), f); err != nil {
		t.Fatal(err)
	}
}

var evalPairs = flag.Bool("evalpairs", false, "print the pair-set report")

func TestEvalPairsReport(t *testing.T) {
	if !*evalPairs {
		t.Skip("use -evalpairs")
	}
	if err := EvalPairs(pairsFile, DefaultOptions(), os.Stdout); err != nil {
		t.Fatal(err)
	}
}

var worst = flag.Bool("worst", false, "print the worst-ranked pairs")

func TestWorstPairs(t *testing.T) {
	if !*worst {
		t.Skip("use -worst")
	}
	pairs, err := ReadPairs(pairsFile)
	if err != nil {
		t.Fatal(err)
	}
	m := New(DefaultOptions())
	for _, p := range pairs {
		r, _ := m.CompareStrings(p.Address1, p.Address2)
		if (p.Match && r.Score < 0.85) || (!p.Match && r.Score > 0.8) {
			a, _ := addr.Parse(p.Address1)
			b, _ := addr.Parse(p.Address2)
			t.Logf("%v %.3f %s\n  %q\n  %q\n  %+v\n  %+v", p.Match, r.Score, p.Category, p.Address1, p.Address2, a, b)
		}
	}
}
