package main

import (
	"context"
	"flag"
	"fmt"
	"github.com/nomenhq/nomen/analyzers/entities"
	"github.com/nomenhq/nomen/analyzers/entities/dnn"
	"github.com/nomenhq/nomen/analyzers/entities/ner"
	"io"
	"sort"
	"strings"

	"github.com/nomenhq/nomen/analyzers/morph"
	"github.com/nomenhq/nomen/analyzers/nametrans"
	"github.com/nomenhq/nomen/analyzers/semantics"
	"github.com/nomenhq/nomen/analyzers/sentiment"
	"github.com/nomenhq/nomen/analyzers/topics"
	"github.com/nomenhq/nomen/analyzers/translit"
	"github.com/nomenhq/nomen/internal/pairgen"
	maddress "github.com/nomenhq/nomen/matchers/address"
	matchname "github.com/nomenhq/nomen/matchers/name"
	pname "github.com/nomenhq/nomen/parsers/name"
)

// runner is the common shape of the modules' CLI entry points: flags in args (each takes
// --data DIR, default ../shared/data), report on stdout.
type runner func(ctx context.Context, args []string, stdout io.Writer) error

// trainers maps "nomen train <what>" to the function that regenerates that model or table
// from the TRAIN sets of the data directory into the repository's committed artifact folder,
// deterministically. Run them from the repository root.
func trainers() map[string]runner {
	return map[string]runner{
		"name-frequencies": dataOnly("train name-frequencies", func(data string, w io.Writer) error {
			return matchname.BuildTables(data, "matchers/name/data", w)
		}),
		"name-tables": pname.RunBuildTables,
		"translit":    translit.RunTrain,
		"address":     maddress.RunTrain,
		"morphology": dataOnly("train morphology", func(data string, w io.Writer) error {
			return morph.Train(data, "analyzers/morph/data", morph.TrainLanguages(), w)
		}),
		"name-pairs": pairgen.RunGenerate,
		"entities": func(ctx context.Context, args []string, stdout io.Writer) error {
			entities.InstallSilverLabeler() // the silver sets (corpus) are labelled by the KB path
			return ner.RunTrain(ctx, args, stdout)
		},
		"entities-common-words": dataOnly("train entities-common-words", func(data string, w io.Writer) error {
			return entities.BuildCommonWords(data, "analyzers/entities/data", w)
		}),
		"entities-dnn": trainDNN,
		"sentiment":    sentiment.RunTrain,
		"topics":       topics.RunTrain,
		"semantics":    semantics.RunTrain,

		"name-translation": nametrans.RunTrain,
	}
}

// dataOnly adapts a function of the data directory to a runner with a --data flag.
func dataOnly(name string, f func(data string, w io.Writer) error) runner {
	return func(_ context.Context, args []string, stdout io.Writer) error {
		fs := flag.NewFlagSet(name, flag.ContinueOnError)
		fs.SetOutput(stdout)
		data := fs.String("data", envDefault("NOMEN_DATA", "../shared/data"), "data directory (env NOMEN_DATA)")
		if err := fs.Parse(args); err != nil {
			return err
		}
		return f(*data, stdout)
	}
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func runTrain(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	ts := trainers()
	names := sortedKeys(ts)
	if len(args) == 0 || strings.HasPrefix(args[0], "-") {
		fmt.Fprintf(stderr, "Usage: nomen train <what>|all [--data DIR]\n  what: %s\nRun from the repository root: outputs go to the committed model folders.\n", strings.Join(names, ", "))
		return fmt.Errorf("train: name one model, or all")
	}
	if args[0] == "all" {
		for _, n := range names {
			fmt.Fprintf(stdout, "== train %s\n", n)
			if err := ts[n](ctx, args[1:], stdout); err != nil {
				return fmt.Errorf("train %s: %w", n, err)
			}
		}
		return nil
	}
	t, ok := ts[args[0]]
	if !ok {
		return fmt.Errorf("train: unknown model %q (have %s)", args[0], strings.Join(names, ", "))
	}
	return t(ctx, args[1:], stdout)
}

// trainDNN is "nomen train entities-dnn": every shipped language unless --lang names one.
func trainDNN(ctx context.Context, args []string, stdout io.Writer) error {
	for _, a := range args {
		if a == "--lang" || a == "-lang" || strings.HasPrefix(a, "--lang=") || strings.HasPrefix(a, "-lang=") {
			return dnn.RunTrain(ctx, args, stdout)
		}
	}
	for _, l := range dnn.Languages() {
		fmt.Fprintf(stdout, "== entities-dnn %s\n", l)
		if err := dnn.RunTrain(ctx, append(append([]string(nil), args...), "--lang", l), stdout); err != nil {
			return err
		}
	}
	return nil
}
