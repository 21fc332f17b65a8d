// Package perceptron is a multiclass averaged perceptron over hashed sparse features, the
// learner behind nomen's sequence taggers (address fields, parts of speech, entities).
//
// Features are 64-bit hashes (Hash, Hash2) so that feature extraction in hot paths needs no
// string allocation. A Trainer accumulates weights with the usual lazy-averaging timestamps;
// Trainer.Model returns the averaged, pruned weights as an immutable Model that is safe for
// concurrent use. Models serialise to a compact binary form (weights quantized to int16 with one
// global scale) with WriteTo and Read; training on the same examples in the same order gives
// byte-identical output. Sequence decoding (greedy or Viterbi) is left to the caller.
package perceptron

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"sort"
)

const (
	offset64 = 14695981039346656037
	prime64  = 1099511628211
)

// Hash returns the FNV-1a hash of s.
func Hash(s string) uint64 {
	h := uint64(offset64)
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= prime64
	}
	return h
}

// Hash2 returns the hash of the feature prefix+"\x00"+value without building the string.
func Hash2(prefix, value string) uint64 {
	h := Seed(prefix)
	for i := 0; i < len(value); i++ {
		h ^= uint64(value[i])
		h *= prime64
	}
	return h
}

// Prime is the FNV-1a multiplier, for callers that extend a Seed byte by
// byte: h = (h ^ uint64(b)) * Prime.
const Prime = prime64

// Seed returns the hash state after prefix and the separator byte 0, so
// that Hash2(prefix, value) is Seed(prefix) extended by the bytes of value.
// Hot feature extractors use it to hash pieces without building strings.
func Seed(prefix string) uint64 {
	h := uint64(offset64)
	for i := 0; i < len(prefix); i++ {
		h ^= uint64(prefix[i])
		h *= prime64
	}
	return h * prime64
}

// Model holds averaged weights: for each known feature, one weight per class.
type Model struct {
	Classes []string
	index   map[uint64]int32 // feature → row offset into w
	w       []float32        // rows of len(Classes)
}

// NumFeatures returns how many features have weights.
func (m *Model) NumFeatures() int { return len(m.index) }

// Class returns the index of the class name, or -1.
func (m *Model) Class(name string) int {
	for i, c := range m.Classes {
		if c == name {
			return i
		}
	}
	return -1
}

// Scores adds the weights of feats to out, which must have len(m.Classes) entries and is
// zeroed first.
func (m *Model) Scores(feats []uint64, out []float32) {
	for i := range out {
		out[i] = 0
	}
	n := len(m.Classes)
	for _, f := range feats {
		off, ok := m.index[f]
		if !ok {
			continue
		}
		row := m.w[off : int(off)+n]
		for i, v := range row {
			out[i] += v
		}
	}
}

// Predict returns the best class for feats. scratch, when it has len(m.Classes) entries, is
// used for the scores to avoid an allocation.
func (m *Model) Predict(feats []uint64, scratch []float32) int {
	if len(scratch) < len(m.Classes) {
		scratch = make([]float32, len(m.Classes))
	}
	scratch = scratch[:len(m.Classes)]
	m.Scores(feats, scratch)
	return argmax(scratch)
}

func argmax(s []float32) int {
	best := 0
	for i, v := range s {
		if v > s[best] {
			best = i
		}
	}
	return best
}

// Trainer learns an averaged perceptron. It is not safe for concurrent use.
type Trainer struct {
	classes []string
	w       map[uint64][]float32 // current weights
	total   map[uint64][]float64 // accumulated weight × time
	stamp   map[uint64][]int     // last update time per weight
	t       int                  // number of examples seen
}

// NewTrainer returns a trainer over the given class names.
func NewTrainer(classes []string) *Trainer {
	return &Trainer{
		classes: append([]string(nil), classes...),
		w:       map[uint64][]float32{},
		total:   map[uint64][]float64{},
		stamp:   map[uint64][]int{},
	}
}

// Classes returns the class names.
func (t *Trainer) Classes() []string { return t.classes }

// Predict scores feats with the current (not averaged) weights.
func (t *Trainer) Predict(feats []uint64, scratch []float32) int {
	n := len(t.classes)
	if len(scratch) < n {
		scratch = make([]float32, n)
	}
	scratch = scratch[:n]
	for i := range scratch {
		scratch[i] = 0
	}
	t.AddScores(feats, scratch)
	return argmax(scratch)
}

// Update counts one example and, when guess differs from gold, moves the weights of feats
// toward gold and away from guess.
func (t *Trainer) Update(feats []uint64, gold, guess int) {
	t.t++
	if gold == guess {
		return
	}
	t.Bump(feats, gold, 1)
	t.Bump(feats, guess, -1)
}

// Tick counts one training step for the averaging without changing any weight (structured
// training counts its steps itself and updates with Bump).
func (t *Trainer) Tick() { t.t++ }

// Bump adds v to the weight of every feature in feats for class c.
func (t *Trainer) Bump(feats []uint64, c int, v float32) {
	for _, f := range feats {
		t.bump(f, c, v)
	}
}

// AddScores adds the current (not averaged) weights of feats to out, which must have one
// entry per class.
func (t *Trainer) AddScores(feats []uint64, out []float32) {
	for _, f := range feats {
		if row, ok := t.w[f]; ok {
			for i, v := range row {
				out[i] += v
			}
		}
	}
}

func (t *Trainer) bump(f uint64, c int, v float32) {
	row, ok := t.w[f]
	if !ok {
		n := len(t.classes)
		row = make([]float32, n)
		t.w[f] = row
		t.total[f] = make([]float64, n)
		t.stamp[f] = make([]int, n)
	}
	tot, st := t.total[f], t.stamp[f]
	tot[c] += float64(t.t-st[c]) * float64(row[c])
	st[c] = t.t
	row[c] += v
}

// Model returns the averaged weights, dropping features whose largest absolute averaged
// weight is below prune.
func (t *Trainer) Model(prune float32) *Model {
	keys := make([]uint64, 0, len(t.w))
	for f := range t.w {
		keys = append(keys, f)
	}
	sort.Slice(keys, func(i, j int) bool { return keys[i] < keys[j] })
	n := len(t.classes)
	m := &Model{Classes: append([]string(nil), t.classes...), index: map[uint64]int32{}}
	avg := make([]float32, n)
	for _, f := range keys {
		row, tot, st := t.w[f], t.total[f], t.stamp[f]
		var maxAbs float32
		for c := 0; c < n; c++ {
			a := (tot[c] + float64(t.t-st[c])*float64(row[c])) / float64(max(t.t, 1))
			avg[c] = float32(a)
			if x := float32(math.Abs(a)); x > maxAbs {
				maxAbs = x
			}
		}
		if maxAbs < prune || maxAbs == 0 {
			continue
		}
		m.index[f] = int32(len(m.w))
		m.w = append(m.w, avg...)
	}
	return m
}

const magic = "NPCP1"

// WriteTo writes the model in its compact binary form: weights quantized to int16 with one
// scale, features in ascending hash order.
func (m *Model) WriteTo(w io.Writer) (int64, error) {
	bw := bufio.NewWriter(w)
	var n int64
	write := func(v any) {
		if err := binary.Write(bw, binary.LittleEndian, v); err == nil {
			n += int64(binary.Size(v))
		}
	}
	bw.WriteString(magic)
	n += int64(len(magic))
	write(uint32(len(m.Classes)))
	for _, c := range m.Classes {
		write(uint16(len(c)))
		bw.WriteString(c)
		n += int64(len(c))
	}
	var maxAbs float32
	for _, v := range m.w {
		if a := float32(math.Abs(float64(v))); a > maxAbs {
			maxAbs = a
		}
	}
	scale := maxAbs / 32767
	if scale == 0 {
		scale = 1
	}
	write(scale)
	keys := make([]uint64, 0, len(m.index))
	for f := range m.index {
		keys = append(keys, f)
	}
	sort.Slice(keys, func(i, j int) bool { return keys[i] < keys[j] })
	write(uint32(len(keys)))
	nc := len(m.Classes)
	q := make([]int16, nc)
	for _, f := range keys {
		write(f)
		off := m.index[f]
		for i, v := range m.w[off : int(off)+nc] {
			q[i] = int16(math.Round(float64(v / scale)))
		}
		write(q)
	}
	return n, bw.Flush()
}

// ErrFormat reports a model stream that is not in the expected format.
var ErrFormat = errors.New("perceptron: bad model format")

// Read reads a model written by WriteTo.
func Read(r io.Reader) (*Model, error) {
	br := bufio.NewReader(r)
	head := make([]byte, len(magic))
	if _, err := io.ReadFull(br, head); err != nil || string(head) != magic {
		return nil, ErrFormat
	}
	var nc uint32
	if err := binary.Read(br, binary.LittleEndian, &nc); err != nil || nc == 0 || nc > 1<<16 {
		return nil, fmt.Errorf("%w: class count", ErrFormat)
	}
	m := &Model{Classes: make([]string, nc), index: map[uint64]int32{}}
	for i := range m.Classes {
		var l uint16
		if err := binary.Read(br, binary.LittleEndian, &l); err != nil {
			return nil, fmt.Errorf("%w: class name: %v", ErrFormat, err)
		}
		b := make([]byte, l)
		if _, err := io.ReadFull(br, b); err != nil {
			return nil, fmt.Errorf("%w: class name: %v", ErrFormat, err)
		}
		m.Classes[i] = string(b)
	}
	var scale float32
	var nf uint32
	if err := binary.Read(br, binary.LittleEndian, &scale); err != nil {
		return nil, fmt.Errorf("%w: scale: %v", ErrFormat, err)
	}
	if err := binary.Read(br, binary.LittleEndian, &nf); err != nil || nf > 1<<28 {
		return nil, fmt.Errorf("%w: feature count", ErrFormat)
	}
	m.w = make([]float32, 0, min(int(nf)*int(nc), 1<<20)) // grows only as data really arrives
	q := make([]int16, nc)
	for i := 0; i < int(nf); i++ {
		var f uint64
		if err := binary.Read(br, binary.LittleEndian, &f); err != nil {
			return nil, fmt.Errorf("%w: feature %d: %v", ErrFormat, i, err)
		}
		if err := binary.Read(br, binary.LittleEndian, q); err != nil {
			return nil, fmt.Errorf("%w: weights %d: %v", ErrFormat, i, err)
		}
		m.index[f] = int32(len(m.w))
		for _, v := range q {
			m.w = append(m.w, float32(v)*scale)
		}
	}
	return m, nil
}
