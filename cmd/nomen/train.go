package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"sort"

	matchname "github.com/nomenhq/nomen/matchers/name"
)

// trainers maps "nomen train <what>" to the function that regenerates that model or table
// from the TRAIN sets of the data directory. Each writes into the repository's committed
// artifact folder, deterministically.
func trainers() map[string]func(ctx context.Context, dataDir string, stdout io.Writer) error {
	return map[string]func(ctx context.Context, dataDir string, stdout io.Writer) error{
		"name-frequencies": func(_ context.Context, data string, w io.Writer) error {
			return matchname.BuildTables(data, "matchers/name/data", w)
		},
	}
}

func runTrain(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("train", flag.ContinueOnError)
	fs.SetOutput(stderr)
	data := fs.String("data", envDefault("NOMEN_DATA", "../shared/data"), "data directory (env NOMEN_DATA)")
	ts := trainers()
	names := make([]string, 0, len(ts))
	for n := range ts {
		names = append(names, n)
	}
	sort.Strings(names)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "Usage: nomen train [--data DIR] <what>|all\n  what: %v\nRun from the repository root: outputs go to the committed model folders.\n", names)
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return fmt.Errorf("train: name one model, or all")
	}
	what := fs.Arg(0)
	if what == "all" {
		for _, n := range names {
			fmt.Fprintf(stdout, "== train %s\n", n)
			if err := ts[n](ctx, *data, stdout); err != nil {
				return fmt.Errorf("train %s: %w", n, err)
			}
		}
		return nil
	}
	t, ok := ts[what]
	if !ok {
		fs.Usage()
		return fmt.Errorf("train: unknown model %q", what)
	}
	return t(ctx, *data, stdout)
}
