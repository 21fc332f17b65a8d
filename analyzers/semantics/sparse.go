package semantics

import (
	"bufio"
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"sort"
)

// sparseK is the number of WordNet features kept per term for the sparse similarity.
const sparseK = 32

// sparseShare is the weight of the sparse cosine in the similarity of two terms (the dense
// cosine has the rest). The dense vectors, cut to a few dimensions, lose the small synsets
// ("inexpensive" has one synonym), so a term's near-synonyms come from the features it shares
// with them, and the dense part adds terms related through hypernyms and definitions.
const sparseShare = 0.7

// sparseRow is a term's strongest features: ids in increasing order and weights (the
// truncated row renormalised to unit length, quantized to uint8 of the row's peak).
type sparseRow struct {
	ids []uint32
	ws  []uint8
	// scale turns the quantized weights into the unit-length row's values.
	scale float32
}

// sparseIndex holds the rows of every term and the inverted lists built from them.
type sparseIndex struct {
	rows []sparseRow
	// post maps a feature to its terms and their weights.
	post map[uint32][]posting
}

type posting struct {
	term int32
	w    uint8
}

// newSparseRow keeps the k largest values of a row (ties by id), renormalised.
func newSparseRow(ids []int, vals []float64, k int) sparseRow {
	order := make([]int, len(ids))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool {
		if vals[order[a]] != vals[order[b]] {
			return vals[order[a]] > vals[order[b]]
		}
		return ids[order[a]] < ids[order[b]]
	})
	if len(order) > k {
		order = order[:k]
	}
	sort.Slice(order, func(a, b int) bool { return ids[order[a]] < ids[order[b]] })
	var peak float64
	for _, i := range order {
		peak = math.Max(peak, vals[i])
	}
	r := sparseRow{scale: 1}
	var qn float64
	for _, i := range order {
		q := uint8(0)
		if peak > 0 {
			q = uint8(math.Max(1, math.Round(vals[i]/peak*255)))
		}
		r.ids = append(r.ids, uint32(ids[i]))
		r.ws = append(r.ws, q)
		qn += float64(q) * float64(q)
	}
	if qn > 0 {
		r.scale = float32(1 / math.Sqrt(qn))
	}
	return r
}

// build makes the inverted lists.
func (x *sparseIndex) build() {
	x.post = map[uint32][]posting{}
	for t, r := range x.rows {
		for k, id := range r.ids {
			x.post[id] = append(x.post[id], posting{int32(t), r.ws[k]})
		}
	}
}

// cosine of two terms' sparse rows.
func (x *sparseIndex) cosine(a, b int32) float64 {
	ra, rb := &x.rows[a], &x.rows[b]
	var d float64
	i, j := 0, 0
	for i < len(ra.ids) && j < len(rb.ids) {
		switch {
		case ra.ids[i] < rb.ids[j]:
			i++
		case ra.ids[i] > rb.ids[j]:
			j++
		default:
			d += float64(ra.ws[i]) * float64(rb.ws[j])
			i++
			j++
		}
	}
	return d * float64(ra.scale) * float64(rb.scale)
}

// scores adds the sparse cosine of term t with every term sharing a feature to acc (indexed
// by term; acc must have one slot per term) and returns the terms touched.
func (x *sparseIndex) scores(t int32, acc []float64, touched []int32) []int32 {
	r := &x.rows[t]
	for k, id := range r.ids {
		wq := float64(r.ws[k]) * float64(r.scale)
		for _, p := range x.post[id] {
			if acc[p.term] == 0 {
				touched = append(touched, p.term)
			}
			acc[p.term] += wq * float64(p.w) * float64(x.rows[p.term].scale)
		}
	}
	return touched
}

// write appends the rows: per term its feature count, delta-coded ids (uvarint), weights
// and scale.
func (x *sparseIndex) write(w *bufio.Writer) {
	var buf [binary.MaxVarintLen64]byte
	for _, r := range x.rows {
		w.WriteByte(byte(len(r.ids)))
		prev := uint32(0)
		for _, id := range r.ids {
			n := binary.PutUvarint(buf[:], uint64(id-prev))
			w.Write(buf[:n])
			prev = id
		}
		w.Write(r.ws)
		binary.LittleEndian.PutUint32(buf[:4], math.Float32bits(r.scale))
		w.Write(buf[:4])
	}
}

// readSparse reads n rows written by write from data and returns the rest.
func readSparse(data []byte, n int) (*sparseIndex, []byte, error) {
	x := &sparseIndex{rows: make([]sparseRow, n)}
	for t := 0; t < n; t++ {
		if len(data) < 1 {
			return nil, nil, io.ErrUnexpectedEOF
		}
		k := int(data[0])
		data = data[1:]
		r := sparseRow{ids: make([]uint32, k)}
		prev := uint64(0)
		for i := 0; i < k; i++ {
			d, m := binary.Uvarint(data)
			if m <= 0 {
				return nil, nil, fmt.Errorf("sparse row %d: bad varint", t)
			}
			data = data[m:]
			prev += d
			if prev > math.MaxUint32 {
				return nil, nil, fmt.Errorf("sparse row %d: feature id overflow", t)
			}
			r.ids[i] = uint32(prev)
		}
		if len(data) < k+4 {
			return nil, nil, io.ErrUnexpectedEOF
		}
		r.ws = append([]uint8(nil), data[:k]...)
		r.scale = math.Float32frombits(binary.LittleEndian.Uint32(data[k:]))
		data = data[k+4:]
		x.rows[t] = r
	}
	x.build()
	return x, data, nil
}

func sparseLen(x *sparseIndex) int {
	if x == nil {
		return 0
	}
	return len(x.rows)
}
