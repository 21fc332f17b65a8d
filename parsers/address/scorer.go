package address

import (
	"encoding/binary"
	"fmt"
	"math/bits"
)

// scorer is the tagger's weight table in the form parsing reads fastest: an open-addressing
// hash table (linear probing, at most half full) whose 48-byte slots hold a feature hash and
// its int16 weights as quantized in model.bin, so that a lookup touches one cache line.
// Class scores are summed as integers; the model's single positive scale does not change
// which class is best.
type scorer struct {
	slots []slot
	shift uint // 64 - log2(len(slots))
	nc    int
	zero  *slot // the weights of the feature hash 0 (0 marks an empty slot), or nil
}

// maxClasses is the most tagger classes a slot holds (the 18 fields and "O" need 19).
const maxClasses = 20

type slot struct {
	key uint64
	w   [maxClasses]int16
}

// modelMagic starts a model serialized by perceptron.Model.WriteTo.
const modelMagic = "NPCP1"

// newScorer reads a model serialized by perceptron.Model.WriteTo (magic, class names, scale,
// feature count, then per feature its hash and nc int16 weights) and returns its weights and
// class names.
func newScorer(model []byte) (*scorer, []string, error) {
	bad := func(what string) error { return fmt.Errorf("address: model: bad %s", what) }
	p := len(modelMagic)
	if len(model) < p+4 || string(model[:p]) != modelMagic {
		return nil, nil, bad("header")
	}
	nc := int(binary.LittleEndian.Uint32(model[p:]))
	p += 4
	if nc == 0 || nc > maxClasses {
		return nil, nil, bad("class count")
	}
	classes := make([]string, nc)
	for i := 0; i < nc; i++ {
		if p+2 > len(model) {
			return nil, nil, bad("class names")
		}
		l := int(binary.LittleEndian.Uint16(model[p:]))
		p += 2
		if p+l > len(model) {
			return nil, nil, bad("class names")
		}
		classes[i] = string(model[p : p+l])
		p += l
	}
	if p+8 > len(model) {
		return nil, nil, bad("feature count")
	}
	p += 4 // scale
	nf := int(binary.LittleEndian.Uint32(model[p:]))
	p += 4
	if len(model)-p != nf*(8+2*nc) {
		return nil, nil, bad("feature table size")
	}
	size := 1 << bits.Len(uint(2*nf+1))
	s := &scorer{slots: make([]slot, size), shift: uint(64 - bits.TrailingZeros(uint(size))), nc: nc}
	mask := uint64(size - 1)
	for i := 0; i < nf; i++ {
		var sl slot
		sl.key = binary.LittleEndian.Uint64(model[p:])
		p += 8
		for c := 0; c < nc; c++ {
			sl.w[c] = int16(binary.LittleEndian.Uint16(model[p:]))
			p += 2
		}
		if sl.key == 0 {
			z := sl
			s.zero = &z
			continue
		}
		for h := s.home(sl.key); ; h = (h + 1) & mask {
			if s.slots[h].key == 0 {
				s.slots[h] = sl
				break
			}
		}
	}
	return s, classes, nil
}

func (s *scorer) home(f uint64) uint64 { return (f * 0x9E3779B97F4A7C15) >> s.shift }

// lookup returns f's slot, or nil when f has no weights.
func (s *scorer) lookup(f uint64) *slot {
	if f == 0 {
		return s.zero
	}
	mask := uint64(len(s.slots) - 1)
	for h := s.home(f); ; h = (h + 1) & mask {
		sl := &s.slots[h]
		if sl.key == f {
			return sl
		}
		if sl.key == 0 {
			return nil
		}
	}
}

// predict returns the best class for feats; acc needs nc entries.
func (s *scorer) predict(feats []uint64, acc []int32) int {
	acc = acc[:s.nc]
	for i := range acc {
		acc[i] = 0
	}
	s.add(feats, acc)
	best := 0
	for i, v := range acc {
		if v > acc[best] {
			best = i
		}
	}
	return best
}

// add adds the weights of feats to acc (nc entries).
func (s *scorer) add(feats []uint64, acc []int32) {
	acc = acc[:s.nc]
	for _, f := range feats {
		sl := s.lookup(f)
		if sl == nil {
			continue
		}
		w := sl.w[:len(acc)]
		for i, v := range w {
			acc[i] += int32(v)
		}
	}
}
