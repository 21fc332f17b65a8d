package translit

import (
	"bytes"
	"compress/gzip"
	"embed"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"sort"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// The learned layer. A model is a joint-sequence ("graphone") trigram
// model: a graphone pairs a native chunk of 1–2 characters with a Latin
// chunk of 0–6 letters; the probability of a (native, Latin) pair is the
// product of P(g_i | g_{i-2} g_{i-1}) over its graphone segmentation
// (interpolated Witten–Bell estimates, stored as backoff tables).
// Decoding is a beam search over the native string. A lookup table gives
// the observed English spellings of frequent native tokens.

// Models lists the learned models, named after the training files.
var Models = []string{"arabic", "chinese", "hebrew", "japanese", "katakana", "korean", "russian"}

//go:embed data/*.bin.gz
var modelFS embed.FS

// ErrFormat reports a malformed model file.
var ErrFormat = errors.New("translit: malformed model file")

const modelMagic = "NTL2"

// Log probabilities are quantized to uint8: q = round(-logp / qScale).
const qScale = 20.0 / 255

func quant(lp float64) uint8 {
	q := math.Round(-lp / qScale)
	if q < 0 {
		q = 0
	}
	if q > 255 {
		q = 255
	}
	return uint8(q)
}

func dequant(q uint8) float32 { return -float32(q) * qScale }

// model is a decoded learned model; read-only after loading.
type model struct {
	native  []string           // graphone native chunk; index 0 is the boundary symbol
	latin   []string           // graphone Latin chunk
	uni     []float32          // log P(g)
	uniBow  []float32          // log backoff weight of the unigram context g
	bi      []succ             // bigram successors of each graphone
	tri     map[uint64]*succ   // trigram successors of each (a, b) context
	byNat   map[string][]int32 // native chunk → graphones, best unigram first
	all     map[string][]int32 // native chunk → all its graphones, by Latin chunk (Fit)
	cond    []float32          // log P(Latin chunk | native chunk) of each graphone, from the unigrams (Fit)
	maxCond map[string]float32 // native chunk → its best cond (Fit)
	maxN    int                // longest native chunk in runes
	lookup  map[string][]Variant
}

func key2(a, b int32) uint64    { return uint64(a)<<21 | uint64(b) }
func key3(a, b, c int32) uint64 { return uint64(a)<<42 | uint64(b)<<21 | uint64(c) }

// succ lists the successors of one n-gram context, sorted by graphone id,
// with their log probabilities, and the context's log backoff weight.
type succ struct {
	bow float32
	ids []int32
	lp  []float32
}

// find returns the log probability of g after the context, if stored.
func (s *succ) find(g int32) (float32, bool) {
	lo, hi := 0, len(s.ids)
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		if s.ids[mid] < g {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	if lo < len(s.ids) && s.ids[lo] == g {
		return s.lp[lo], true
	}
	return 0, false
}

// logp returns log P(g | a b) with backoff; ctx is m.tri[key2(a, b)],
// looked up once per hypothesis by the caller (nil when absent).
func (m *model) logp(ctx *succ, b, g int32) float32 {
	var bow float32
	if ctx != nil {
		if p, ok := ctx.find(g); ok {
			return p
		}
		bow = ctx.bow
	}
	if p, ok := m.bi[b].find(g); ok {
		return bow + p
	}
	return bow + m.uniBow[b] + m.uni[g]
}

var (
	modelsMu   sync.Mutex
	loadedOnce = map[string]*sync.Once{}
	loaded     = map[string]*model{}
	loadErrs   = map[string]error{}
)

// getModel returns the embedded model name, decoding it once.
func getModel(name string) (*model, error) {
	modelsMu.Lock()
	once, ok := loadedOnce[name]
	if !ok {
		once = new(sync.Once)
		loadedOnce[name] = once
	}
	modelsMu.Unlock()
	once.Do(func() {
		data, err := modelFS.ReadFile("data/" + name + ".bin.gz")
		var m *model
		if err == nil {
			m, err = decodeModel(data)
		}
		if err == nil && name == "chinese" {
			foldLookup(m.lookup)
		}
		modelsMu.Lock()
		loaded[name], loadErrs[name] = m, err
		modelsMu.Unlock()
	})
	modelsMu.Lock()
	defer modelsMu.Unlock()
	return loaded[name], loadErrs[name]
}

// learnedScript returns the learned model for a script and language, or "".
func learnedScript(scr, lang string) string {
	switch scr {
	case "Cyrl":
		return "russian"
	case "Arab":
		return "arabic"
	case "Hebr":
		return "hebrew"
	case "Hani":
		if lang == "jpn" {
			return "japanese"
		}
		if lang == "kor" {
			return "korean"
		}
		return "chinese"
	case "Jpan", "Hira":
		return "japanese"
	case "Kana":
		return "katakana"
	case "Hang", "Kore":
		return "korean"
	}
	return ""
}

// Learned returns up to k variants of token from the learned model named
// model (one of Models): the lookup-table spellings when the token is
// known, merged with the beam-search n-best. Unknown models give nil.
func Learned(token, modelName string, k int) []Variant {
	if k < 1 {
		k = 1
	}
	if k > MaxK {
		k = MaxK
	}
	m, err := getModel(modelName)
	if err != nil || m == nil {
		return nil
	}
	return m.variants(token, modelName, k)
}

// variants is Learned for a loaded model.
func (m *model) variants(token, modelName string, k int) []Variant {
	rs := runesOf(token)
	if modelName == "katakana" || modelName == "japanese" {
		for i, r := range rs {
			rs[i] = toKatakana(r)
		}
	}
	dec := m.decode(rs, k)
	lk := m.lookup[string(rs)]
	if len(lk) == 0 && modelName == "chinese" {
		lk = m.lookup[FoldHan(string(rs))]
	}
	if len(lk) == 0 {
		return dec
	}
	out := make([]Variant, 0, len(lk)+len(dec))
	out = append(out, lk...)
	for _, v := range dec {
		found := false
		for i := range out {
			if out[i].Text == v.Text {
				out[i].Weight += 0.3 * v.Weight
				found = true
				break
			}
		}
		if !found {
			out = append(out, Variant{v.Text, 0.3 * v.Weight})
		}
	}
	return normalize(out, k)
}

// beamHyp is a decoder hypothesis ending at some native position.
type beamHyp struct {
	score float32
	g1    int32 // graphone before last
	g2    int32 // last graphone
	emit  int32 // graphone whose Latin chunk this step wrote, -1 for none
	back  int32 // index into the hyp store of the previous hypothesis
}

// Decoder settings, chosen on a development split carved from the `_80`
// training files (see MODELS.md (section from MODELS-translit.md)).
var (
	beamWidth  = 6 // hypotheses kept per native position
	candPerNat = 6 // graphones tried per native chunk, best unigram first
)

const (
	maxCandStored = 16  // graphones kept per native chunk at load time
	unknownCost   = -12 // log cost of skipping a character the model never saw alone
)

// decoder holds the per-call scratch of decode; pooled.
type decoder struct {
	store []beamHyp
	beams [][]int32
	parts []string
}

var decoderPool = sync.Pool{New: func() any { return new(decoder) }}

// decode returns the n-best Latin strings for rs by beam search.
func (m *model) decode(rs []rune, k int) []Variant {
	n := len(rs)
	if n == 0 {
		return nil
	}
	width := max(beamWidth, k+4)
	d := decoderPool.Get().(*decoder)
	defer decoderPool.Put(d)
	d.store = append(d.store[:0], beamHyp{0, 0, 0, -1, -1})
	for len(d.beams) < n+1 {
		d.beams = append(d.beams, nil)
	}
	beams := d.beams[:n+1]
	for i := range beams {
		beams[i] = beams[i][:0]
	}
	beams[0] = append(beams[0], 0)
	// push keeps the width best hypotheses of a position. Hypotheses are
	// not recombined: different histories are different Latin strings and
	// the n-best list needs them.
	push := func(pos int, h beamHyp) {
		b := beams[pos]
		if len(b) < width {
			d.store = append(d.store, h)
			beams[pos] = append(b, int32(len(d.store)-1))
			return
		}
		worst := 0
		for i := 1; i < len(b); i++ {
			if d.store[b[i]].score < d.store[b[worst]].score {
				worst = i
			}
		}
		if h.score > d.store[b[worst]].score {
			d.store = append(d.store, h)
			b[worst] = int32(len(d.store) - 1)
		}
	}
	// Native chunks are substrings of str: map lookups do not allocate.
	str := string(rs)
	var offBuf [maxTokenRunes + 1]int
	offs := offBuf[:0]
	for i := range str {
		offs = append(offs, i)
	}
	offs = append(offs, len(str))
	for pos := 0; pos < n; pos++ {
		b := beams[pos]
		if len(b) == 0 {
			continue
		}
		expanded := false
		single := false // whether rs[pos] alone has graphones
		for l := 1; l <= m.maxN && pos+l <= n; l++ {
			cands := m.byNat[str[offs[pos]:offs[pos+l]]]
			if len(cands) == 0 {
				continue
			}
			if len(cands) > candPerNat {
				cands = cands[:candPerNat]
			}
			expanded = true
			single = single || l == 1
			for _, hi := range b {
				h := d.store[hi]
				ctx := m.tri[key2(h.g1, h.g2)]
				for _, g := range cands {
					push(pos+l, beamHyp{h.score + m.logp(ctx, h.g2, g), h.g2, g, g, hi})
				}
			}
		}
		if !expanded || !single {
			// A character the model never saw alone: skip it at a fixed cost.
			for _, hi := range b {
				h := d.store[hi]
				push(pos+1, beamHyp{h.score + unknownCost, h.g1, h.g2, -1, hi})
			}
		}
	}
	final := beams[n]
	out := make([]Variant, 0, len(final))
	var sb strings.Builder
	for _, hi := range final {
		h := d.store[hi]
		s := float64(h.score + m.logp(m.tri[key2(h.g1, h.g2)], h.g2, 0))
		d.parts = d.parts[:0]
		for idx := hi; idx > 0; idx = d.store[idx].back {
			if e := d.store[idx].emit; e >= 0 {
				d.parts = append(d.parts, m.latin[e])
			}
		}
		sb.Reset()
		for i := len(d.parts) - 1; i >= 0; i-- {
			sb.WriteString(d.parts[i])
		}
		if sb.Len() == 0 {
			continue
		}
		out = addVariant(out, sb.String(), s)
	}
	return finishVariants(out, k)
}

// addVariant adds the string t with log weight s to out; a string already there (another
// segmentation of it) gets the probabilities added.
func addVariant(out []Variant, t string, s float64) []Variant {
	for i := range out {
		if out[i].Text == t {
			out[i].Weight = logAdd(out[i].Weight, s)
			return out
		}
	}
	return append(out, Variant{t, s})
}

// finishVariants turns the log weights of out into weights relative to the best and keeps
// the k best (normalize); nil when out is empty.
func finishVariants(out []Variant, k int) []Variant {
	if len(out) == 0 {
		return nil
	}
	best := math.Inf(-1)
	for _, v := range out {
		best = math.Max(best, v.Weight)
	}
	for i := range out {
		out[i].Weight = math.Exp(out[i].Weight - best)
	}
	return normalize(out, k)
}

func logAdd(a, b float64) float64 {
	if a < b {
		a, b = b, a
	}
	return a + math.Log1p(math.Exp(b-a))
}

// Model file layout (gzip-compressed, all integers uvarint):
//
//	magic "NTL2", maxN
//	G graphones: len+native, len+latin, q(uni), q(uniBow)   (graphone 0 = boundary)
//	B bigrams sorted by (a,b): delta(a), b, q(p), q(bow)
//	T trigrams sorted by (a,b,c): delta(a), b, c, q(p)
//	L lookup entries sorted by token: len+token, V, V×(len+text, q(weight))

func decodeModel(data []byte) (*model, error) {
	zr, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("translit: model: %w", err)
	}
	raw, err := io.ReadAll(io.LimitReader(zr, maxModelBytes+1))
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrFormat, err)
	}
	if len(raw) > maxModelBytes {
		return nil, fmt.Errorf("%w: larger than %d bytes", ErrFormat, maxModelBytes)
	}
	return decodeRaw(bytes.NewReader(raw))
}

// maxModelBytes bounds the uncompressed size of a model.
const maxModelBytes = 64 << 20

// decodeRaw decodes the uncompressed model body. Counts are checked
// against the bytes left, so a corrupt file cannot cause huge allocations.
func decodeRaw(r *bytes.Reader) (*model, error) {
	var err error
	fail := func(what string, err error) (*model, error) {
		return nil, fmt.Errorf("%w: %s: %v", ErrFormat, what, err)
	}
	magic := make([]byte, 4)
	if _, err := io.ReadFull(r, magic); err != nil || string(magic) != modelMagic {
		return fail("magic", err)
	}
	u := func() (int, error) {
		v, err := binary.ReadUvarint(r)
		if err != nil {
			return 0, err
		}
		if v > 1<<24 {
			return 0, errors.New("value out of range")
		}
		return int(v), nil
	}
	str := func() (string, error) {
		n, err := u()
		if err != nil {
			return "", err
		}
		if n > r.Len() {
			return "", io.ErrUnexpectedEOF
		}
		b := make([]byte, n)
		if _, err := io.ReadFull(r, b); err != nil {
			return "", err
		}
		return string(b), nil
	}
	byt := func() (uint8, error) { return r.ReadByte() }
	m := &model{}
	if m.maxN, err = u(); err != nil || m.maxN < 1 || m.maxN > 8 {
		return fail("maxN", err)
	}
	ng, err := u()
	if err != nil || ng < 1 || ng >= 1<<21 || ng*4 > r.Len() {
		return fail("graphone count", err)
	}
	m.native, m.latin = make([]string, ng), make([]string, ng)
	m.uni, m.uniBow = make([]float32, ng), make([]float32, ng)
	m.byNat = map[string][]int32{}
	for i := 0; i < ng; i++ {
		var q1, q2 uint8
		if m.native[i], err = str(); err == nil {
			if m.latin[i], err = str(); err == nil {
				if q1, err = byt(); err == nil {
					q2, err = byt()
				}
			}
		}
		if err != nil {
			return fail("graphone", err)
		}
		m.uni[i], m.uniBow[i] = dequant(q1), dequant(q2)
		if i > 0 {
			m.byNat[m.native[i]] = append(m.byNat[m.native[i]], int32(i))
		}
	}
	m.all = make(map[string][]int32, len(m.byNat))
	m.cond = make([]float32, ng)
	m.maxCond = make(map[string]float32, len(m.byNat))
	for k, gs := range m.byNat {
		sort.SliceStable(gs, func(a, b int) bool { return m.uni[gs[a]] > m.uni[gs[b]] })
		all := slices.Clone(gs)
		sort.Slice(all, func(a, b int) bool { return m.latin[all[a]] < m.latin[all[b]] })
		m.all[k] = all
		var tot float64
		for _, g := range gs {
			tot += math.Exp(float64(m.uni[g]))
		}
		best := float32(math.Inf(-1))
		for _, g := range gs {
			m.cond[g] = m.uni[g] - float32(math.Log(tot))
			best = max(best, m.cond[g])
		}
		m.maxCond[k] = best
		if len(gs) > maxCandStored {
			gs = gs[:maxCandStored:maxCandStored]
		}
		m.byNat[k] = gs
	}
	_ = key3
	nb, err := u()
	if err != nil || nb*4 > r.Len() {
		return fail("bigram count", err)
	}
	m.bi = make([]succ, ng)
	m.tri = make(map[uint64]*succ)
	a := 0
	for i := 0; i < nb; i++ {
		da, err1 := u()
		b, err2 := u()
		p, err3 := byt()
		bw, err4 := byt()
		if err := errors.Join(err1, err2, err3, err4); err != nil {
			return fail("bigram", err)
		}
		a += da
		if a >= ng || b >= ng {
			return fail("bigram", errors.New("graphone out of range"))
		}
		sc := &m.bi[a]
		if n := len(sc.ids); n > 0 && sc.ids[n-1] >= int32(b) {
			return fail("bigram", errors.New("not sorted"))
		}
		sc.ids = append(sc.ids, int32(b))
		sc.lp = append(sc.lp, dequant(p))
		if bw != 0 {
			m.tri[key2(int32(a), int32(b))] = &succ{bow: dequant(bw)}
		}
	}
	nt, err := u()
	if err != nil || nt*4 > r.Len() {
		return fail("trigram count", err)
	}
	a = 0
	for i := 0; i < nt; i++ {
		da, err1 := u()
		b, err2 := u()
		c, err3 := u()
		p, err4 := byt()
		if err := errors.Join(err1, err2, err3, err4); err != nil {
			return fail("trigram", err)
		}
		a += da
		if a >= ng || b >= ng || c >= ng {
			return fail("trigram", errors.New("graphone out of range"))
		}
		sc := m.tri[key2(int32(a), int32(b))]
		if sc == nil {
			sc = &succ{}
			m.tri[key2(int32(a), int32(b))] = sc
		}
		if n := len(sc.ids); n > 0 && sc.ids[n-1] >= int32(c) {
			return fail("trigram", errors.New("not sorted"))
		}
		sc.ids = append(sc.ids, int32(c))
		sc.lp = append(sc.lp, dequant(p))
	}
	nl, err := u()
	if err != nil || nl*3 > r.Len() {
		return fail("lookup count", err)
	}
	m.lookup = make(map[string][]Variant, nl)
	for i := 0; i < nl; i++ {
		tok, err := str()
		if err != nil {
			return fail("lookup", err)
		}
		nv, err := u()
		if err != nil || nv == 0 || nv > MaxK {
			return fail("lookup", err)
		}
		vs := make([]Variant, nv)
		for j := range vs {
			t, err := str()
			if err != nil {
				return fail("lookup", err)
			}
			q, err := byt()
			if err != nil {
				return fail("lookup", err)
			}
			vs[j] = Variant{t, math.Exp(float64(dequant(q)))}
		}
		m.lookup[tok] = vs
	}
	return m, nil
}

// KnownName reports whether token (in any letter case) is in the lookup table of the learned
// model for script scr and language lang: a given or family name that Wikidata's person
// labels write that way (Russian "Сергей", "Лавров"). Scripts without a learned model know no
// names.
func KnownName(token, scr, lang string) bool {
	name := learnedScript(scr, lang)
	if name == "" {
		return false
	}
	m, err := getModel(name)
	if err != nil || m == nil {
		return false
	}
	if name != "katakana" && name != "japanese" && alreadyFolded(token) {
		_, ok := m.lookup[token] // no allocation: the token is its own key
		return ok
	}
	rs := runesOf(token)
	if name == "katakana" || name == "japanese" {
		for i, r := range rs {
			rs[i] = toKatakana(r)
		}
	}
	_, ok := m.lookup[string(rs)]
	return ok
}

// alreadyFolded reports whether runesOf would return token's own runes: valid UTF-8 in lower
// case (or without case) and at most maxTokenRunes long.
func alreadyFolded(token string) bool {
	n := 0
	for _, r := range token {
		n++
		if r == utf8.RuneError || n > maxTokenRunes || unicode.ToLower(r) != r {
			return false
		}
	}
	return true
}
