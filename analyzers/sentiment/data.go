package sentiment

import (
	"archive/zip"
	"bufio"
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// DefaultDataDir is where the training and evaluation data are read from by default.
const DefaultDataDir = "../shared/data"

// Splits of the sentence-polarity lines, by line index mod 10.
const (
	splitTrain = iota
	splitDev
	splitTest
)

// example is one labelled text (label 1 positive, 0 negative, -1 neutral).
type example struct {
	text  string
	label int
}

func splitOf(line int) int {
	switch line % 10 {
	case 8:
		return splitDev
	case 9:
		return splitTest
	}
	return splitTrain
}

// latin1 decodes ISO-8859-1 bytes.
func latin1(b []byte) string {
	r := make([]rune, len(b))
	for i, c := range b {
		r[i] = rune(c)
	}
	return string(r)
}

func zipFile(path, name string) ([]byte, error) {
	zr, err := zip.OpenReader(path)
	if err != nil {
		return nil, err
	}
	defer zr.Close()
	for _, f := range zr.File {
		if f.Name == name {
			rc, err := f.Open()
			if err != nil {
				return nil, err
			}
			defer rc.Close()
			return io.ReadAll(rc)
		}
	}
	return nil, fmt.Errorf("%s: no %s", path, name)
}

// readPolarity returns the sentence-polarity examples of one split (Pang & Lee 2005).
func readPolarity(dataDir string, split int) ([]example, error) {
	path := filepath.Join(dataDir, "sentiment-sentence-polarity", "sentence_polarity.zip")
	var out []example
	for _, f := range []struct {
		name  string
		label int
	}{{"sentence_polarity/rt-polarity.pos", 1}, {"sentence_polarity/rt-polarity.neg", 0}} {
		b, err := zipFile(path, f.name)
		if err != nil {
			return nil, fmt.Errorf("sentiment: read polarity: %w", err)
		}
		for i, l := range strings.Split(strings.TrimRight(latin1(b), "\n"), "\n") {
			if splitOf(i) == split && strings.TrimSpace(l) != "" {
				out = append(out, example{text: l, label: f.label})
			}
		}
	}
	return out, nil
}

// readVaderLexicon reads VADER's lexicon: token → mean valence.
func readVaderLexicon(dataDir string) (map[string]float32, error) {
	f, err := os.Open(filepath.Join(dataDir, "sentiment-vader", "vader_lexicon.txt"))
	if err != nil {
		return nil, fmt.Errorf("sentiment: read VADER lexicon: %w", err)
	}
	defer f.Close()
	out := map[string]float32{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		parts := strings.Split(sc.Text(), "\t")
		if len(parts) < 2 {
			continue
		}
		v, err := strconv.ParseFloat(parts[1], 32)
		if err != nil {
			continue
		}
		out[normWord(parts[0])] = float32(v)
	}
	return out, sc.Err()
}

// readOpinionLexicon reads Bing Liu's opinion lexicon: word → ±1.
func readOpinionLexicon(dataDir string) (map[string]int8, error) {
	path := filepath.Join(dataDir, "sentiment-opinion-lexicon", "opinion_lexicon.zip")
	out := map[string]int8{}
	for _, f := range []struct {
		name string
		v    int8
	}{{"opinion_lexicon/positive-words.txt", 1}, {"opinion_lexicon/negative-words.txt", -1}} {
		b, err := zipFile(path, f.name)
		if err != nil {
			return nil, fmt.Errorf("sentiment: read opinion lexicon: %w", err)
		}
		for _, l := range strings.Split(latin1(b), "\n") {
			l = strings.TrimSpace(l)
			if l == "" || strings.HasPrefix(l, ";") {
				continue
			}
			out[normWord(l)] = f.v
		}
	}
	return out, nil
}

// neutralGenres are the GUM genres whose sentences stand for neutral text.
var neutralGenres = []string{"GUM_academic_", "GUM_bio_", "GUM_news_", "GUM_textbook_", "GUM_court_"}

// readNeutral returns the sentences of at least six words of GUM's factual genres in one of
// its files (train or dev: TRAIN data), as neutral examples.
func readNeutral(dataDir, file string) ([]example, error) {
	f, err := os.Open(filepath.Join(dataDir, "ner-en-gum-open", file))
	if err != nil {
		return nil, fmt.Errorf("sentiment: read neutral text: %w", err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		return nil, fmt.Errorf("sentiment: read neutral text: %w", err)
	}
	var out []example
	keep := false
	sc := bufio.NewScanner(zr)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		l := sc.Text()
		if id, ok := strings.CutPrefix(l, "# newdoc id = "); ok {
			keep = false
			for _, g := range neutralGenres {
				if strings.HasPrefix(id, g) {
					keep = true
				}
			}
			continue
		}
		if t, ok := strings.CutPrefix(l, "# text = "); ok && keep && len(strings.Fields(t)) >= 6 {
			out = append(out, example{text: t, label: -1})
		}
	}
	return out, sc.Err()
}

// readMovieReviews returns the 2,000 movie reviews (HELD-OUT).
func readMovieReviews(dataDir string) ([]example, error) {
	path := filepath.Join(dataDir, "sentiment-movie-reviews", "movie_reviews.zip")
	zr, err := zip.OpenReader(path)
	if err != nil {
		return nil, fmt.Errorf("sentiment: read movie reviews: %w", err)
	}
	defer zr.Close()
	var out []example
	for _, f := range zr.File {
		label := -2
		switch {
		case strings.HasPrefix(f.Name, "movie_reviews/pos/") && strings.HasSuffix(f.Name, ".txt"):
			label = 1
		case strings.HasPrefix(f.Name, "movie_reviews/neg/") && strings.HasSuffix(f.Name, ".txt"):
			label = 0
		default:
			continue
		}
		rc, err := f.Open()
		if err != nil {
			return nil, fmt.Errorf("sentiment: read movie reviews: %w", err)
		}
		b, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			return nil, fmt.Errorf("sentiment: read movie reviews: %w", err)
		}
		out = append(out, example{text: latin1(b), label: label})
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].label > out[j].label })
	return out, nil
}

// rated is a text with VADER's mean human rating (-4..4).
type rated struct {
	text   string
	rating float64
}

// readVaderSet reads one of VADER's human-rated sets (HELD-OUT).
func readVaderSet(dataDir, name string) ([]rated, error) {
	f, err := os.Open(filepath.Join(dataDir, "sentiment-vader", name+"_GroundTruth.txt.gz"))
	if err != nil {
		return nil, fmt.Errorf("sentiment: read %s: %w", name, err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		return nil, fmt.Errorf("sentiment: read %s: %w", name, err)
	}
	b, err := io.ReadAll(zr)
	if err != nil {
		return nil, fmt.Errorf("sentiment: read %s: %w", name, err)
	}
	var out []rated
	for _, l := range strings.Split(string(b), "\n") {
		parts := strings.SplitN(strings.TrimRight(l, "\r"), "\t", 3)
		if len(parts) < 3 {
			continue
		}
		v, err := strconv.ParseFloat(parts[1], 64)
		if err != nil {
			continue
		}
		out = append(out, rated{text: parts[2], rating: v})
	}
	return out, nil
}

// readHand reads the hand-written short texts (label<TAB>text; # comments).
func readHand(path string) ([]example, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("sentiment: read hand-written texts: %w", err)
	}
	var out []example
	for _, l := range strings.Split(string(b), "\n") {
		if l = strings.TrimSpace(l); l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		label, text, ok := strings.Cut(l, "\t")
		if !ok {
			return nil, fmt.Errorf("sentiment: %s: bad line %q", path, l)
		}
		v := map[string]int{Positive: 1, Negative: 0, Neutral: -1}
		lab, known := v[label]
		if !known {
			return nil, fmt.Errorf("sentiment: %s: bad label %q", path, label)
		}
		out = append(out, example{text: text, label: lab})
	}
	return out, nil
}

// PolarityTexts returns the sentence-polarity texts and labels (1 positive, 0 negative) of
// one split of the lines: "train" (index mod 10 in 0–7), "dev" (8) or "test" (9, held-out).
// Other packages use it to score text representations.
func PolarityTexts(dataDir, split string) (texts []string, labels []int, err error) {
	sp := map[string]int{"train": splitTrain, "dev": splitDev, "test": splitTest}
	k, ok := sp[split]
	if !ok {
		return nil, nil, fmt.Errorf("sentiment: polarity split %q: want train, dev or test", split)
	}
	ex, err := readPolarity(dataDir, k)
	if err != nil {
		return nil, nil, err
	}
	for _, e := range ex {
		texts = append(texts, e.text)
		labels = append(labels, e.label)
	}
	return texts, labels, nil
}

// OpinionLexicon returns Bing Liu's opinion lexicon: normalised word → +1 or −1.
func OpinionLexicon(dataDir string) (map[string]int8, error) { return readOpinionLexicon(dataDir) }
