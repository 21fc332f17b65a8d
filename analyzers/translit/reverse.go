package translit

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"sync"
)

// The reverse direction (Latin → native) for name translation. A learned
// model is a joint-sequence model: it gives the joint probability of a
// (native, Latin) pair, so the same tables rank native spellings of a
// given Latin token. FromLatin decodes by beam search over the Latin
// string, choosing graphones by their Latin chunk; the models and their
// bytes are the forward ones, trained on the `_80` files only.

// NativeVariant is one native-script rendering of a Latin token. Weight is
// in (0,1], the best variant of a call having weight 1.
type NativeVariant struct {
	Text   string
	Weight float64
}

// revIndex maps Latin chunks to the graphones that write them.
type revIndex struct {
	byLat map[string][]int32 // Latin chunk → graphones, best unigram first (at most maxCandStored)
	eps   []int32            // graphones with an empty Latin chunk (silent native characters), best first
	maxL  int                // longest Latin chunk in bytes
}

var revIndexes sync.Map // model name → *revIndex

func (m *model) reverseIndex(name string) *revIndex {
	if v, ok := revIndexes.Load(name); ok {
		return v.(*revIndex)
	}
	ix := &revIndex{byLat: map[string][]int32{}}
	for g := 1; g < len(m.latin); g++ {
		l := m.latin[g]
		if l == "" {
			ix.eps = append(ix.eps, int32(g))
			continue
		}
		ix.byLat[l] = append(ix.byLat[l], int32(g))
		ix.maxL = max(ix.maxL, len(l))
	}
	byUni := func(a, b int32) int {
		switch {
		case m.uni[a] > m.uni[b]:
			return -1
		case m.uni[a] < m.uni[b]:
			return 1
		}
		return int(a - b)
	}
	for l, gs := range ix.byLat {
		slices.SortFunc(gs, byUni)
		if len(gs) > maxCandStored {
			ix.byLat[l] = gs[:maxCandStored:maxCandStored]
		}
	}
	slices.SortFunc(ix.eps, byUni)
	if len(ix.eps) > revEpsCand {
		ix.eps = ix.eps[:revEpsCand:revEpsCand]
	}
	v, _ := revIndexes.LoadOrStore(name, ix)
	return v.(*revIndex)
}

// Reverse decoder settings (fixed before any evaluation; not tuned on
// held-out data).
const (
	revBeamWidth = 12 // hypotheses kept per Latin position
	revCandPer   = 8  // graphones tried per Latin chunk
	revEpsCand   = 4  // silent native characters tried after each graphone
	maxLatinLen  = 48 // longer Latin tokens are cut
)

type revHyp struct {
	score  float32
	g1, g2 int32
	emit   int32 // graphone written by this step, -1 for none
	back   int32
	eps    bool // this step wrote a silent native character
}

// FromLatin returns up to k native-script renderings of one Latin name
// token by the learned model modelName (one of Models), best first,
// deduplicated, weights relative to the best (exp of the log-probability
// difference). The token is folded first (Fold); it returns nil for an
// unknown model or a token with nothing to decode. Safe for concurrent use.
func FromLatin(token, modelName string, k int) []NativeVariant {
	k = min(max(k, 1), MaxK)
	lat := Fold(token)
	if len(lat) > maxLatinLen {
		lat = lat[:maxLatinLen]
	}
	if lat == "" {
		return nil
	}
	// The shared bounded cache, under a key no script code can produce.
	key := cacheKey(lat, "\x01rev", modelName, k)
	if vs, ok := cacheGet(key); ok {
		return nativeOf(vs)
	}
	m, err := getModel(modelName)
	if err != nil || m == nil {
		return nil
	}
	vs := m.decodeReverse(lat, m.reverseIndex(modelName), k)
	cachePut(key, vs)
	return nativeOf(vs)
}

func nativeOf(vs []Variant) []NativeVariant {
	if len(vs) == 0 {
		return nil
	}
	out := make([]NativeVariant, len(vs))
	for i, v := range vs {
		out[i] = NativeVariant(v)
	}
	return out
}

// decodeReverse returns the n-best native strings of lat (in Variant form,
// Text being native script here).
func (m *model) decodeReverse(lat string, ix *revIndex, k int) []Variant {
	n := len(lat)
	width := max(revBeamWidth, k+4)
	store := []revHyp{{0, 0, 0, -1, -1, false}}
	beams := make([][]int32, n+1)
	beams[0] = []int32{0}
	push := func(pos int, h revHyp) {
		b := beams[pos]
		if len(b) < width {
			store = append(store, h)
			beams[pos] = append(b, int32(len(store)-1))
			return
		}
		worst := 0
		for i := 1; i < len(b); i++ {
			if store[b[i]].score < store[b[worst]].score {
				worst = i
			}
		}
		if h.score > store[b[worst]].score {
			store = append(store, h)
			b[worst] = int32(len(store) - 1)
		}
	}
	closeEps := func(pos int) {
		snap := append([]int32(nil), beams[pos]...)
		for _, hi := range snap {
			h := store[hi]
			if h.eps {
				continue
			}
			ctx := m.tri[key2(h.g1, h.g2)]
			for _, g := range ix.eps {
				push(pos, revHyp{h.score + m.logp(ctx, h.g2, g), h.g2, g, g, hi, true})
			}
		}
	}
	for pos := 0; pos < n; pos++ {
		if len(beams[pos]) == 0 {
			continue
		}
		closeEps(pos)
		expanded := false
		for l := 1; l <= ix.maxL && pos+l <= n; l++ {
			cands := ix.byLat[lat[pos:pos+l]]
			if len(cands) == 0 {
				continue
			}
			if len(cands) > revCandPer {
				cands = cands[:revCandPer]
			}
			expanded = true
			for _, hi := range beams[pos] {
				h := store[hi]
				ctx := m.tri[key2(h.g1, h.g2)]
				for _, g := range cands {
					push(pos+l, revHyp{h.score + m.logp(ctx, h.g2, g), h.g2, g, g, hi, false})
				}
			}
		}
		if !expanded {
			// A letter no graphone starts with: skip it at a fixed cost.
			for _, hi := range beams[pos] {
				h := store[hi]
				push(pos+1, revHyp{h.score + unknownCost, h.g1, h.g2, -1, hi, h.eps})
			}
		}
	}
	closeEps(n)
	var out []Variant
	var parts []string
	var sb strings.Builder
	for _, hi := range beams[n] {
		h := store[hi]
		s := float64(h.score + m.logp(m.tri[key2(h.g1, h.g2)], h.g2, 0))
		parts = parts[:0]
		for idx := hi; idx > 0; idx = store[idx].back {
			if e := store[idx].emit; e >= 0 {
				parts = append(parts, m.native[e])
			}
		}
		sb.Reset()
		for i := len(parts) - 1; i >= 0; i-- {
			sb.WriteString(parts[i])
		}
		if sb.Len() == 0 {
			continue
		}
		out = addVariant(out, sb.String(), s)
	}
	return finishVariants(out, k)
}

// TrainPair is one row of a `_80` (TRAIN) file: the folded English token,
// the native token (spaces removed; lowercased, hiragana as katakana for
// the Japanese models) and its count.
type TrainPair struct {
	Latin, Native string
	Count         int
}

// TrainPairs reads dataDir/wikidata-name-transliteration/wd_<model>_80.tsv.xz,
// the TRAIN split only, without the rows DevHeldOut keeps for dev pairs,
// exactly as Train reads it. It is the hook the name-translation tables
// are built from.
func TrainPairs(dataDir, modelName string) ([]TrainPair, error) {
	return readTrainPairs(dataDir, modelName, "80", true, nil)
}

// HeldOutPairs reads the `_20` (HELD-OUT) file of a model, for evaluation
// only: nothing may be trained or tuned on it.
func HeldOutPairs(dataDir, modelName string) ([]TrainPair, error) {
	return readTrainPairs(dataDir, modelName, "20", false, nil)
}

// DevPairs reads the `_80` rows DevHeldOut keeps out of a model's training
// (none for most models): a development set that is neither trained on
// nor held out.
func DevPairs(dataDir, modelName string) ([]TrainPair, error) {
	return readTrainPairs(dataDir, modelName, "80", false, func(latin string) bool { return DevHeldOut(modelName, latin) })
}

// readTrainPairs reads the split ("80" or "20") of a model's pairs; train drops the rows
// DevHeldOut keeps, and keep (when not nil) selects rows by their English token.
func readTrainPairs(dataDir, modelName, split string, train bool, keep func(latin string) bool) ([]TrainPair, error) {
	if _, ok := modelConfigs[modelName]; !ok {
		return nil, fmt.Errorf("translit: unknown model %q", modelName)
	}
	ps, err := readPairs(filepath.Join(dataDir, DataFolder, "wd_"+modelName+"_"+split+".tsv.xz"), modelName, train)
	if err != nil {
		return nil, err
	}
	out := make([]TrainPair, 0, len(ps))
	for _, p := range ps {
		if keep == nil || keep(p.latin) {
			out = append(out, TrainPair{p.latin, p.native, p.count})
		}
	}
	return out, nil
}

// KoreanSurnameSpellings returns the usual Latin spellings of a common
// Korean surname written in Hangul, most frequent first (nil for other
// tokens). Name translation writes a Korean family name with them.
func KoreanSurnameSpellings(hangul string) []string {
	return slices.Clone(koreanSurnames[hangul])
}
