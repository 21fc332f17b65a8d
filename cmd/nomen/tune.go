package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/nomenhq/nomen/engine"
	maddress "github.com/nomenhq/nomen/matchers/address"
)

// runTune is "nomen tune compare|search": comparing two universes on labelled name pairs, and
// searching the name parameters on a TRAIN-derived pair file.
func runTune(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 || strings.HasPrefix(args[0], "-") {
		fmt.Fprintln(stderr, "Usage: nomen tune compare --pairs FILE [--kind names|addresses|records] A B\n       nomen tune search --pairs FILE [--kind names|addresses|records] --out NEW.yaml [--universe BASE] [--budget 60s] [--metric auc|f1] [--name NAME] [--seed N]")
		return fmt.Errorf("tune: name a subcommand (compare or search)")
	}
	switch args[0] {
	case "compare":
		return tuneCompare(ctx, args[1:], stdout, stderr)
	case "search":
		return tuneSearch(ctx, args[1:], stdout, stderr)
	}
	return fmt.Errorf("tune: unknown subcommand %q (have compare, search)", args[0])
}

// parseInterleaved parses flags that may come before, between or after the positional
// arguments, and returns the positional ones.
func parseInterleaved(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		args = fs.Args()
		if len(args) == 0 {
			return pos, nil
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
}

func tuneCompare(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("tune compare", flag.ContinueOnError)
	fs.SetOutput(stderr)
	pairsPath := fs.String("pairs", "testdata/names/pairs-dev.jsonl", "labelled pairs (JSON lines)")
	kind := fs.String("kind", "auto", "kind of pairs: names, addresses, records, or auto (from the file's first line)")
	profiles := fs.String("profiles", envDefault("NOMEN_PROFILES", ""), "directory of extra profiles")
	plot := fs.String("plot", "", "write SVGs of score distributions and precision/recall curves here (-A/-B before the extension)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "Usage: nomen tune compare [flags] UNIVERSE_A UNIVERSE_B")
		fs.PrintDefaults()
	}
	pos, err := parseInterleaved(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 2 {
		fs.Usage()
		return fmt.Errorf("tune compare: want two universe names, got %d", len(pos))
	}
	e, err := engine.New(*profiles)
	if err != nil {
		return err
	}
	pairs, err := readPairSet(*pairsPath, *kind)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "pairs: %s (%s)\n", *pairsPath, pairs.Kind())
	paths, err := e.CompareUniversesSet(ctx, pairs, pos[0], pos[1], stdout, stderr, *plot)
	if err != nil {
		return err
	}
	for _, p := range paths {
		fmt.Fprintf(stdout, "plot written to %s\n", p)
	}
	return nil
}

// heldOutPairFiles are the evaluation sets of testdata/names, which tuning must never read.
var heldOutPairFiles = map[string]bool{"pairs.jsonl": true, "pairs-small.jsonl": true}

func tuneSearch(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("tune search", flag.ContinueOnError)
	fs.SetOutput(stderr)
	pairsPath := fs.String("pairs", "testdata/names/pairs-dev.jsonl", "labelled pairs from TRAIN sources (JSON lines)")
	out := fs.String("out", "", "profile to write (required)")
	base := fs.String("universe", engine.DefaultUniverse, "universe to start from")
	name := fs.String("name", "tuned", "name of the new universe")
	budget := fs.Duration("budget", 60*time.Second, "wall-clock budget of the search")
	metric := fs.String("metric", "auc", "metric maximised on the training fold: auc or f1")
	seed := fs.Uint64("seed", 1, "seed of the fold split and of the parameter order")
	kind := fs.String("kind", "auto", "kind of pairs: names, addresses, records, or auto (from the file's first line)")
	groups := fs.String("groups", "", "comma-separated parameter groups to search (default: name for names, address for addresses, name,date,string,number,boolean,address for records)")
	only := fs.String("params", "", "comma-separated parameters to search (default: every non-static one of the groups)")
	threshold := fs.Float64("threshold", 0, "fix the new universe's threshold (metric f1 is then F1 at it); 0 = best-F1 threshold of the training fold")
	holdout := fs.Float64("holdout", 0.3, "share of pairs held out against overfitting")
	tolerance := fs.Float64("tolerance", 0.002, "largest accepted loss of the held-out metric")
	maxEvals := fs.Int("max-evals", 0, "stop after this many candidates (0 = budget only)")
	workers := fs.Int("workers", 0, "goroutines scoring pairs (0 = GOMAXPROCS)")
	profiles := fs.String("profiles", envDefault("NOMEN_PROFILES", ""), "directory of extra profiles")
	plot := fs.String("plot", "", "write an SVG of the tuned universe's held-out scores here")
	allowHeldOut := fs.Bool("allow-heldout", false, "accept a pair file named like an evaluation set (pairs.jsonl, pairs-small.jsonl)")
	if _, err := parseInterleaved(fs, args); err != nil {
		return err
	}
	if *out == "" {
		fs.Usage()
		return fmt.Errorf("tune search: --out is required")
	}
	k, err := pairKind(*pairsPath, *kind)
	if err != nil {
		return err
	}
	if k == "names" && heldOutPairFiles[filepath.Base(*pairsPath)] && !*allowHeldOut {
		return fmt.Errorf("tune search: %s is a held-out evaluation set; tune on testdata/names/pairs-dev.jsonl (or pass --allow-heldout for a file of your own)", *pairsPath)
	}
	e, err := engine.New(*profiles)
	if err != nil {
		return err
	}
	pairs, err := readPairSet(*pairsPath, k)
	if err != nil {
		return err
	}
	opt := engine.TuneOptions{Base: *base, Name: *name, Metric: *metric, Groups: splitList(*groups), Params: splitList(*only),
		Budget: *budget, MaxEvaluations: *maxEvals, Seed: *seed, Threshold: *threshold, Holdout: *holdout, Tolerance: *tolerance, Workers: *workers, DataFile: *pairsPath}
	res, err := e.TuneSearchSet(ctx, pairs, opt, stderr)
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	if err := res.WriteProfile(&buf); err != nil {
		return err
	}
	if err := os.WriteFile(*out, buf.Bytes(), 0o644); err != nil {
		return fmt.Errorf("tune search: %w", err)
	}
	fmt.Fprintf(stdout, "searched %d candidates in %d rounds (%s)%s\n", res.Evaluations, res.Rounds, res.Elapsed.Round(time.Millisecond), map[bool]string{true: ", converged", false: ""}[res.Converged])
	for _, f := range []struct {
		name string
		b, a engine.TuneFigures
	}{{"training", res.Before.Train, res.After.Train}, {"held-out", res.Before.Holdout, res.After.Holdout}} {
		fmt.Fprintf(stdout, "%-8s fold (%4d pairs): AUC %.4f -> %.4f  best F1 %.4f -> %.4f  F1 at threshold %.4f -> %.4f (P %.4f -> %.4f, R %.4f -> %.4f)\n",
			f.name, f.a.N, f.b.AUC, f.a.AUC, f.b.BestF1, f.a.BestF1, f.b.AtThreshold.F1, f.a.AtThreshold.F1,
			f.b.AtThreshold.Precision, f.a.AtThreshold.Precision, f.b.AtThreshold.Recall, f.a.AtThreshold.Recall)
	}
	how := "best-F1 threshold of the training fold"
	if *threshold > 0 {
		how = "fixed"
	}
	fmt.Fprintf(stdout, "threshold %.4f -> %.4f (%s)\n", res.Before.Train.Threshold, res.After.Train.Threshold, how)
	for _, c := range res.Changes {
		fmt.Fprintf(stdout, "  %s: %s -> %s\n", c.Param, c.From, c.To)
	}
	fmt.Fprintf(stdout, "universe %q written to %s (loaded and rescored: identical scores)\n", res.Universe, *out)
	if *plot != "" {
		if err := engine.WriteScorePlot(*plot, res.HoldoutScores); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "plot written to %s\n", *plot)
	}
	return nil
}

// splitList splits a comma-separated flag value, dropping empty items.
func splitList(s string) []string {
	var out []string
	for _, x := range strings.Split(s, ",") {
		if x = strings.TrimSpace(x); x != "" {
			out = append(out, x)
		}
	}
	return out
}

// pairKind returns the kind of a pair file: kind itself, or with "auto" (or ""), the kind
// its first non-empty line shows: "name1" → names, "address1" → addresses, "fields" → records.
func pairKind(path, kind string) (string, error) {
	switch kind {
	case "names", "addresses", "records":
		return kind, nil
	case "", "auto":
	default:
		return "", fmt.Errorf("tune: --kind %q: want names, addresses, records or auto", kind)
	}
	f, err := os.Open(path)
	if err != nil {
		return "", fmt.Errorf("tune: %w", err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		if strings.TrimSpace(sc.Text()) == "" {
			continue
		}
		var m map[string]json.RawMessage
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			return "", fmt.Errorf("tune: %s: first line: %w", path, err)
		}
		for _, k := range []struct{ key, kind string }{{"name1", "names"}, {"address1", "addresses"}, {"fields", "records"}} {
			if _, ok := m[k.key]; ok {
				return k.kind, nil
			}
		}
		return "", fmt.Errorf("tune: %s: cannot tell the kind of pairs (no name1, address1 or fields); pass --kind", path)
	}
	if err := sc.Err(); err != nil {
		return "", fmt.Errorf("tune: %s: %w", path, err)
	}
	return "", fmt.Errorf("tune: %s: no pairs", path)
}

// readPairSet reads a pair file of the given kind (or auto-detected).
func readPairSet(path, kind string) (engine.PairSet, error) {
	k, err := pairKind(path, kind)
	if err != nil {
		return nil, err
	}
	switch k {
	case "addresses":
		p, err := maddress.ReadPairs(path)
		if err != nil {
			return nil, err
		}
		if len(p) == 0 {
			return nil, fmt.Errorf("tune: %s: no pairs", path)
		}
		return engine.AddressPairs(p), nil
	case "records":
		p, err := engine.ReadRecordPairs(path)
		if err != nil {
			return nil, err
		}
		return engine.RecordPairs(p), nil
	}
	p, err := engine.ReadNamePairs(path)
	if err != nil {
		return nil, err
	}
	return engine.NamePairs(p), nil
}
