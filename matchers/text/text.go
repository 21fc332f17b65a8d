// Package text scores the similarity of two free-text (rni_string) field values in [0, 1].
//
// Both values are normalised (Unicode NFKC; unless the options say otherwise, case folded,
// diacritics removed and punctuation turned into spaces; white space collapsed). Equal
// normalised values score stringExactScore. Otherwise the score is a weighted mean of three
// measures on the normalised values: Jaro–Winkler similarity of the whole strings (optionally
// with their tokens sorted), a token-set measure (Jaccard, Dice or overlap coefficient, where
// two tokens pair up when their Jaro–Winkler similarity reaches stringTokenFuzzyThreshold and
// contribute that similarity; values with over 10,000 token pairs pair equal tokens only), and
// Levenshtein similarity; a non-exact score never exceeds the
// exact score, and one below stringMinSimilarity is reported as 0. Two empty values are equal;
// an empty value against a non-empty one scores 0.
//
// A Matcher is immutable after New and safe for concurrent use.
package text

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"github.com/nomenhq/nomen/internal/strsim"
)

// MaxRunes is the longest value, in runes, that Compare accepts.
const MaxRunes = 2000

// ErrInput is wrapped by the errors of Compare for values that cannot be compared.
var ErrInput = errors.New("text matcher: bad input")

// Options are the string matcher's parameters.
type Options struct {
	CaseSensitive       bool    `param:"stringCaseSensitive" def:"false" applies:"rni_string" help:"Whether letter case is significant."`
	DiacriticsSensitive bool    `param:"stringDiacriticsSensitive" def:"false" applies:"rni_string" help:"Whether diacritics are significant (false: é matches e)."`
	IgnorePunctuation   bool    `param:"stringIgnorePunctuation" def:"true" applies:"rni_string" help:"Whether punctuation is treated as white space."`
	ExactScore          float64 `param:"stringExactScore" def:"1" min:"0" max:"1" applies:"rni_string" help:"Score of two values equal after normalisation; also the cap of any other score."`
	JaroWinklerWeight   float64 `param:"stringJaroWinklerWeight" def:"0.5" min:"0" max:"10" applies:"rni_string" help:"Weight of the Jaro-Winkler similarity of the whole values."`
	TokenWeight         float64 `param:"stringTokenWeight" def:"0.5" min:"0" max:"10" applies:"rni_string" help:"Weight of the token-set measure."`
	LevenshteinWeight   float64 `param:"stringLevenshteinWeight" def:"0" min:"0" max:"10" applies:"rni_string" help:"Weight of the Levenshtein similarity of the whole values."`
	TokenMeasure        string  `param:"stringTokenMeasure" def:"jaccard" enum:"jaccard|dice|overlap" applies:"rni_string" help:"Token-set measure: matched/union (jaccard), 2*matched/sum (dice) or matched/smaller set (overlap)."`
	TokenFuzzyThreshold float64 `param:"stringTokenFuzzyThreshold" def:"0.9" min:"0" max:"1" applies:"rni_string" help:"Jaro-Winkler similarity at which two different tokens still pair up in the token-set measure; 1 pairs equal tokens only."`
	SortTokens          bool    `param:"stringSortTokens" def:"false" applies:"rni_string" help:"Whether tokens are sorted before the whole-value Jaro-Winkler and Levenshtein measures, making them insensitive to word order."`
	MinSimilarity       float64 `param:"stringMinSimilarity" def:"0" min:"0" max:"1" applies:"rni_string" help:"Non-exact scores below this floor are reported as 0."`
}

// Result is the outcome of one comparison.
type Result struct {
	Score   float64 // similarity in [0, 1]
	Details string  // the component measures behind the score
}

// Matcher compares string values.
type Matcher struct {
	o Options
}

// New returns a Matcher using o; parameter ranges are validated by the caller's registry.
func New(o Options) *Matcher { return &Matcher{o: o} }

// Compare scores a against b. It fails on invalid UTF-8 or values over MaxRunes runes.
func (m *Matcher) Compare(a, b string) (Result, error) {
	for _, s := range [2]string{a, b} {
		if !utf8.ValidString(s) {
			return Result{}, fmt.Errorf("%w: invalid UTF-8", ErrInput)
		}
		if n := utf8.RuneCountInString(s); n > MaxRunes {
			return Result{}, fmt.Errorf("%w: value of %d runes, limit %d", ErrInput, n, MaxRunes)
		}
	}
	o := m.o
	na, nb := m.Normalize(a), m.Normalize(b)
	exact := clamp(o.ExactScore)
	if na == nb {
		return Result{Score: exact, Details: "exact after normalisation"}, nil
	}
	if na == "" || nb == "" {
		return Result{Score: 0, Details: "one value empty"}, nil
	}
	ta, tb := strings.Fields(na), strings.Fields(nb)
	wa, wb := na, nb
	if o.SortTokens {
		wa, wb = sortedJoin(ta), sortedJoin(tb)
	}
	var sum, wsum float64
	var parts []string
	if w := o.JaroWinklerWeight; w > 0 {
		s := strsim.JaroWinkler(wa, wb)
		sum, wsum = sum+w*s, wsum+w
		parts = append(parts, fmt.Sprintf("jaroWinkler=%.3f", s))
	}
	if w := o.TokenWeight; w > 0 {
		s := tokenSet(ta, tb, o.TokenFuzzyThreshold, o.TokenMeasure)
		sum, wsum = sum+w*s, wsum+w
		parts = append(parts, fmt.Sprintf("tokens(%s)=%.3f", o.TokenMeasure, s))
	}
	if w := o.LevenshteinWeight; w > 0 {
		s := strsim.LevenshteinSim(wa, wb)
		sum, wsum = sum+w*s, wsum+w
		parts = append(parts, fmt.Sprintf("levenshtein=%.3f", s))
	}
	score := 0.0
	if wsum > 0 {
		score = min(clamp(sum/wsum), exact)
	}
	details := strings.Join(parts, " ")
	if score < o.MinSimilarity {
		score = 0
		details += fmt.Sprintf(" (below floor %.3g)", o.MinSimilarity)
	}
	return Result{Score: score, Details: details}, nil
}

// Normalize returns s as Compare sees it under the matcher's options.
func (m *Matcher) Normalize(s string) string {
	s = norm.NFKC.String(s)
	if !m.o.DiacriticsSensitive {
		s = stripDiacritics(s)
	}
	var b strings.Builder
	b.Grow(len(s))
	space := true // drop leading spaces and collapse runs
	for _, r := range s {
		if unicode.IsSpace(r) || (m.o.IgnorePunctuation && (unicode.IsPunct(r) || unicode.IsSymbol(r))) {
			if !space {
				b.WriteByte(' ')
				space = true
			}
			continue
		}
		if !m.o.CaseSensitive {
			r = unicode.ToLower(r)
		}
		b.WriteRune(r)
		space = false
	}
	return strings.TrimSuffix(b.String(), " ")
}

// stripDiacritics removes combining marks after canonical decomposition and maps letters
// usually written without their stroke (ł, ø, đ) to the base letter; the result is NFC.
func stripDiacritics(s string) string {
	ascii := true
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			ascii = false
			break
		}
	}
	if ascii {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range norm.NFD.String(s) {
		if unicode.Is(unicode.Mn, r) {
			continue
		}
		switch r {
		case 'ł':
			r = 'l'
		case 'Ł':
			r = 'L'
		case 'ø':
			r = 'o'
		case 'Ø':
			r = 'O'
		case 'đ':
			r = 'd'
		case 'Đ':
			r = 'D'
		}
		b.WriteRune(r)
	}
	return norm.NFC.String(b.String())
}

func sortedJoin(toks []string) string {
	c := slices.Clone(toks)
	slices.Sort(c)
	return strings.Join(c, " ")
}

// tokenSet returns the token-set measure of two token lists (duplicates count once). Tokens
// pair greedily, best pairs first (ties by position), each token at most once; a pair scores
// its Jaro–Winkler similarity, 1 for equal tokens.
func tokenSet(ta, tb []string, threshold float64, measure string) float64 {
	ua, ub := dedup(ta), dedup(tb)
	if len(ua)*len(ub) > maxFuzzyPairs {
		threshold = 1 // exact tokens only: fuzzy pairing is quadratic
	}
	type pair struct {
		i, j int
		s    float64
	}
	var pairs []pair
	if threshold >= 1 {
		at := make(map[string]int, len(ub))
		for j, y := range ub {
			at[y] = j
		}
		for i, x := range ua {
			if j, ok := at[x]; ok {
				pairs = append(pairs, pair{i, j, 1})
			}
		}
	} else {
		for i, x := range ua {
			for j, y := range ub {
				s := 1.0
				if x != y {
					if s = strsim.JaroWinkler(x, y); s < threshold {
						continue
					}
				}
				pairs = append(pairs, pair{i, j, s})
			}
		}
	}
	slices.SortStableFunc(pairs, func(p, q pair) int {
		switch {
		case p.s > q.s:
			return -1
		case p.s < q.s:
			return 1
		}
		return 0
	})
	usedA := make([]bool, len(ua))
	usedB := make([]bool, len(ub))
	matched := 0.0
	for _, p := range pairs {
		if usedA[p.i] || usedB[p.j] {
			continue
		}
		usedA[p.i], usedB[p.j] = true, true
		matched += p.s
	}
	na, nb := float64(len(ua)), float64(len(ub))
	switch measure {
	case "dice":
		return 2 * matched / (na + nb)
	case "overlap":
		return matched / min(na, nb)
	}
	// Jaccard: a fuzzy pair counts as matched in the intersection, so the union shrinks by it.
	return matched / (na + nb - matched)
}

// maxFuzzyPairs bounds the token pairs compared by Jaro–Winkler in the token-set measure;
// longer values pair equal tokens only.
const maxFuzzyPairs = 10000

func dedup(toks []string) []string {
	out := make([]string, 0, len(toks))
	seen := make(map[string]bool, len(toks))
	for _, t := range toks {
		if !seen[t] {
			seen[t] = true
			out = append(out, t)
		}
	}
	return out
}

func clamp(s float64) float64 {
	if !(s >= 0) {
		return 0
	}
	return min(s, 1)
}
