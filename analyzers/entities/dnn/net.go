package dnn

import (
	"math/bits"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas32"
)

// config fixes the shape of a network.
type config struct {
	Vocab        int // vocabulary rows of the word table
	OOV          int // hashed buckets for words outside the vocabulary
	AffixBuckets int
	ShortBuckets int
	Dw, Da, Ds   int // word, affix and case-class embedding widths
	Dsh, Dg      int // short-shape and gazetteer embedding widths
	H1, H2       int // hidden widths
	W1, W2       int // half-widths of the two convolution windows
	G            int `json:",omitempty"` // hidden width of each GRU direction (0: no GRU layer)
}

// D returns the width of a token vector.
func (c config) D() int { return c.Dw + c.Da + c.Ds + c.Dsh + c.Dg }

// tensor is one parameter array of the network.
type tensor struct {
	name       string
	rows, cols int
	data       []float32
	embedding  bool // rows are looked up sparsely
}

// net is the network: token embeddings → window convolution (ReLU) → window convolution
// (ReLU) → tag scores, with CRF transition, start and end scores.
type net struct {
	cfg  config
	tags *tagSet
	t    []*tensor
	// Views into t.
	word, affix, shape, short, gaz, pad []float32
	w1, b1, w2, b2, wo, bo              []float32
	trans, start, end                   []float32
	gru                                 [2]gruParams // forward and backward GRU (when cfg.G > 0)
}

// gruParams are one GRU direction's weights: gates in the order update z, reset r, candidate n.
type gruParams struct {
	w  []float32 // 3G × H2 input weights
	b  []float32 // 3G input biases
	u  []float32 // 3G × G recurrent weights
	bu []float32 // G recurrent bias of the candidate (inside the reset gate)
}

// outWidth returns the width of the output layer's input: the second convolution's
// activations, then the forward and backward GRU states.
func (c config) outWidth() int { return c.H2 + 2*c.G }

func newNet(cfg config, tags *tagSet) *net {
	n := &net{cfg: cfg, tags: tags}
	K := tags.k()
	D := cfg.D()
	add := func(name string, rows, cols int, emb bool) []float32 {
		t := &tensor{name: name, rows: rows, cols: cols, data: make([]float32, rows*cols), embedding: emb}
		n.t = append(n.t, t)
		return t.data
	}
	n.word = add("word", cfg.Vocab+cfg.OOV, cfg.Dw, true)
	n.affix = add("affix", cfg.AffixBuckets, cfg.Da, true)
	n.shape = add("shape", numShapeIDs, cfg.Ds, true)
	n.short = add("short", cfg.ShortBuckets, cfg.Dsh, true)
	n.gaz = add("gaz", numLexBits, cfg.Dg, true)
	n.pad = add("pad", 1, D, false)
	n.w1 = add("w1", cfg.H1, (2*cfg.W1+1)*D, false)
	n.b1 = add("b1", 1, cfg.H1, false)
	n.w2 = add("w2", cfg.H2, (2*cfg.W2+1)*cfg.H1, false)
	n.b2 = add("b2", 1, cfg.H2, false)
	n.wo = add("wo", K, cfg.outWidth(), false)
	n.bo = add("bo", 1, K, false)
	n.trans = add("trans", K, K, false)
	n.start = add("start", 1, K, false)
	n.end = add("end", 1, K, false)
	if cfg.G > 0 {
		for d, dir := range []string{"f", "b"} {
			n.gru[d].w = add("gw"+dir, 3*cfg.G, cfg.H2, false)
			n.gru[d].b = add("gb"+dir, 1, 3*cfg.G, false)
			n.gru[d].u = add("gu"+dir, 3*cfg.G, cfg.G, false)
			n.gru[d].bu = add("gbu"+dir, 1, cfg.G, false)
		}
	}
	return n
}

// rebind points the named views at the tensors' current data (after t[i].data is replaced).
func (n *net) rebind() {
	v := []*[]float32{&n.word, &n.affix, &n.shape, &n.short, &n.gaz, &n.pad, &n.w1, &n.b1, &n.w2, &n.b2, &n.wo, &n.bo, &n.trans, &n.start, &n.end}
	for i := range n.gru {
		v = append(v, &n.gru[i].w, &n.gru[i].b, &n.gru[i].u, &n.gru[i].bu)
	}
	for i, p := range v[:len(n.t)] {
		*p = n.t[i].data
	}
}

// tok is one word's feature rows.
type tok struct {
	word   int32
	affix  [numAffixes]int32
	nAffix int8
	shape  int16
	short  int32
	gaz    uint32
	lh     uint64 // lowerHash of the word (for name matching)
}

// scratch holds the activations of one forward pass (and their gradients in training).
type scratch struct {
	x, xw, z1, a1w, z2, a2, s []float32
	o                         []float32 // T × outWidth: [a2, forward GRU, backward GRU]
	gru                       [2]gruScratch
	dO                        []float32
	acc                       []float32 // ensemble score sum
	// Training only.
	dS, dA2, dZ2, dA1w, dZ1, dXw, dX []float32
	crf                              crf
	y                                []int
	back                             []int32
	vscore                           []float32
	toks                             []tok
	feat                             tokenFeatures
}

func grow32(b []float32, n int) []float32 {
	if cap(b) < n {
		return make([]float32, n)
	}
	return b[:n]
}

func gen(rows, cols int, data []float32) blas32.General {
	return blas32.General{Rows: rows, Cols: cols, Stride: cols, Data: data}
}

// embed writes the token vectors of toks into x (T×D).
func (n *net) embed(toks []tok, x []float32) {
	c := n.cfg
	D := c.D()
	for t := range toks {
		tk := &toks[t]
		v := x[t*D : (t+1)*D]
		o := 0
		copy(v[o:o+c.Dw], n.word[int(tk.word)*c.Dw:])
		o += c.Dw
		a := v[o : o+c.Da]
		clear(a)
		for k := 0; k < int(tk.nAffix); k++ {
			addTo(a, n.affix[int(tk.affix[k])*c.Da:])
		}
		o += c.Da
		copy(v[o:o+c.Ds], n.shape[int(tk.shape)*c.Ds:])
		o += c.Ds
		copy(v[o:o+c.Dsh], n.short[int(tk.short)*c.Dsh:])
		o += c.Dsh
		g := v[o : o+c.Dg]
		clear(g)
		for bs := tk.gaz; bs != 0; bs &= bs - 1 {
			b := bits.TrailingZeros32(bs)
			addTo(g, n.gaz[b*c.Dg:])
		}
	}
}

func addTo(dst, src []float32) {
	src = src[:len(dst)]
	for i := range dst {
		dst[i] += src[i]
	}
}

// forward computes tag scores s (T×K) for toks. maskX and maskH are dropout masks (nil at
// inference).
func (n *net) forward(toks []tok, sc *scratch, maskX, maskH []float32) {
	c := n.cfg
	T := len(toks)
	D := c.D()
	K := n.tags.k()
	w1, w2 := 2*c.W1+1, 2*c.W2+1
	sc.x = grow32(sc.x, T*D)
	n.embed(toks, sc.x)
	if maskX != nil {
		for i := range sc.x {
			sc.x[i] *= maskX[i]
		}
	}
	sc.xw = grow32(sc.xw, T*w1*D)
	for t := 0; t < T; t++ {
		for k := 0; k < w1; k++ {
			p := t + k - c.W1
			dst := sc.xw[(t*w1+k)*D : (t*w1+k+1)*D]
			if p < 0 || p >= T {
				copy(dst, n.pad)
			} else {
				copy(dst, sc.x[p*D:(p+1)*D])
			}
		}
	}
	sc.z1 = grow32(sc.z1, T*c.H1)
	for t := 0; t < T; t++ {
		copy(sc.z1[t*c.H1:(t+1)*c.H1], n.b1)
	}
	blas32.Gemm(blas.NoTrans, blas.Trans, 1, gen(T, w1*D, sc.xw), gen(c.H1, w1*D, n.w1), 1, gen(T, c.H1, sc.z1))
	sc.a1w = grow32(sc.a1w, T*w2*c.H1)
	for t := 0; t < T; t++ {
		for k := 0; k < w2; k++ {
			p := t + k - c.W2
			dst := sc.a1w[(t*w2+k)*c.H1 : (t*w2+k+1)*c.H1]
			if p < 0 || p >= T {
				clear(dst)
				continue
			}
			src := sc.z1[p*c.H1 : (p+1)*c.H1]
			for i, v := range src {
				if v > 0 {
					dst[i] = v
				} else {
					dst[i] = 0
				}
			}
		}
	}
	sc.z2 = grow32(sc.z2, T*c.H2)
	for t := 0; t < T; t++ {
		copy(sc.z2[t*c.H2:(t+1)*c.H2], n.b2)
	}
	blas32.Gemm(blas.NoTrans, blas.Trans, 1, gen(T, w2*c.H1, sc.a1w), gen(c.H2, w2*c.H1, n.w2), 1, gen(T, c.H2, sc.z2))
	sc.a2 = grow32(sc.a2, T*c.H2)
	for i, v := range sc.z2 {
		if v > 0 {
			sc.a2[i] = v
		} else {
			sc.a2[i] = 0
		}
	}
	if maskH != nil {
		for i := range sc.a2 {
			sc.a2[i] *= maskH[i]
		}
	}
	O := c.outWidth()
	sc.o = grow32(sc.o, T*O)
	for t := 0; t < T; t++ {
		copy(sc.o[t*O:t*O+c.H2], sc.a2[t*c.H2:(t+1)*c.H2])
	}
	if c.G > 0 {
		for d := range n.gru {
			n.gruForward(d, sc, T)
			g := &sc.gru[d]
			for t := 0; t < T; t++ {
				copy(sc.o[t*O+c.H2+d*c.G:t*O+c.H2+(d+1)*c.G], g.h[t*c.G:(t+1)*c.G])
			}
		}
	}
	sc.s = grow32(sc.s, T*K)
	for t := 0; t < T; t++ {
		copy(sc.s[t*K:(t+1)*K], n.bo)
	}
	blas32.Gemm(blas.NoTrans, blas.Trans, 1, gen(T, O, sc.o), gen(K, O, n.wo), 1, gen(T, K, sc.s))
}

// grads mirrors a net's tensors with gradient accumulators; embedding gradients record the
// rows they touched.
type grads struct {
	g       *net
	touched [][]int32 // per tensor, rows touched since the last reset (embeddings only)
	mark    [][]bool
}

func newGrads(n *net) *grads {
	g := &grads{g: newNet(n.cfg, n.tags)}
	g.touched = make([][]int32, len(n.t))
	g.mark = make([][]bool, len(n.t))
	for i, t := range n.t {
		if t.embedding {
			g.mark[i] = make([]bool, t.rows)
		}
	}
	return g
}

func (g *grads) touch(ti int, row int32) {
	if !g.mark[ti][row] {
		g.mark[ti][row] = true
		g.touched[ti] = append(g.touched[ti], row)
	}
}

// reset zeroes the accumulated gradients.
func (g *grads) reset() {
	for i, t := range g.g.t {
		if t.embedding {
			for _, r := range g.touched[i] {
				clear(t.data[int(r)*t.cols : (int(r)+1)*t.cols])
				g.mark[i][r] = false
			}
			g.touched[i] = g.touched[i][:0]
		} else {
			clear(t.data)
		}
	}
}

// Tensor indexes in net.t (the order of newNet).
const (
	tiWord = iota
	tiAffix
	tiShape
	tiShort
	tiGaz
)

// lossGrad runs the network on one sentence with gold tags y, adds the gradient of the
// negative log-likelihood to g and returns the loss.
func (n *net) lossGrad(toks []tok, y []int, sc *scratch, maskX, maskH []float32, g *grads) float64 {
	c := n.cfg
	T := len(toks)
	D := c.D()
	K := n.tags.k()
	w1, w2 := 2*c.W1+1, 2*c.W2+1
	n.forward(toks, sc, maskX, maskH)
	logZ := sc.crf.run(n.tags, sc.s, T, n.trans, n.start, n.end)
	loss := logZ - goldScore(n.tags, sc.s, y, n.trans, n.start, n.end)
	gn := g.g
	// Gradient of the CRF.
	sc.dS = grow32(sc.dS, T*K)
	for t := 0; t < T; t++ {
		for j := 0; j < K; j++ {
			sc.dS[t*K+j] = float32(sc.crf.marginal(K, t, j))
		}
		sc.dS[t*K+y[t]]--
	}
	cr := &sc.crf
	for t := 1; t < T; t++ {
		for i := 0; i < K; i++ {
			a := cr.alpha[(t-1)*K+i]
			if a == 0 {
				continue
			}
			for j := 0; j < K; j++ {
				if !n.tags.allowed[i*K+j] {
					continue
				}
				xi := a * cr.tr[i*K+j] * cr.e[t*K+j] * cr.beta[t*K+j] / cr.c[t]
				gn.trans[i*K+j] += float32(xi)
			}
		}
		gn.trans[y[t-1]*K+y[t]]--
	}
	for j := 0; j < K; j++ {
		gn.start[j] += float32(cr.marginal(K, 0, j))
		gn.end[j] += float32(cr.marginal(K, T-1, j))
	}
	gn.start[y[0]]--
	gn.end[y[T-1]]--
	// Output layer.
	for t := 0; t < T; t++ {
		addTo(gn.bo, sc.dS[t*K:(t+1)*K])
	}
	O := c.outWidth()
	blas32.Gemm(blas.Trans, blas.NoTrans, 1, gen(T, K, sc.dS), gen(T, O, sc.o), 1, gen(K, O, gn.wo))
	sc.dO = grow32(sc.dO, T*O)
	blas32.Gemm(blas.NoTrans, blas.NoTrans, 1, gen(T, K, sc.dS), gen(K, O, n.wo), 0, gen(T, O, sc.dO))
	sc.dA2 = grow32(sc.dA2, T*c.H2)
	for t := 0; t < T; t++ {
		copy(sc.dA2[t*c.H2:(t+1)*c.H2], sc.dO[t*O:t*O+c.H2])
	}
	if c.G > 0 {
		for d := range n.gru {
			n.gruBackward(d, sc, T, &gn.gru[d])
		}
	}
	sc.dZ2 = grow32(sc.dZ2, T*c.H2)
	for i, v := range sc.z2 {
		d := sc.dA2[i]
		if maskH != nil {
			d *= maskH[i]
		}
		if v <= 0 {
			d = 0
		}
		sc.dZ2[i] = d
	}
	// Second convolution.
	for t := 0; t < T; t++ {
		addTo(gn.b2, sc.dZ2[t*c.H2:(t+1)*c.H2])
	}
	blas32.Gemm(blas.Trans, blas.NoTrans, 1, gen(T, c.H2, sc.dZ2), gen(T, w2*c.H1, sc.a1w), 1, gen(c.H2, w2*c.H1, gn.w2))
	sc.dA1w = grow32(sc.dA1w, T*w2*c.H1)
	blas32.Gemm(blas.NoTrans, blas.NoTrans, 1, gen(T, c.H2, sc.dZ2), gen(c.H2, w2*c.H1, n.w2), 0, gen(T, w2*c.H1, sc.dA1w))
	sc.dZ1 = grow32(sc.dZ1, T*c.H1)
	clear(sc.dZ1)
	for t := 0; t < T; t++ {
		for k := 0; k < w2; k++ {
			p := t + k - c.W2
			if p < 0 || p >= T {
				continue
			}
			addTo(sc.dZ1[p*c.H1:(p+1)*c.H1], sc.dA1w[(t*w2+k)*c.H1:])
		}
	}
	for i, v := range sc.z1 {
		if v <= 0 {
			sc.dZ1[i] = 0
		}
	}
	// First convolution.
	for t := 0; t < T; t++ {
		addTo(gn.b1, sc.dZ1[t*c.H1:(t+1)*c.H1])
	}
	blas32.Gemm(blas.Trans, blas.NoTrans, 1, gen(T, c.H1, sc.dZ1), gen(T, w1*D, sc.xw), 1, gen(c.H1, w1*D, gn.w1))
	sc.dXw = grow32(sc.dXw, T*w1*D)
	blas32.Gemm(blas.NoTrans, blas.NoTrans, 1, gen(T, c.H1, sc.dZ1), gen(c.H1, w1*D, n.w1), 0, gen(T, w1*D, sc.dXw))
	sc.dX = grow32(sc.dX, T*D)
	clear(sc.dX)
	for t := 0; t < T; t++ {
		for k := 0; k < w1; k++ {
			p := t + k - c.W1
			src := sc.dXw[(t*w1+k)*D : (t*w1+k+1)*D]
			if p < 0 || p >= T {
				addTo(gn.pad, src)
			} else {
				addTo(sc.dX[p*D:(p+1)*D], src)
			}
		}
	}
	if maskX != nil {
		for i := range sc.dX {
			sc.dX[i] *= maskX[i]
		}
	}
	// Embeddings.
	for t := range toks {
		tk := &toks[t]
		v := sc.dX[t*D : (t+1)*D]
		o := 0
		g.touch(tiWord, tk.word)
		addTo(gn.word[int(tk.word)*c.Dw:(int(tk.word)+1)*c.Dw], v[o:o+c.Dw])
		o += c.Dw
		for k := 0; k < int(tk.nAffix); k++ {
			r := tk.affix[k]
			g.touch(tiAffix, r)
			addTo(gn.affix[int(r)*c.Da:(int(r)+1)*c.Da], v[o:o+c.Da])
		}
		o += c.Da
		g.touch(tiShape, int32(tk.shape))
		addTo(gn.shape[int(tk.shape)*c.Ds:(int(tk.shape)+1)*c.Ds], v[o:o+c.Ds])
		o += c.Ds
		g.touch(tiShort, tk.short)
		addTo(gn.short[int(tk.short)*c.Dsh:(int(tk.short)+1)*c.Dsh], v[o:o+c.Dsh])
		o += c.Dsh
		for bs := tk.gaz; bs != 0; bs &= bs - 1 {
			b := bits.TrailingZeros32(bs)
			g.touch(tiGaz, int32(b))
			addTo(gn.gaz[b*c.Dg:(b+1)*c.Dg], v[o:o+c.Dg])
		}
	}
	return loss
}
