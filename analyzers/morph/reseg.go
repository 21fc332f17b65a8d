package morph

import (
	"strings"
	"unicode"

	"github.com/nomenhq/nomen/analyzers/tokenize"
)

// minResegCount is how often a merge or split must be seen in training.
const minResegCount = 2

// maxMerge is the most tokenizer tokens one merge joins.
const maxMerge = 4

// resegment adapts the tokenizer's output to the treebank's segmentation
// with the tables learnt in training: adjacent tokens listed in merge are
// joined (Chinese "北京" "大学" → "北京大学" when the treebank writes it as
// one word) and tokens listed in split are divided into pieces that spell
// them (Japanese "として" → "と" "し" "て").
func (m *langModel) resegment(toks []tokenize.Token) []tokenize.Token {
	if m.joinHyphen || m.trailHyphen {
		toks = m.joinHyphens(toks)
	}
	if len(m.merge) == 0 && len(m.split) == 0 {
		return toks
	}
	out := make([]tokenize.Token, 0, len(toks))
	for i := 0; i < len(toks); {
		merged := false
		for n := min(maxMerge, len(toks)-i); n >= 2 && len(m.merge) > 0; n-- {
			if !adjacent(toks[i : i+n]) {
				continue
			}
			if m.merge[joinTexts(toks[i:i+n])] {
				var b strings.Builder
				for _, t := range toks[i : i+n] {
					b.WriteString(t.Text)
				}
				out = append(out, tokenize.Token{Text: b.String(), Start: toks[i].Start, End: toks[i+n-1].End})
				i += n
				merged = true
				break
			}
		}
		if merged {
			continue
		}
		t := toks[i]
		if pieces, ok := m.split[t.Text]; ok {
			at := t.Start
			for _, p := range pieces {
				n := len([]rune(p))
				out = append(out, tokenize.Token{Text: p, Start: at, End: at + n})
				at += n
			}
		} else {
			out = append(out, t)
		}
		i++
	}
	return out
}

// joinHyphens joins word-hyphen-word runs written without spaces into one
// token when m.joinHyphen ("föräldrar-barn-relationer"), and a hyphen that
// ends a word before a space to that word when m.trailHyphen ("kock- och").
func (m *langModel) joinHyphens(toks []tokenize.Token) []tokenize.Token {
	var out []tokenize.Token
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		if t.Text == "-" && len(out) > 0 {
			prev := &out[len(out)-1]
			if prev.End == t.Start && wordLike(prev.Text) {
				nextAdj := i+1 < len(toks) && toks[i+1].Start == t.End
				switch {
				case nextAdj && m.joinHyphen && wordLike(toks[i+1].Text):
					prev.Text += "-" + toks[i+1].Text
					prev.End = toks[i+1].End
					i++
					continue
				case !nextAdj && m.trailHyphen:
					prev.Text += "-"
					prev.End = t.End
					continue
				}
			}
		}
		out = append(out, t)
	}
	return out
}

// wordLike reports whether s has a letter or digit.
func wordLike(s string) bool {
	for _, c := range s {
		if unicode.IsLetter(c) || unicode.IsDigit(c) {
			return true
		}
	}
	return false
}

// learnHyphens counts how the treebank segments the tokenizer's hyphens;
// trainResegment turns a rule on when it matches the gold segmentation in
// at least 80 % of the cases (a rule changes many tokens at once).
func learnHyphens(pred []tokenize.Token, goldAt []int, spans [][2]int, st *[4]int) {
	covers := func(from, to int) bool {
		g := goldAt[from]
		return g >= 0 && spans[g][0] <= from && spans[g][1] >= to
	}
	for k := 1; k < len(pred); k++ {
		t, prev := pred[k], pred[k-1]
		if t.Text != "-" || prev.End != t.Start || !wordLike(prev.Text) {
			continue
		}
		nextAdj := k+1 < len(pred) && pred[k+1].Start == t.End
		switch {
		case nextAdj && wordLike(pred[k+1].Text):
			st[1]++
			if covers(prev.Start, pred[k+1].End) {
				st[0]++
			}
		case !nextAdj:
			st[3]++
			if covers(prev.Start, t.End) {
				st[2]++
			}
		}
	}
}

func adjacent(toks []tokenize.Token) bool {
	for k := 1; k < len(toks); k++ {
		if toks[k].Start != toks[k-1].End {
			return false
		}
	}
	return true
}

func joinTexts(toks []tokenize.Token) string {
	var b strings.Builder
	for k, t := range toks {
		if k > 0 {
			b.WriteByte('\t')
		}
		b.WriteString(t.Text)
	}
	return b.String()
}

// trainResegment learns the merge and split tables from the raw text of
// sents: a token sequence becomes a merge when it matches one treebank
// token in most of its occurrences; a token becomes a split when it
// matches the same sequence of treebank tokens in most of its occurrences.
func trainResegment(lang string, sents []sentence) (merge map[string]bool, split map[string][]string, joinHyphen, trailHyphen bool) {
	var hy [4]int // join hits, join cases, trail hits, trail cases
	mergeHit := map[string]int{}
	seqTotal := map[string]int{}
	splitHit := map[string]map[string]int{}
	tokTotal := map[string]int{}
	for i := range sents {
		s := &sents[i]
		spans, ok := surfaceSpans(s)
		if !ok {
			continue
		}
		gold := map[[2]int]bool{}
		goldByStart := map[int]int{} // start → end
		for _, sp := range spans {
			gold[sp] = true
			goldByStart[sp[0]] = sp[1]
		}
		rs := []rune(s.Text)
		pred := tokenize.Tokens(s.Text, lang)
		goldAt := make([]int, len(rs)+1)
		for k := range goldAt {
			goldAt[k] = -1
		}
		for k, sp := range spans {
			for p := sp[0]; p < sp[1]; p++ {
				goldAt[p] = k
			}
		}
		learnHyphens(pred, goldAt, spans, &hy)
		for k, p := range pred {
			tokTotal[p.Text]++
			// Split: p covers several gold tokens exactly.
			if !gold[[2]int{p.Start, p.End}] {
				var pieces []string
				at := p.Start
				for at < p.End {
					e, ok := goldByStart[at]
					if !ok || e > p.End {
						pieces = nil
						break
					}
					pieces = append(pieces, string(rs[at:e]))
					at = e
				}
				if len(pieces) > 1 {
					key := strings.Join(pieces, "\t")
					if splitHit[p.Text] == nil {
						splitHit[p.Text] = map[string]int{}
					}
					splitHit[p.Text][key]++
				}
			}
			// Merge: p..q (2..maxMerge adjacent tokens) is one gold token.
			for n := 2; n <= maxMerge && k+n <= len(pred); n++ {
				seq := pred[k : k+n]
				if !adjacent(seq) {
					break
				}
				key := joinTexts(seq)
				seqTotal[key]++
				if gold[[2]int{seq[0].Start, seq[n-1].End}] {
					mergeHit[key]++
				}
			}
		}
	}
	merge = map[string]bool{}
	for key, hit := range mergeHit {
		if 2*hit > seqTotal[key] && hit >= minResegCount {
			merge[key] = true
		}
	}
	split = map[string][]string{}
	for tok, c := range splitHit {
		best, bn := "", 0
		for key, n := range c {
			if n > bn || (n == bn && key < best) {
				best, bn = key, n
			}
		}
		if 2*bn > tokTotal[tok] && bn >= minResegCount {
			split[tok] = strings.Split(best, "\t")
		}
	}
	joinHyphen = hy[0] >= minResegCount && 5*hy[0] >= 4*hy[1]
	trailHyphen = hy[2] >= minResegCount && 5*hy[2] >= 4*hy[3]
	return merge, split, joinHyphen, trailHyphen
}

// surfaceSpans locates the surface tokens of s in its text.
func surfaceSpans(s *sentence) ([][2]int, bool) {
	text := []rune(s.Text)
	pos := 0
	var out [][2]int
	for _, t := range s.Tokens {
		form := []rune(t.Form)
		for pos < len(text) && (text[pos] == ' ' || text[pos] == '\t' || text[pos] == '\n' || text[pos] == '\u00a0' || text[pos] == '\u3000') {
			pos++
		}
		if pos+len(form) > len(text) || string(text[pos:pos+len(form)]) != t.Form {
			return nil, false
		}
		out = append(out, [2]int{pos, pos + len(form)})
		pos += len(form)
	}
	return out, s.Text != ""
}
