package kb

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
)

// RunCLI runs the kb subcommands (mounted as `nomen kb`):
//
//	kb build --from FILE... --out DIR   build a KB from record files or Wikidata dumps
//	kb reindex DIR                      rebuild the index of a KB from its records
//	kb prepare [--data DIR] [--out DIR] regenerate kb/data from the shared data
//	kb search [--kb DIR] [--type T] [--lang L] [--limit N] QUERY
//
// args excludes the leading "kb". Progress goes to stderr, results to stdout.
func RunCLI(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		return errors.New("kb: usage: kb build --from FILE... --out DIR | kb reindex DIR | kb prepare | kb search QUERY")
	}
	switch args[0] {
	case "build":
		fs := flag.NewFlagSet("kb build", flag.ContinueOnError)
		fs.SetOutput(stderr)
		out := fs.String("out", "", "output KB directory")
		var from multiFlag
		fs.Var(&from, "from", "source file (repeatable; more files may follow the flags)")
		if err := fs.Parse(args[1:]); err != nil {
			return err
		}
		from = append(from, fs.Args()...)
		if *out == "" || len(from) == 0 {
			return errors.New("kb build: need --from FILE... and --out DIR")
		}
		sum, err := Build(ctx, from, *out, stderr)
		if err != nil {
			return err
		}
		fmt.Fprintln(stdout, sum.String())
		return nil
	case "reindex":
		if len(args) != 2 {
			return errors.New("kb reindex: need DIR")
		}
		return Reindex(ctx, args[1], stderr)
	case "prepare":
		fs := flag.NewFlagSet("kb prepare", flag.ContinueOnError)
		fs.SetOutput(stderr)
		data := fs.String("data", "../shared/data", "shared data directory")
		out := fs.String("out", "kb/data", "output directory for the compact source data")
		if err := fs.Parse(args[1:]); err != nil {
			return err
		}
		return prepareDefault(*data, *out, stderr)
	case "search":
		fs := flag.NewFlagSet("kb search", flag.ContinueOnError)
		fs.SetOutput(stderr)
		dir := fs.String("kb", "", "KB directory (default: the default KB in the user cache)")
		typ := fs.String("type", "", "PER, ORG, LOC or PROD")
		lang := fs.String("lang", "en", "label language")
		limit := fs.Int("limit", 10, "number of hits")
		if err := fs.Parse(args[1:]); err != nil {
			return err
		}
		k, err := openCLI(*dir, stderr)
		if err != nil {
			return err
		}
		defer k.Close()
		hits, err := k.Search(strings.Join(fs.Args(), " "), *typ, *lang, *limit)
		if err != nil {
			return err
		}
		for _, h := range hits {
			fmt.Fprintf(stdout, "%s\t%s\t%s\t%.3f\t%s\n", h.EntityID, h.Type, h.Label, h.Score, h.Description)
		}
		return nil
	}
	return fmt.Errorf("kb: unknown subcommand %q", args[0])
}

func openCLI(dir string, stderr io.Writer) (*KB, error) {
	if dir != "" {
		return Open(dir)
	}
	return openDefault("", stderr)
}

type multiFlag []string

func (m *multiFlag) String() string     { return strings.Join(*m, ",") }
func (m *multiFlag) Set(v string) error { *m = append(*m, v); return nil }
