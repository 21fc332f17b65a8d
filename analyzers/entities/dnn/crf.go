package dnn

import (
	"math"
	"strings"
)

// tagSet is the IOB2 tag inventory of a model: tag 0 is O, then B-X and I-X for each type.
type tagSet struct {
	names   []string
	typeOf  []string // entity type of each tag ("" for O)
	isBegin []bool
	allowed []bool // K×K: transition i→j allowed (I-X only after B-X or I-X)
	start   []bool // tag allowed at the first word
}

func newTagSet(types []string) *tagSet {
	ts := &tagSet{names: []string{"O"}, typeOf: []string{""}, isBegin: []bool{false}}
	for _, t := range types {
		ts.names = append(ts.names, "B-"+t, "I-"+t)
		ts.typeOf = append(ts.typeOf, t, t)
		ts.isBegin = append(ts.isBegin, true, false)
	}
	k := len(ts.names)
	ts.allowed = make([]bool, k*k)
	ts.start = make([]bool, k)
	for j := 0; j < k; j++ {
		inside := j > 0 && !ts.isBegin[j]
		ts.start[j] = !inside
		for i := 0; i < k; i++ {
			ts.allowed[i*k+j] = !inside || ts.typeOf[i] == ts.typeOf[j]
		}
	}
	return ts
}

func (ts *tagSet) k() int { return len(ts.names) }

// types returns the entity types in tag order.
func (ts *tagSet) types() []string {
	var out []string
	for i, n := range ts.names {
		if ts.isBegin[i] {
			out = append(out, strings.TrimPrefix(n, "B-"))
		}
	}
	return out
}

// crf holds the scratch of the scaled forward-backward algorithm over one sentence.
type crf struct {
	e     []float64 // T×K exp(score - rowMax)
	alpha []float64 // T×K scaled forward
	beta  []float64 // T×K scaled backward
	c     []float64 // T+1 scaling factors
	tr    []float64 // K×K exp(trans), 0 where disallowed
	st    []float64 // K exp(start), 0 where disallowed
	en    []float64 // K exp(end)
	shift float64   // sum of the row maxima
}

func grow64(b []float64, n int) []float64 {
	if cap(b) < n {
		return make([]float64, n)
	}
	return b[:n]
}

// run computes the scaled forward and backward variables for scores S (T×K) and returns
// log Z.
func (c *crf) run(ts *tagSet, S []float32, T int, trans, start, end []float32) float64 {
	K := ts.k()
	c.e = grow64(c.e, T*K)
	c.alpha = grow64(c.alpha, T*K)
	c.beta = grow64(c.beta, T*K)
	c.c = grow64(c.c, T+1)
	c.tr = grow64(c.tr, K*K)
	c.st = grow64(c.st, K)
	c.en = grow64(c.en, K)
	for i := 0; i < K*K; i++ {
		if ts.allowed[i] {
			c.tr[i] = math.Exp(float64(trans[i]))
		} else {
			c.tr[i] = 0
		}
	}
	for j := 0; j < K; j++ {
		if ts.start[j] {
			c.st[j] = math.Exp(float64(start[j]))
		} else {
			c.st[j] = 0
		}
		c.en[j] = math.Exp(float64(end[j]))
	}
	c.shift = 0
	for t := 0; t < T; t++ {
		row := S[t*K : t*K+K]
		m := row[0]
		for _, v := range row[1:] {
			if v > m {
				m = v
			}
		}
		c.shift += float64(m)
		for j, v := range row {
			c.e[t*K+j] = math.Exp(float64(v - m))
		}
	}
	// Forward.
	logZ := c.shift
	var sum float64
	for j := 0; j < K; j++ {
		a := c.st[j] * c.e[j]
		c.alpha[j] = a
		sum += a
	}
	c.c[0] = sum
	for j := 0; j < K; j++ {
		c.alpha[j] /= sum
	}
	logZ += math.Log(sum)
	for t := 1; t < T; t++ {
		prev := c.alpha[(t-1)*K : t*K]
		cur := c.alpha[t*K : t*K+K]
		sum = 0
		for j := 0; j < K; j++ {
			var a float64
			for i := 0; i < K; i++ {
				a += prev[i] * c.tr[i*K+j]
			}
			a *= c.e[t*K+j]
			cur[j] = a
			sum += a
		}
		c.c[t] = sum
		for j := range cur {
			cur[j] /= sum
		}
		logZ += math.Log(sum)
	}
	sum = 0
	last := c.alpha[(T-1)*K : T*K]
	for j := 0; j < K; j++ {
		sum += last[j] * c.en[j]
	}
	c.c[T] = sum
	logZ += math.Log(sum)
	// Backward.
	for i := 0; i < K; i++ {
		c.beta[(T-1)*K+i] = c.en[i] / c.c[T]
	}
	for t := T - 2; t >= 0; t-- {
		next := c.beta[(t+1)*K : (t+2)*K]
		for i := 0; i < K; i++ {
			var b float64
			for j := 0; j < K; j++ {
				b += c.tr[i*K+j] * c.e[(t+1)*K+j] * next[j]
			}
			c.beta[t*K+i] = b / c.c[t+1]
		}
	}
	return logZ
}

// marginal returns P(y_t = j).
func (c *crf) marginal(K, t, j int) float64 {
	return c.alpha[t*K+j] * c.beta[t*K+j]
}

// spanProb returns the probability that words [s,e) form exactly one entity with tags y[s:e]
// (B-X then I-X...) and that word e does not continue it.
func (c *crf) spanProb(ts *tagSet, T int, y []int, s, e int) float64 {
	K := ts.k()
	p := c.alpha[s*K+y[s]]
	for t := s + 1; t < e; t++ {
		p *= c.tr[y[t-1]*K+y[t]] * c.e[t*K+y[t]] / c.c[t]
	}
	last := y[e-1]
	if e == T {
		return p * c.beta[(T-1)*K+last]
	}
	var r float64
	for j := 0; j < K; j++ {
		if j > 0 && !ts.isBegin[j] && ts.typeOf[j] == ts.typeOf[last] {
			continue
		}
		r += c.tr[last*K+j] * c.e[e*K+j] * c.beta[e*K+j]
	}
	return p * r / c.c[e]
}

// goldScore returns the unnormalised log score of tag sequence y.
func goldScore(ts *tagSet, S []float32, y []int, trans, start, end []float32) float64 {
	K := ts.k()
	s := float64(start[y[0]])
	for t, j := range y {
		s += float64(S[t*K+j])
		if t > 0 {
			s += float64(trans[y[t-1]*K+j])
		}
	}
	return s + float64(end[y[len(y)-1]])
}

// viterbi writes the best allowed tag sequence for scores S (T×K) into y. back is scratch
// of at least T×K ints, score of at least 2K floats.
func viterbi(ts *tagSet, S []float32, T int, trans, start, end []float32, y []int, back []int32, score []float32) {
	K := ts.k()
	const neg = float32(-1e30)
	cur := score[:K]
	nxt := score[K : 2*K]
	for j := 0; j < K; j++ {
		if ts.start[j] {
			cur[j] = start[j] + S[j]
		} else {
			cur[j] = neg
		}
	}
	for t := 1; t < T; t++ {
		for j := 0; j < K; j++ {
			best, arg := neg, int32(0)
			for i := 0; i < K; i++ {
				if !ts.allowed[i*K+j] || cur[i] <= neg {
					continue
				}
				if v := cur[i] + trans[i*K+j]; v > best {
					best, arg = v, int32(i)
				}
			}
			if best <= neg {
				nxt[j] = neg
			} else {
				nxt[j] = best + S[t*K+j]
			}
			back[t*K+j] = arg
		}
		cur, nxt = nxt, cur
	}
	best, arg := neg, 0
	for j := 0; j < K; j++ {
		if cur[j] <= neg {
			continue
		}
		if v := cur[j] + end[j]; v > best {
			best, arg = v, j
		}
	}
	y[T-1] = arg
	for t := T - 1; t > 0; t-- {
		y[t-1] = int(back[t*K+y[t]])
	}
}
