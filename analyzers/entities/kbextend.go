package entities

import (
	"math"
	"slices"
	"sort"
	"strings"

	"github.com/nomenhq/nomen/analyzers/entities/span"
	"github.com/nomenhq/nomen/analyzers/tokenize"
	"github.com/nomenhq/nomen/kb"
)

// kbExtendMaxLeft and kbExtendMaxRight bound how many words a tagged name is extended by on
// each side ("Marks" → "Marks & Spencer", "Lloyd" → "Lloyd's of London").
const (
	kbExtendMaxLeft  = 3
	kbExtendMaxRight = 4
)

// kbExtendInner are the lower-case words a name may hold between its capitalised words
// ("Copa del Rey", "Leonardo da Vinci", "Marks & Spencer", "Lloyd's of London").
var kbExtendInner = setOf(`of the and & de del della di da do dos das du des la le les van von der den
	y e 's ’s ' ’ s at upon on for`)

// kbExtensions returns the knowledge-base names, written exactly so in the text (letter case
// included), that strictly contain one or more of the tagger's PER, LOC or ORG names and
// extend them over capitalised words or the inner words of names: the tagger cut "Copa del
// Rey", "Marks & Spencer" and "Christie's" into pieces or left part of them out. An extension
// starts and ends with a capitalised word (or the possessive "'s"), never starts with "The",
// and does not cross a tagged name it does not hold. For each tagged name the longest
// extension is kept; its type is the knowledge base's. tagged need not be sorted.
func kbExtensions(k *kb.KB, runes []rune, toks []tokenize.Token, tagged []span.Span) []span.Span {
	if k == nil || len(tagged) == 0 {
		return nil
	}
	spans := slices.Clone(tagged)
	sort.Slice(spans, func(i, j int) bool { return spans[i].Start < spans[j].Start })
	tokAt := func(off int) int { // the token starting at rune offset off, or -1
		i := sort.Search(len(toks), func(i int) bool { return toks[i].Start >= off })
		if i < len(toks) && toks[i].Start == off {
			return i
		}
		return -1
	}
	capital := func(i int) bool { return span.Capitalised(toks[i].Text) }
	inner := func(i int) bool { return kbExtendInner[strings.ToLower(toks[i].Text)] }
	var out []span.Span
	for _, t := range spans {
		if t.Type != span.PER && t.Type != span.LOC && t.Type != span.ORG {
			continue
		}
		if n := len(out); n > 0 && out[n-1].End >= t.End {
			continue // inside the extension of an earlier name
		}
		ta := tokAt(t.Start)
		if ta < 0 {
			continue
		}
		tb := ta
		for tb < len(toks) && toks[tb].End <= t.End {
			tb++
		}
		if tb == ta || toks[tb-1].End != t.End {
			continue
		}
		// How far each side may go: capitalised words and inner words only.
		maxL := 0
		for maxL < kbExtendMaxLeft && ta-maxL-1 >= 0 && (capital(ta-maxL-1) || inner(ta-maxL-1)) {
			maxL++
		}
		maxR := 0
		for maxR < kbExtendMaxRight && tb+maxR < len(toks) && (capital(tb+maxR) || inner(tb+maxR)) {
			maxR++
		}
		if maxL == 0 && maxR == 0 {
			continue
		}
		var best span.Span
		bestLen := 0
		for l := maxL; l >= 0; l-- {
			i := ta - l
			if l > 0 && (!capital(i) || strings.EqualFold(toks[i].Text, "the")) {
				continue
			}
			for r := maxR; r >= 0; r-- {
				j := tb + r
				if l == 0 && r == 0 {
					continue
				}
				if r > 0 && !capital(j-1) && !possessiveEnd(toks, j-1) {
					continue
				}
				a, b := toks[i].Start, toks[j-1].End
				if b-a <= bestLen || b > len(runes) || crossesSpan(spans, a, b) {
					continue
				}
				typ, conf, ok := kbExactName(k, string(runes[a:b]))
				if !ok {
					continue
				}
				best = span.Span{Start: a, End: b, Type: typ, Confidence: conf, Source: span.SourceKB}
				bestLen = b - a
			}
		}
		if bestLen > 0 {
			out = append(out, best)
		}
	}
	return out
}

// possessiveEnd reports whether token i ends a possessive: "'s", or "s" after an apostrophe
// token (text that writes "Denny 's" apart, as corpora tokenize it, gives "'" and "s").
func possessiveEnd(toks []tokenize.Token, i int) bool {
	switch toks[i].Text {
	case "'s", "’s":
		return true
	case "s":
		return i > 0 && (toks[i-1].Text == "'" || toks[i-1].Text == "’") && toks[i-1].End == toks[i].Start
	}
	return false
}

// possessiveApart joins a possessive written apart to its name.
var possessiveApart = strings.NewReplacer(" 's", "'s", " ’s", "’s", " ' s", "'s", " ’ s", "’s")

// crossesSpan reports whether [a, b) overlaps one of spans (sorted by start) without holding it.
func crossesSpan(spans []span.Span, a, b int) bool {
	i := sort.Search(len(spans), func(i int) bool { return spans[i].End > a })
	for ; i < len(spans) && spans[i].Start < b; i++ {
		if spans[i].Start < a || spans[i].End > b {
			return true
		}
	}
	return false
}

// kbExactName returns the type and confidence of the most likely PER, LOC or ORG entity of
// the knowledge base that has name, letter case included, as a label or alias. A possessive
// written apart ("Christie 's", as corpora tokenize it) matches the name written together.
func kbExactName(k *kb.KB, name string) (string, float64, bool) {
	if strings.Contains(name, " 's") || strings.Contains(name, " ’s") || strings.Contains(name, " ' s") || strings.Contains(name, " ’ s") {
		name = possessiveApart.Replace(name)
	}
	for _, c := range k.ExactCandidates(name, "", 5) {
		e := c.Entity
		if e.Type != span.PER && e.Type != span.LOC && e.Type != span.ORG {
			continue
		}
		if !namedExactly(e, name) {
			continue
		}
		return e.Type, math.Round((0.5*c.Prior+0.5*e.Popularity)*1000) / 1000, true
	}
	return "", 0, false
}
