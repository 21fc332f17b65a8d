package address

import (
	"fmt"
	"io"
	"math/rand"

	"github.com/nomenhq/nomen/internal/perceptron"
)

// trainBeam is the beam width of structured training; 0 trains greedily (trainModel, the
// models committed before 2026-11-23). Eight was chosen on the generated dev split and the
// hand-written addresses (MODELS.md): whole-address dev 0.851 / 0.862 greedy, 0.898 / 0.900
// with 4, 0.902 / 0.902 with 8 (training seeds 20240601 / 20240602).
var trainBeam = 8

// thyp is one partial label sequence of the training beam.
type thyp struct {
	p1, p2 int     // last two labels
	seen   uint32  // fields seen so far (addSeen)
	score  float32 // summed class scores under the current weights
	back   int     // index of the hypothesis it extends, in the previous position's beam
	gold   bool    // whether every label so far is the gold one
}

// trainModelBeam is the structured averaged perceptron with beam search and early update
// (Collins and Roark 2004): each address is decoded with a beam of k label sequences under the
// current weights; as soon as the gold prefix falls out of the beam, or at the end when the
// best sequence is not the gold one, the gold prefix's features are rewarded and the best
// sequence's penalised, position by position. Features whose largest averaged weight is below
// pruneBelow are dropped.
func trainModelBeam(exs []example, lex *lexicon, k int, seed int64, pruneBelow float32, stdout io.Writer) *perceptron.Model {
	tr := perceptron.NewTrainer(classNames())
	rng := rand.New(rand.NewSource(seed))
	order := make([]int, len(exs))
	for i := range order {
		order[i] = i
	}
	nc := NumFields + 1
	static := make([]float32, nc)
	acc := make([]float32, nc)
	var (
		st               sentence
		feats            []uint64
		beams, cur, next []thyp
		offs, pred       []int
	)
	for ep := 0; ep < epochs; ep++ {
		rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		exact, early, total := 0, 0, 0
		for _, idx := range order {
			ex := exs[idx]
			n := len(ex.toks)
			if n == 0 {
				continue
			}
			total++
			st.analyze(ex.toks, lex)
			beams, offs = beams[:0], offs[:0]
			cur = append(cur[:0], thyp{p1: -1, p2: -1, back: -1, gold: true})
			last := n - 1
			for i := 0; i < n; i++ {
				tr.Tick()
				for c := range static {
					static[c] = 0
				}
				tr.AddScores(st.static[i], static)
				next = next[:0]
				for hi, h := range cur {
					copy(acc, static)
					feats = st.historyFeatures(feats[:0], i, h.p1, h.p2, h.seen)
					tr.AddScores(feats, acc)
					for c, v := range acc {
						next = insertHyp(next, k, thyp{p1: c, p2: h.p1, seen: addSeen(h.seen, c), score: h.score + v, back: hi, gold: h.gold && c == ex.labels[i]})
					}
				}
				offs = append(offs, len(beams))
				beams = append(beams, next...)
				cur, next = next, cur
				if !hasGold(cur) {
					last = i
					early++
					break
				}
			}
			if best := beams[offs[last]]; best.gold {
				exact++
				continue
			}
			// The best sequence up to last, from the back pointers.
			pred = append(pred[:0], make([]int, last+1)...)
			b := 0
			for i := last; i >= 0; i-- {
				h := beams[offs[i]+b]
				pred[i] = h.p1
				b = h.back
			}
			var gSeen, pSeen uint32
			for j := 0; j <= last; j++ {
				g := ex.labels[j]
				gp1, gp2 := labelAt(ex.labels, j-1), labelAt(ex.labels, j-2)
				pp1, pp2 := labelAt(pred, j-1), labelAt(pred, j-2)
				if pred[j] != g || gp1 != pp1 || gp2 != pp2 || gSeen != pSeen {
					if pred[j] != g {
						tr.Bump(st.static[j], g, 1)
						tr.Bump(st.static[j], pred[j], -1)
					}
					tr.Bump(st.historyFeatures(feats[:0], j, gp1, gp2, gSeen), g, 1)
					tr.Bump(st.historyFeatures(feats[:0], j, pp1, pp2, pSeen), pred[j], -1)
				}
				gSeen, pSeen = addSeen(gSeen, g), addSeen(pSeen, pred[j])
			}
		}
		fmt.Fprintf(stdout, "epoch %d: beam %d, training addresses decoded exactly %.4f, early updates %.4f\n",
			ep+1, k, float64(exact)/float64(max(total, 1)), float64(early)/float64(max(total, 1)))
	}
	return tr.Model(pruneBelow)
}

// insertHyp adds h to beam, which holds at most k hypotheses sorted best first (earlier first
// on ties).
func insertHyp(beam []thyp, k int, h thyp) []thyp {
	j := len(beam)
	if j == k && beam[k-1].score >= h.score {
		return beam
	}
	if j < k {
		beam = append(beam, h)
	} else {
		j = k - 1
	}
	for j > 0 && beam[j-1].score < h.score {
		beam[j] = beam[j-1]
		j--
	}
	beam[j] = h
	return beam
}

func hasGold(beam []thyp) bool {
	for _, h := range beam {
		if h.gold {
			return true
		}
	}
	return false
}

// labelAt is labels[i], or -1 before the first token.
func labelAt(labels []int, i int) int {
	if i < 0 {
		return -1
	}
	return labels[i]
}
