package ner

import "github.com/nomenhq/nomen/analyzers/entities/span"

// propagateMin is the lowest confidence of a name the tagger found that is copied to the
// name's untagged repeats in the same document (span.Propagate), per language; languages not
// listed copy nothing. Chosen on development data (MODELS.md): Chinese, Croatian and Serbian
// lost a little there (names repeat inside other words, or inflected).
var propagateMin = map[string]float64{"eng": 0.5, "por": 0.5, "slk": 0.5}

// zhoOrgsOn turns span.ExtendChineseOrgs on (off only in development measurements).
var zhoOrgsOn = true

// TagDocument tags the sentences of one document (TagWords on each), then, in the languages
// of propagateMin, copies the names it found to their untagged repeats (span.Propagate). The
// result has one slice per sentence, in increasing, non-overlapping order. Extract tags a
// text this way.
func (m *Model) TagDocument(sents [][]string) [][]span.TokenSpan {
	out := make([][]span.TokenSpan, len(sents))
	for i, words := range sents {
		out[i] = m.TagWords(words)
		if m.Lang == "zho" && zhoOrgsOn {
			out[i] = span.ExtendChineseOrgs(words, out[i])
		}
	}
	if minConf, ok := propagateMin[m.Lang]; ok {
		span.Propagate(sents, out, minConf)
	}
	return out
}
