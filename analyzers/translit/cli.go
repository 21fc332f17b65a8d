package translit

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strings"
)

// RunTrain is the `nomen train translit` entry point. Flags:
//
//	-data DIR     data directory (default ../shared/data)
//	-out DIR      output directory (default analyzers/translit/data)
//	-models LIST  comma-separated subset of Models (default all)
func RunTrain(ctx context.Context, args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("train translit", flag.ContinueOnError)
	fs.SetOutput(stdout)
	data := fs.String("data", "../shared/data", "data directory")
	out := fs.String("out", "analyzers/translit/data", "output directory for the model files")
	models := fs.String("models", strings.Join(Models, ","), "comma-separated models to train")
	if err := fs.Parse(args); err != nil {
		return fmt.Errorf("translit: train: %w", err)
	}
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("translit: train: %w", err)
	}
	return TrainModels(*data, *out, strings.Split(*models, ","), stdout)
}

// RunEval is the `nomen eval translit` entry point: held-out accuracy of
// the rule, learned and merged layers per script. Flags: -data DIR,
// -models LIST (as RunTrain).
func RunEval(ctx context.Context, args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("eval translit", flag.ContinueOnError)
	fs.SetOutput(stdout)
	data := fs.String("data", "../shared/data", "data directory")
	models := fs.String("models", strings.Join(Models, ","), "comma-separated models to evaluate")
	if err := fs.Parse(args); err != nil {
		return fmt.Errorf("translit: eval: %w", err)
	}
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("translit: eval: %w", err)
	}
	names := strings.Split(*models, ",")
	for _, n := range names {
		if _, ok := modelConfigs[n]; !ok {
			return fmt.Errorf("translit: eval: unknown model %q", n)
		}
	}
	return EvalModels(*data, names, stdout)
}
