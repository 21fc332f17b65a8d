package semantics

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"embed"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"sort"
	"strings"
	"sync"
	"unicode"

	"github.com/nomenhq/nomen/analyzers/morph"
	"github.com/nomenhq/nomen/analyzers/tokenize"
	"golang.org/x/text/unicode/norm"
)

const (
	modelSuffix = ".vec.gz"
	magic       = "NOMEN-VEC-1\n"
	// maxTermWords is the longest multiword term looked up in text.
	maxTermWords = 4
)

// ErrUnsupported reports a language without vectors.
var ErrUnsupported = errors.New("unsupported language")

//go:embed data
var dataFS embed.FS

// Model holds unit-length term vectors, quantized to int8 with one scale per term.
type Model struct {
	dim    int
	terms  []string  // as written ("Paris", "secret agent")
	ranks  []int32   // frequency rank of the term (its rarest word's)
	vecs   []int8    // len(terms) × dim
	scales []float32 // per term
	byKey  map[string]int32
	// aliases maps inflected forms without a vector of their own to their lemma's term.
	aliases map[string]int32
	// sparse holds each term's strongest WordNet features, for Similar and Similarity.
	sparse *sparseIndex
	accs   sync.Pool // *[]float64 of len(terms): sparse scores of one Similar call
	// tails holds the norm of each unit vector's dimensions from headDims on, to bound the
	// dense cosine from the first headDims dimensions (Cauchy–Schwarz) in Similar.
	tails []float32
}

// headDims is the number of leading dimensions Similar reads before bounding the rest.
const headDims = 32

func (m *Model) add(term string, rank int, v []float64) {
	var peak float64
	for _, x := range v {
		peak = math.Max(peak, math.Abs(x))
	}
	q := make([]int8, len(v))
	var qn float64
	for k, x := range v {
		if peak > 0 {
			q[k] = int8(math.Round(x / peak * 127))
		}
		qn += float64(q[k]) * float64(q[k])
	}
	// The scale makes the stored vector unit length exactly, so cosines stay in [-1, 1].
	scale := float32(1)
	if qn > 0 {
		scale = float32(1 / math.Sqrt(qn))
	}
	m.terms = append(m.terms, term)
	m.ranks = append(m.ranks, int32(rank))
	m.scales = append(m.scales, scale)
	m.vecs = append(m.vecs, q...)
}

// addAlias makes form (an inflected form: "spies", "went") find term i.
func (m *Model) addAlias(form string, i int32) {
	if m.aliases == nil {
		m.aliases = map[string]int32{}
	}
	m.aliases[form] = i
}

// index builds the lookup by folded term (lower case, no diacritics; the first of two
// terms that fold alike keeps the key) and the vectors' tail norms.
func (m *Model) index() {
	m.tails = make([]float32, len(m.terms))
	h := min(headDims, m.dim)
	for i := range m.terms {
		var t float64
		for _, x := range m.vecs[i*m.dim+h : (i+1)*m.dim] {
			t += float64(x) * float64(x)
		}
		// Rounded up a little, so that float error never prunes a term that belongs.
		m.tails[i] = float32(math.Sqrt(t))*m.scales[i]*1.0001 + 1e-6
	}
	m.byKey = make(map[string]int32, len(m.terms))
	for i, t := range m.terms {
		if k := fold(t); !m.has(k) {
			m.byKey[k] = int32(i)
		}
	}
}

func (m *Model) has(key string) bool {
	_, ok := m.byKey[key]
	return ok
}

// fold lower-cases s and removes its diacritics ("Zürich" → "zurich").
func fold(s string) string {
	s = strings.ToLower(s)
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			var b strings.Builder
			for _, r := range norm.NFD.String(s) {
				if !unicode.Is(unicode.Mn, r) {
					b.WriteRune(r)
				}
			}
			return norm.NFC.String(b.String())
		}
	}
	return s
}

// write stores the model: magic, dim, count, then per term its text, rank, scale and vector.
func (m *Model) write(w io.Writer) error {
	z, err := gzip.NewWriterLevel(w, gzip.BestCompression)
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(z)
	bw.WriteString(magic)
	var b [4]byte
	put := func(x uint32) {
		binary.LittleEndian.PutUint32(b[:], x)
		bw.Write(b[:])
	}
	put(uint32(m.dim))
	put(uint32(len(m.terms)))
	for i, t := range m.terms {
		put(uint32(len(t)))
		bw.WriteString(t)
		put(uint32(m.ranks[i]))
		put(math.Float32bits(m.scales[i]))
		for _, x := range m.vecs[i*m.dim : (i+1)*m.dim] {
			bw.WriteByte(byte(x))
		}
	}
	forms := make([]string, 0, len(m.aliases))
	for f := range m.aliases {
		forms = append(forms, f)
	}
	sort.Strings(forms)
	put(uint32(len(forms)))
	for _, f := range forms {
		put(uint32(len(f)))
		bw.WriteString(f)
		put(uint32(m.aliases[f]))
	}
	if m.sparse == nil || len(m.sparse.rows) != len(m.terms) {
		return fmt.Errorf("semantics: write: %d sparse rows for %d terms", sparseLen(m.sparse), len(m.terms))
	}
	m.sparse.write(bw)
	if err := bw.Flush(); err != nil {
		return err
	}
	return z.Close()
}

// read loads a model written by write.
func read(r io.Reader) (*Model, error) {
	z, err := gzip.NewReader(r)
	if err != nil {
		return nil, err
	}
	data, err := io.ReadAll(z)
	if err != nil {
		return nil, err
	}
	if !bytes.HasPrefix(data, []byte(magic)) {
		return nil, fmt.Errorf("not a vector file")
	}
	data = data[len(magic):]
	u32 := func() (uint32, error) {
		if len(data) < 4 {
			return 0, io.ErrUnexpectedEOF
		}
		x := binary.LittleEndian.Uint32(data)
		data = data[4:]
		return x, nil
	}
	dim, err := u32()
	if err != nil {
		return nil, err
	}
	n, err := u32()
	if err != nil {
		return nil, err
	}
	if dim == 0 || dim > 4096 || n > 1<<22 {
		return nil, fmt.Errorf("bad header: %d terms × %d", n, dim)
	}
	m := &Model{dim: int(dim), terms: make([]string, 0, n), ranks: make([]int32, 0, n),
		scales: make([]float32, 0, n), vecs: make([]int8, 0, int(n)*int(dim))}
	for i := 0; i < int(n); i++ {
		l, err := u32()
		if err != nil {
			return nil, err
		}
		if int(l) > len(data) {
			return nil, io.ErrUnexpectedEOF
		}
		m.terms = append(m.terms, string(data[:l]))
		data = data[l:]
		rank, err := u32()
		if err != nil {
			return nil, err
		}
		sb, err := u32()
		if err != nil {
			return nil, err
		}
		if len(data) < int(dim) {
			return nil, io.ErrUnexpectedEOF
		}
		m.ranks = append(m.ranks, int32(rank))
		m.scales = append(m.scales, math.Float32frombits(sb))
		for _, x := range data[:dim] {
			m.vecs = append(m.vecs, int8(x))
		}
		data = data[dim:]
	}
	na, err := u32()
	if err != nil {
		return nil, err
	}
	if na > 1<<22 {
		return nil, fmt.Errorf("bad alias count %d", na)
	}
	m.aliases = make(map[string]int32, na)
	for k := 0; k < int(na); k++ {
		l, err := u32()
		if err != nil {
			return nil, err
		}
		if int(l) > len(data) {
			return nil, io.ErrUnexpectedEOF
		}
		form := string(data[:l])
		data = data[l:]
		i, err := u32()
		if err != nil {
			return nil, err
		}
		if i >= n {
			return nil, fmt.Errorf("alias %q: term %d of %d", form, i, n)
		}
		m.aliases[form] = int32(i)
	}
	if m.sparse, data, err = readSparse(data, int(n)); err != nil {
		return nil, err
	}
	if len(data) != 0 {
		return nil, fmt.Errorf("%d trailing bytes", len(data))
	}
	m.index()
	return m, nil
}

var (
	loadOnce sync.Once
	loaded   *Model
	loadErr  error
)

// Languages are the languages with vectors: English, and "uen" (English written all in
// lower or upper case, as language identification reports it), which shares its vectors.
func Languages() []string { return []string{"eng", "uen"} }

// Load returns the embedded model of lang, decoded once on first use.
func Load(lang string) (*Model, error) {
	if lang != "eng" && lang != "uen" {
		return nil, fmt.Errorf("%w: %q (semantic vectors: %s)", ErrUnsupported, lang, strings.Join(Languages(), ", "))
	}
	loadOnce.Do(func() {
		f, err := dataFS.Open("data/eng" + modelSuffix)
		if err != nil {
			loadErr = fmt.Errorf("semantics: %w", err)
			return
		}
		defer f.Close()
		loaded, loadErr = read(f)
		if loadErr != nil {
			loadErr = fmt.Errorf("semantics: eng%s: %w", modelSuffix, loadErr)
		}
	})
	return loaded, loadErr
}

// Dim is the vector length.
func (m *Model) Dim() int { return m.dim }

// Len is the number of terms.
func (m *Model) Len() int { return len(m.terms) }

// vector writes term i's unit vector into dst.
func (m *Model) vector(i int32, dst []float32) {
	s := m.scales[i]
	for k, x := range m.vecs[int(i)*m.dim : int(i+1)*m.dim] {
		dst[k] = float32(x) * s
	}
}

// normKey is the lookup form of a term: lower case, single spaces, no outer punctuation.
func normKey(s string) string {
	s = fold(strings.Join(strings.Fields(s), " "))
	return strings.TrimFunc(s, func(r rune) bool { return unicode.IsPunct(r) && r != '\'' })
}

// lookup finds a term: as written (with or without outer punctuation), as an inflected
// form, by its lemma (a single word) or with its last word's lemma ("secret agents"), then
// by its hyphenated or spaced variant.
func (m *Model) lookup(term string) (int32, bool) {
	// As written first: some terms end in punctuation ("Dr.", "U.S.").
	if i, ok := m.byKey[fold(strings.Join(strings.Fields(term), " "))]; ok {
		return i, true
	}
	key := normKey(term)
	if i, ok := m.byKey[key]; ok {
		return i, true
	}
	if key == "" {
		return 0, false
	}
	if i, ok := m.aliases[key]; ok {
		return i, true
	}
	if !strings.ContainsRune(key, ' ') {
		if _, lemmas, err := morph.Tag([]string{key}, "eng"); err == nil && len(lemmas) == 1 {
			if i, ok := m.byKey[fold(lemmas[0])]; ok {
				return i, true
			}
		}
	}
	// A multiword term with its last word inflected: "secret agents".
	if j := strings.LastIndexByte(key, ' '); j > 0 {
		if a, ok := m.aliases[key[j+1:]]; ok && !strings.ContainsRune(m.terms[a], ' ') {
			if i, ok := m.byKey[key[:j+1]+fold(m.terms[a])]; ok {
				return i, true
			}
		}
	}
	for _, alt := range []string{strings.ReplaceAll(key, "-", " "), strings.ReplaceAll(key, " ", "-")} {
		if i, ok := m.byKey[alt]; ok {
			return i, true
		}
	}
	return 0, false
}

// Term is one similar term.
type Term struct {
	Term       string  `json:"term"`
	Similarity float64 `json:"similarity"`
}

// Similar returns the count terms most similar to term (highest first; ties by term
// order), without the term itself. The similarity of two terms, in [-1, 1], blends the
// cosine of their dense vectors with that of their strongest WordNet features
// (sparseShare). A term without a vector gives none.
func (m *Model) Similar(term string, count int) []Term {
	i, ok := m.lookup(term)
	if !ok || count <= 0 {
		return nil
	}
	accp, _ := m.accs.Get().(*[]float64)
	if accp == nil || len(*accp) != len(m.terms) {
		a := make([]float64, len(m.terms))
		accp = &a
	}
	acc := *accp
	touched := m.sparse.scores(i, acc, nil)
	type hit struct {
		i int32
		s float64
	}
	top := make([]hit, 0, count+1)
	qi := m.vecs[int(i)*m.dim : int(i+1)*m.dim]
	consider := func(j int32) {
		dot := dotInt8(m.vecs[int(j)*m.dim:int(j+1)*m.dim], qi)
		s := (1-sparseShare)*float64(float32(dot)*m.scales[j]*m.scales[i]) + sparseShare*acc[j]
		if len(top) == count && s <= top[len(top)-1].s {
			return
		}
		k := sort.Search(len(top), func(k int) bool { return top[k].s < s || (top[k].s == s && top[k].i > j) })
		if len(top) < count {
			top = append(top, hit{})
		}
		copy(top[k+1:], top[k:len(top)-1])
		top[k] = hit{j, s}
	}
	// The terms with the highest sparse scores first, to set a threshold; then every other
	// term, skipped when even a perfect dense cosine (or the bound of its head dimensions
	// plus the norms of the rest, Cauchy–Schwarz) could not beat the count-th score so far.
	lead := topBySparse(touched, acc, 4*count)
	rest := 0.0 // the highest sparse score among the terms not in lead
	if len(lead) < len(touched) {
		rest = math.Inf(1)
		for _, j := range lead {
			rest = math.Min(rest, acc[j])
		}
	}
	for _, j := range lead {
		if j != i {
			consider(j)
		}
	}
	for _, j := range lead {
		acc[j] = -1 // done (touched terms are reset below)
	}
	if len(top) < count || sparseShare*rest+(1-sparseShare) > top[len(top)-1].s {
		h := min(headDims, m.dim)
		qTail := m.tails[i]
		for j := range m.terms {
			if int32(j) == i || acc[j] < 0 {
				continue
			}
			if len(top) == count {
				thr := top[len(top)-1].s
				if sparseShare*acc[j]+(1-sparseShare) <= thr {
					continue
				}
				head := float32(dotInt8(m.vecs[j*m.dim:j*m.dim+h], qi[:h])) * m.scales[j] * m.scales[i]
				if sparseShare*acc[j]+(1-sparseShare)*float64(head+qTail*m.tails[j]) <= thr {
					continue
				}
			}
			consider(int32(j))
		}
	}
	for _, t := range touched {
		acc[t] = 0
	}
	m.accs.Put(accp)
	out := make([]Term, len(top))
	for k, h := range top {
		out[k] = Term{Term: m.terms[h.i], Similarity: math.Round(math.Max(-1, math.Min(1, h.s))*1e6) / 1e6}
	}
	return out
}

// TermVector returns the unit vector of a term, or false when it has none.
func (m *Model) TermVector(term string) ([]float32, bool) {
	i, ok := m.lookup(term)
	if !ok {
		return nil, false
	}
	v := make([]float32, m.dim)
	m.vector(i, v)
	return v, true
}

// Similarity is the similarity of two terms as Similar measures it; ok is false when
// either has no vector.
func (m *Model) Similarity(a, b string) (float64, bool) {
	ia, ok := m.lookup(a)
	if !ok {
		return 0, false
	}
	ib, ok := m.lookup(b)
	if !ok {
		return 0, false
	}
	va, vb := make([]float32, m.dim), make([]float32, m.dim)
	m.vector(ia, va)
	m.vector(ib, vb)
	var d float64
	for k := range va {
		d += float64(va[k]) * float64(vb[k])
	}
	return (1-sparseShare)*d + sparseShare*m.sparse.cosine(ia, ib), true
}

// Token is one token of a text with its vector (nil when the token has none).
type Token struct {
	Text       string
	Start, End int // code points, End exclusive
	Vector     []float32
}

// Embed tokenizes English text and returns every token with its vector (a token inside a
// multiword term, "secret agent", gets the term's vector), and the document vector: the
// mean of the token vectors weighted by each term's rarity (docWeight), unit length, or all
// zeros when no token has a vector or only the commonest words have one.
func (m *Model) Embed(text string) (doc []float32, toks []Token) {
	raw, sents := tokenize.Segment(text, "eng")
	toks = make([]Token, len(raw))
	words := make([]string, len(raw))
	for k, t := range raw {
		toks[k] = Token{Text: t.Text, Start: t.Start, End: t.End}
		words[k] = t.Text
	}
	// Lemmas sentence by sentence (the tagger reads one sentence at a time); a sentence the
	// tagger refuses leaves its words as written.
	lemmas := append([]string(nil), words...)
	k := 0
	for _, st := range sents {
		lo := k
		for k < len(raw) && raw[k].End <= st.End {
			k++
		}
		if k > lo {
			if _, ls, err := morph.Tag(words[lo:k], "eng"); err == nil && len(ls) == k-lo {
				copy(lemmas[lo:k], ls)
			}
		}
	}
	if k < len(raw) {
		if _, ls, err := morph.Tag(words[k:], "eng"); err == nil && len(ls) == len(raw)-k {
			copy(lemmas[k:], ls)
		}
	}
	doc = make([]float32, m.dim)
	sum := make([]float64, m.dim)
	any := false
	for k := 0; k < len(raw); {
		n, idx := m.longest(words, lemmas, k)
		if n == 0 {
			k++
			continue
		}
		v := make([]float32, m.dim)
		m.vector(idx, v)
		w := docWeight(m.ranks[idx])
		for j := k; j < k+n; j++ {
			toks[j].Vector = v
		}
		for d, x := range v {
			sum[d] += w * float64(x)
		}
		any = any || w > 0
		k += n
	}
	if any {
		var norm float64
		for _, x := range sum {
			norm += x * x
		}
		norm = math.Sqrt(norm)
		for d, x := range sum {
			if norm > 0 {
				doc[d] = float32(x / norm)
			}
		}
	}
	return doc, toks
}

// docWeight is a term's weight in the document vector: the log of its frequency rank over
// that of the 100th most frequent word, so the commonest words ("be", "have") count nothing.
func docWeight(rank int32) float64 {
	return math.Max(0, math.Log((float64(rank)+10)/110))
}

// longest finds the longest term starting at word k (at most maxTermWords words; a single
// word by its lemma first, then as written, then as an inflected form) and returns its
// length in words, or 0.
func (m *Model) longest(words, lemmas []string, k int) (int, int32) {
	if !hasLetter(words[k]) {
		return 0, 0
	}
	for n := min(maxTermWords, len(words)-k); n >= 2; n-- {
		if i, ok := m.byKey[fold(strings.Join(words[k:k+n], " "))]; ok {
			return n, i
		}
	}
	w := fold(words[k])
	// An inflected word counts as its lemma ("running" in "was running" is "run").
	if k < len(lemmas) {
		if l := fold(lemmas[k]); l != w {
			if i, ok := m.byKey[l]; ok {
				return 1, i
			}
		}
	}
	if i, ok := m.byKey[w]; ok {
		return 1, i
	}
	if i, ok := m.aliases[w]; ok {
		return 1, i
	}
	return 0, 0
}

func hasLetter(s string) bool {
	for _, r := range s {
		if unicode.IsLetter(r) {
			return true
		}
	}
	return false
}

// dotInt8 is the dot product of two int8 vectors of the same length (unrolled by four).
func dotInt8(a, b []int8) int32 {
	b = b[:len(a)]
	var s0, s1, s2, s3 int32
	k := 0
	for ; k+4 <= len(a); k += 4 {
		s0 += int32(a[k]) * int32(b[k])
		s1 += int32(a[k+1]) * int32(b[k+1])
		s2 += int32(a[k+2]) * int32(b[k+2])
		s3 += int32(a[k+3]) * int32(b[k+3])
	}
	for ; k < len(a); k++ {
		s0 += int32(a[k]) * int32(b[k])
	}
	return s0 + s1 + s2 + s3
}

// topBySparse returns up to k of the touched terms with the highest acc (any order).
func topBySparse(touched []int32, acc []float64, k int) []int32 {
	if len(touched) <= k {
		return touched
	}
	// A min-heap of k terms by acc.
	h := make([]int32, 0, k)
	less := func(a, b int32) bool { return acc[a] < acc[b] || (acc[a] == acc[b] && a > b) }
	down := func(i int) {
		for {
			l, r, m := 2*i+1, 2*i+2, i
			if l < len(h) && less(h[l], h[m]) {
				m = l
			}
			if r < len(h) && less(h[r], h[m]) {
				m = r
			}
			if m == i {
				return
			}
			h[i], h[m] = h[m], h[i]
			i = m
		}
	}
	for _, t := range touched {
		if len(h) < k {
			h = append(h, t)
			for c := len(h) - 1; c > 0; {
				p := (c - 1) / 2
				if !less(h[c], h[p]) {
					break
				}
				h[c], h[p] = h[p], h[c]
				c = p
			}
			continue
		}
		if less(h[0], t) {
			h[0] = t
			down(0)
		}
	}
	return h
}
