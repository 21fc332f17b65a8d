package ner

import (
	"unicode/utf8"

	"github.com/nomenhq/nomen/analyzers/entities/span"
	"github.com/nomenhq/nomen/analyzers/tokenize"
)

// Extract finds the entities of text. toks are the tokens of text from tokenize.Tokens (or
// tokenize.Segment) for the model's language; nil toks are computed here. Sentences come from
// tokenize.Sentences. Offsets are code points, End exclusive; Source is
// span.SourceStatistical. Tokens that are out of order, overlapping or outside the text are
// ignored.
func (m *Model) Extract(text string, toks []tokenize.Token) []span.Span {
	var sents []tokenize.Token
	if toks == nil {
		toks, sents = tokenize.Segment(text, m.Lang)
	} else {
		sents = tokenize.Sentences(text, m.Lang)
		toks = cleanTokens(toks, utf8.RuneCountInString(text))
	}
	// The tokens of each sentence, then the document's names (TagDocument).
	groups := tokenize.BySentence(toks, sents)
	words := tokenize.Texts(groups)
	var out []span.Span
	for i, tagged := range m.TagDocument(words) {
		group := groups[i]
		for _, ts := range tagged {
			start := group[ts.Start].Start
			if m.features&featHeb != 0 {
				start += m.hebTrim(words[i][ts.Start:ts.End])
			}
			out = append(out, span.Span{
				Start: start, End: group[ts.End-1].End,
				Type: ts.Type, Confidence: ts.Confidence, Source: span.SourceStatistical,
			})
		}
	}
	return out
}

// cleanTokens drops tokens that are empty, overlap an earlier token or lie outside [0, n).
func cleanTokens(toks []tokenize.Token, n int) []tokenize.Token {
	ok := true
	prev := 0
	for _, t := range toks {
		if t.Start < prev || t.End <= t.Start || t.End > n {
			ok = false
			break
		}
		prev = t.End
	}
	if ok {
		return toks
	}
	out := make([]tokenize.Token, 0, len(toks))
	prev = 0
	for _, t := range toks {
		if t.Start < prev || t.End <= t.Start || t.End > n {
			continue
		}
		out = append(out, t)
		prev = t.End
	}
	return out
}
