package translit

import (
	"math"
	"sort"
	"sync"
	"unicode"
	"unicode/utf8"
)

// Fit scores a given Latin spelling of a native token under a learned model
// instead of generating renderings: the log-probability of the best
// segmentation of the pair (native, Fold(latin)) into graphones, each
// scored by P(Latin chunk | native chunk) (the model's unigrams, without
// context: with the trigram context the matcher did worse on the dev
// pairs), minus that of the best rendering of native, per letter of the
// folded spelling (≤ 0; 0 when latin is a best rendering; per native
// character instead did worse on the dev pairs, short names paying most
// for one silent letter). Latin letters
// no graphone spells are skipped at a cost (FitSkipCost, less for the
// silent letters of English spelling) and so are native characters
// (FitDropCost), so every pair gets a score. A spelling outside the n-best list of
// Learned still gets a graded score: Laurent for 洛朗 (n-best lolang, loran,
// luolang...) is one unlikely graphone away from the best. ok is false
// when the model is unknown or an input is empty or too long (16 native
// characters, 48 Latin letters). The token is read as Learned reads it.
func Fit(native, modelName, latin string) (perLetter float64, ok bool) {
	ref, ok := FitRef(native, modelName)
	if !ok {
		return 0, false
	}
	return FitFrom(native, modelName, latin, ref, math.Inf(-1))
}

// FitRef returns the log-probability of the model's best rendering of
// native, the reference of Fit; callers that score one token against many
// spellings compute it once and call FitFrom.
func FitRef(native, modelName string) (float64, bool) {
	f := fitPool.Get().(*fitter)
	defer fitPool.Put(f)
	m, rs, ok := f.input(native, modelName)
	if !ok {
		return 0, false
	}
	best, ok := f.viterbi(m, rs, "", true, 0)
	return float64(best), ok
}

// FitFrom is Fit with the reference ref from FitRef(native, modelName).
// Spellings whose loss would fall below floor (per letter, ≤ 0; -Inf for
// none) give ok false: the search drops partial segmentations that cannot
// reach it, which makes unrelated pairs cheap.
func FitFrom(native, modelName, latin string, ref, floor float64) (perLetter float64, ok bool) {
	f := fitPool.Get().(*fitter)
	defer fitPool.Put(f)
	m, rs, ok := f.input(native, modelName)
	lat := Fold(latin)
	if !ok || lat == "" || len(lat) > fitMaxLatin {
		return 0, false
	}
	bound := float32(math.Max(ref+floor*float64(len(lat)), -1e30))
	lp, ok := f.viterbi(m, rs, lat, false, bound)
	if !ok || lp < bound {
		return 0, false
	}
	return math.Min(0, (float64(lp)-ref)/float64(len(lat))), true
}

// input returns the model and the runes of native as Learned reads them.
func (f *fitter) input(native, modelName string) (*model, []rune, bool) {
	m, err := getModel(modelName)
	if err != nil || m == nil {
		return nil, nil, false
	}
	if len(native) > 4*fitMaxRunes {
		return nil, nil, false
	}
	rs := f.runes[:0]
	for _, r := range native {
		if len(rs) == fitMaxRunes {
			return nil, nil, false
		}
		if modelName == "katakana" || modelName == "japanese" {
			r = toKatakana(r)
		}
		rs = append(rs, unicode.ToLower(r))
	}
	return m, rs, len(rs) > 0
}

// ModelFor returns the learned model used for tokens of script scr and
// language lang (as ToLatin chooses it), or "" when there is none.
func ModelFor(scr, lang string) string { return learnedScript(scr, lang) }

// Skip and drop costs (log), chosen on the Chinese dev pairs
// (testdata/names/pairs-dev.jsonl, xscript-chinese) together with the
// matcher's scale for Fit.
var (
	// FitSkipCost is the cost of a Latin letter that no graphone spells.
	FitSkipCost float32 = -2
	// FitSkipCheap is the cost of skipping a letter that English spelling
	// often adds without a sound of its own: the second of a double letter
	// (Sally), an h after a consonant (Anthony) and a final e (Boothe).
	FitSkipCheap float32 = -1
	// FitDropCost is the cost of a native character that spells nothing.
	FitDropCost float32 = -6
)

// skipCost returns the cost of skipping lat[j].
func skipCost(lat string, j int) float32 {
	c := lat[j]
	switch {
	case j > 0 && lat[j-1] == c,
		c == 'h' && j > 0 && !isVowel(lat[j-1]),
		c == 'e' && j == len(lat)-1 && j > 0:
		return FitSkipCheap
	}
	return FitSkipCost
}

func isVowel(c byte) bool {
	return c == 'a' || c == 'e' || c == 'i' || c == 'o' || c == 'u' || c == 'y'
}

// Fit bounds: longer inputs are not scored.
const (
	fitMaxRunes = 16
	fitMaxLatin = 48
)

// fitter is the scratch of Fit; pooled.
type fitter struct {
	cells []float32
	runes [fitMaxRunes]rune
	ub    [fitMaxRunes + 1]float32 // best possible score of the characters from i on
}

var fitPool = sync.Pool{New: func() any { return new(fitter) }}

var negInf = float32(math.Inf(-1))

// viterbi returns the best log-probability of a segmentation of rs whose
// Latin chunks spell lat (free: any Latin string). In the constrained
// search, partial segmentations that cannot reach bound are dropped (their
// best completion, f.ub, is the free best of the rest).
func (f *fitter) viterbi(m *model, rs []rune, lat string, free bool, bound float32) (float32, bool) {
	n := len(rs)
	w := len(lat) + 1
	if free {
		w = 1
	}
	if cap(f.cells) < (n+1)*w {
		f.cells = make([]float32, (n+1)*w)
	}
	cells := f.cells[:(n+1)*w]
	for i := range cells {
		cells[i] = negInf
	}
	cells[0] = 0
	var strBuf [4 * fitMaxRunes]byte
	str := strBuf[:0]
	var offBuf [fitMaxRunes + 1]int
	offs := offBuf[:0]
	for _, r := range rs {
		offs = append(offs, len(str))
		str = utf8.AppendRune(str, r)
	}
	offs = append(offs, len(str))
	ub := f.ub[:n+1]
	ub[n] = 0
	for i := n - 1; i >= 0; i-- {
		ub[i] = FitDropCost + ub[i+1]
		for l := 1; l <= m.maxN && i+l <= n; l++ {
			if c, ok := m.maxCond[string(str[offs[i]:offs[i+l]])]; ok && c+ub[i+l] > ub[i] {
				ub[i] = c + ub[i+l]
			}
		}
	}
	if free {
		return ub[0], len(m.maxCond) > 0 && ub[0] > float32(n)*FitDropCost
	}
	var chunks [8][]int32 // graphones of the native chunks starting at i, by length - 1
	for i := 0; i <= n; i++ {
		for l := 1; l <= m.maxN && l <= len(chunks); l++ {
			chunks[l-1] = nil
			if i+l <= n {
				chunks[l-1] = m.all[string(str[offs[i]:offs[i+l]])]
			}
		}
		for j := 0; j < w; j++ {
			sc := cells[i*w+j]
			if sc == negInf || sc+ub[i] < bound {
				continue
			}
			if !free && j+1 < w {
				// A Latin letter no graphone spells (the silent h of Anthony).
				if c := sc + skipCost(lat, j); c > cells[i*w+j+1] {
					cells[i*w+j+1] = c
				}
			}
			if i == n {
				continue
			}
			if !free {
				// A character whose graphones spell none of the letters here.
				if c := sc + FitDropCost; c > cells[(i+1)*w+j] {
					cells[(i+1)*w+j] = c
				}
			}
			for l := 1; l <= m.maxN && l <= len(chunks) && i+l <= n; l++ {
				gs := chunks[l-1]
				if free {
					for _, g := range gs {
						if c := sc + m.cond[g]; c > cells[(i+l)*w] {
							cells[(i+l)*w] = c
						}
					}
					continue
				}
				// Graphones are sorted by Latin chunk: the empty chunk first, then
				// those starting with lat[j] in one run.
				k := 0
				for ; k < len(gs) && m.latin[gs[k]] == ""; k++ {
					if c := sc + m.cond[gs[k]]; c > cells[(i+l)*w+j] {
						cells[(i+l)*w+j] = c
					}
				}
				if j == len(lat) {
					continue
				}
				first := lat[j]
				rest := gs[k:]
				lo := sort.Search(len(rest), func(x int) bool { return m.latin[rest[x]][0] >= first })
				for _, g := range rest[lo:] {
					chunk := m.latin[g]
					if chunk[0] != first {
						break
					}
					if len(chunk) > len(lat)-j || lat[j:j+len(chunk)] != chunk {
						continue
					}
					nj := j + len(chunk)
					if c := sc + m.cond[g]; c > cells[(i+l)*w+nj] {
						cells[(i+l)*w+nj] = c
					}
				}
			}
		}
	}
	best := cells[n*w+w-1]
	return best, best != negInf
}
