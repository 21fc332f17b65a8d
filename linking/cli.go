package linking

import (
	"context"
	"flag"
	"io"

	"github.com/nomenhq/nomen/kb"
)

// RunEvalCLI runs `nomen eval linking [--kb DIR] [--data DIR] [--cache DIR]`:
// EvalLinking against the KB in --kb, or the default KB (built into
// --cache, default the user cache, on first use).
func RunEvalCLI(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("eval linking", flag.ContinueOnError)
	fs.SetOutput(stderr)
	dir := fs.String("kb", "", "KB directory (default: the default KB)")
	cache := fs.String("cache", "", "cache directory of the default KB")
	data := fs.String("data", "../shared/data", "shared data directory")
	if err := fs.Parse(args); err != nil {
		return err
	}
	var k *kb.KB
	var err error
	if *dir != "" {
		k, err = kb.Open(*dir)
	} else {
		k, err = kb.OpenDefault(*cache)
	}
	if err != nil {
		return err
	}
	defer k.Close()
	return EvalLinking(ctx, k, *data, stdout)
}
