package ner

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"embed"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"sort"
	"strings"
	"sync"

	"github.com/nomenhq/nomen/analyzers/entities/span"
	"github.com/nomenhq/nomen/internal/perceptron"
)

//go:embed data
var dataFS embed.FS

// modelSuffix names the model files in data/: <lang>.ner.gz.
const modelSuffix = ".ner.gz"

// ErrNoModel reports a language without a statistical model.
var ErrNoModel = errors.New("ner: no statistical model for language")

// ErrFormat reports a model file that cannot be read.
var ErrFormat = errors.New("ner: bad model format")

// Model is the statistical entity tagger of one language. It is immutable and safe for
// concurrent use.
type Model struct {
	// Lang is the ISO 639-3 code of the model's language.
	Lang string
	// Types are the entity types the model finds, in class order.
	Types []string
	// Temperature divides the Viterbi scores before the forward-backward marginals that give
	// span confidences; it was fitted on the development data.
	Temperature float64
	// OPenalty is subtracted from the score of the O class at every word; it trades precision
	// for recall and was chosen for the best F1 on the development data.
	OPenalty float32
	// TypeBias[t] is added to the scores of the B/I/L/U classes of Types[t] (nil: none); it
	// was chosen for the best F1 on the development data.
	TypeBias []float32

	// features holds the optional feature groups the model was trained with (featConj...).
	features uint8
	pm       *perceptron.Model
	gaz      *gazetteer
	freq     map[uint32]uint8
	clusters *clusters // nil without featCluster
	nc       int
	// hist[(p*numKinds+kind)*nc+y] is the score of the history features for previous class p
	// (nc = sentence start) and word kind kind.
	hist []float32
	// allowed[p*nc+y] says whether class y may follow class p (p = nc: sentence start);
	// final[y] whether a sentence may end in y.
	allowed []bool
	final   []bool
	pool    sync.Pool
}

const numKinds = 9

// Class layout: 0 is O; type t has B, I, L, U at 1+4t+{0,1,2,3}.
const (
	posB = iota
	posI
	posL
	posU
)

func classNames(types []string) []string {
	out := []string{"O"}
	for _, t := range types {
		out = append(out, "B-"+t, "I-"+t, "L-"+t, "U-"+t)
	}
	return out
}

func classOf(t, pos int) int { return 1 + 4*t + pos }

// freqClass looks up the frequency class of a lower-cased word hash.
func (m *Model) freqClass(h uint64) uint8 { return m.freq[uint32(h>>32)] }

// newModel checks the classes of pm and derives the decoding tables. hist holds the
// previous-class scores, (nc+1)*numKinds*nc values.
func newModel(lang string, pm *perceptron.Model, hist []float32, gaz *gazetteer, freq map[uint32]uint8, temp float64) (*Model, error) {
	nc := len(pm.Classes)
	if nc < 5 || (nc-1)%4 != 0 || pm.Classes[0] != "O" {
		return nil, fmt.Errorf("%w: classes %q", ErrFormat, pm.Classes)
	}
	var types []string
	for t := 0; t < (nc-1)/4; t++ {
		name := strings.TrimPrefix(pm.Classes[classOf(t, posB)], "B-")
		for pos, p := range []string{"B-", "I-", "L-", "U-"} {
			if pm.Classes[classOf(t, pos)] != p+name {
				return nil, fmt.Errorf("%w: classes %q", ErrFormat, pm.Classes)
			}
		}
		types = append(types, name)
	}
	if !(temp > 0) || math.IsInf(temp, 0) {
		return nil, fmt.Errorf("%w: temperature %v", ErrFormat, temp)
	}
	if len(hist) != (nc+1)*numKinds*nc {
		return nil, fmt.Errorf("%w: %d history weights for %d classes", ErrFormat, len(hist), nc)
	}
	m := &Model{Lang: lang, Types: types, Temperature: temp, pm: pm, gaz: gaz, freq: freq, nc: nc, hist: hist}
	m.allowed, m.final = transitions(nc)
	return m, nil
}

// transitions returns the BILOU constraints for nc classes.
func transitions(nc int) (allowed, final []bool) {
	allowed = make([]bool, (nc+1)*nc)
	final = make([]bool, nc)
	inside := func(c int) (t int, ok bool) { // B or I: the entity continues
		if c == 0 || c == nc {
			return 0, false
		}
		pos := (c - 1) % 4
		return (c - 1) / 4, pos == posB || pos == posI
	}
	for p := 0; p <= nc; p++ {
		pt, open := inside(p)
		for y := 0; y < nc; y++ {
			ok := false
			if y == 0 {
				ok = !open
			} else {
				yt, ypos := (y-1)/4, (y-1)%4
				switch ypos {
				case posB, posU:
					ok = !open
				case posI, posL:
					ok = open && pt == yt
				}
			}
			allowed[p*nc+y] = ok
		}
	}
	for y := 0; y < nc; y++ {
		_, open := inside(y)
		final[y] = !open
	}
	return allowed, final
}

// scratch is the per-call working memory of TagWords.
type scratch struct {
	infos []wordInfo
	lower []rune
	gaz   []uint16
	feats []uint64
	emis  []float32 // n*nc
	delta []float32
	back  []int32
	path  []int32
	alpha []float64
	beta  []float64
	tmp   []float64
	ja    kagomeScratch // featKagome
}

func (m *Model) getScratch() *scratch {
	if s, ok := m.pool.Get().(*scratch); ok {
		return s
	}
	return &scratch{}
}

func grow[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}

// prepare computes word infos and emission scores of words into s.
func (m *Model) prepare(words []string, s *scratch) {
	n := len(words)
	s.infos = grow(s.infos, n)
	for i, w := range words {
		s.infos[i], s.lower = analyze(w, s.lower, m.freqClass)
		s.infos[i].tok = m.gaz.tokenClasses(s.infos[i].lower)
		s.infos[i].fine, s.infos[i].coarse = m.clusters.classes(s.infos[i].lower)
	}
	if m.features&featGse != 0 && caselessSentence(s.infos) {
		fillGse(words, s.infos)
	}
	if m.features&featKagome != 0 && caselessSentence(s.infos) {
		fillKagome(words, s.infos, &s.ja)
	}
	if m.features&featPOS != 0 {
		fillPOS(m.Lang, words, s.infos)
	}
	s.gaz = grow(s.gaz, n)
	m.gaz.matches(s.infos, s.gaz)
	if m.features&featHeb != 0 {
		m.gaz.matchesHeb(words, s.infos, s.gaz)
	}
	flags := sentenceFlags(s.infos)
	nc := m.nc
	s.emis = grow(s.emis, n*nc)
	for i := 0; i < n; i++ {
		s.feats = staticFeatures(s.feats[:0], s.infos, i, flags, s.gaz, m.features)
		if m.features&featDomain != 0 {
			s.feats = domainCopies(s.feats, 0, 0)
		}
		m.pm.Scores(s.feats, s.emis[i*nc:(i+1)*nc])
		s.emis[i*nc] -= m.OPenalty
		for t, b := range m.TypeBias {
			for pos := posB; pos <= posU; pos++ {
				s.emis[i*nc+classOf(t, pos)] += b
			}
		}
	}
}

// phi is the score of class y at position i after class p.
func (m *Model) phi(s *scratch, i, p, y int) float32 {
	k := int(s.infos[i].kind)
	return s.emis[i*m.nc+y] + m.hist[(p*numKinds+k)*m.nc+y]
}

// viterbi fills s.path with the best class sequence under the BILOU constraints.
func (m *Model) viterbi(s *scratch, n int) {
	s.delta = grow(s.delta, n*m.nc)
	s.back = grow(s.back, n*m.nc)
	s.path = grow(s.path, n)
	decode(s.infos[:n], m.nc, s.emis, m.hist, m.allowed, m.final, s.delta, s.back, s.path)
}

// decode is constrained Viterbi: emis holds n*nc emission scores, hist the previous-class
// scores by word kind; delta and back are n*nc scratch, path receives the n classes.
func decode(infos []wordInfo, nc int, emis, hist []float32, allowed, final []bool, delta []float32, back, path []int32) {
	n := len(infos)
	negInf := float32(math.Inf(-1))
	k0 := int(infos[0].kind)
	for y := 0; y < nc; y++ {
		delta[y] = negInf
		if allowed[nc*nc+y] {
			delta[y] = emis[y] + hist[(nc*numKinds+k0)*nc+y]
		}
		back[y] = int32(nc)
	}
	for i := 1; i < n; i++ {
		prev, cur := delta[(i-1)*nc:i*nc], delta[i*nc:(i+1)*nc]
		k := int(infos[i].kind)
		em := emis[i*nc : (i+1)*nc]
		for y := 0; y < nc; y++ {
			best, arg := negInf, int32(0)
			for p := 0; p < nc; p++ {
				if !allowed[p*nc+y] || prev[p] == negInf {
					continue
				}
				if v := prev[p] + hist[(p*numKinds+k)*nc+y]; v > best {
					best, arg = v, int32(p)
				}
			}
			if best != negInf {
				best += em[y]
			}
			cur[y], back[i*nc+y] = best, arg
		}
	}
	last := delta[(n-1)*nc : n*nc]
	best, arg := negInf, 0
	for y := 0; y < nc; y++ {
		if final[y] && last[y] > best {
			best, arg = last[y], y
		}
	}
	for i := n - 1; i >= 0; i-- {
		path[i] = int32(arg)
		arg = int(back[i*nc+arg])
	}
}

func logSumExp(xs []float64) float64 {
	mx := math.Inf(-1)
	for _, x := range xs {
		if x > mx {
			mx = x
		}
	}
	if math.IsInf(mx, -1) {
		return mx
	}
	sum := 0.0
	for _, x := range xs {
		sum += math.Exp(x - mx)
	}
	return mx + math.Log(sum)
}

// forwardBackward fills s.alpha and s.beta (log space, scores divided by the temperature) and
// returns log Z.
func (m *Model) forwardBackward(s *scratch, n int) float64 {
	nc := m.nc
	inv := 1 / m.Temperature
	s.alpha = grow(s.alpha, n*nc)
	s.beta = grow(s.beta, n*nc)
	s.tmp = grow(s.tmp, nc)
	negInf := math.Inf(-1)
	for y := 0; y < nc; y++ {
		s.alpha[y] = negInf
		if m.allowed[nc*nc+y] {
			s.alpha[y] = float64(m.phi(s, 0, nc, y)) * inv
		}
	}
	for i := 1; i < n; i++ {
		for y := 0; y < nc; y++ {
			for p := 0; p < nc; p++ {
				s.tmp[p] = negInf
				if m.allowed[p*nc+y] {
					s.tmp[p] = s.alpha[(i-1)*nc+p] + float64(m.phi(s, i, p, y))*inv
				}
			}
			s.alpha[i*nc+y] = logSumExp(s.tmp)
		}
	}
	for y := 0; y < nc; y++ {
		s.beta[(n-1)*nc+y] = negInf
		if m.final[y] {
			s.beta[(n-1)*nc+y] = 0
		}
	}
	for i := n - 2; i >= 0; i-- {
		for p := 0; p < nc; p++ {
			for y := 0; y < nc; y++ {
				s.tmp[y] = negInf
				if m.allowed[p*nc+y] {
					s.tmp[y] = s.beta[(i+1)*nc+y] + float64(m.phi(s, i+1, p, y))*inv
				}
			}
			s.beta[i*nc+p] = logSumExp(s.tmp)
		}
	}
	for y := 0; y < nc; y++ {
		s.tmp[y] = s.alpha[(n-1)*nc+y] + s.beta[(n-1)*nc+y]
	}
	return logSumExp(s.tmp)
}

// maxWords bounds the words decoded at once; longer inputs are tagged in consecutive pieces.
const maxWords = 256

// TagWords finds the entities of one pre-tokenized sentence. Spans are in increasing,
// non-overlapping order; Confidence is the model's calibrated marginal probability of the
// exact span and type.
func (m *Model) TagWords(words []string) []span.TokenSpan {
	var out []span.TokenSpan
	s := m.getScratch()
	for off := 0; off < len(words); off += maxWords {
		end := min(off+maxWords, len(words))
		out = m.tagPiece(words[off:end], off, s, out)
	}
	m.pool.Put(s)
	return out
}

func (m *Model) tagPiece(words []string, off int, s *scratch, out []span.TokenSpan) []span.TokenSpan {
	n := len(words)
	if n == 0 {
		return out
	}
	m.prepare(words, s)
	m.viterbi(s, n)
	first := len(out)
	for i := 0; i < n; i++ {
		c := int(s.path[i])
		if c == 0 {
			continue
		}
		t, pos := (c-1)/4, (c-1)%4
		if pos != posB && pos != posU {
			continue
		}
		j := i
		if pos == posB {
			for j = i + 1; j < n && int(s.path[j]) != classOf(t, posL); j++ {
			}
			if j == n { // cannot happen under the constraints; be safe
				j = n - 1
			}
		}
		out = append(out, span.TokenSpan{Start: off + i, End: off + j + 1, Type: m.Types[t]})
		i = j
	}
	if len(out) == first {
		return out
	}
	logZ := m.forwardBackward(s, n)
	inv := 1 / m.Temperature
	nc := m.nc
	for k := first; k < len(out); k++ {
		sp := &out[k]
		a, b := sp.Start-off, sp.End-off
		var lp float64
		if b-a == 1 {
			c := int(s.path[a])
			lp = s.alpha[a*nc+c] + s.beta[a*nc+c] - logZ
		} else {
			prev := int(s.path[a])
			lp = s.alpha[a*nc+prev]
			for j := a + 1; j < b; j++ {
				c := int(s.path[j])
				lp += float64(m.phi(s, j, prev, c)) * inv
				prev = c
			}
			lp += s.beta[(b-1)*nc+prev] - logZ
		}
		conf := math.Exp(lp)
		if !(conf >= 0) { // NaN
			conf = 0
		}
		sp.Confidence = min(conf, 1)
	}
	return out
}

// File format (gzip-compressed): magic, lang, temperature, the frequency table and the
// gazetteer (and, with featCluster, the two cluster tables) as sorted uint32 keys (delta
// varints) with one byte each, then the perceptron model.
const fileMagic = "NOMENNER1"

func writeTable(w *bufio.Writer, tab map[uint32]uint8) {
	keys := make([]uint32, 0, len(tab))
	for k := range tab {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return keys[i] < keys[j] })
	var buf [binary.MaxVarintLen64]byte
	w.Write(buf[:binary.PutUvarint(buf[:], uint64(len(keys)))])
	prev := uint32(0)
	for _, k := range keys {
		w.Write(buf[:binary.PutUvarint(buf[:], uint64(k-prev))])
		prev = k
	}
	for _, k := range keys {
		w.WriteByte(tab[k])
	}
}

func readTable(r *bufio.Reader) (map[uint32]uint8, error) {
	n, err := binary.ReadUvarint(r)
	if err != nil || n > 1<<26 {
		return nil, fmt.Errorf("%w: table size", ErrFormat)
	}
	keys := make([]uint32, n)
	prev := uint64(0)
	for i := range keys {
		d, err := binary.ReadUvarint(r)
		if err != nil || prev+d > math.MaxUint32 {
			return nil, fmt.Errorf("%w: table key", ErrFormat)
		}
		prev += d
		keys[i] = uint32(prev)
	}
	tab := make(map[uint32]uint8, n)
	for _, k := range keys {
		v, err := r.ReadByte()
		if err != nil {
			return nil, fmt.Errorf("%w: table value", ErrFormat)
		}
		tab[k] = v
	}
	return tab, nil
}

// writeModel writes m in the file format; the output is a function of m only.
func writeModel(w io.Writer, m *Model) error {
	zw, err := gzip.NewWriterLevel(w, gzip.BestCompression)
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(zw)
	bw.WriteString(fileMagic)
	var buf [binary.MaxVarintLen64]byte
	bw.Write(buf[:binary.PutUvarint(buf[:], uint64(len(m.Lang)))])
	bw.WriteString(m.Lang)
	binary.Write(bw, binary.LittleEndian, m.Temperature)
	binary.Write(bw, binary.LittleEndian, m.OPenalty)
	bw.WriteByte(m.features)
	bw.WriteByte(byte(len(m.TypeBias)))
	binary.Write(bw, binary.LittleEndian, m.TypeBias)
	writeTable(bw, m.freq)
	maxLen := 0
	var entries, tokens map[uint32]uint8
	if m.gaz != nil {
		maxLen, entries, tokens = m.gaz.maxLen, m.gaz.entries, m.gaz.tokens
	}
	bw.WriteByte(byte(maxLen))
	writeTable(bw, entries)
	writeTable(bw, tokens)
	if m.features&featCluster != 0 {
		writeTable(bw, m.clusters.fine)
		writeTable(bw, m.clusters.coarse)
	}
	binary.Write(bw, binary.LittleEndian, uint32(len(m.hist)))
	binary.Write(bw, binary.LittleEndian, m.hist)
	if err := bw.Flush(); err != nil {
		return err
	}
	if _, err := m.pm.WriteTo(zw); err != nil {
		return err
	}
	return zw.Close()
}

// Read reads a model file (<lang>.ner.gz, as "nomen train entities" writes it), e.g. one
// trained with other settings, to compare it with the embedded one.
func Read(r io.Reader) (*Model, error) { return readModel(r) }

// readModel reads a model written by writeModel.
func readModel(r io.Reader) (*Model, error) {
	zr, err := gzip.NewReader(r)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrFormat, err)
	}
	br := bufio.NewReader(zr)
	head := make([]byte, len(fileMagic))
	if _, err := io.ReadFull(br, head); err != nil || string(head) != fileMagic {
		return nil, fmt.Errorf("%w: magic", ErrFormat)
	}
	ll, err := binary.ReadUvarint(br)
	if err != nil || ll > 16 {
		return nil, fmt.Errorf("%w: language", ErrFormat)
	}
	lang := make([]byte, ll)
	if _, err := io.ReadFull(br, lang); err != nil {
		return nil, fmt.Errorf("%w: language", ErrFormat)
	}
	var temp float64
	var oPenalty float32
	if err := binary.Read(br, binary.LittleEndian, &temp); err != nil {
		return nil, fmt.Errorf("%w: temperature", ErrFormat)
	}
	if err := binary.Read(br, binary.LittleEndian, &oPenalty); err != nil || math.IsNaN(float64(oPenalty)) || math.IsInf(float64(oPenalty), 0) {
		return nil, fmt.Errorf("%w: O penalty", ErrFormat)
	}
	features, err := br.ReadByte()
	if err != nil || features&^featAll != 0 {
		return nil, fmt.Errorf("%w: feature groups", ErrFormat)
	}
	nb, err := br.ReadByte()
	if err != nil || nb > 16 {
		return nil, fmt.Errorf("%w: type biases", ErrFormat)
	}
	var typeBias []float32
	if nb > 0 {
		typeBias = make([]float32, nb)
		if err := binary.Read(br, binary.LittleEndian, typeBias); err != nil {
			return nil, fmt.Errorf("%w: type biases", ErrFormat)
		}
		for _, b := range typeBias {
			if math.IsNaN(float64(b)) || math.IsInf(float64(b), 0) {
				return nil, fmt.Errorf("%w: type biases", ErrFormat)
			}
		}
	}
	freq, err := readTable(br)
	if err != nil {
		return nil, err
	}
	maxLen, err := br.ReadByte()
	if err != nil {
		return nil, fmt.Errorf("%w: gazetteer", ErrFormat)
	}
	entries, err := readTable(br)
	if err != nil {
		return nil, err
	}
	tokens, err := readTable(br)
	if err != nil {
		return nil, err
	}
	var clu *clusters
	if features&featCluster != 0 {
		clu = &clusters{}
		if clu.fine, err = readTable(br); err != nil {
			return nil, err
		}
		if clu.coarse, err = readTable(br); err != nil {
			return nil, err
		}
	}
	var nh uint32
	if err := binary.Read(br, binary.LittleEndian, &nh); err != nil || nh > 1<<20 {
		return nil, fmt.Errorf("%w: history weights", ErrFormat)
	}
	hist := make([]float32, nh)
	if err := binary.Read(br, binary.LittleEndian, hist); err != nil {
		return nil, fmt.Errorf("%w: history weights", ErrFormat)
	}
	pm, err := perceptron.Read(br)
	if err != nil {
		return nil, fmt.Errorf("ner: %w", err)
	}
	m, err := newModel(string(lang), pm, hist, &gazetteer{maxLen: int(maxLen), entries: entries, tokens: tokens}, freq, temp)
	if err != nil {
		return nil, err
	}
	if len(typeBias) != 0 && len(typeBias) != len(m.Types) {
		return nil, fmt.Errorf("%w: %d type biases for %d types", ErrFormat, len(typeBias), len(m.Types))
	}
	m.OPenalty, m.features, m.TypeBias, m.clusters = oPenalty, features, typeBias, clu
	return m, nil
}

// langAliases maps ISO 639-1 codes of the modelled languages to ISO 639-3.
var langAliases = map[string]string{
	"en": "eng", "de": "deu", "pt": "por", "zh": "zho", "sv": "swe", "da": "dan", "hr": "hrv",
	"sr": "srp", "sk": "slk", "nl": "nld", "fr": "fra", "ja": "jpn",
}

type loaded struct {
	once sync.Once
	m    *Model
	err  error
}

var models sync.Map // lang → *loaded

// Languages returns the ISO 639-3 codes of the languages with an embedded model, sorted.
func Languages() []string {
	ents, _ := dataFS.ReadDir("data")
	var out []string
	for _, e := range ents {
		if name, ok := strings.CutSuffix(e.Name(), modelSuffix); ok {
			out = append(out, name)
		}
	}
	sort.Strings(out)
	return out
}

// Load returns the embedded model of lang (an ISO 639-3 code; the ISO 639-1 code of a modelled
// language is accepted too). Each model is read once, on first use; Load is safe for
// concurrent use.
func Load(lang string) (*Model, error) {
	lang = strings.ToLower(strings.TrimSpace(lang))
	if a, ok := langAliases[lang]; ok {
		lang = a
	}
	if _, err := fs.Stat(dataFS, "data/"+lang+modelSuffix); lang == "" || strings.ContainsAny(lang, "/\\.") || err != nil {
		return nil, fmt.Errorf("%w %q", ErrNoModel, lang)
	}
	v, _ := models.LoadOrStore(lang, &loaded{})
	l := v.(*loaded)
	l.once.Do(func() {
		b, err := dataFS.ReadFile("data/" + lang + modelSuffix)
		if err != nil {
			l.err = fmt.Errorf("%w %q", ErrNoModel, lang)
			return
		}
		l.m, l.err = readModel(bytes.NewReader(b))
		if l.err != nil {
			l.err = fmt.Errorf("ner: load %s: %w", lang, l.err)
		}
	})
	return l.m, l.err
}
