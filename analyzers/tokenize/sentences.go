package tokenize

import "unicode"

// Sentences returns the sentence spans of text: each span runs from the
// start of its first token to the end of its last (code points, end
// exclusive). A sentence ends after terminal punctuation (. ! ? … and their
// CJK forms, with any closing quotes or brackets) when the next token does
// not start with a lower-case letter, and at blank lines.
func Sentences(text, lang string) []Token {
	_, sents := Segment(text, lang)
	return sents
}

// Segment returns both the tokens and the sentence spans of text, in one
// pass; every token lies inside exactly one sentence.
func Segment(text, lang string) (tokens, sentences []Token) {
	r := []rune(text)
	toks := tokensRunes(r, lang)
	return toks, sentencesOf(r, toks, lang)
}

func sentencesOf(r []rune, toks []Token, lang string) []Token {
	cjk := lang == "zho" || lang == "jpn" || lang == "kor"
	var out []Token
	first := 0
	for k := 0; k < len(toks); k++ {
		end := false
		if isTerminal(toks[k].Text) {
			for k+1 < len(toks) && isCloser(toks[k+1].Text) && toks[k+1].Start == toks[k].End {
				k++
			}
			if k+1 >= len(toks) {
				end = true
			} else {
				next := []rune(toks[k+1].Text)[0]
				end = cjk || !unicode.IsLower(next)
				if toks[k].Text == "." && k > 0 && len([]rune(toks[k-1].Text)) == 1 && unicode.IsDigit(next) {
					end = false
				}
			}
		} else if k+1 < len(toks) && blankLine(r, toks[k].End, toks[k+1].Start) {
			end = true
		}
		if end || k == len(toks)-1 {
			s, e := toks[first].Start, toks[k].End
			out = append(out, Token{Text: string(r[s:e]), Start: s, End: e})
			first = k + 1
		}
	}
	return out
}

func isTerminal(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		switch c {
		case '.', '!', '?', '…', '。', '！', '？', '｡', '؟', '։', '।':
		default:
			return false
		}
	}
	return true
}

func isCloser(s string) bool {
	switch s {
	case "\"", "'", "”", "’", "»", ")", "]", "}", "」", "』", "）", "›":
		return true
	}
	return false
}

func blankLine(r []rune, s, e int) bool {
	nl := 0
	for k := s; k < e && k < len(r); k++ {
		if r[k] == '\n' {
			nl++
		}
	}
	return nl >= 2
}

// BySentence cuts toks (in text order) into the runs that lie in each of sents, also in text
// order: a token belongs to the first sentence that ends after it starts, and the tokens after
// the last sentence form one more run. Runs without tokens are left out; the runs share toks's
// backing array. It gives the taggers their sentences.
func BySentence(toks, sents []Token) [][]Token {
	var runs [][]Token
	start, si := 0, 0
	for i, t := range toks {
		if si < len(sents) && t.Start >= sents[si].End {
			if i > start {
				runs = append(runs, toks[start:i])
			}
			start = i
			for si < len(sents) && t.Start >= sents[si].End {
				si++
			}
		}
	}
	if len(toks) > start {
		runs = append(runs, toks[start:])
	}
	return runs
}

// Texts returns the texts of each run of tokens.
func Texts(runs [][]Token) [][]string {
	out := make([][]string, len(runs))
	for i, r := range runs {
		out[i] = make([]string, len(r))
		for j, t := range r {
			out[i][j] = t.Text
		}
	}
	return out
}
