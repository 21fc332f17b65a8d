package nametrans

import (
	"context"
	"flag"
	"fmt"
	"io"
)

// RunTrain is the `nomen train name-translation` entry point. Flags:
//
//	-data DIR   data directory (default ../shared/data)
//	-out FILE   output table (default analyzers/nametrans/data/reverse.tsv.gz)
func RunTrain(ctx context.Context, args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("train name-translation", flag.ContinueOnError)
	fs.SetOutput(stdout)
	data := fs.String("data", "../shared/data", "data directory")
	out := fs.String("out", "analyzers/nametrans/"+TableFile, "output table file")
	if err := fs.Parse(args); err != nil {
		return fmt.Errorf("nametrans: train: %w", err)
	}
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("nametrans: train: %w", err)
	}
	return Train(*data, *out, stdout)
}

// RunEval is the `nomen eval name-translation` entry point: held-out
// accuracy per script and direction. Flags: -data DIR (default
// ../shared/data), -limit N (evaluate about N rows per file, every n-th;
// 0 = all), -dev (development rows of the TRAIN files, for design choices).
func RunEval(ctx context.Context, args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("eval name-translation", flag.ContinueOnError)
	fs.SetOutput(stdout)
	data := fs.String("data", "../shared/data", "data directory")
	limit := fs.Int("limit", 0, "rows per file (every n-th row); 0 = all")
	dev := fs.Bool("dev", false, "evaluate on development rows of the _80 (TRAIN) files instead of the held-out files")
	if err := fs.Parse(args); err != nil {
		return fmt.Errorf("nametrans: eval: %w", err)
	}
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("nametrans: eval: %w", err)
	}
	return Eval(*data, *limit, *dev, stdout)
}
