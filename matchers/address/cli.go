package address

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/nomenhq/nomen/internal/paramtag"
	addr "github.com/nomenhq/nomen/parsers/address"
)

// RunTrain implements `nomen train address`: it retrains the parser model and lexicon,
// rebuilds the matcher tables and regenerates the labelled pair set, all from TRAIN data.
// Flags: -data (default ../shared/data), -root (repository root, default .).
func RunTrain(ctx context.Context, args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("train address", flag.ContinueOnError)
	fs.SetOutput(stdout)
	data := fs.String("data", "../shared/data", "data directory")
	root := fs.String("root", ".", "repository root")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	if err := addr.Train(*data, filepath.Join(*root, "parsers", "address", "data"), stdout); err != nil {
		return err
	}
	if err := BuildTables(*data, filepath.Join(*root, "matchers", "address", "data"), stdout); err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	path := filepath.Join(*root, "testdata", "addresses", "pairs.jsonl")
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("address: %w", err)
	}
	if err := GeneratePairs(*data, f); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("address: %w", err)
	}
	fmt.Fprintf(stdout, "wrote %s\n", path)
	return nil
}

// RunEvalParser implements `nomen eval address-parser`. Flag: -data.
func RunEvalParser(ctx context.Context, args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("eval address-parser", flag.ContinueOnError)
	fs.SetOutput(stdout)
	data := fs.String("data", "../shared/data", "data directory")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	return addr.EvalParser(*data, stdout)
}

// paramFlags collects repeated -param name=value flags.
type paramFlags []string

func (p *paramFlags) String() string     { return strings.Join(*p, ",") }
func (p *paramFlags) Set(v string) error { *p = append(*p, v); return nil }

// RunEvalPairs implements `nomen eval addresses`: it scores the labelled pairs and prints
// AUC, best-F1 threshold and per-category figures. Flags: -pairs (default
// testdata/addresses/pairs.jsonl), -param name=value (repeatable).
func RunEvalPairs(ctx context.Context, args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("eval addresses", flag.ContinueOnError)
	fs.SetOutput(stdout)
	pairs := fs.String("pairs", filepath.Join("testdata", "addresses", "pairs.jsonl"), "labelled pair file")
	var params paramFlags
	fs.Var(&params, "param", "scoring parameter name=value (repeatable)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	opt := DefaultOptions()
	if err := ApplyParameters(&opt, params); err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	return EvalPairs(*pairs, opt, stdout)
}

// ApplyParameters sets "name=value" parameters on opt; unknown names, static parameters and
// invalid values are errors.
func ApplyParameters(opt *Options, params []string) error {
	specs, err := paramtag.Specs(opt)
	if err != nil {
		return err
	}
	for _, p := range params {
		name, value, ok := strings.Cut(p, "=")
		if !ok {
			return fmt.Errorf("address: parameter %q is not name=value", p)
		}
		found := false
		for _, s := range specs {
			if s.Name != name {
				continue
			}
			found = true
			if s.Static {
				return fmt.Errorf("address: parameter %s is static", name)
			}
			if err := paramtag.Set(opt, s, value); err != nil {
				return err
			}
		}
		if !found {
			return fmt.Errorf("address: unknown parameter %q", name)
		}
	}
	return nil
}
