package morph

import (
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"sort"
	"sync"

	"github.com/nomenhq/nomen/internal/perceptron"
)

// TagSetXPOS selects the treebank's own tag set (the UD XPOS column: Penn
// Treebank tags for English, STTS for German, ...), for the languages
// with an XPOS tagger (XPOSLanguages).
const TagSetXPOS = "xpos"

// xposMaxFeatures lists the languages that get an XPOS tagger and the
// feature count it is pruned to (fewer for the large Dutch and Swedish
// tag sets, to keep the files small). Spanish, French and Portuguese UD
// data have no XPOS; Korean XPOS are morpheme sequences (760 tags).
var xposMaxFeatures = map[string]int{"eng": 30000, "deu": 15000, "rus": 15000, "fas": 15000, "nld": 8000, "swe": 8000}

// XPOSLanguages returns the languages that offer TagSetXPOS, sorted.
func XPOSLanguages() []string {
	var out []string
	for l := range xposMaxFeatures {
		if hasFile(l + ".xpos.gz") {
			out = append(out, l)
		}
	}
	sort.Strings(out)
	return out
}

// xposTagger is the lazily loaded XPOS tagger of a language model.
type xposTagger struct {
	once sync.Once
	tm   *perceptron.Model
	err  error
}

// xposModel returns the XPOS tagger of m, loading it once; ErrTagSet when
// the language has none.
func (m *langModel) xposModel() (*perceptron.Model, error) {
	m.xpos.once.Do(func() {
		if m.xpos.tm != nil {
			return // trained in this process
		}
		f, err := dataFS.Open("data/" + m.lang + ".xpos.gz")
		if err != nil {
			m.xpos.err = fmt.Errorf("%w: %q for language %q", ErrTagSet, TagSetXPOS, m.lang)
			return
		}
		defer f.Close()
		if m.xpos.tm, m.xpos.err = readGzModel(f); m.xpos.err != nil {
			m.xpos.err = fmt.Errorf("morph: xpos model %s: %w", m.lang, m.xpos.err)
		}
	})
	return m.xpos.tm, m.xpos.err
}

// tagXPOS tags the words whose infos tagWords left in sc with the XPOS
// tagger tm, which also sees the UPOS tags upos.
func (m *langModel) tagXPOS(tm *perceptron.Model, upos []string, sc *scratch, k int) (tags []string, alts [][]string) {
	return greedy(tm, sc, upos, k, m.feats)
}

// trainXPOS trains the XPOS tagger: one greedy pass over the XPOS labels
// of data that also sees the jackknifed first-pass UPOS tags (upos), so
// that at run time it can use the UPOS tagger's output. It returns nil
// when a word of data has no XPOS. tx holds the leave-one-out ambiguity
// classes of the UPOS tagger, if any.
func trainXPOS(data [][]word, upos [][]string, tb treebank, maxFeatures int, amb map[string]string, freq map[string]int, fs featSet, wn wordNet, compLang string, tx trainLex) *perceptron.Model {
	classSet := map[string]bool{}
	relabelled := make([][]word, len(data))
	for i, ws := range data {
		rs := make([]word, len(ws))
		for k, w := range ws {
			if w.XPOS == "" {
				return nil
			}
			classSet[w.XPOS] = true
			rs[k] = word{Form: w.Form, UPOS: w.XPOS, XPOS: w.UPOS}
		}
		relabelled[i] = rs
	}
	var classes []string
	for c := range classSet {
		classes = append(classes, c)
	}
	sort.Strings(classes)
	tb.maxFeatures = maxFeatures
	return trainPassWith(relabelled, upos, classes, tb, amb, freq, fs, wn, compLang, tx)
}

// writeGzModel writes tm gzip-compressed to path and returns the file
// size.
func writeGzModel(path string, tm *perceptron.Model) (int64, error) {
	return saveFile(path, func(w io.Writer) error {
		zw, _ := gzip.NewWriterLevel(w, gzip.BestCompression)
		if _, err := tm.WriteTo(zw); err != nil {
			return err
		}
		return zw.Close()
	})
}

// saveFile creates path, lets write fill it and returns the file's size;
// errors name the file.
func saveFile(path string, write func(io.Writer) error) (int64, error) {
	f, err := os.Create(path)
	if err != nil {
		return 0, fmt.Errorf("morph: train: %w", err)
	}
	if err := write(f); err != nil {
		f.Close()
		return 0, fmt.Errorf("morph: train: write %s: %w", path, err)
	}
	if err := f.Close(); err != nil {
		return 0, fmt.Errorf("morph: train: %w", err)
	}
	st, err := os.Stat(path)
	if err != nil {
		return 0, fmt.Errorf("morph: train: %w", err)
	}
	return st.Size(), nil
}

// readGzModel reads a model written by writeGzModel.
func readGzModel(r io.Reader) (*perceptron.Model, error) {
	gz, err := gzip.NewReader(r)
	if err != nil {
		return nil, err
	}
	defer gz.Close()
	return perceptron.Read(gz)
}
