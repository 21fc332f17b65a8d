package morph

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/ulikunitz/xz"
)

// Name classes for Hebrew. Half of the Hebrew tagger's errors on unknown
// words confuse proper names with nouns, adjectives and verbs. Words of
// the Hebrew person-name tokens of Wikidata (the TRAIN part of the
// transliteration pairs, wd_hebrew_80) that have no ambiguity class get
// the pseudo class nameClass,
// before the tagger is trained (so that the rare training words in the
// lists teach it what the class means) and in the saved model.

// nameSources lists, per treebank prefix, the person-name files (TSV,
// xz: English token, space-separated native characters, count) under the
// data directory.
var nameSources = map[string][]string{"he_iahltwiki": {"wikidata-name-transliteration/wd_hebrew_80.tsv.xz"}}

// nameClass is the pseudo ambiguity class of listed names.
const nameClass = "~name"

// nameWords holds the name lists read by loadNames, per treebank prefix.
var nameWords = map[string]map[string]bool{}

// loadNames reads the name lists of tb (none for most treebanks) into
// nameWords, and the tagger's frequency list of tb, if any (loadTagFreq).
func loadNames(dataDir string, tb treebank) error {
	if err := loadTagFreq(dataDir, tb); err != nil {
		return err
	}
	srcs := nameSources[tb.prefix]
	if len(srcs) == 0 || nameWords[tb.prefix] != nil {
		return nil
	}
	words := map[string]bool{}
	for _, p := range srcs {
		if err := readNameFile(filepath.Join(dataDir, p), words); err != nil {
			return err
		}
	}
	nameWords[tb.prefix] = words
	return nil
}

// readNameFile adds the native-script names of one transliteration file
// to words.
func readNameFile(path string, words map[string]bool) error {
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("morph: names: %w", err)
	}
	defer f.Close()
	xr, err := xz.NewReader(bufio.NewReader(f))
	if err != nil {
		return fmt.Errorf("morph: names %s: %w", path, err)
	}
	sc := bufio.NewScanner(xr)
	for sc.Scan() {
		cols := strings.Split(sc.Text(), "\t")
		if len(cols) < 2 {
			continue
		}
		if w := strings.ReplaceAll(cols[1], " ", ""); w != "" {
			words[strings.ToLower(w)] = true
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("morph: names %s: %w", path, err)
	}
	return nil
}

// addNameClasses gives the listed names of tb that have no class in amb
// the class nameClass.
func addNameClasses(tb treebank, amb map[string]string) {
	for w := range nameWords[tb.prefix] {
		if amb[w] == "" {
			amb[w] = nameClass
		}
	}
}
