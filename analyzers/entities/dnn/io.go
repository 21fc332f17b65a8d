package dnn

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
)

// ErrFormat reports a model file that cannot be read.
var ErrFormat = errors.New("dnn: bad model format")

const magic = "NOMEN-DNN-1\n"

// header is the JSON head of a model file.
type header struct {
	Lang   string   `json:"lang"`
	Types  []string `json:"types"`
	Config config   `json:"config"`
	Gaz    int      `json:"gazetteerWords"`
	Names  int      `json:"kbNames"`
	// Members is the number of ensemble members when more than one.
	Members int    `json:"members,omitempty"`
	Note    string `json:"note,omitempty"`
}

// Tensor encodings.
const (
	encFloat32 = 0 // raw float32
	encInt8Row = 1 // per row: float32 scale, then cols int8 (value = scale × q)
)

// write serialises m: gzip of magic, header, tensors (embedding and weight matrices as int8
// with one scale per row, vectors as float32), the vocabulary hashes in row order and the
// gazetteer sorted by key. The same model always gives the same bytes.
func (m *Model) write(w io.Writer, note string) error {
	zw, err := gzip.NewWriterLevel(w, gzip.BestCompression)
	if err != nil {
		return fmt.Errorf("dnn: %w", err)
	}
	bw := bufio.NewWriter(zw)
	h := header{Lang: m.lang, Types: m.n.tags.types(), Config: m.n.cfg, Gaz: len(m.gaz), Names: len(m.names), Note: note}
	if len(m.more) > 0 {
		h.Members = 1 + len(m.more)
	}
	hj, err := json.Marshal(h)
	if err != nil {
		return fmt.Errorf("dnn: %w", err)
	}
	bw.WriteString(magic)
	le := binary.LittleEndian
	var buf [8]byte
	put32 := func(v uint32) { le.PutUint32(buf[:4], v); bw.Write(buf[:4]) }
	put32(uint32(len(hj)))
	bw.Write(hj)
	var tensors []*tensor
	for _, n := range append([]*net{m.n}, m.more...) {
		tensors = append(tensors, n.t...)
	}
	for _, t := range tensors {
		if t.rows == 1 {
			bw.WriteByte(encFloat32)
			for _, v := range t.data {
				put32(math.Float32bits(v))
			}
			continue
		}
		bw.WriteByte(encInt8Row)
		for r := 0; r < t.rows; r++ {
			row := t.data[r*t.cols : (r+1)*t.cols]
			var mx float32
			for _, v := range row {
				mx = max(mx, float32(math.Abs(float64(v))))
			}
			scale := mx / 127
			put32(math.Float32bits(scale))
			for _, v := range row {
				q := 0
				if scale > 0 {
					q = int(math.Round(float64(v / scale)))
				}
				bw.WriteByte(byte(int8(max(-127, min(127, q)))))
			}
		}
	}
	keys := make([]uint64, m.n.cfg.Vocab)
	for k, r := range m.vocab {
		keys[r] = k
	}
	for _, k := range keys {
		le.PutUint64(buf[:], k)
		bw.Write(buf[:])
	}
	gk := make([]uint32, 0, len(m.gaz))
	for k := range m.gaz {
		gk = append(gk, k)
	}
	slices.Sort(gk)
	// Delta-coded keys compress far better than raw hashes.
	var prev uint32
	for _, k := range gk {
		put32(k - prev)
		prev = k
	}
	for _, k := range gk {
		put32(m.gaz[k])
	}
	nk := make([]uint32, 0, len(m.names))
	for k := range m.names {
		nk = append(nk, k)
	}
	slices.Sort(nk)
	prev = 0
	for _, k := range nk {
		put32(k - prev)
		prev = k
	}
	for _, k := range nk {
		bw.WriteByte(m.names[k])
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("dnn: write model: %w", err)
	}
	if err := zw.Close(); err != nil {
		return fmt.Errorf("dnn: write model: %w", err)
	}
	return nil
}

// read parses a model written by write.
func read(data []byte) (*Model, error) {
	zr, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrFormat, err)
	}
	raw, err := io.ReadAll(zr)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrFormat, err)
	}
	r := &reader{b: raw}
	if string(r.next(len(magic))) != magic {
		return nil, fmt.Errorf("%w: no magic", ErrFormat)
	}
	hl := int(r.u32())
	hj := r.next(hl)
	if r.err {
		return nil, fmt.Errorf("%w: truncated header", ErrFormat)
	}
	var h header
	if err := json.Unmarshal(hj, &h); err != nil {
		return nil, fmt.Errorf("%w: header: %v", ErrFormat, err)
	}
	c := h.Config
	for _, v := range []int{c.Vocab, c.OOV, c.AffixBuckets, c.ShortBuckets, c.Dw, c.Da, c.Ds, c.Dsh, c.Dg, c.H1, c.H2, c.W1, c.W2, h.Gaz, h.Names} {
		if v < 0 || v > 1<<24 {
			return nil, fmt.Errorf("%w: config out of range", ErrFormat)
		}
	}
	if c.OOV == 0 || c.AffixBuckets == 0 || c.ShortBuckets == 0 || c.H1 == 0 || c.H2 == 0 || len(h.Types) == 0 || len(h.Types) > 32 {
		return nil, fmt.Errorf("%w: config out of range", ErrFormat)
	}
	if int64(h.Gaz)*8+int64(h.Names)*5+int64(c.Vocab)*8 > int64(len(r.b)) {
		return nil, fmt.Errorf("%w: bad length", ErrFormat)
	}
	if h.Members < 0 || h.Members > 8 {
		return nil, fmt.Errorf("%w: %d ensemble members", ErrFormat, h.Members)
	}
	tags := newTagSet(h.Types)
	n := newNet(c, tags)
	var more []*net
	tensors := n.t
	for i := 1; i < h.Members; i++ {
		e := newNet(c, tags)
		more = append(more, e)
		tensors = append(tensors, e.t...)
	}
	for _, t := range tensors {
		switch r.byte1() {
		case encFloat32:
			for i := range t.data {
				t.data[i] = math.Float32frombits(r.u32())
			}
		case encInt8Row:
			for row := 0; row < t.rows; row++ {
				scale := math.Float32frombits(r.u32())
				q := r.next(t.cols)
				if r.err {
					break
				}
				d := t.data[row*t.cols : (row+1)*t.cols]
				for i, b := range q {
					d[i] = scale * float32(int8(b))
				}
			}
		default:
			return nil, fmt.Errorf("%w: tensor %s encoding", ErrFormat, t.name)
		}
		if r.err {
			return nil, fmt.Errorf("%w: truncated tensor %s", ErrFormat, t.name)
		}
	}
	m := &Model{lang: h.Lang, n: n, more: more, vocab: make(map[uint64]int32, c.Vocab), gaz: make(map[uint32]uint32, h.Gaz), names: make(map[uint32]uint8, h.Names)}
	for i := 0; i < c.Vocab; i++ {
		m.vocab[r.u64()] = int32(i)
	}
	keys := make([]uint32, h.Gaz)
	var prev uint32
	for i := range keys {
		prev += r.u32()
		keys[i] = prev
	}
	for _, k := range keys {
		m.gaz[k] = r.u32()
	}
	keys = make([]uint32, h.Names)
	prev = 0
	for i := range keys {
		prev += r.u32()
		keys[i] = prev
	}
	for _, k := range keys {
		m.names[k] = r.byte1()
	}
	if r.err || len(r.b) != 0 {
		return nil, fmt.Errorf("%w: bad length", ErrFormat)
	}
	m.setCRF()
	return m, nil
}

// reader decodes little-endian values; a short read sets err and yields zeros.
type reader struct {
	b   []byte
	err bool
}

func (r *reader) next(n int) []byte {
	if n < 0 || n > len(r.b) {
		r.err = true
		r.b = nil
		return make([]byte, min(max(n, 0), 8))
	}
	out := r.b[:n]
	r.b = r.b[n:]
	return out
}

func (r *reader) byte1() byte { return r.next(1)[0] }
func (r *reader) u32() uint32 { return binary.LittleEndian.Uint32(r.next(4)) }
func (r *reader) u64() uint64 { return binary.LittleEndian.Uint64(r.next(8)) }
