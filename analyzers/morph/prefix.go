package morph

import (
	"errors"
	"fmt"
	"io/fs"
	"math/bits"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/nomenhq/nomen/internal/perceptron"
)

// Hebrew (and any language with a prefixes table) writes some function
// words as one-letter prefixes of the next word: "והבית" is "ו" "ה" "בית".
// A perceptron trained on the treebank's multi-word tokens predicts how
// many prefix letters to split off a token that is not in the multi-word
// lexicon; its features are the token, its first letters and how frequent
// the token and its remainders are in the frequency list.

// prefixLetters lists the one-letter prefixes per language.
var prefixLetters = map[string]string{"heb": "והבלשמכ"}

const maxPrefix = 3

func prefixFeatures(dst []uint64, tok string, freq map[string]int) []uint64 {
	lw := strings.ToLower(tok)
	bucket := func(s string) string {
		return strconv.Itoa(bits.Len(uint(freq[s])))
	}
	dst = append(dst,
		perceptron.Hash("bias"),
		perceptron.Hash2("w", lw),
		perceptron.Hash2("p1", prefixRunes(lw, 1)),
		perceptron.Hash2("p2", prefixRunes(lw, 2)),
		perceptron.Hash2("p3", prefixRunes(lw, 3)),
		perceptron.Hash2("len", strconv.Itoa(min(utf8.RuneCountInString(lw), 8))),
		perceptron.Hash2("f0", bucket(lw)),
	)
	rest := lw
	for k := 1; k <= maxPrefix && rest != ""; k++ {
		_, sz := utf8.DecodeRuneInString(rest)
		rest = rest[sz:]
		dst = append(dst,
			perceptron.Hash2("f"+strconv.Itoa(k), bucket(rest)),
			perceptron.Hash2("f0f"+strconv.Itoa(k), bucket(lw)+" "+bucket(rest)),
			perceptron.Hash2("p"+strconv.Itoa(k)+"f", prefixRunes(lw, k)+" "+bucket(rest)),
		)
	}
	return dst
}

// prefixLabel returns the number of prefix letters the treebank splits
// off surface token t.
func prefixLabel(t surface, letters string) int {
	if len(t.Words) < 2 {
		return 0
	}
	concat := ""
	for _, w := range t.Words {
		concat += w.Form
	}
	if concat != t.Form {
		return 0
	}
	k := 0
	for _, w := range t.Words[:len(t.Words)-1] {
		if utf8.RuneCountInString(w.Form) != 1 || !strings.Contains(letters, w.Form) {
			break
		}
		k++
	}
	return min(k, maxPrefix)
}

// trainPrefixes trains the prefix splitter of lang and writes
// <lang>.prefix.
func trainPrefixes(lang string, sents []sentence, freq map[string]int, outDir string) (int, error) {
	letters := prefixLetters[lang]
	classes := []string{"0", "1", "2", "3"}
	tr := perceptron.NewTrainer(classes)
	type ex struct {
		feats []uint64
		label int
	}
	var data []ex
	for i := range sents {
		for _, t := range sents[i].Tokens {
			data = append(data, ex{prefixFeatures(nil, t.Form, freq), prefixLabel(t, letters)})
		}
	}
	scores := make([]float32, len(classes))
	order := make([]int, len(data))
	for i := range order {
		order[i] = i
	}
	for ep := 0; ep < 10; ep++ {
		// Deterministic interleaving instead of a shuffle: data is small.
		sort.Slice(order, func(a, b int) bool {
			return (order[a]*7919+ep*104729)%len(order) < (order[b]*7919+ep*104729)%len(order)
		})
		for _, i := range order {
			tr.Update(data[i].feats, data[i].label, tr.Predict(data[i].feats, scores))
		}
	}
	m := pruneTo(tr, 20000)
	f, err := os.Create(filepath.Join(outDir, lang+".prefix"))
	if err != nil {
		return 0, fmt.Errorf("morph: train: %w", err)
	}
	if _, err := m.WriteTo(f); err != nil {
		f.Close()
		return 0, fmt.Errorf("morph: train: %s prefixes: %w", lang, err)
	}
	return m.NumFeatures(), f.Close()
}

// loadPrefixes reads the embedded prefix splitter of lang, if any.
func loadPrefixes(lang string) (*perceptron.Model, error) {
	f, err := dataFS.Open("data/" + lang + ".prefix")
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, nil
		}
		return nil, err
	}
	defer f.Close()
	return perceptron.Read(f)
}

// splitPrefixes returns the number of prefix letters to split off tok.
func (m *langModel) splitPrefixes(tok string, sc *scratch) int {
	if m.prefix == nil {
		return 0
	}
	letters := prefixLetters[m.lang]
	sc.feats = prefixFeatures(sc.feats[:0], tok, m.lem.freq)
	var buf [maxPrefix + 1]float32
	k := m.prefix.Predict(sc.feats, buf[:])
	// Never split a letter that is no prefix, nor the whole token.
	r := []rune(tok)
	if k >= len(r) {
		return 0
	}
	for i := 0; i < k; i++ {
		if !strings.ContainsRune(letters, r[i]) {
			return i
		}
	}
	return k
}
