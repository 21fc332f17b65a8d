package sentiment

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/nomenhq/nomen/analyzers/tokenize"
)

// word is one prepared token.
type word struct {
	text    string // normalised, lower-case
	negated bool   // inside a negation scope
	stop    bool   // a stop word or punctuation: no n-gram feature
	punct   bool
	// afterBut and beforeBut mark words of the clause after (before) a contrast word.
	afterBut, beforeBut bool
	boost               float64 // intensifier weight applying to this word (VADER's B_INCR/B_DECR)
}

func set(words ...string) map[string]bool {
	m := make(map[string]bool, len(words))
	for _, w := range words {
		m[w] = true
	}
	return m
}

var negators = set("not", "no", "never", "n't", "cannot", "nor", "without", "nobody", "nothing",
	"none", "neither", "nowhere", "hardly", "barely", "scarcely", "dont", "doesnt", "didnt",
	"isnt", "wasnt", "arent", "werent", "cant", "couldnt", "wont", "wouldnt", "shouldnt", "aint")

var contrasts = set("but", "however", "yet", "although", "though", "nevertheless")

// intensifiers boost (positive) or damp (negative) the next word, as in VADER.
var intensifiers = map[string]float64{
	"very": 0.293, "really": 0.293, "extremely": 0.293, "so": 0.293, "too": 0.293,
	"absolutely": 0.293, "completely": 0.293, "totally": 0.293, "utterly": 0.293,
	"incredibly": 0.293, "highly": 0.293, "most": 0.293, "more": 0.293, "especially": 0.293,
	"truly": 0.293, "deeply": 0.293, "remarkably": 0.293, "thoroughly": 0.293, "awfully": 0.293,
	"quite": 0.15, "pretty": 0.15, "fairly": -0.293, "slightly": -0.293, "somewhat": -0.293,
	"barely": -0.293, "hardly": -0.293, "little": -0.293, "less": -0.293, "kinda": -0.293,
	"sort": -0.293, "marginally": -0.293, "partly": -0.293, "occasionally": -0.293,
}

// stopWords are dropped before the n-gram features. Negators, contrast words and
// intensifiers are not stop words here.
var stopWords = set("a", "an", "the", "and", "or", "of", "to", "in", "on", "at", "by", "for",
	"with", "from", "as", "into", "about", "over", "after", "before", "between", "through",
	"during", "under", "above", "up", "down", "out", "off", "again", "then", "than", "there",
	"here", "when", "where", "why", "how", "all", "any", "both", "each", "few", "other", "some",
	"such", "own", "same", "s", "'s", "is", "are", "was", "were", "be", "been", "being", "am",
	"'m", "'re", "'ve", "'ll", "'d", "have", "has", "had", "having", "do", "does", "did",
	"doing", "i", "me", "my", "myself", "we", "our", "ours", "ourselves", "you", "your",
	"yours", "yourself", "yourselves", "he", "him", "his", "himself", "she", "her", "hers",
	"herself", "it", "its", "itself", "they", "them", "their", "theirs", "themselves", "what",
	"which", "who", "whom", "this", "that", "these", "those", "will", "would", "shall",
	"should", "can", "could", "may", "might", "must", "just", "if", "because", "until",
	"while", "also", "it's", "one")

// normWord lower-cases w, shortens letter runs of three or more to two and folds digits to 0.
func normWord(w string) string {
	var b strings.Builder
	b.Grow(len(w))
	var prev rune
	run := 0
	for _, r := range w {
		r = unicode.ToLower(r)
		if unicode.IsDigit(r) {
			r = '0'
		}
		if r == prev {
			run++
		} else {
			prev, run = r, 1
		}
		if run > 2 && unicode.IsLetter(r) {
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// isPunct reports whether the token has no letter or digit (emoticons included).
func isPunct(s string) bool {
	for _, r := range s {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return false
		}
	}
	return true
}

// scopeEnd reports whether a punctuation token ends a negation scope.
func scopeEnd(s string) bool {
	return strings.ContainsAny(s, ".,;:!?") && utf8.RuneCountInString(s) <= 3 && !isEmoticon(s)
}

// isEmoticon reports whether a punctuation token looks like an emoticon (":)", ":-(", "<3").
func isEmoticon(s string) bool {
	if len(s) < 2 || len(s) > 6 {
		return false
	}
	return strings.ContainsAny(s, ":;=") && strings.ContainsAny(s, "()DPp[]/\\|*") || s == "<3"
}

// prepare turns text into prepared words.
func prepare(text string) []word {
	toks := tokenize.Tokens(text, "eng")
	out := make([]word, 0, len(toks))
	negated := false
	boost := 0.0
	butAt := -1
	for _, t := range toks {
		w := normWord(t.Text)
		if w == "" {
			continue
		}
		p := isPunct(w)
		emo := p && isEmoticon(w)
		cur := word{text: w, punct: p && !emo}
		switch {
		case cur.punct:
			cur.stop = true
			if scopeEnd(w) {
				negated = false
			}
			boost = 0
		case negators[w]:
			cur.negated = negated
			negated = true
		case contrasts[w]:
			negated = false
			if butAt < 0 {
				butAt = len(out)
			}
			cur.stop = true
		default:
			cur.negated = negated
			cur.stop = stopWords[w]
			cur.boost = boost
			if b, ok := intensifiers[w]; ok {
				boost = b
				cur.stop = false
				out = append(out, cur)
				continue
			}
			if !cur.stop {
				boost = 0
			}
		}
		out = append(out, cur)
	}
	if butAt >= 0 {
		for i := range out {
			if i < butAt {
				out[i].beforeBut = true
			} else if i > butAt {
				out[i].afterBut = true
			}
		}
	}
	return out
}
