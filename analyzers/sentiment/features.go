package sentiment

import (
	"math"
)

// FNV-1a, 64 bits.
const (
	fnvOffset = 14695981039346656037
	fnvPrime  = 1099511628211
)

func hashString(h uint64, s string) uint64 {
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= fnvPrime
	}
	return h
}

func hashByte(h uint64, b byte) uint64 {
	h ^= uint64(b)
	return h * fnvPrime
}

// fold folds a 64-bit hash to the 32-bit feature key.
func fold(h uint64) uint32 { return uint32(h ^ h>>32) }

// featureHashes appends the 32-bit keys of the unigram and bigram features of ws to dst, each
// once.
func featureHashes(ws []word, dst []uint32) []uint32 {
	prev := uint64(0)
	havePrev := false
	for _, w := range ws {
		if w.stop {
			if w.punct {
				havePrev = false
			}
			continue
		}
		h := hashByte(fnvOffset, 'u')
		if w.negated {
			h = hashByte(h, '!')
		}
		h = hashString(h, w.text)
		dst = appendUnique(dst, fold(h))
		if havePrev {
			b := hashByte(fnvOffset, 'b')
			b ^= prev
			b *= fnvPrime
			b = hashString(b, w.text)
			if w.negated {
				b = hashByte(b, '!')
			}
			dst = appendUnique(dst, fold(b))
		}
		prev, havePrev = h, true
	}
	return dst
}

func appendUnique(dst []uint32, h uint32) []uint32 {
	for _, x := range dst {
		if x == h {
			return dst
		}
	}
	return append(dst, h)
}

// nDense is the number of lexicon features.
const nDense = 4

// lexicons are the word lists behind the dense features.
type lexicons struct {
	valence map[string]float32 // VADER lexicon: mean human valence, -4..4
	opinion map[string]int8    // Bing Liu opinion lexicon: +1 positive, -1 negative
}

// dense fills d with the lexicon features of ws: a VADER-style compound valence, the Bing
// Liu balance, exclamation marks signed by the valence, and the share of opinion words.
func (l *lexicons) dense(ws []word, d *[nDense]float64) {
	var sum, bing float64
	n, excl, opin := 0, 0, 0
	for _, w := range ws {
		if w.punct {
			if w.text[0] == '!' {
				excl += len(w.text)
			}
			continue
		}
		n++
		v := float64(l.valence[w.text])
		if v != 0 {
			if w.boost != 0 {
				v += math.Copysign(w.boost, v)
			}
			if w.negated {
				v *= -0.74
			}
			if w.beforeBut {
				v *= 0.5
			} else if w.afterBut {
				v *= 1.5
			}
			sum += v
		}
		if o := l.opinion[w.text]; o != 0 {
			opin++
			b := float64(o)
			if w.negated {
				b = -b
			}
			if w.beforeBut {
				b *= 0.5
			} else if w.afterBut {
				b *= 1.5
			}
			bing += b
		}
	}
	d[0] = sum / math.Sqrt(sum*sum+15)
	d[1] = bing / math.Sqrt(float64(n)+1)
	e := float64(min(excl, 4)) * 0.25
	d[2] = math.Copysign(e, sum)
	if sum == 0 {
		d[2] = 0
	}
	d[3] = float64(opin) / (float64(n) + 1)
}
