package entities

import (
	"sort"
	"strings"
	"sync"

	"github.com/nomenhq/nomen/analyzers/entities/corpus"
	"github.com/nomenhq/nomen/analyzers/entities/span"
	"github.com/nomenhq/nomen/kb"
)

// InstallSilverLabeler makes the silver training sets of package corpus readable (modern text
// for the languages whose taggers learnt from historical newspapers only): their words are
// labelled by the knowledge-base path of the default modules (no statistical tagger) over the
// embedded knowledge base, which is opened once, on the first silver sentence. Only
// knowledge-base names and organisation phrases count as labels; a sentence with a proper-noun
// run that the path typed by a vote of its words ("Wharton" LOC) is not trusted.
func InstallSilverLabeler() {
	corpus.SetSilverLabeler(silverLabeler())
}

// silverLabeler returns the labeler InstallSilverLabeler installs.
func silverLabeler() corpus.SilverLabeler {
	var (
		once sync.Once
		p    *Pipeline
		perr error
	)
	return func(lang string, words, _ []string) ([]span.TokenSpan, bool) {
		once.Do(func() {
			var k *kb.KB
			if k, perr = kb.OpenDefault(""); perr != nil {
				return
			}
			var m Modules
			m, perr = Default("", func() (*kb.KB, error) { return k, nil })
			if perr != nil {
				return
			}
			m.Tagger = nil
			p = New(m)
		})
		if perr != nil {
			return nil, false
		}
		starts, ends, _, _ := wordOffsets(words)
		res, err := p.Extract(strings.Join(words, " "), lang, Options{})
		if err != nil {
			return nil, false
		}
		var out []span.TokenSpan
		for _, e := range res.Entities {
			if e.Type != span.PER && e.Type != span.LOC && e.Type != span.ORG {
				continue
			}
			for _, m := range e.Mentions {
				if m.Source != span.SourceKB && m.Source != span.SourceOrgPhrases {
					return nil, false
				}
				a, ok1 := starts[m.Start]
				b, ok2 := ends[m.End]
				if !ok1 || !ok2 {
					return nil, false
				}
				out = append(out, span.TokenSpan{Start: a, End: b, Type: e.Type, Confidence: m.Confidence})
			}
		}
		sort.Slice(out, func(i, j int) bool { return out[i].Start < out[j].Start })
		return out, true
	}
}
