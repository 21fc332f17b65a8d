package topics

import (
	"bufio"
	"bytes"
	"compress/gzip"
	_ "embed"
	"encoding/json"
	"fmt"
	"math"
	"strings"
	"sync"
)

// model is a logistic regression over the features of a phrase.
type model struct {
	// Features names the features, to check that the file matches the code.
	Features []string `json:"features"`
	// Weights are the bias then one weight per feature.
	Weights []float64 `json:"weights"`
	// Notes say how the model was trained.
	Notes string `json:"notes,omitempty"`
}

// prob is the model's probability that a phrase with features f is salient.
func (m *model) prob(f []float64) float64 {
	z := m.Weights[0]
	for i, x := range f {
		z += m.Weights[i+1] * x
	}
	p := 1 / (1 + math.Exp(-z))
	return math.Round(p*1e4) / 1e4
}

func parseModel(b []byte) (*model, error) {
	var m model
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, fmt.Errorf("topics: model: %w", err)
	}
	if strings.Join(m.Features, ",") != strings.Join(featureNames, ",") || len(m.Weights) != len(featureNames)+1 {
		return nil, fmt.Errorf("topics: model features %v do not match the code's %v; run nomen train topics", m.Features, featureNames)
	}
	return &m, nil
}

//go:embed data/eng.topics.json
var engModel []byte

//go:embed data/eng.rank.gz
var engRank []byte

var (
	modelOnce sync.Once
	theModel  *model
	modelErr  error

	rankOnce sync.Once
	ranks    map[string]int
)

func loadModel() (*model, error) {
	modelOnce.Do(func() { theModel, modelErr = parseModel(engModel) })
	return theModel, modelErr
}

// rankSize is the number of words of the embedded frequency table.
const rankSize = 30000

// rarity is log(rank)/log(rankSize+1) of the word (or else its lemma) in the English
// frequency list: 0 for the commonest word, 1 for a word outside the list.
func rarity(word, lemma string) float64 {
	rankOnce.Do(func() { ranks = readRanks(engRank) })
	r, ok := ranks[word]
	if !ok {
		r, ok = ranks[lemma]
	}
	if !ok {
		return 1
	}
	return math.Log(float64(r)) / math.Log(rankSize+1)
}

// readRanks reads a gzipped list of words, one per line, commonest first; ranks start at 1.
// A damaged table gives an empty map (every word rare) rather than an error: the embedded
// table is checked by the tests.
func readRanks(b []byte) map[string]int {
	out := map[string]int{}
	z, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		return out
	}
	sc := bufio.NewScanner(z)
	for sc.Scan() {
		if w := sc.Text(); w != "" {
			if _, ok := out[w]; !ok {
				out[w] = len(out) + 1
			}
		}
	}
	return out
}
