package entities

import (
	"bufio"
	"bytes"
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
// keeps: its articles, pronouns, prepositions and auxiliaries ("La", "En", "Il", "Az",
// "Ini") and other frequent words, but not place names (Italian "roma" ranks 2,231st,
// Spanish "méxico" 2,849th in the frequency lists). Chosen on the UNER development splits of
// por, dan, hrv and slk through the knowledge-base path (TestKBNamesDevManual): mean span F1
// 0.217 without the table, 0.259 with 100 or 300 words, 0.262 with 1,000, 0.262 with 3,000 or
// 10,000 (recall unchanged up to 1,000, then lower).
const commonWordsPerLang = 1000

// commonWordSources maps the languages that find entities through knowledge-base names only
// (no tagger) to their FrequencyWords list in wordfreq-opensubtitles2018 (Pashto has none),
// and four languages with a tagger whose UNER development splits measure that path
// (TestKBNamesDevManual): por, dan, hrv, slk.
var commonWordSources = map[string]string{
	"ara": "ar", "fas": "fa", "heb": "he", "hun": "hu", "ind": "id", "ita": "it", "kor": "ko",
	"rus": "ru", "spa": "es", "tgl": "tl", "urd": "ur", "vie": "vi", "zsm": "ms",
	"por": "pt", "dan": "da", "hrv": "hr", "slk": "sk",
}

//go:embed data/common.tsv.gz
var commonGz []byte

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
		z, err := gzip.NewReader(bytes.NewReader(commonGz))
		if err != nil {
			panic(fmt.Sprintf("entities: embedded common words: %v", err))
		}
		raw, err := io.ReadAll(z)
		if err != nil {
			panic(fmt.Sprintf("entities: embedded common words: %v", err))
		}
		for _, line := range strings.Split(string(raw), "\n") {
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
		for lang, words := range handCommonWords {
			set := commonSets[lang]
			if set == nil {
				set = map[string]bool{}
				commonSets[lang] = set
			}
			for _, w := range strings.Fields(words) {
				set[w] = true
			}
		}
	})
	return commonSets[lang]
}

// handCommonWords are function words written for nomen for languages without a frequency
// list: Pashto particles, pronouns, postpositions and auxiliaries ("نه", not; "دی", is), which
// otherwise matched small places of the knowledge base.
var handCommonWords = map[string]string{
	"pus": "د په کې او دی ده دي دې چې نه هم تر ته له څخه سره یو یوه دا هغه دغه به شو شوه وو وه " +
		"کړ کړي کړی کړه پورې لپاره خو یا هر ټول نور نورو ډېر زه موږ تاسو دوی وي ولې څه کله " +
		"چیرته باندې لاندې پر بې مې یې ما دده ددې",
}

// BuildCommonWords writes outDir/common.tsv.gz, one line per language of commonWordSources:
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
	var gz bytes.Buffer
	zw, err := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	if err != nil {
		return err
	}
	if _, err := zw.Write([]byte(b.String())); err != nil {
		return err
	}
	if err := zw.Close(); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(outDir, "common.tsv.gz"), gz.Bytes(), 0o644)
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
