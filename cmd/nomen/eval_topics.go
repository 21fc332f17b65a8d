package main

import (
	"context"
	"flag"
	"io"

	"github.com/nomenhq/nomen/analyzers/topics"
)

// evalTopics is "nomen eval topics": the keyphrase figures, then (unless --concepts=false)
// the concept figures, which need the knowledge base and the entity pipeline.
func evalTopics(_ context.Context, args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("eval topics", flag.ContinueOnError)
	fs.SetOutput(stdout)
	data := fs.String("data", envDefault("NOMEN_DATA", "../shared/data"), "data directory (env NOMEN_DATA)")
	dir := fs.String("kb", envDefault("NOMEN_KB", ""), "knowledge-base directory (default: the embedded default KB)")
	concepts := fs.Bool("concepts", true, "also score the concepts (opens the knowledge base)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if err := topics.Eval(*data, stdout); err != nil {
		return err
	}
	if !*concepts {
		return nil
	}
	p, k, err := entityPipeline(*dir)
	if err != nil {
		return err
	}
	env := topics.ConceptEnv{
		Input: func(text string) (topics.Input, error) { return topics.KBInput(text, p, k) },
		// A disambiguated title ("Paris (band)") is looked up whole: its bare name would
		// mostly find another entity.
		QID: func(title string) string {
			id, _, _ := topics.ExactName(k, title)
			return id
		},
	}
	return topics.EvalConcepts(*data, env, stdout)
}
