package main

import (
	"context"
	"flag"
	"fmt"
	"github.com/nomenhq/nomen/analyzers/semantics"
	"io"
	"slices"
	"strings"

	"github.com/nomenhq/nomen/analyzers/entities"
	"github.com/nomenhq/nomen/analyzers/entities/coref"
	"github.com/nomenhq/nomen/analyzers/entities/corpus"
	"github.com/nomenhq/nomen/analyzers/entities/dnn"
	"github.com/nomenhq/nomen/analyzers/entities/ner"
	"github.com/nomenhq/nomen/analyzers/entities/span"
	"github.com/nomenhq/nomen/analyzers/events"
	"github.com/nomenhq/nomen/analyzers/langid"
	"github.com/nomenhq/nomen/analyzers/morph"
	"github.com/nomenhq/nomen/analyzers/nametrans"
	"github.com/nomenhq/nomen/analyzers/sentiment"
	"github.com/nomenhq/nomen/analyzers/translit"
	"github.com/nomenhq/nomen/engine"
	"github.com/nomenhq/nomen/kb"
	"github.com/nomenhq/nomen/linking"
	maddress "github.com/nomenhq/nomen/matchers/address"
	pname "github.com/nomenhq/nomen/parsers/name"
	"github.com/nomenhq/nomen/server"
)

// evaluators maps "nomen eval <what>" to its evaluation. Held-out data is read from --data
// (default ../shared/data); nothing here trains.
func evaluators() map[string]runner {
	return map[string]runner{
		"names":          evalNames,
		"name-parser":    pname.RunEval,
		"translit":       translit.RunEval,
		"language":       langid.RunEval,
		"address-parser": maddress.RunEvalParser,
		"addresses":      evalAddresses,
		"morphology": dataOnly("eval morphology", func(data string, w io.Writer) error {
			return morph.Eval(data, morph.TrainLanguages(), w)
		}),
		"records": evalRecords,
		// dedup deduplicates whole person records (Fellegi–Sunter, fitted without labels);
		// dedup-names clusters the names alone, as POST /name-deduplication does.
		"dedup":             engineEval("eval dedup", engine.EvalDedupRecords),
		"dedup-records":     engineEval("eval dedup-records", engine.EvalDedupRecords),
		"dedup-records-dev": engineEval("eval dedup-records-dev", engine.EvalDedupRecordsDev),
		"dedup-names":       engineEval("eval dedup-names", engine.EvalDedup),
		"dedup-dev":         engineEval("eval dedup-dev", engine.EvalDedupDev),
		"linking":           evalLinking,
		"entities": func(ctx context.Context, args []string, stdout io.Writer) error {
			return corpus.RunEval(ctx, args, stdout, entityTaggers())
		},
		"entity-linking": evalEntityLinking,
		// cross-script-linking links persons' names written in Hebrew and Korean script
		// against the English ones of the held-out full-name pairs.
		"cross-script-linking": evalCrossScript,
		"coref":                coref.RunEval,
		"sentiment":            sentiment.RunEval,
		"events":               evalEvents,
		"topics":               evalTopics,
		"semantics":            semantics.RunEval,

		"name-translation": nametrans.RunEval,
	}
}

func engineEval(name string, f func(ctx context.Context, e *engine.Engine, data string, w io.Writer) error) runner {
	return func(ctx context.Context, args []string, stdout io.Writer) error {
		fs := flag.NewFlagSet(name, flag.ContinueOnError)
		fs.SetOutput(stdout)
		data := fs.String("data", envDefault("NOMEN_DATA", "../shared/data"), "data directory (env NOMEN_DATA)")
		profiles := fs.String("profiles", envDefault("NOMEN_PROFILES", ""), "directory of extra profiles")
		if err := fs.Parse(args); err != nil {
			return err
		}
		e, err := engine.New(*profiles)
		if err != nil {
			return err
		}
		return f(ctx, e, *data, stdout)
	}
}

func runEval(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	evs := evaluators()
	names := sortedKeys(evs)
	if len(args) == 0 || strings.HasPrefix(args[0], "-") {
		fmt.Fprintf(stderr, "Usage: nomen eval <what> [flags]\n  what: %s\n", strings.Join(names, ", "))
		return fmt.Errorf("eval: name what to evaluate")
	}
	ev, ok := evs[args[0]]
	if !ok {
		return fmt.Errorf("eval: unknown evaluation %q (have %s)", args[0], strings.Join(names, ", "))
	}
	return ev(ctx, args[1:], stdout)
}

func evalNames(ctx context.Context, args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("eval names", flag.ContinueOnError)
	fs.SetOutput(stdout)
	pairs := fs.String("pairs", "testdata/names/pairs.jsonl", "labelled pairs (JSON lines)")
	universe := fs.String("universe", "", "parameter universe (default: default)")
	profiles := fs.String("profiles", envDefault("NOMEN_PROFILES", ""), "directory of extra profiles")
	worst := fs.Int("worst", 5, "worst false positives and negatives to explain")
	plot := fs.String("plot", "", "write an SVG of score distributions and the precision/recall curve here")
	withKB := fs.Bool("with-kb", false, "resolve LOCATION and ORGANIZATION names to knowledge-base entities, as nomen serve does")
	dir := fs.String("kb", envDefault("NOMEN_KB", ""), "knowledge-base directory for --with-kb (default: the embedded default KB)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	e, err := engine.New(*profiles)
	if err != nil {
		return err
	}
	if *withKB {
		k, err := openKB(*dir)
		if err != nil {
			return err
		}
		defer k.Close()
		e.SetEntityResolver(server.NewKBResolver(openKBSource{k}))
		fmt.Fprintf(stdout, "knowledge-base hook on: %d entities (%s)\n", k.Len(), strings.Join(k.Meta().Sources, ", "))
	}
	return e.EvalNames(ctx, *pairs, engine.EvalNamesOptions{Universe: *universe, Worst: *worst, PlotPath: *plot}, stdout)
}

// modelKB is the model type of "nomen eval entities --model kb": knowledge-base names (and
// the built-in gazetteers), as the service tags languages without a statistical model.
const modelKB = "kb"

// modelPipeline is the model type of "nomen eval entities --model pipeline": the default
// pipeline with its knowledge base, as the service answers a request with default options
// (the statistical tagger, its knowledge-base supplement where a language has one, and the
// knowledge-base path for languages without a tagger).
const modelPipeline = "pipeline"

// entityTaggers returns the loader of a model type's tagger for "nomen eval entities"; the
// knowledge base is opened once, on the first set that needs it.
func entityTaggers() func(model, lang string) (span.Tagger, error) {
	var p *entities.Pipeline
	return func(model, lang string) (span.Tagger, error) {
		switch model {
		case entities.ModelDNN:
			return dnn.Load(lang)
		case modelKB, modelPipeline:
			if model == modelKB && slices.Contains(ner.Languages(), lang) {
				return nil, fmt.Errorf("%s has a statistical model, which the service uses instead of knowledge-base names", lang)
			}
			if p == nil {
				var err error
				if p, _, err = entityPipeline(""); err != nil {
					return nil, err
				}
			}
			return p.WordTagger(lang), nil
		}
		return ner.Load(lang)
	}
}

// evalEntityLinking is "nomen eval entity-linking": extraction and linking end to end on
// Wiki-Fair.
func evalEntityLinking(ctx context.Context, args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("eval entity-linking", flag.ContinueOnError)
	fs.SetOutput(stdout)
	data := fs.String("data", envDefault("NOMEN_DATA", "../shared/data"), "data directory (env NOMEN_DATA)")
	dir := fs.String("kb", envDefault("NOMEN_KB", ""), "knowledge-base directory (default: the embedded default KB)")
	model := fs.String("model", entities.ModelStatistical, "tagger: statistical or DNN")
	corefOn := fs.Bool("coref", false, "in-document coreference on")
	if err := fs.Parse(args); err != nil {
		return err
	}
	p, _, err := entityPipeline(*dir)
	if err != nil {
		return err
	}
	return p.EvalLinking(ctx, *data, entities.Options{Model: *model, Coref: *corefOn}, stdout)
}

func evalCrossScript(ctx context.Context, args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("eval cross-script-linking", flag.ContinueOnError)
	fs.SetOutput(stdout)
	data := fs.String("data", envDefault("NOMEN_DATA", "../shared/data"), "data directory (env NOMEN_DATA)")
	dir := fs.String("kb", envDefault("NOMEN_KB", ""), "knowledge-base directory (default: the embedded default KB)")
	step := fs.Int("step", 10, "evaluate every step-th pair")
	if err := fs.Parse(args); err != nil {
		return err
	}
	p, _, err := entityPipeline(*dir)
	if err != nil {
		return err
	}
	return p.EvalCrossScript(ctx, *data, *step, stdout)
}

// entityPipeline opens the knowledge base of dir (the embedded default when empty) and
// returns the default entity pipeline over it, as the evaluations use it.
func entityPipeline(dir string) (*entities.Pipeline, *kb.KB, error) {
	k, err := openKB(dir)
	if err != nil {
		return nil, nil, err
	}
	mods, err := entities.Default("", func() (*kb.KB, error) { return k, nil })
	if err != nil {
		return nil, nil, err
	}
	return entities.New(mods), k, nil
}

func openKB(dir string) (*kb.KB, error) {
	if dir != "" {
		return kb.Open(dir)
	}
	return kb.OpenDefault("")
}

func evalLinking(ctx context.Context, args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("eval linking", flag.ContinueOnError)
	fs.SetOutput(stdout)
	data := fs.String("data", envDefault("NOMEN_DATA", "../shared/data"), "data directory (env NOMEN_DATA)")
	dir := fs.String("kb", envDefault("NOMEN_KB", ""), "knowledge-base directory (default: the embedded default KB)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	k, err := openKB(*dir)
	if err != nil {
		return err
	}
	return linking.EvalLinking(ctx, k, *data, stdout)
}

// evalAddresses is "nomen eval addresses": a labelled address-pair file scored through the
// engine under a universe, at its threshold, with the worst errors explained.
func evalAddresses(ctx context.Context, args []string, stdout io.Writer) error {
	return evalPairFile(ctx, "eval addresses", "testdata/addresses/pairs.jsonl", args, stdout, (*engine.Engine).EvalAddresses, nil)
}

// evalRecords is "nomen eval records": with --pairs, a labelled record-pair file (see
// testdata/records/README.md); without, the Febrl record evaluation on --data.
func evalRecords(ctx context.Context, args []string, stdout io.Writer) error {
	return evalPairFile(ctx, "eval records", "", args, stdout, (*engine.Engine).EvalRecordPairs, engine.EvalRecords)
}

// evalPairFile parses the flags of a pair-file evaluation and runs it; with no --pairs and a
// fallback, the fallback evaluates the data directory instead.
func evalPairFile(ctx context.Context, name, defPairs string, args []string, stdout io.Writer,
	run func(*engine.Engine, context.Context, string, engine.EvalNamesOptions, io.Writer) error,
	fallback func(ctx context.Context, e *engine.Engine, data string, w io.Writer) error) error {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stdout)
	help := "labelled pairs (JSON lines)"
	if fallback != nil {
		help += "; without it, the held-out evaluation on --data"
	}
	pairs := fs.String("pairs", defPairs, help)
	data := fs.String("data", envDefault("NOMEN_DATA", "../shared/data"), "data directory (env NOMEN_DATA), without --pairs")
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
	if *pairs == "" {
		if fallback == nil {
			return fmt.Errorf("%s: --pairs is required", name)
		}
		return fallback(ctx, e, *data, stdout)
	}
	return run(e, ctx, *pairs, engine.EvalNamesOptions{Universe: *universe, Worst: *worst, PlotPath: *plot}, stdout)
}

// evalEvents scores the built-in event models on hand-written cases, with the entities the
// service would find (the knowledge base's names for languages without a tagger; no linking).
func evalEvents(_ context.Context, args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("eval events", flag.ContinueOnError)
	fs.SetOutput(stdout)
	cases := fs.String("cases", "testdata/events/cases.jsonl", "JSON-lines cases")
	kbDir := fs.String("kb", "", "knowledge-base directory (default: the embedded default KB)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	reg, err := events.Default()
	if err != nil {
		return err
	}
	p, _, err := entityPipeline(*kbDir)
	if err != nil {
		return err
	}
	return reg.Eval(*cases, func(text, lang string) []events.Entity {
		res, err := p.Extract(text, lang, entities.Options{Confidence: true, Patterns: true})
		if err != nil {
			return nil
		}
		var out []events.Entity
		for _, e := range res.Entities {
			for _, m := range e.Mentions {
				out = append(out, events.Entity{Start: m.Start, End: m.End, Type: e.Type, ID: e.EntityID, Confidence: e.Confidence})
			}
		}
		return out
	}, stdout)
}
