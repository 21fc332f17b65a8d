package morph

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/nomenhq/nomen/analyzers/tokenize"
)

// JackknifeSegment returns the words that the segmenter of lang cuts the sentences it learns
// from into (the treebank's sentences and the token-only sentences of its extra files, the
// Universal NER training sentences for Chinese) as it would cut them were they new text: the
// sentences are cut into folds (sentence i in fold i%folds) and a segmenter trained like the
// shipped one on the other folds cuts the text (the words joined without spaces) of each fold.
// The map is keyed by that text; a text that occurs twice keeps its first cut. For training
// models that read the segmenter's words (the statistical entity tagger's re-segmented copies
// of its training sentences). Deterministic; progress goes to log (nil: nowhere).
func JackknifeSegment(dataDir, lang string, folds int, log io.Writer) (map[string][]string, error) {
	if log == nil {
		log = io.Discard
	}
	tb, ok := treebanks[lang]
	if !ok || !segLangs[lang] {
		return nil, fmt.Errorf("%w: %s", ErrUnsupported, lang)
	}
	if folds < 2 {
		return nil, fmt.Errorf("morph: jackknife: %d folds, want at least 2", folds)
	}
	all, _, err := readTreebank(dataDir, tb)
	if err != nil {
		return nil, err
	}
	nTreebank := len(all)
	seg, err := readSegExtra(dataDir, tb)
	if err != nil {
		return nil, err
	}
	all = append(all, seg...)
	if len(all) == 0 {
		return nil, fmt.Errorf("morph: jackknife: no sentences for %s in %s", lang, filepath.Clean(dataDir))
	}
	text := func(s sentence) string { return strings.Join(s.forms(), "") }
	out := make(map[string][]string, len(all))
	for h := 0; h < folds; h++ {
		var tbRest, segRest []sentence
		for i := range all {
			if i%folds == h {
				continue
			}
			if i < nTreebank {
				tbRest = append(tbRest, all[i])
			} else {
				segRest = append(segRest, all[i])
			}
		}
		sm, err := trainSegmenterFrom(dataDir, lang, tb, tbRest, segRest)
		if err != nil {
			return nil, err
		}
		sm.lang = lang
		n := 0
		for i := h; i < len(all); i += folds {
			t := text(all[i])
			if _, dup := out[t]; dup || t == "" {
				continue
			}
			toks, sents := tokenize.Segment(t, lang)
			toks = sm.segment(t, toks, sents)
			words := make([]string, len(toks))
			for k, tk := range toks {
				words[k] = tk.Text
			}
			out[t] = words
			n++
		}
		fmt.Fprintf(log, "%s: segmenter jackknife fold %d/%d: trained on %d sentences, cut %d\n", lang, h+1, folds, len(tbRest)+len(segRest), n)
	}
	return out, nil
}
