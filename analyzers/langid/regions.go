package langid

import (
	"unicode"
)

// token is a word of the text in code points: letters (with inner ' and -)
// from start to end; its trailing punctuation runs to tail.
type token struct{ start, end, tail int }

// tokenize finds the words of runes with their code-point offsets; Han,
// Hangul, Hiragana and Katakana characters are words on their own.
func tokenize(runes []rune) []token {
	var toks []token
	for i := 0; i < len(runes); {
		r := runes[i]
		if !unicode.IsLetter(r) {
			i++
			continue
		}
		s := i
		if isCJKChar(r) {
			i++
		} else {
			for i < len(runes) && !isCJKChar(runes[i]) && (unicode.IsLetter(runes[i]) || unicode.IsMark(runes[i]) ||
				((runes[i] == '\'' || runes[i] == '-' || runes[i] == '’') && i+1 < len(runes) && unicode.IsLetter(runes[i+1]))) {
				i++
			}
		}
		e := i
		t := e
		for t < len(runes) && !unicode.IsLetter(runes[t]) && !unicode.IsSpace(runes[t]) {
			t++
		}
		toks = append(toks, token{start: s, end: e, tail: t})
	}
	return toks
}

// Token classes for segmentation: a script, with Han and kana merged.
const (
	classCJK    = int(numScripts) + 1
	classHangul = int(numScripts) + 2
)

// tokenClass returns the segmentation class of a token's first rune.
func tokenClass(r rune) int {
	switch sc := scriptOf(r); sc {
	case scriptHan, scriptHiragana, scriptKatakana:
		return classCJK
	case scriptHangul:
		return classHangul
	default:
		return int(sc)
	}
}

// endsSentence reports whether t's trailing punctuation ends a sentence.
func endsSentence(runes []rune, t token) bool {
	for _, r := range runes[t.end:t.tail] {
		switch r {
		case '.', '!', '?', '。', '！', '？', '؟', '।':
			return true
		}
	}
	return false
}

// minSwitchWords is the shortest run of words split off a sentence as a
// region of another language.
const minSwitchWords = 3

// run is a candidate region: tokens [from, to) labelled lang.
type run struct {
	from, to int
	lang     string
}

// regions splits text into runs of one language. It starts from lingua's
// DetectMultipleLanguagesOf and makes it sentence-aware: the candidate
// languages are the whole text's, those of its single-script sentences
// (segments) and those that win two or more of its words of five or more
// letters; each segment is labelled among the candidates, and a run of
// minSwitchWords or more words inside it is split off when the words and
// the run's text agree on another language; runs of one word are merged into
// a neighbour and adjacent runs of one language joined. Each region is then
// ranked on its own text among the candidates.
func (d *Detector) regions(sc *scratch, text string, cand langSet, opt Options, uen bool) []Region {
	runes := []rune(text)
	toks := tokenize(runes)
	if len(toks) == 0 {
		return nil
	}
	word := func(t token) string { return string(runes[t.start:t.end]) }
	top := func(s string, c langSet) string {
		return d.detect(sc, s, c, Options{SerbianLatinWeight: opt.SerbianLatinWeight}, false)[0].Language
	}
	seen := map[string]bool{}
	var codes []string
	addCode := func(c string) {
		if c != Unknown && !seen[c] {
			seen[c] = true
			codes = append(codes, c)
		}
	}
	addCode(top(text, cand))
	// Segments are maximal runs of tokens in one script (Han and kana
	// together) within one sentence. Each segment of five letters or more nominates its best
	// language; so does any language that is the best guess for at least
	// two words of five or more letters (lingua takes one word, which lets a
	// single ambiguous word split a region).
	segOf := make([]int, len(toks))
	var segs [][2]int // token ranges
	for i, t := range toks {
		if i == 0 || tokenClass(runes[t.start]) != tokenClass(runes[toks[i-1].start]) || endsSentence(runes, toks[i-1]) {
			segs = append(segs, [2]int{i, i})
		}
		segs[len(segs)-1][1] = i + 1
		segOf[i] = len(segs) - 1
	}
	segText := func(sg [2]int) string { return string(runes[toks[sg[0]].start:toks[sg[1]-1].tail]) }
	letters := func(sg [2]int) int {
		n := 0
		for _, t := range toks[sg[0]:sg[1]] {
			n += t.end - t.start
		}
		return n
	}
	if len(segs) > 1 {
		for _, sg := range segs {
			if letters(sg) >= 5 {
				addCode(top(segText(sg), cand))
			}
		}
	}
	wordWins := map[string]int{}
	for _, t := range toks {
		if t.end-t.start >= 5 {
			c := top(word(t), cand)
			if wordWins[c]++; wordWins[c] == 2 {
				addCode(c)
			}
		}
	}
	mk := func(from, to int, c langSet) Region {
		s, e := toks[from].start, toks[to-1].tail
		dets := d.detect(sc, string(runes[s:e]), c, opt, uen)
		return Region{StartOffset: s, EndOffset: e, Language: dets[0].Language, Detections: dets}
	}
	if len(codes) <= 1 {
		return []Region{mk(0, len(toks), cand)}
	}
	restricted, err := parseLanguages(codes)
	if err != nil {
		return []Region{mk(0, len(toks), cand)}
	}
	restricted = restricted.and(cand)
	// Each segment (a sentence in one script) takes its best language among
	// the candidates. Inside a segment of spaced words, a run of at least
	// minSwitchWords words whose own best language differs, and whose text
	// as a whole agrees, is split off (a phrase in another language).
	labels := make([]string, len(toks))
	wordLabels := make([]string, len(toks))
	for _, sg := range segs {
		l := top(segText(sg), restricted)
		for i := sg[0]; i < sg[1]; i++ {
			labels[i] = l
		}
		if tokenClass(runes[toks[sg[0]].start]) >= classCJK || sg[1]-sg[0] < minSwitchWords {
			continue
		}
		for i := sg[0]; i < sg[1]; i++ {
			wordLabels[i] = top(word(toks[i]), restricted)
		}
		for i := sg[0]; i < sg[1]; {
			j := i + 1
			for j < sg[1] && wordLabels[j] == wordLabels[i] {
				j++
			}
			if x := wordLabels[i]; x != l && x != Unknown && j-i >= minSwitchWords &&
				top(string(runes[toks[i].start:toks[j-1].end]), restricted) == x {
				for k := i; k < j; k++ {
					labels[k] = x
				}
			}
			i = j
		}
	}
	// Unknown words take their neighbour's label.
	for i := range labels {
		if labels[i] == Unknown && i > 0 {
			labels[i] = labels[i-1]
		}
	}
	for i := len(labels) - 1; i >= 0; i-- {
		if labels[i] == Unknown && i+1 < len(labels) {
			labels[i] = labels[i+1]
		}
	}
	var runs []run
	for i, l := range labels {
		if len(runs) > 0 && runs[len(runs)-1].lang == l {
			runs[len(runs)-1].to = i + 1
			continue
		}
		runs = append(runs, run{from: i, to: i + 1, lang: l})
	}
	// Merge one-word runs into the previous run (the next for the first).
	for i := len(runs) - 1; i >= 0 && len(runs) > 1; i-- {
		if runs[i].to-runs[i].from != 1 {
			continue
		}
		if i == 0 {
			runs[1].from = runs[0].from
		} else {
			runs[i-1].to = runs[i].to
		}
		runs = append(runs[:i], runs[i+1:]...)
	}
	var out []Region
	for _, r := range runs {
		reg := mk(r.from, r.to, restricted)
		if n := len(out); n > 0 && out[n-1].Language == reg.Language {
			prevFrom := 0
			for prevFrom < len(toks) && toks[prevFrom].start != out[n-1].StartOffset {
				prevFrom++
			}
			out[n-1] = mk(prevFrom, r.to, restricted)
			continue
		}
		out = append(out, reg)
	}
	return out
}
