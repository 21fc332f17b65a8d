package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"sort"

	"github.com/nomenhq/nomen/engine"
)

// evaluator runs one "nomen eval <what>".
type evaluator struct {
	summary string
	run     func(ctx context.Context, args []string, stdout, stderr io.Writer) error
}

// evaluators maps "nomen eval <what>" to its evaluation.
func evaluators() map[string]evaluator {
	return map[string]evaluator{
		"names": {"labelled name pairs: AUC, F1, sweep, per category, worst errors", evalNames},
	}
}

func runEval(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	evs := evaluators()
	names := make([]string, 0, len(evs))
	for n := range evs {
		names = append(names, n)
	}
	sort.Strings(names)
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" {
		fmt.Fprintln(stderr, "Usage: nomen eval <what> [flags]")
		for _, n := range names {
			fmt.Fprintf(stderr, "  %-16s %s\n", n, evs[n].summary)
		}
		return fmt.Errorf("eval: name what to evaluate")
	}
	ev, ok := evs[args[0]]
	if !ok {
		return fmt.Errorf("eval: unknown evaluation %q (have %v)", args[0], names)
	}
	return ev.run(ctx, args[1:], stdout, stderr)
}

func evalNames(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("eval names", flag.ContinueOnError)
	fs.SetOutput(stderr)
	pairs := fs.String("pairs", "testdata/names/pairs.jsonl", "labelled pairs (JSON lines)")
	universe := fs.String("universe", "", "parameter universe (default: default)")
	profiles := fs.String("profiles", envDefault("NOMEN_PROFILES", ""), "directory of extra profiles")
	worst := fs.Int("worst", 5, "worst false positives and negatives to explain")
	plot := fs.String("plot", "", "write an SVG of score distributions and the precision/recall curve here")
	if err := fs.Parse(args); err != nil {
		return err
	}
	e, err := engine.New(*profiles)
	if err != nil {
		return err
	}
	return e.EvalNames(ctx, *pairs, engine.EvalNamesOptions{Universe: *universe, Worst: *worst, PlotPath: *plot}, stdout)
}
