package morph

import (
	"fmt"
	"strings"
	"sync"
	"unicode"

	"github.com/nomenhq/nomen/analyzers/tokenize"
	"github.com/nomenhq/nomen/internal/perceptron"
)

// Korean text written without spaces (ModelTypeKoreanNoSpace): the
// tokenizer keeps a run of Hangul as one token, and a greedy perceptron
// decides before each of its syllables whether a space (an eojeol
// boundary) belongs there. It is trained on the treebank's text with the
// spaces removed (the labels are the removed spaces), with character
// n-grams and the eojeol lexicon of the treebank and the OpenSubtitles
// list as features; its file is kor.space.gz.

// spaceFile is the embedded Korean spacing model.
const spaceFile = "kor.space.gz"

// spaceLexicon names the word list of the spacing model
// (<spaceLexicon>.freq.gz: the top Korean words of the OpenSubtitles
// list). It is not the Korean tagger's frequency lexicon: on dev folds
// that lowered the lemma accuracy.
const spaceLexicon = "kor-space"

// maxEojeol bounds the code points of the eojeol so far that the spacing
// features look at, so that a long run costs linear time.
const maxEojeol = 12

// spaceMaxFeatures is the feature count the spacing model is pruned to.
const spaceMaxFeatures = 40000

var (
	spaceOnce  sync.Once
	spaceModel *perceptron.Model
	spaceErr   error
)

// koreanSpacer returns the Korean spacing model and the Korean tagger
// model (whose lexicons it uses), loading them once.
func koreanSpacer() (*perceptron.Model, *langModel, error) {
	m, err := modelFor("kor")
	if err != nil {
		return nil, nil, err
	}
	spaceOnce.Do(func() {
		f, err := dataFS.Open("data/" + spaceFile)
		if err != nil {
			spaceErr = fmt.Errorf("%w: %s", ErrModelType, ModelTypeKoreanNoSpace)
			return
		}
		defer f.Close()
		if spaceModel, spaceErr = readGzModel(f); spaceErr != nil {
			spaceErr = fmt.Errorf("morph: korean spacing model: %w", spaceErr)
		}
	})
	return spaceModel, m, spaceErr
}

// spaceKorean splits the tokens of Korean text written without spaces
// into eojeol.
func spaceKorean(toks []tokenize.Token) ([]tokenize.Token, error) {
	tm, m, err := koreanSpacer()
	if err != nil {
		return nil, err
	}
	return splitEojeol(toks, tm, m.amb, freqFor(spaceLexicon)), nil
}

// splitEojeol splits each token of several Hangul syllables where tm
// predicts a space.
func splitEojeol(toks []tokenize.Token, tm *perceptron.Model, lex map[string]string, freq map[string]int) []tokenize.Token {
	var out []tokenize.Token
	var feats []uint64
	scores := make([]float32, len(tm.Classes))
	space := tm.Class("B")
	for _, t := range toks {
		rs := []rune(t.Text)
		if len(rs) < 2 || !hasHangul(rs) {
			out = append(out, t)
			continue
		}
		last := 0
		for j := 1; j < len(rs); j++ {
			feats = spaceFeatures(feats[:0], rs, j, last, lex, freq)
			if tm.Predict(feats, scores) == space {
				out = append(out, tokenize.Token{Text: string(rs[last:j]), Start: t.Start + last, End: t.Start + j})
				last = j
			}
		}
		out = append(out, tokenize.Token{Text: string(rs[last:]), Start: t.Start + last, End: t.End})
	}
	return out
}

func hasHangul(rs []rune) bool {
	for _, r := range rs {
		if unicode.Is(unicode.Hangul, r) {
			return true
		}
	}
	return false
}

// spaceFeatures appends the features of the boundary before rs[j]; the
// current eojeol started at rs[last].
func spaceFeatures(dst []uint64, rs []rune, j, last int, lex map[string]string, freq map[string]int) []uint64 {
	sub := func(a, b int) string {
		var sb strings.Builder
		for k := a; k < b; k++ {
			if k < 0 || k >= len(rs) {
				sb.WriteByte(2)
				continue
			}
			sb.WriteRune(rs[k])
		}
		return sb.String()
	}
	l1, l2, l3 := sub(j-1, j), sub(j-2, j), sub(j-3, j)
	r1, r2, r3 := sub(j, j+1), sub(j, j+2), sub(j, j+3)
	left := string(rs[max(last, j-maxEojeol):j])
	dst = append(dst,
		perceptron.Hash("bias"),
		perceptron.Hash2("l1", l1), perceptron.Hash2("l2", l2), perceptron.Hash2("l3", l3),
		perceptron.Hash2("r1", r1), perceptron.Hash2("r2", r2), perceptron.Hash2("r3", r3),
		perceptron.Hash2("l1r1", l1+r1), perceptron.Hash2("l2r1", l2+r1), perceptron.Hash2("l1r2", l1+r2),
		perceptron.Hash2("l2r2", l2+r2),
		perceptron.Hash2("len", string(rune('0'+min(j-last, 9)))),
		perceptron.Hash2("end", string(rune('0'+min(len(rs)-j, 9)))),
	)
	known := func(s string) string {
		_, inLex := lex[s]
		return fmt.Sprintf("%t%s", inLex, freqClass(freq[s]))
	}
	dst = append(dst, perceptron.Hash2("kl", known(left)))
	// The longest lexicon word that starts at j (up to 6 syllables).
	best := 0
	for k := min(len(rs), j+6); k > j+0; k-- {
		s := string(rs[j:k])
		if _, ok := lex[s]; ok || freq[s] > 0 {
			best = k - j
			break
		}
	}
	dst = append(dst, perceptron.Hash2("kr", string(rune('0'+best))))
	// Would the eojeol go on as a lexicon word?
	cont := 0
	for k := min(len(rs), j+4); k > j; k-- {
		s := string(rs[max(last, j-maxEojeol):k])
		if _, ok := lex[s]; ok || freq[s] > 0 {
			cont = k - j
			break
		}
	}
	dst = append(dst, perceptron.Hash2("kc", string(rune('0'+cont))), perceptron.Hash2("kcl", fmt.Sprintf("%d %s", cont, known(left))))
	return dst
}

// noSpaceText returns text without its white space and, for each token
// start of the result, whether white space preceded it in text.
func noSpaceText(text string) (string, map[int]bool) {
	var sb strings.Builder
	starts := map[int]bool{}
	n := 0
	gap := false
	for _, r := range text {
		if unicode.IsSpace(r) {
			gap = true
			continue
		}
		if gap && n > 0 {
			starts[n] = true
		}
		gap = false
		sb.WriteRune(r)
		n++
	}
	return sb.String(), starts
}

// trainSpacer trains the Korean spacing model on the text of sents with
// the spaces removed.
func trainSpacer(sents []sentence, lex map[string]string, freq map[string]int, epochs int) *perceptron.Model {
	type unit struct {
		rs     []rune
		spaces []bool // spaces[j]: a space before rs[j]
	}
	var units []unit
	for i := range sents {
		if sents[i].Text == "" {
			continue
		}
		text, starts := noSpaceText(sents[i].Text)
		toks, _ := tokenize.Segment(text, "kor")
		for _, t := range toks {
			rs := []rune(t.Text)
			if len(rs) < 2 || !hasHangul(rs) {
				continue
			}
			u := unit{rs: rs, spaces: make([]bool, len(rs))}
			for j := 1; j < len(rs); j++ {
				u.spaces[j] = starts[t.Start+j]
			}
			units = append(units, u)
		}
	}
	classes := []string{"B", "I"}
	tr := perceptron.NewTrainer(classes)
	var feats []uint64
	scores := make([]float32, 2)
	for ep := 0; ep < epochs; ep++ {
		for _, u := range units {
			last := 0
			for j := 1; j < len(u.rs); j++ {
				feats = spaceFeatures(feats[:0], u.rs, j, last, lex, freq)
				gold := 1
				if u.spaces[j] {
					gold = 0
				}
				guess := tr.Predict(feats, scores)
				tr.Update(feats, gold, guess)
				if u.spaces[j] { // gold history: the eojeol start is known in training
					last = j
				}
			}
		}
	}
	return pruneTo(tr, spaceMaxFeatures)
}
