// Package boolean scores the agreement of two boolean field values.
//
// Parse accepts, case- and diacritics-insensitively: true/false, t/f, yes/no, y/n, 1/0,
// on/off, and the words for yes/no and true/false in German (ja, nein, wahr, falsch), French
// (oui, non, vrai, faux), Spanish (sí, verdadero, falso), Italian (sì, vero, falso), Portuguese
// (sim, não, verdadeiro, falso), Dutch (ja, nee, waar, onwaar), Swedish (ja, nej, sant,
// falskt), Polish (tak, nie, prawda, fałsz) and Russian (да, нет, истина, ложь). Any other
// value is an error. Equal values score booleanMatchScore, different ones
// booleanMismatchScore.
//
// A Matcher is immutable after New and safe for concurrent use.
package boolean

import (
	"errors"
	"fmt"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// ErrSyntax is wrapped by every parse error.
var ErrSyntax = errors.New("boolean: not a boolean")

// words maps a folded spelling to its value.
var words = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range []string{"true", "t", "yes", "y", "1", "on", "ja", "wahr", "oui", "vrai", "si", "sí", "sì", "verdadero", "vero", "sim", "verdadeiro", "waar", "sant", "tak", "prawda", "да", "истина"} {
		m[fold(w)] = true
	}
	for _, w := range []string{"false", "f", "no", "n", "0", "off", "nein", "falsch", "non", "faux", "falso", "não", "nao", "nee", "onwaar", "nej", "falskt", "falsk", "nie", "fałsz", "нет", "ложь"} {
		m[fold(w)] = false
	}
	return m
}()

// Options are the boolean matcher's parameters.
type Options struct {
	MatchScore    float64 `param:"booleanMatchScore" def:"1" min:"0" max:"1" applies:"rni_boolean" help:"Score of two equal boolean values."`
	MismatchScore float64 `param:"booleanMismatchScore" def:"0" min:"0" max:"1" applies:"rni_boolean" help:"Score of two different boolean values."`
}

// Result is the outcome of one comparison.
type Result struct {
	Score   float64 // similarity in [0, 1]
	Details string  // the parsed values
}

// Matcher compares boolean values.
type Matcher struct {
	o Options
}

// New returns a Matcher using o; parameter ranges are validated by the caller's registry.
func New(o Options) *Matcher { return &Matcher{o: o} }

// Compare scores the booleans a and b; it fails when either is not a boolean.
func (m *Matcher) Compare(a, b string) (Result, error) {
	x, err := Parse(a)
	if err != nil {
		return Result{}, fmt.Errorf("boolean matcher: left value: %w", err)
	}
	y, err := Parse(b)
	if err != nil {
		return Result{}, fmt.Errorf("boolean matcher: right value: %w", err)
	}
	if x == y {
		return Result{Score: clamp(m.o.MatchScore), Details: fmt.Sprintf("match: %v", x)}, nil
	}
	return Result{Score: clamp(m.o.MismatchScore), Details: fmt.Sprintf("mismatch: %v vs %v", x, y)}, nil
}

// Parse reads a boolean word (see the package doc).
func Parse(s string) (bool, error) {
	if len(s) > 64 {
		return false, fmt.Errorf("%w: value of %d bytes", ErrSyntax, len(s))
	}
	v, ok := words[fold(strings.TrimSpace(s))]
	if !ok {
		return false, fmt.Errorf("%w: %q", ErrSyntax, s)
	}
	return v, nil
}

// fold lowercases s and removes diacritics (ł → l by hand).
func fold(s string) string {
	var b strings.Builder
	for _, r := range norm.NFD.String(s) {
		if unicode.Is(unicode.Mn, r) {
			continue
		}
		r = unicode.ToLower(r)
		if r == 'ł' {
			r = 'l'
		}
		b.WriteRune(r)
	}
	return b.String()
}

func clamp(s float64) float64 {
	if !(s >= 0) {
		return 0
	}
	return min(s, 1)
}
