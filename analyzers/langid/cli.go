package langid

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/nomenhq/nomen/internal/fetch"
)

// RunDetect is the CLI entry point of `nomen langid [flags] TEXT...`: it
// detects the language of the joined arguments (or of the document at -uri)
// and writes the Result as JSON.
func RunDetect(ctx context.Context, args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("langid", flag.ContinueOnError)
	fs.SetOutput(stdout)
	multi := fs.Bool("multilingual", false, "also return regions of one language each")
	korean := fs.Bool("korean-dialects", false, "report Korean as qkp (North) or qkr (South)")
	languages := fs.String("languages", "", "comma-separated ISO 639-3 codes to restrict the candidates")
	srl := fs.Float64("serbian-latin-weight", 0, "weight of Latin-script Serbian in the normal path (100 = neutral, 0 = off)")
	uri := fs.String("uri", "", "fetch the text from this http(s) URL instead of the arguments")
	allowPrivate := fs.Bool("allow-private", false, "let -uri reach loopback and private addresses")
	if err := fs.Parse(args); err != nil {
		return fmt.Errorf("langid: %w", err)
	}
	text := strings.Join(fs.Args(), " ")
	if *uri != "" {
		if text != "" {
			return errors.New("langid: give either text or -uri, not both")
		}
		doc, err := fetch.Fetch(ctx, *uri, fetch.Config{AllowPrivate: *allowPrivate})
		if err != nil {
			return fmt.Errorf("langid: %w", err)
		}
		text = doc.Text
	}
	opt := Options{Multilingual: *multi, KoreanDialects: *korean, SerbianLatinWeight: *srl}
	if *languages != "" {
		opt.Languages = strings.Split(*languages, ",")
	}
	res, err := New().Detect(text, opt)
	if err != nil {
		return err
	}
	enc := json.NewEncoder(stdout)
	enc.SetIndent("", "  ")
	if err := enc.Encode(res); err != nil {
		return fmt.Errorf("langid: write result: %w", err)
	}
	return nil
}
