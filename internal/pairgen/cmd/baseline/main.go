// Command baseline scores a labelled pair file with a plain string
// similarity (Jaro-Winkler of the lower-cased texts) and prints the
// evalmetrics report: the floor any name matcher should beat. Run from the
// repository root:
//
//	go run ./internal/pairgen/cmd/baseline [--pairs testdata/names/pairs.jsonl] [--svg out.svg]
package main

import (
	"flag"
	"fmt"
	"os"
	"strings"

	"github.com/nomenhq/nomen/internal/evalmetrics"
	"github.com/nomenhq/nomen/internal/pairgen"
	"github.com/nomenhq/nomen/internal/strsim"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

func run() error {
	path := flag.String("pairs", "testdata/names/pairs.jsonl", "labelled pair file")
	svg := flag.String("svg", "", "also write an SVG plot to this file")
	threshold := flag.Float64("threshold", 0.85, "decision threshold for the report")
	flag.Parse()
	f, err := os.Open(*path)
	if err != nil {
		return err
	}
	defer f.Close()
	pairs, err := pairgen.ReadPairs(f)
	if err != nil {
		return err
	}
	scored := make([]evalmetrics.Scored, len(pairs))
	for i, p := range pairs {
		s := strsim.JaroWinkler(strings.ToLower(p.Name1.Text), strings.ToLower(p.Name2.Text))
		scored[i] = evalmetrics.Scored{Score: s, Match: p.Match, Category: p.Category}
	}
	if err := evalmetrics.WriteReport(os.Stdout, "Jaro-Winkler baseline on "+*path, scored, *threshold); err != nil {
		return err
	}
	if *svg != "" {
		out, err := os.Create(*svg)
		if err != nil {
			return err
		}
		if err := evalmetrics.WriteSVG(out, scored); err != nil {
			out.Close()
			return err
		}
		return out.Close()
	}
	return nil
}
