package corpus

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/nomenhq/nomen/analyzers/entities/span"
)

// DefaultDataDir is the shared data directory relative to the repository root.
const DefaultDataDir = "../shared/data"

// RunEval is the command line of the entity evaluation ("nomen eval entities"): it scores a
// tagger on held-out sets and prints one table per set (P/R/F1 per type and micro overall,
// tokens/s).
//
// Flags: --data DIR (default ../shared/data), --model statistical|DNN|kb|pipeline (default
// statistical),
// --set NAME[,NAME...] (default every held-out set of a language the model loads for).
// load returns the tagger of a model for a language; an error from it skips the set when the
// sets were not named, and fails the run when they were. Only held-out sets can be evaluated.
func RunEval(ctx context.Context, args []string, stdout io.Writer, load func(model, lang string) (span.Tagger, error)) error {
	fs := flag.NewFlagSet("eval entities", flag.ContinueOnError)
	fs.SetOutput(stdout)
	dataDir := fs.String("data", DefaultDataDir, "data directory")
	model := fs.String("model", "statistical", "model type: statistical, DNN, kb (knowledge-base names, for languages without a statistical model) or pipeline (what the service returns with default options)")
	setNames := fs.String("set", "", "comma-separated held-out set names (default: all the model covers)")
	if err := fs.Parse(args); err != nil {
		return fmt.Errorf("corpus: eval: %w", err)
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("corpus: eval: unexpected arguments %q", fs.Args())
	}
	if load == nil {
		return errors.New("corpus: eval: no model loader")
	}
	var chosen []Set
	named := *setNames != ""
	if named {
		for _, n := range strings.Split(*setNames, ",") {
			s, err := Lookup(strings.TrimSpace(n))
			if err != nil {
				return fmt.Errorf("corpus: eval: %w", err)
			}
			if s.Role != HeldOut {
				return fmt.Errorf("corpus: eval: %w: %s is a %s set", ErrRole, s.Name, s.Role)
			}
			chosen = append(chosen, s)
		}
	} else {
		chosen = SetsFor("", HeldOut)
	}
	evaluated := 0
	for _, s := range chosen {
		if err := ctx.Err(); err != nil {
			return fmt.Errorf("corpus: eval: %w", err)
		}
		tagger, err := load(*model, s.Lang)
		if err != nil {
			if named {
				return fmt.Errorf("corpus: eval: load %s model for %s: %w", *model, s.Lang, err)
			}
			fmt.Fprintf(stdout, "%s: skipped (%s model, %s: %v)\n\n", s.Name, *model, s.Lang, err)
			continue
		}
		sents, err := ReadHeldOut(*dataDir, s.Name)
		if err != nil {
			return fmt.Errorf("corpus: eval: %w", err)
		}
		r := EvaluateTypes(tagger, sents, s.Types)
		title := fmt.Sprintf("%s [%s, %s model, types %s]", s.Name, s.Lang, *model, strings.Join(s.Types, " "))
		if err := r.WriteTable(stdout, title); err != nil {
			return fmt.Errorf("corpus: eval: %w", err)
		}
		evaluated++
	}
	if evaluated == 0 {
		return fmt.Errorf("corpus: eval: no held-out set evaluated for model %s", *model)
	}
	return nil
}
