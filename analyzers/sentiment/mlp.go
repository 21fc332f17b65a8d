package sentiment

import (
	"encoding/binary"
	"fmt"
	"math"
	"slices"
)

// mlp is the DNN model: the mean of the present features' embeddings and the lexicon
// features, one tanh hidden layer and a logistic output.
type mlp struct {
	hashes []uint32  // sorted feature hashes (rows of emb)
	dim    int       // embedding size
	hidden int       // hidden units
	emb    []float32 // len(hashes) × dim
	w1     []float32 // hidden × (dim + nDense)
	b1     []float32 // hidden
	w2     []float32 // hidden
	b2     float32
}

func (m *mlp) in() int { return m.dim + nDense }

// input fills x with the network input of a document.
func (m *mlp) input(feats []uint32, d *[nDense]float64, x []float64, rows []int) []int {
	clear(x)
	rows = rows[:0]
	for _, h := range feats {
		if i, ok := slices.BinarySearch(m.hashes, h); ok {
			rows = append(rows, i)
		}
	}
	if len(rows) > 0 {
		inv := 1 / float64(len(rows))
		for _, r := range rows {
			e := m.emb[r*m.dim : (r+1)*m.dim]
			for j, v := range e {
				x[j] += float64(v) * inv
			}
		}
	}
	for j := 0; j < nDense; j++ {
		x[m.dim+j] = d[j]
	}
	return rows
}

func (m *mlp) score(feats []uint32, d *[nDense]float64) float64 {
	var buf [128]float64
	x := buf[:m.in()]
	if m.in() > len(buf) {
		x = make([]float64, m.in())
	}
	m.input(feats, d, x, nil)
	s := float64(m.b2)
	n := m.in()
	for h := 0; h < m.hidden; h++ {
		a := float64(m.b1[h])
		row := m.w1[h*n : (h+1)*n]
		for j, v := range row {
			a += float64(v) * x[j]
		}
		s += float64(m.w2[h]) * math.Tanh(a)
	}
	return s
}

// mlp writes the network; its rows are a subset of keys (the statistical model's), written
// as delta-coded indices into keys.
func (e *enc) mlp(m *mlp, keys []uint32) {
	e.u32(uint32(len(m.hashes)))
	b := make([]byte, 0, 2*len(m.hashes))
	prev := 0
	for _, h := range m.hashes {
		i, ok := slices.BinarySearch(keys, h)
		if !ok {
			e.err = fmt.Errorf("network feature %08x is not a statistical feature", h)
			return
		}
		b = binary.AppendUvarint(b, uint64(i-prev))
		prev = i
	}
	e.bytes(b)
	e.u32(uint32(m.dim))
	e.u32(uint32(m.hidden))
	// Embeddings as int8 with one float32 scale per row.
	q := make([]byte, 0, len(m.emb))
	scales := make([]float32, len(m.hashes))
	for r := range m.hashes {
		row := m.emb[r*m.dim : (r+1)*m.dim]
		mx := float32(0)
		for _, v := range row {
			mx = max(mx, float32(math.Abs(float64(v))))
		}
		s := mx / 127
		scales[r] = s
		for _, v := range row {
			k := 0
			if s > 0 {
				k = int(math.Round(float64(v / s)))
			}
			q = append(q, byte(int8(max(-127, min(127, k)))))
		}
	}
	e.f32s(scales)
	e.bytes(q)
	e.f32s(m.w1)
	e.f32s(m.b1)
	e.f32s(m.w2)
	e.f32(m.b2)
}

func (d *dec) mlp(keys []uint32) *mlp {
	m := &mlp{}
	n := d.count()
	m.hashes = make([]uint32, 0, n)
	prev := uint64(0)
	for i := 0; i < n && d.err == nil; i++ {
		v, err := binary.ReadUvarint(byteReader{d})
		prev += v
		if err != nil || prev >= uint64(len(keys)) || (i > 0 && v == 0) {
			d.err = errFormat
			return nil
		}
		m.hashes = append(m.hashes, keys[prev])
	}
	m.dim, m.hidden = d.count(), d.count()
	if d.err == nil && (m.dim == 0 || m.dim > 64 || m.hidden == 0 || m.hidden > 256) {
		d.err = errFormat
	}
	scales := d.f32s()
	q := d.bytes(n * m.dim)
	if d.err != nil || len(scales) != n {
		if d.err == nil {
			d.err = errFormat
		}
		return nil
	}
	m.emb = make([]float32, n*m.dim)
	for i, c := range q {
		m.emb[i] = float32(int8(c)) * scales[i/m.dim]
	}
	m.w1, m.b1, m.w2 = d.f32s(), d.f32s(), d.f32s()
	m.b2 = d.f32()
	if d.err == nil && (len(m.w1) != m.hidden*m.in() || len(m.b1) != m.hidden || len(m.w2) != m.hidden) {
		d.err = errFormat
	}
	return m
}
