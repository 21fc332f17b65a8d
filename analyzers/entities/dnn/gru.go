package dnn

import (
	"math"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas32"
)

// gruScratch holds one GRU direction's activations over a sentence (T × G each, xp T × 3G).
type gruScratch struct {
	xp, z, r, n, hn, h []float32
	u                  []float32 // 3G recurrent pre-activations of one step
	dxp, dh, du        []float32
}

func sigmoid(x float32) float32 { return 1 / (1 + float32(math.Exp(float64(-x)))) }

func tanh32(x float32) float32 { return float32(math.Tanh(float64(x))) }

// step returns the word index of the s-th step of direction d (0 forward, 1 backward).
func step(d, s, T int) int {
	if d == 0 {
		return s
	}
	return T - 1 - s
}

// gruForward runs direction d of the GRU over sc.a2:
//
//	z = σ(Wz x + bz + Uz h), r = σ(Wr x + br + Ur h), n = tanh(Wn x + bn + r ⊙ (Un h + bu)),
//	h' = (1-z) ⊙ n + z ⊙ h.
func (nt *net) gruForward(d int, sc *scratch, T int) {
	c := nt.cfg
	G := c.G
	p := &nt.gru[d]
	g := &sc.gru[d]
	g.xp = grow32(g.xp, T*3*G)
	for t := 0; t < T; t++ {
		copy(g.xp[t*3*G:(t+1)*3*G], p.b)
	}
	blas32.Gemm(blas.NoTrans, blas.Trans, 1, gen(T, c.H2, sc.a2), gen(3*G, c.H2, p.w), 1, gen(T, 3*G, g.xp))
	g.z = grow32(g.z, T*G)
	g.r = grow32(g.r, T*G)
	g.n = grow32(g.n, T*G)
	g.hn = grow32(g.hn, T*G)
	g.h = grow32(g.h, T*G)
	g.u = grow32(g.u, 3*G)
	var prev []float32
	for s := 0; s < T; s++ {
		t := step(d, s, T)
		xp := g.xp[t*3*G : (t+1)*3*G]
		if prev == nil {
			clear(g.u)
		} else {
			blas32.Gemv(blas.NoTrans, 1, gen(3*G, G, p.u), blas32.Vector{N: G, Inc: 1, Data: prev}, 0, blas32.Vector{N: 3 * G, Inc: 1, Data: g.u})
		}
		z, r, n, hn, h := g.z[t*G:(t+1)*G], g.r[t*G:(t+1)*G], g.n[t*G:(t+1)*G], g.hn[t*G:(t+1)*G], g.h[t*G:(t+1)*G]
		for i := 0; i < G; i++ {
			z[i] = sigmoid(xp[i] + g.u[i])
			r[i] = sigmoid(xp[G+i] + g.u[G+i])
			hn[i] = g.u[2*G+i] + p.bu[i]
			n[i] = tanh32(xp[2*G+i] + r[i]*hn[i])
			var hp float32
			if prev != nil {
				hp = prev[i]
			}
			h[i] = (1-z[i])*n[i] + z[i]*hp
		}
		prev = h
	}
}

// gruBackward adds direction d's gradient to gp and to sc.dA2, given the gradient of its
// states in sc.dO.
func (nt *net) gruBackward(d int, sc *scratch, T int, gp *gruParams) {
	c := nt.cfg
	G := c.G
	O := c.outWidth()
	p := &nt.gru[d]
	g := &sc.gru[d]
	g.dxp = grow32(g.dxp, T*3*G)
	g.dh = grow32(g.dh, G)
	g.du = grow32(g.du, 3*G)
	clear(g.dh)
	for s := T - 1; s >= 0; s-- {
		t := step(d, s, T)
		var prev []float32
		if s > 0 {
			pt := step(d, s-1, T)
			prev = g.h[pt*G : (pt+1)*G]
		}
		z, r, n, hn := g.z[t*G:(t+1)*G], g.r[t*G:(t+1)*G], g.n[t*G:(t+1)*G], g.hn[t*G:(t+1)*G]
		dout := sc.dO[t*O+c.H2+d*G : t*O+c.H2+(d+1)*G]
		dxp := g.dxp[t*3*G : (t+1)*3*G]
		for i := 0; i < G; i++ {
			dh := g.dh[i] + dout[i]
			var hp float32
			if prev != nil {
				hp = prev[i]
			}
			dz := dh * (hp - n[i])
			dnpre := dh * (1 - z[i]) * (1 - n[i]*n[i])
			dzpre := dz * z[i] * (1 - z[i])
			drpre := dnpre * hn[i] * r[i] * (1 - r[i])
			dhn := dnpre * r[i]
			dxp[i], dxp[G+i], dxp[2*G+i] = dzpre, drpre, dnpre
			g.du[i], g.du[G+i], g.du[2*G+i] = dzpre, drpre, dhn
			gp.bu[i] += dhn
			g.dh[i] = dh * z[i]
		}
		if prev != nil {
			// dU += du ⊗ prev; dh_prev += Uᵀ du.
			blas32.Ger(1, blas32.Vector{N: 3 * G, Inc: 1, Data: g.du}, blas32.Vector{N: G, Inc: 1, Data: prev}, gen(3*G, G, gp.u))
			blas32.Gemv(blas.Trans, 1, gen(3*G, G, p.u), blas32.Vector{N: 3 * G, Inc: 1, Data: g.du}, 1, blas32.Vector{N: G, Inc: 1, Data: g.dh})
		}
	}
	for t := 0; t < T; t++ {
		addTo(gp.b, g.dxp[t*3*G:(t+1)*3*G])
	}
	blas32.Gemm(blas.Trans, blas.NoTrans, 1, gen(T, 3*G, g.dxp), gen(T, c.H2, sc.a2), 1, gen(3*G, c.H2, gp.w))
	blas32.Gemm(blas.NoTrans, blas.NoTrans, 1, gen(T, 3*G, g.dxp), gen(3*G, c.H2, p.w), 1, gen(T, c.H2, sc.dA2))
}
