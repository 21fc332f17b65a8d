package corpus

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/nomenhq/nomen/analyzers/entities/span"
)

// ReadBracketed reads hand-written sentences in lang: one sentence a line, tokens separated by
// spaces, "[TYPE" before and "]" after (or at the end of) the last word of each name, "#"
// comments and blank lines skipped: "[PER Anna Petrova] lives in [LOC Samara] .".
func ReadBracketed(r io.Reader, lang string) ([]Sentence, error) {
	var out []Sentence
	sc := bufio.NewScanner(r)
	n := 0
	for sc.Scan() {
		n++
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		s := Sentence{Lang: lang}
		open, typ := -1, ""
		for _, w := range strings.Fields(line) {
			switch {
			case strings.HasPrefix(w, "[") && len(w) > 1:
				if open >= 0 {
					return nil, fmt.Errorf("corpus: line %d: nested bracket", n)
				}
				open, typ = len(s.Words), w[1:]
				continue
			case strings.HasSuffix(w, "]") && open >= 0:
				if w != "]" {
					s.Words = append(s.Words, strings.TrimSuffix(w, "]"))
				}
				if len(s.Words) == open {
					return nil, fmt.Errorf("corpus: line %d: empty name", n)
				}
				s.Spans = append(s.Spans, span.TokenSpan{Start: open, End: len(s.Words), Type: typ})
				open = -1
				continue
			}
			s.Words = append(s.Words, w)
		}
		if open >= 0 {
			return nil, fmt.Errorf("corpus: line %d: unclosed bracket", n)
		}
		out = append(out, s)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("corpus: %w", err)
	}
	return out, nil
}
