package entities

import (
	"bufio"
	"compress/gzip"
	_ "embed"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
)

// commonWordsPerLang is how many of a language's most frequent words the common-word table
// keeps: enough for its articles, pronouns, prepositions and auxiliaries ("La", "En", "Il",
// "Az", "Ini"), few enough to leave out place names (Italian "roma" ranks 2,231st, Spanish
// "méxico" 2,849th in the frequency lists).
const commonWordsPerLang = 300

// commonWordSources maps the languages that find entities through knowledge-base names only
// (no tagger) to their FrequencyWords list in wordfreq-opensubtitles2018. Pashto has none.
var commonWordSources = map[string]string{
	"ara": "ar", "fas": "fa", "heb": "he", "hun": "hu", "ind": "id", "ita": "it", "kor": "ko",
	"rus": "ru", "spa": "es", "tgl": "tl", "urd": "ur", "vie": "vi", "zsm": "ms",
}

//go:embed data/common.tsv
var commonTSV string

var (
	commonOnce sync.Once
	commonSets map[string]map[string]bool
)

// commonWords returns the lower-cased common words of lang (nil when the table has none).
// A sentence's first word that is one of them is no knowledge-base name: "La" is a
// municipality and "En" a river, but sentence-initial "La"/"En" are articles.
func commonWords(lang string) map[string]bool {
	commonOnce.Do(func() {
		commonSets = map[string]map[string]bool{}
		for _, line := range strings.Split(commonTSV, "\n") {
			lang, words, ok := strings.Cut(line, "\t")
			if !ok {
				continue
			}
			set := map[string]bool{}
			for _, w := range strings.Fields(words) {
				set[w] = true
			}
			commonSets[lang] = set
		}
	})
	return commonSets[lang]
}

// BuildCommonWords writes outDir/common.tsv, one line per language of commonWordSources:
// the language code, a tab and its commonWordsPerLang most frequent words (lower-cased,
// space-separated, in frequency order) from dataDir/wordfreq-opensubtitles2018 (FrequencyWords,
// CC BY-SA 4.0). The output is deterministic.
func BuildCommonWords(dataDir, outDir string, log io.Writer) error {
	langs := make([]string, 0, len(commonWordSources))
	for l := range commonWordSources {
		langs = append(langs, l)
	}
	sort.Strings(langs)
	var b strings.Builder
	for _, l := range langs {
		words, err := topWords(filepath.Join(dataDir, "wordfreq-opensubtitles2018", commonWordSources[l]+"_50k.txt.gz"), commonWordsPerLang)
		if err != nil {
			return fmt.Errorf("common words %s: %w", l, err)
		}
		fmt.Fprintf(&b, "%s\t%s\n", l, strings.Join(words, " "))
		fmt.Fprintf(log, "common words: %s: %d words (%s ... %s)\n", l, len(words), words[0], words[len(words)-1])
	}
	if err := os.MkdirAll(outDir, 0o755); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(outDir, "common.tsv"), []byte(b.String()), 0o644)
}

// topWords reads the first n distinct lower-cased words of a "word count" frequency list.
func topWords(path string, n int) ([]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	z, err := gzip.NewReader(f)
	if err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	var out []string
	sc := bufio.NewScanner(z)
	for sc.Scan() && len(out) < n {
		w, _, _ := strings.Cut(strings.TrimSpace(sc.Text()), " ")
		w = strings.ToLower(w)
		if w == "" || seen[w] {
			continue
		}
		seen[w] = true
		out = append(out, w)
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no words", path)
	}
	return out, nil
}
