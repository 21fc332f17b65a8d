package sentiment

import (
	"bufio"
	"bytes"
	"compress/gzip"
	_ "embed"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/nomenhq/nomen/analyzers/tokenize"
)

// Labels of a result.
const (
	Positive = "pos"
	Negative = "neg"
	Neutral  = "neu"
)

// Model types.
const (
	Statistical = "statistical"
	DNN         = "DNN"
)

// ErrUnsupported is returned for a language or model type without a model.
var ErrUnsupported = errors.New("sentiment: unsupported")

var errFormat = errors.New("malformed model file")

// Result is the sentiment of a text: the top label, its confidence, and all three
// probabilities (they sum to one).
type Result struct {
	Label      string
	Confidence float64
	Pos, Neg   float64
	Neu        float64
}

// linear is the statistical model: NB-scaled n-gram weights and lexicon weights.
type linear struct {
	hashes  []uint32 // sorted feature hashes
	weights []float32
	dense   [nDense]float32
	bias    float32
}

func (l *linear) score(feats []uint32, d *[nDense]float64) float64 {
	s := float64(l.bias)
	for _, h := range feats {
		if i, ok := slices.BinarySearch(l.hashes, h); ok {
			s += float64(l.weights[i])
		}
	}
	for j := range d {
		s += float64(l.dense[j]) * d[j]
	}
	return s
}

// calib is what is added to a polarity model's score and its temperature: the score plus
// lex times the lexicon evidence (the VADER-style compound and the opinion-word balance),
// divided by temp. The lexicon weight lets words the training reviews rarely used
// ("filthy", "rude") count.
type calib struct {
	temp float32
	lex  float32
}

// lexEvidence is the lexicon evidence of the dense features.
func lexEvidence(d *[nDense]float64) float64 { return d[0] + d[1] }

// combine turns a polarity score (positive against negative) and a subjectivity score
// (opinionated against factual) into the three probabilities.
func combine(score float64, c calib, subj float64, subjTemp float32) Result {
	return result(sigmoid(score/float64(c.temp)), sigmoid(subj/float64(subjTemp)))
}

// result turns the probability p of positive (against negative) and the probability q of
// opinionated text into the three probabilities and the top label.
func result(p, q float64) Result {
	r := Result{Pos: q * p, Neg: q * (1 - p), Neu: 1 - q}
	r.Label, r.Confidence = Positive, r.Pos
	if r.Neg > r.Confidence {
		r.Label, r.Confidence = Negative, r.Neg
	}
	if r.Neu > r.Confidence {
		r.Label, r.Confidence = Neutral, r.Neu
	}
	return r
}

// subjDense is the subjectivity model's view of the lexicon features: their magnitudes.
func subjDense(d *[nDense]float64) [nDense]float64 {
	var o [nDense]float64
	for i, v := range d {
		o[i] = math.Abs(v)
	}
	return o
}

func sigmoid(x float64) float64 {
	if x >= 0 {
		return 1 / (1 + math.Exp(-x))
	}
	e := math.Exp(x)
	return e / (1 + e)
}

// Analyzer holds the English models and lexicons. It is immutable and safe for concurrent
// use.
type Analyzer struct {
	lex  lexicons
	stat linear
	sc   calib
	dnn  *mlp
	dc   calib
	// subj tells opinionated text from factual text; it gives the neutral probability
	// of both polarity models.
	subj     linear
	subjTemp float32
	// perSentence reads a text of several sentences sentence by sentence (see Analyze).
	perSentence bool
}

// Languages returns the ISO 639-3 codes the analyser supports: English, and "uen" (English
// whose letter case carries no information; the models read lower-cased text anyway).
func Languages() []string { return []string{"eng", "uen"} }

// Supports reports whether lang (ISO 639-3) is supported.
func Supports(lang string) bool { return lang == "eng" || lang == "uen" }

//go:embed data/eng.sent.gz
var engModel []byte

var (
	loadOnce sync.Once
	loaded   *Analyzer
	loadErr  error
)

// Load returns the embedded English analyser, read once.
func Load() (*Analyzer, error) {
	loadOnce.Do(func() {
		loaded, loadErr = read(bytes.NewReader(engModel))
		if loadErr != nil {
			loadErr = fmt.Errorf("sentiment: load: %w", loadErr)
		}
	})
	return loaded, loadErr
}

// Analyze returns the sentiment of text with the model type (Statistical or DNN; "" is
// Statistical). A text is read as a whole unless training chose otherwise (perSentence:
// sentence by sentence, the polarity the mean of the sentences' calibrated polarity scores
// weighted by how opinionated each is, the probability of being opinionated that of the most
// opinionated sentence). Training compares the two on pseudo-documents of development
// sentences; the shipped model reads texts whole.
func (a *Analyzer) Analyze(text, modelType string) (Result, error) {
	if !a.perSentence {
		return a.analyzeWords(prepare(text), modelType)
	}
	sents := tokenize.Sentences(text, "eng")
	if len(sents) <= 1 {
		return a.analyzeWords(prepare(text), modelType)
	}
	runes := []rune(text)
	var wz, w, qmax float64
	for _, st := range sents {
		z, q, err := a.scores(prepare(sub(runes, Span{st.Start, st.End})), modelType)
		if err != nil {
			return Result{}, err
		}
		wz += q * z
		w += q
		qmax = max(qmax, q)
	}
	z := 0.0
	if w > 0 {
		z = wz / w
	}
	return result(sigmoid(z), qmax), nil
}

func (a *Analyzer) analyzeWords(ws []word, modelType string) (Result, error) {
	z, q, err := a.scores(ws, modelType)
	if err != nil {
		return Result{}, err
	}
	return result(sigmoid(z), q), nil
}

// scores returns the calibrated polarity logit (positive against negative, divided by the
// temperature) and the probability that ws is opinionated.
func (a *Analyzer) scores(ws []word, modelType string) (z, q float64, err error) {
	var d [nDense]float64
	a.lex.dense(ws, &d)
	feats := featureHashes(ws, make([]uint32, 0, 2*len(ws)))
	sd := subjDense(&d)
	q = sigmoid(a.subj.score(feats, &sd) / float64(a.subjTemp))
	switch modelType {
	case "", Statistical:
		return (a.stat.score(feats, &d) + float64(a.sc.lex)*lexEvidence(&d)) / float64(a.sc.temp), q, nil
	case DNN:
		if a.dnn != nil {
			return (a.dnn.score(feats, &d) + float64(a.dc.lex)*lexEvidence(&d)) / float64(a.dc.temp), q, nil
		}
	}
	return 0, 0, fmt.Errorf("%w model type %q", ErrUnsupported, modelType)
}

// Span is a range of code points of a text, end exclusive.
type Span struct{ Start, End int }

// Entities returns the sentiment of each entity: entities[i] lists the mentions of entity
// i, and the clauses of text that hold one of them are read together. A clause is the part of
// a sentence between contrast words ("but", "however", "although", ...) and semicolons, so
// "The screen is great, but Acme's support was rude" gives Acme the second half only.
// sentences are the text's sentences in order; a mention outside every sentence reads its
// own text.
func (a *Analyzer) Entities(text string, sentences []Span, entities [][]Span, modelType string) ([]Result, error) {
	runes := []rune(text)
	out := make([]Result, len(entities))
	for i, ms := range entities {
		var parts []string
		seen := map[Span]bool{}
		for _, m := range ms {
			k := sort.Search(len(sentences), func(j int) bool { return sentences[j].End > m.Start })
			c := m
			if k < len(sentences) && sentences[k].Start <= m.Start {
				c = clauseOf(runes, sentences[k], m.Start)
			}
			if !seen[c] {
				seen[c] = true
				parts = append(parts, sub(runes, c))
			}
		}
		r, err := a.Analyze(strings.Join(parts, "\n"), modelType)
		if err != nil {
			return nil, err
		}
		out[i] = r
	}
	return out, nil
}

// clauseOf returns the clause of sentence s (code points of runes) that holds position at.
func clauseOf(runes []rune, s Span, at int) Span {
	s.Start = max(0, min(s.Start, len(runes)))
	s.End = max(s.Start, min(s.End, len(runes)))
	c := s
	for _, t := range tokenize.Tokens(string(runes[s.Start:s.End]), "eng") {
		w := strings.ToLower(t.Text)
		if !contrasts[w] && w != ";" && w != "while" && w != "whereas" {
			continue
		}
		pos := s.Start + t.Start
		if pos <= at {
			c.Start = pos
		} else if pos < c.End {
			c.End = pos
			break
		}
	}
	return c
}

func sub(r []rune, s Span) string {
	s.Start = max(0, min(s.Start, len(r)))
	s.End = max(s.Start, min(s.End, len(r)))
	return string(r[s.Start:s.End])
}

const magic = "NSENT4\n"

// write stores a in w (gzip).
func (a *Analyzer) write(w io.Writer) error {
	zw, err := gzip.NewWriterLevel(w, gzip.BestCompression)
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(zw)
	e := &enc{w: bw}
	e.bytes([]byte(magic))
	words := make([]string, 0, len(a.lex.valence))
	for w := range a.lex.valence {
		words = append(words, w)
	}
	sort.Strings(words)
	e.u32(uint32(len(words)))
	for _, w := range words {
		e.str(w)
		e.f32(a.lex.valence[w])
	}
	words = words[:0]
	for w := range a.lex.opinion {
		words = append(words, w)
	}
	sort.Strings(words)
	e.u32(uint32(len(words)))
	for _, w := range words {
		e.str(w)
		e.bytes([]byte{byte(a.lex.opinion[w])})
	}
	e.linear(&a.stat)
	e.calib(a.sc)
	e.linear(&a.subj)
	e.f32(a.subjTemp)
	if a.perSentence {
		e.u32(1)
	} else {
		e.u32(0)
	}
	if a.dnn == nil {
		e.u32(0)
	} else {
		e.u32(1)
		e.mlp(a.dnn, a.stat.hashes)
		e.calib(a.dc)
	}
	if e.err != nil {
		return e.err
	}
	if err := bw.Flush(); err != nil {
		return err
	}
	return zw.Close()
}

func read(r io.Reader) (*Analyzer, error) {
	zr, err := gzip.NewReader(r)
	if err != nil {
		return nil, err
	}
	d := &dec{r: bufio.NewReader(zr)}
	if string(d.bytes(len(magic))) != magic {
		return nil, errors.New("not a sentiment model")
	}
	a := &Analyzer{lex: lexicons{valence: map[string]float32{}, opinion: map[string]int8{}}}
	n := d.count()
	for i := 0; i < n && d.err == nil; i++ {
		w := d.str()
		a.lex.valence[w] = d.f32()
	}
	n = d.count()
	for i := 0; i < n && d.err == nil; i++ {
		w := d.str()
		b := d.bytes(1)
		if len(b) == 1 {
			a.lex.opinion[w] = int8(b[0])
		}
	}
	d.linear(&a.stat)
	a.sc = d.calib()
	d.linear(&a.subj)
	a.subjTemp = d.f32()
	a.perSentence = d.u32() == 1
	if d.u32() == 1 {
		a.dnn = d.mlp(a.stat.hashes)
		a.dc = d.calib()
	}
	if d.err != nil {
		return nil, d.err
	}
	return a, nil
}

type enc struct {
	w   io.Writer
	err error
}

func (e *enc) bytes(b []byte) {
	if e.err == nil {
		_, e.err = e.w.Write(b)
	}
}
func (e *enc) u32(v uint32) { e.bytes(binary.LittleEndian.AppendUint32(nil, v)) }
func (e *enc) f32(v float32) {
	e.u32(math.Float32bits(v))
}
func (e *enc) str(s string) {
	e.u32(uint32(len(s)))
	e.bytes([]byte(s))
}
func (e *enc) f32s(v []float32) {
	e.u32(uint32(len(v)))
	b := make([]byte, 0, 4*len(v))
	for _, x := range v {
		b = binary.LittleEndian.AppendUint32(b, math.Float32bits(x))
	}
	e.bytes(b)
}

// linear writes the shared feature keys (delta-coded) and the weights as int8 with one
// scale.
func (e *enc) linear(l *linear) {
	e.keys(l.hashes)
	e.quantized(l.weights)
	e.f32s(l.dense[:])
	e.f32(l.bias)
}

// keys writes sorted keys as their count and delta varints.
func (e *enc) keys(ks []uint32) {
	e.u32(uint32(len(ks)))
	b := make([]byte, 0, 3*len(ks))
	prev := uint32(0)
	for _, k := range ks {
		b = binary.AppendUvarint(b, uint64(k-prev))
		prev = k
	}
	e.bytes(b)
}

// quantized writes v as int8 with one float32 scale.
func (e *enc) quantized(v []float32) {
	mx := float32(0)
	for _, x := range v {
		mx = max(mx, float32(math.Abs(float64(x))))
	}
	s := mx / 127
	e.f32(s)
	e.u32(uint32(len(v)))
	b := make([]byte, len(v))
	for i, x := range v {
		if s > 0 {
			b[i] = byte(int8(max(-127, min(127, math.Round(float64(x/s))))))
		}
	}
	e.bytes(b)
}

func (e *enc) calib(c calib) {
	e.f32(c.temp)
	e.f32(c.lex)
}

type dec struct {
	r   io.Reader
	err error
}

// maxCount bounds the element counts read from a model file.
const maxCount = 1 << 24

func (d *dec) bytes(n int) []byte {
	if d.err != nil {
		return nil
	}
	b := make([]byte, n)
	if _, err := io.ReadFull(d.r, b); err != nil {
		d.err = err
		return nil
	}
	return b
}
func (d *dec) u32() uint32 {
	b := d.bytes(4)
	if b == nil {
		return 0
	}
	return binary.LittleEndian.Uint32(b)
}
func (d *dec) count() int {
	n := d.u32()
	if n > maxCount {
		d.err = fmt.Errorf("count %d too large", n)
		return 0
	}
	return int(n)
}
func (d *dec) f32() float32 { return math.Float32frombits(d.u32()) }
func (d *dec) str() string  { return string(d.bytes(d.count())) }
func (d *dec) f32s() []float32 {
	n := d.count()
	b := d.bytes(4 * n)
	if b == nil {
		return nil
	}
	out := make([]float32, n)
	for i := range out {
		out[i] = math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:]))
	}
	return out
}
func (d *dec) linear(l *linear) {
	l.hashes = d.keys()
	l.weights = d.quantized()
	if d.err == nil && len(l.weights) != len(l.hashes) {
		d.err = errFormat
	}
	copy(l.dense[:], d.f32s())
	l.bias = d.f32()
}

func (d *dec) byte1() byte {
	b := d.bytes(1)
	if b == nil {
		return 0
	}
	return b[0]
}

func (d *dec) keys() []uint32 {
	n := d.count()
	out := make([]uint32, 0, n)
	prev := uint64(0)
	for i := 0; i < n && d.err == nil; i++ {
		v, err := binary.ReadUvarint(byteReader{d})
		if err != nil || v > math.MaxUint32 || (i > 0 && v == 0) {
			d.err = errFormat
			return nil
		}
		prev += v
		if prev > math.MaxUint32 {
			d.err = errFormat
			return nil
		}
		out = append(out, uint32(prev))
	}
	return out
}

type byteReader struct{ d *dec }

func (r byteReader) ReadByte() (byte, error) {
	b := r.d.byte1()
	return b, r.d.err
}

func (d *dec) quantized() []float32 {
	s := d.f32()
	n := d.count()
	b := d.bytes(n)
	if b == nil {
		return nil
	}
	out := make([]float32, n)
	for i, c := range b {
		out[i] = float32(int8(c)) * s
	}
	return out
}

func (d *dec) calib() calib {
	c := calib{temp: d.f32(), lex: d.f32()}
	if d.err == nil && !(c.temp > 0) {
		d.err = errFormat
	}
	return c
}
