package dnn

import (
	"math"
	"slices"
	"sort"
	"sync"

	"github.com/nomenhq/nomen/analyzers/entities/span"
	"github.com/nomenhq/nomen/analyzers/tokenize"
)

// maxWords bounds the words tagged as one sequence; longer sentences are tagged in chunks of
// this size so that time and memory stay linear in the input.
const maxWords = 256

// Model is a trained neural tagger for one language. It is immutable and safe for concurrent
// use.
type Model struct {
	lang string
	n    *net
	more []*net // further ensemble members (same shape); tag scores are averaged
	// trans, start and end are the CRF scores used for decoding: n's, or the members' mean.
	trans, start, end []float32
	vocab             map[uint64]int32  // folded-word hash → word row
	gaz               map[uint32]uint32 // lower-cased word hash (low 32 bits) → lexicon bits (KB name parts, frequency)
	names             map[uint32]uint8  // seqHash of a KB name of 2..maxMatch words → bit set of gazTypes
	pool              sync.Pool         // *scratch
}

// Lang returns the ISO 639-3 code of the model's language.
func (m *Model) Lang() string { return m.lang }

// Types returns the entity types the model tags.
func (m *Model) Types() []string { return m.n.tags.types() }

// featurize fills toks with the feature rows of words.
func (m *Model) featurize(words []string, toks []tok, f *tokenFeatures) {
	c := m.n.cfg
	for i, w := range words {
		extract(w, i == 0, f)
		tk := &toks[i]
		if r, ok := m.vocab[f.word]; ok {
			tk.word = r
		} else {
			tk.word = int32(c.Vocab + int(f.word%uint64(c.OOV)))
		}
		tk.nAffix = int8(f.nAffix)
		for k := 0; k < f.nAffix; k++ {
			tk.affix[k] = int32(f.affix[k] % uint64(c.AffixBuckets))
		}
		tk.shape = int16(f.shape)
		tk.short = int32(f.short % uint64(c.ShortBuckets))
		tk.gaz = m.gaz[uint32(f.gazHash)]
		tk.lh = f.gazHash
	}
	if len(m.names) == 0 {
		return
	}
	for i := 0; i < len(words); {
		n := 0
		var types uint8
		h := uint32(0)
		for j := i; j < len(words) && j < i+maxMatch; j++ {
			h = seqHash(uint64(h), toks[j].lh)
			if j == i {
				continue
			}
			if t, ok := m.names[h]; ok {
				n, types = j-i+1, t
			}
		}
		if n == 0 {
			i++
			continue
		}
		for ti := range gazTypes {
			if types&(1<<ti) == 0 {
				continue
			}
			toks[i].gaz |= 1 << (matchBit + 2*ti)
			for j := i + 1; j < i+n; j++ {
				toks[j].gaz |= 1 << (matchBit + 2*ti + 1)
			}
		}
		i += n
	}
}

func (m *Model) getScratch() *scratch {
	if sc, ok := m.pool.Get().(*scratch); ok {
		return sc
	}
	return new(scratch)
}

// TagWords tags one tokenized sentence and returns its entities in increasing,
// non-overlapping order. Confidence is the model's marginal probability of the span with
// its type (exactly these words, begun and ended there).
func (m *Model) TagWords(words []string) []span.TokenSpan {
	var out []span.TokenSpan
	for off := 0; off < len(words); off += maxWords {
		end := min(off+maxWords, len(words))
		out = m.tagChunk(words[off:end], off, out)
	}
	return out
}

func (m *Model) tagChunk(words []string, off int, out []span.TokenSpan) []span.TokenSpan {
	T := len(words)
	if T == 0 {
		return out
	}
	sc := m.getScratch()
	defer m.pool.Put(sc)
	if cap(sc.toks) < T {
		sc.toks = make([]tok, T)
	}
	toks := sc.toks[:T]
	m.featurize(words, toks, &sc.feat)
	n := m.n
	K := n.tags.k()
	n.forward(toks, sc, nil, nil)
	if len(m.more) > 0 {
		sc.acc = append(sc.acc[:0], sc.s...)
		for _, e := range m.more {
			e.forward(toks, sc, nil, nil)
			addTo(sc.acc, sc.s)
		}
		inv := 1 / float32(1+len(m.more))
		for i, v := range sc.acc {
			sc.s[i] = v * inv
		}
	}
	if cap(sc.y) < T {
		sc.y = make([]int, T)
		sc.back = make([]int32, T*K)
	}
	if cap(sc.back) < T*K {
		sc.back = make([]int32, T*K)
	}
	sc.vscore = grow32(sc.vscore, 2*K)
	y := sc.y[:T]
	viterbi(n.tags, sc.s, T, m.trans, m.start, m.end, y, sc.back[:T*K], sc.vscore)
	computed := false
	for s := 0; s < T; {
		if y[s] == 0 {
			s++
			continue
		}
		e := s + 1
		for e < T && y[e] != 0 && !n.tags.isBegin[y[e]] && n.tags.typeOf[y[e]] == n.tags.typeOf[y[s]] {
			e++
		}
		if !computed {
			sc.crf.run(n.tags, sc.s, T, m.trans, m.start, m.end)
			computed = true
		}
		p := sc.crf.spanProb(n.tags, T, y, s, e)
		if math.IsNaN(p) {
			p = 0
		}
		p = math.Max(0, math.Min(1, p))
		out = append(out, span.TokenSpan{Start: off + s, End: off + e, Type: n.tags.typeOf[y[s]], Confidence: p})
		s = e
	}
	return out
}

// setCRF sets the decoding CRF scores: the mean of the members' (n's alone without members).
func (m *Model) setCRF() {
	if len(m.more) == 0 {
		m.trans, m.start, m.end = m.n.trans, m.n.start, m.n.end
		return
	}
	mean := func(get func(*net) []float32) []float32 {
		out := slices.Clone(get(m.n))
		for _, e := range m.more {
			addTo(out, get(e))
		}
		for i := range out {
			out[i] /= float32(1 + len(m.more))
		}
		return out
	}
	m.trans = mean(func(n *net) []float32 { return n.trans })
	m.start = mean(func(n *net) []float32 { return n.start })
	m.end = mean(func(n *net) []float32 { return n.end })
}

// propagateMin is the lowest confidence of a name the model found that is copied to the
// name's untagged repeats in the same document (span.Propagate), per language. Chosen on
// development data (MODELS.md): English only; Portuguese lost a little.
var propagateMin = map[string]float64{"eng": 0.5}

// TagDocument tags the sentences of one document (TagWords on each; in Chinese, places and
// organisations are extended to an organisation head, span.ExtendChineseOrgs), then, in the
// languages of propagateMin, copies the names it found to their untagged repeats. The result
// has one slice per sentence. Extract tags a text this way.
func (m *Model) TagDocument(sents [][]string) [][]span.TokenSpan {
	out := make([][]span.TokenSpan, len(sents))
	for i, words := range sents {
		out[i] = m.TagWords(words)
		if m.lang == "zho" {
			out[i] = span.ExtendChineseOrgs(words, out[i])
		}
	}
	if minConf, ok := propagateMin[m.lang]; ok {
		span.Propagate(sents, out, minConf)
	}
	return out
}

// Extract finds the entities of text. toks are text's tokens (as from tokenize.Tokens or
// tokenize.Segment); when toks is nil the text is tokenized with the model's language.
// Sentences are found with tokenize.Sentences; spans are in code points of text, in
// increasing order, with Source span.SourceDNN.
func (m *Model) Extract(text string, toks []tokenize.Token) []span.Span {
	if toks == nil {
		toks = tokenize.Tokens(text, m.lang)
	}
	if len(toks) == 0 {
		return nil
	}
	sents := tokenize.Sentences(text, m.lang)
	// The tokens of each sentence, then the document's names (TagDocument).
	groups := tokenize.BySentence(toks, sents)
	words := tokenize.Texts(groups)
	var out []span.Span
	for g, tagged := range m.TagDocument(words) {
		group := groups[g]
		for _, ts := range tagged {
			out = append(out, span.Span{
				Start:      group[ts.Start].Start,
				End:        group[ts.End-1].End,
				Type:       ts.Type,
				Confidence: ts.Confidence,
				Source:     span.SourceDNN,
			})
		}
	}
	// Caller-supplied tokens may be out of order or overlap; keep the output contract
	// (increasing, non-overlapping, Start < End) regardless.
	sort.SliceStable(out, func(a, b int) bool { return out[a].Start < out[b].Start })
	kept := out[:0]
	end := 0
	for _, s := range out {
		if s.Start >= end && s.Start < s.End {
			kept = append(kept, s)
			end = s.End
		}
	}
	return kept
}
