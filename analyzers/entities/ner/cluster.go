package ner

import (
	"archive/tar"
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/ulikunitz/xz"

	"github.com/nomenhq/nomen/analyzers/entities/corpus"
	"github.com/nomenhq/nomen/analyzers/semantics"
	"github.com/nomenhq/nomen/analyzers/tokenize"
)

// Word clusters (featCluster) group words that are followed by similar words in unlabelled
// text, so that a rare word borrows the weights learnt for the frequent words of its class.
// They are built at training time by the predictive exchange algorithm (Uszkoreit and Brants,
// 2008: maximise the likelihood of the class-bigram model p(w | v) = p(w | c(w)) p(c(w) | v))
// at two granularities, and stored in the model as two tables keyed like the frequency table
// (the high 32 bits of the lower-case word hash; value = class + 1).
type clusters struct {
	fine, coarse map[uint32]uint8
}

// Cluster counts and the minimum count of a clustered word.
const (
	fineClusters   = 250
	coarseClusters = 32
	clusterMinFreq = 3
	clusterIters   = 8
)

// classes returns the fine and coarse classes (+1; 0: unknown) of a lower-case word hash.
func (c *clusters) classes(lower uint64) (fine, coarse uint8) {
	if c == nil {
		return 0, 0
	}
	k := uint32(lower >> 32)
	return c.fine[k], c.coarse[k]
}

// buildClusters clusters the lower-cased words of text.
func buildClusters(text [][]string, log io.Writer) *clusters {
	// Vocabulary: words seen at least clusterMinFreq times, by decreasing count; id 0 is the
	// sentence boundary, the last id stands for every rarer word.
	counts := map[string]int{}
	for _, s := range text {
		for _, w := range s {
			counts[w]++
		}
	}
	var vocab []string
	for w, n := range counts {
		if n >= clusterMinFreq {
			vocab = append(vocab, w)
		}
	}
	sort.Slice(vocab, func(i, j int) bool {
		if counts[vocab[i]] != counts[vocab[j]] {
			return counts[vocab[i]] > counts[vocab[j]]
		}
		return vocab[i] < vocab[j]
	})
	id := make(map[string]int32, len(vocab))
	for i, w := range vocab {
		id[w] = int32(i + 1)
	}
	nv := len(vocab) + 2
	rare := int32(nv - 1)
	bigrams := map[uint64]int32{}
	for _, s := range text {
		prev := int32(0)
		for k := 0; k <= len(s); k++ {
			cur := int32(0)
			if k < len(s) {
				var ok bool
				if cur, ok = id[s[k]]; !ok {
					cur = rare
				}
			}
			bigrams[uint64(prev)<<32|uint64(cur)]++
			prev = cur
		}
	}
	out := &clusters{fine: map[uint32]uint8{}, coarse: map[uint32]uint8{}}
	for _, g := range []struct {
		k   int
		tab map[uint32]uint8
	}{{coarseClusters, out.coarse}, {fineClusters, out.fine}} {
		class := exchange(bigrams, nv, g.k, clusterIters, log)
		for i, w := range vocab {
			g.tab[uint32(lowerHash(w)>>32)] = uint8(class[i+1] + 1)
		}
	}
	fmt.Fprintf(log, "clusters: %d words from %d sentences\n", len(vocab), len(text))
	return out
}

// wordNetClusters returns the clusters of the English term vectors (package semantics,
// k-means on its WordNet-derived vectors) instead of clusters of running text: a word's
// class is its sense neighbourhood ("said" with "stated", "university" with "college").
func wordNetClusters(log io.Writer) (*clusters, error) {
	m, err := semantics.Load("eng")
	if err != nil {
		return nil, err
	}
	out := &clusters{fine: map[uint32]uint8{}, coarse: map[uint32]uint8{}}
	for _, g := range []struct {
		k   int
		tab map[uint32]uint8
	}{{coarseClusters, out.coarse}, {fineClusters, out.fine}} {
		for w, c := range m.Clusters(g.k, clusterIters) {
			g.tab[uint32(lowerHash(w)>>32)] = uint8(c + 1)
		}
	}
	fmt.Fprintf(log, "clusters: %d words from the WordNet term vectors\n", len(out.fine))
	return out, nil
}

// xlogx is x ln x, tabulated for small counts.
type xlogx []float64

func newXlogx(n int) xlogx {
	t := make(xlogx, n)
	for i := 1; i < n; i++ {
		t[i] = float64(i) * math.Log(float64(i))
	}
	return t
}

func (t xlogx) f(x int64) float64 {
	if x < int64(len(t)) {
		return t[x]
	}
	return float64(x) * math.Log(float64(x))
}

// exchange runs the predictive exchange algorithm on the bigram counts (key prev<<32|next) of
// nv words into k classes and returns each word's class. Word 0 (the sentence boundary) keeps
// class 0's company like any other word.
func exchange(bigrams map[uint64]int32, nv, k, iters int, log io.Writer) []int32 {
	// preds[w] lists (v, n): v precedes w n times; CSR by w, in increasing v.
	keys := make([]uint64, 0, len(bigrams))
	for key := range bigrams {
		keys = append(keys, key)
	}
	sort.Slice(keys, func(i, j int) bool {
		wi, wj := keys[i]&0xffffffff, keys[j]&0xffffffff
		if wi != wj {
			return wi < wj
		}
		return keys[i] < keys[j]
	})
	start := make([]int32, nv+1)
	predV := make([]int32, len(keys))
	predN := make([]int32, len(keys))
	nw := make([]int64, nv)
	for i, key := range keys {
		w := int(key & 0xffffffff)
		start[w+1]++
		predV[i], predN[i] = int32(key>>32), bigrams[key]
		nw[w] += int64(predN[i])
	}
	for w := 0; w < nv; w++ {
		start[w+1] += start[w]
	}
	class := make([]int32, nv)
	for w := range class {
		class[w] = int32(w % k) // ids are in decreasing frequency: the top k words apart
	}
	nvc := make([]int32, nv*k) // N(v, c): words of class c following v
	nc := make([]int64, k)
	for w := 0; w < nv; w++ {
		c := int(class[w])
		nc[c] += nw[w]
		for j := start[w]; j < start[w+1]; j++ {
			nvc[int(predV[j])*k+c] += predN[j]
		}
	}
	fx := newXlogx(1 << 20)
	gain := make([]float64, k)
	for it := 0; it < iters; it++ {
		moved := 0
		for w := 0; w < nv; w++ {
			if start[w] == start[w+1] {
				continue
			}
			a := int(class[w])
			// Take w out of a.
			nc[a] -= nw[w]
			base := 0.0
			for j := start[w]; j < start[w+1]; j++ {
				nvc[int(predV[j])*k+a] -= predN[j]
				base += fx.f(int64(predN[j]))
			}
			for c := range gain {
				gain[c] = base - (fx.f(nc[c]+nw[w]) - fx.f(nc[c]))
			}
			for j := start[w]; j < start[w+1]; j++ {
				n := int64(predN[j])
				fn := fx.f(n)
				row := nvc[int(predV[j])*k : int(predV[j])*k+k]
				for c, x := range row {
					if x != 0 {
						gain[c] += fx.f(int64(x)+n) - fx.f(int64(x)) - fn
					}
				}
			}
			best := a
			for c, g := range gain {
				if g > gain[best]+1e-9 {
					best = c
				}
			}
			if best != a {
				moved++
			}
			class[w] = int32(best)
			nc[best] += nw[w]
			for j := start[w]; j < start[w+1]; j++ {
				nvc[int(predV[j])*k+best] += predN[j]
			}
		}
		fmt.Fprintf(log, "  clusters k=%d iteration %d: %d words moved\n", k, it+1, moved)
		if moved == 0 {
			break
		}
	}
	return class
}

// clusterText returns the lower-cased words of the unlabelled text for the clusters of a
// language: the given (training and development) sentences and, for English, the WordNet
// glosses and the Wiki-Fair v1 articles (a development set of the linking benchmark; v2 is
// held out and not read).
func clusterText(lang, dataDir string, sets ...[]corpus.Sentence) ([][]string, error) {
	var out [][]string
	lowerAll := func(words []string) []string {
		ws := make([]string, len(words))
		for i, w := range words {
			ws[i] = strings.ToLower(w)
		}
		return ws
	}
	for _, sents := range sets {
		for _, s := range sents {
			out = append(out, lowerAll(s.Words))
		}
	}
	if lang != "eng" {
		return out, nil
	}
	addText := func(text string) {
		toks := tokenize.Tokens(text, lang)
		ws := make([]string, len(toks))
		for i, t := range toks {
			ws[i] = strings.ToLower(t.Text)
		}
		if len(ws) > 0 {
			out = append(out, ws)
		}
	}
	if err := wordnetGlosses(filepath.Join(dataDir, "wordnet", "wordnet-3.0.tar.xz"), addText); err != nil {
		return nil, err
	}
	if err := wikiFairText(filepath.Join(dataDir, "elevant-wiki-fair", "wiki-fair.benchmark.jsonl.xz"), addText); err != nil {
		return nil, err
	}
	return out, nil
}

// wordnetGlosses calls add with the gloss of every synset of the WordNet data files.
func wordnetGlosses(path string, add func(string)) error {
	f, xr, err := openXZ(path)
	if err != nil {
		return err
	}
	defer f.Close()
	tr := tar.NewReader(xr)
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return fmt.Errorf("clusters: %s: %w", path, err)
		}
		if !strings.HasPrefix(filepath.Base(h.Name), "data.") {
			continue
		}
		sc := bufio.NewScanner(tr)
		sc.Buffer(make([]byte, 1<<16), 1<<20)
		for sc.Scan() {
			line := sc.Text()
			if strings.HasPrefix(line, " ") {
				continue // license header
			}
			if _, gloss, ok := strings.Cut(line, " | "); ok {
				add(gloss)
			}
		}
		if err := sc.Err(); err != nil {
			return fmt.Errorf("clusters: %s: %w", path, err)
		}
	}
}

// wikiFairText calls add with every paragraph of the articles of a Wiki-Fair benchmark file.
func wikiFairText(path string, add func(string)) error {
	f, xr, err := openXZ(path)
	if err != nil {
		return err
	}
	defer f.Close()
	dec := json.NewDecoder(xr)
	for {
		var a struct {
			Text string `json:"text"`
		}
		if err := dec.Decode(&a); err == io.EOF {
			return nil
		} else if err != nil {
			return fmt.Errorf("clusters: %s: %w", path, err)
		}
		for _, p := range strings.Split(a.Text, "\n") {
			if p = strings.TrimSpace(p); p != "" {
				add(p)
			}
		}
	}
}

// openXZ opens an xz-compressed file; the caller closes f.
func openXZ(path string) (f *os.File, r io.Reader, err error) {
	f, err = os.Open(path)
	if err != nil {
		return nil, nil, fmt.Errorf("clusters: %w", err)
	}
	xr, err := xz.NewReader(bufio.NewReader(f))
	if err != nil {
		f.Close()
		return nil, nil, fmt.Errorf("clusters: %s: %w", path, err)
	}
	return f, xr, nil
}
