// Package number scores the closeness of two numeric field values in [0, 1].
//
// Values are parsed by Parse, which accepts an optional sign, digit grouping with commas,
// dots, spaces or apostrophes ("1,234.5", "1.234,5", "1 234,5", "1'234.5"), a decimal comma or
// dot, and scientific notation ("1.5e3"); anything else is an error. A lone separator followed
// by exactly three digits ("1,234", "1.234") is ambiguous and is read by
// numberAmbiguousSeparator.
//
// Equal values score numberExactScore. Values whose distance d is within the tolerance
// t = max(numberAbsTolerance, numberRelTolerance × max(|a|, |b|)) score linearly from the
// exact score (d = 0) down to numberToleranceEdgeScore (d = t); values further apart score
// numberMismatchScore.
//
// A Matcher is immutable after New and safe for concurrent use.
package number

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"
)

// ErrSyntax is wrapped by every parse error.
var ErrSyntax = errors.New("number: not a number")

// maxInput is the longest value, in bytes, that Parse accepts.
const maxInput = 100

// Options are the number matcher's parameters.
type Options struct {
	ExactScore         float64 `param:"numberExactScore" def:"1" min:"0" max:"1" applies:"rni_number" help:"Score of two equal numbers."`
	AbsTolerance       float64 `param:"numberAbsTolerance" def:"0" min:"0" max:"1e15" applies:"rni_number" help:"Absolute distance within which two numbers still count as close."`
	RelTolerance       float64 `param:"numberRelTolerance" def:"0.01" min:"0" max:"1" applies:"rni_number" help:"Distance, as a fraction of the larger magnitude, within which two numbers still count as close."`
	ToleranceEdgeScore float64 `param:"numberToleranceEdgeScore" def:"0.5" min:"0" max:"1" applies:"rni_number" help:"Score of two numbers exactly at the tolerance; closer pairs score linearly more, up to the exact score."`
	MismatchScore      float64 `param:"numberMismatchScore" def:"0" min:"0" max:"1" applies:"rni_number" help:"Score of two numbers further apart than the tolerance."`
	AmbiguousSeparator string  `param:"numberAmbiguousSeparator" def:"dot-decimal" enum:"dot-decimal|comma-decimal" applies:"rni_number" help:"Reading of a lone separator before exactly three digits: dot-decimal reads 1,234 as 1234 and 1.234 as 1.234; comma-decimal the reverse."`
}

// Result is the outcome of one comparison.
type Result struct {
	Score   float64 // similarity in [0, 1]
	Details string  // the parsed values and the relation that gave the score
}

// Matcher compares numeric values.
type Matcher struct {
	o Options
}

// New returns a Matcher using o; parameter ranges are validated by the caller's registry.
func New(o Options) *Matcher { return &Matcher{o: o} }

// Compare scores the numbers a and b; it fails when either is not a number.
func (m *Matcher) Compare(a, b string) (Result, error) {
	comma := m.o.AmbiguousSeparator == "comma-decimal"
	x, err := Parse(a, comma)
	if err != nil {
		return Result{}, fmt.Errorf("number matcher: left value: %w", err)
	}
	y, err := Parse(b, comma)
	if err != nil {
		return Result{}, fmt.Errorf("number matcher: right value: %w", err)
	}
	o := m.o
	exact := clamp(o.ExactScore)
	if x == y {
		return Result{Score: exact, Details: fmt.Sprintf("equal: %g", x)}, nil
	}
	d := math.Abs(x - y)
	tol := max(o.AbsTolerance, o.RelTolerance*max(math.Abs(x), math.Abs(y)))
	if tol > 0 && d <= tol {
		edge := clamp(o.ToleranceEdgeScore)
		s := exact - (exact-edge)*d/tol
		return Result{Score: clamp(s), Details: fmt.Sprintf("within tolerance: %g vs %g, distance %g of %g", x, y, d, tol)}, nil
	}
	return Result{Score: clamp(o.MismatchScore), Details: fmt.Sprintf("mismatch: %g vs %g, distance %g beyond tolerance %g", x, y, d, tol)}, nil
}

// Parse reads a number written with optional grouping and a decimal dot or comma (see the
// package doc); commaDecimal selects the reading of a lone separator before exactly three
// digits. The result is finite.
func Parse(s string, commaDecimal bool) (float64, error) {
	orig := s
	fail := func(why string) (float64, error) {
		return 0, fmt.Errorf("%w: %q: %s", ErrSyntax, orig, why)
	}
	if len(s) > maxInput || !utf8.ValidString(s) {
		return fail("too long or not UTF-8")
	}
	s = strings.TrimSpace(s)
	neg := false
	switch {
	case strings.HasPrefix(s, "-"), strings.HasPrefix(s, "+"):
		neg = s[0] == '-'
		s = s[1:]
	case strings.HasPrefix(s, "−"): // U+2212 minus sign
		neg = true
		s = s[len("−"):]
	}
	if s == "" {
		return fail("no digits")
	}
	// Scientific notation: plain digits and a dot only.
	if i := strings.IndexAny(s, "eE"); i >= 0 {
		for _, r := range s {
			if !(r >= '0' && r <= '9' || r == '.' || r == 'e' || r == 'E' || r == '+' || r == '-') {
				return fail("unexpected character in scientific notation")
			}
		}
		if i == 0 || !hasDigit(s[:i]) {
			return fail("no mantissa digits")
		}
		v, err := strconv.ParseFloat(s, 64)
		if err != nil || math.IsInf(v, 0) || math.IsNaN(v) {
			return fail("bad scientific notation")
		}
		if neg {
			v = -v
		}
		return v, nil
	}
	// Classify characters; spaces and apostrophes group digits.
	var b strings.Builder
	lastDot, lastComma, dots, commas := -1, -1, 0, 0
	for i, r := range s {
		switch {
		case r >= '0' && r <= '9':
			b.WriteRune(r)
		case r == '.':
			dots++
			lastDot = b.Len()
			b.WriteByte('.')
		case r == ',':
			commas++
			lastComma = b.Len()
			b.WriteByte(',')
		case r == ' ' || r == '\u00a0' || r == '\u202f' || r == '\u2009' || r == '\'' || r == '’':
			b.WriteByte('_')
		default:
			return fail(fmt.Sprintf("unexpected %q at byte %d", r, i))
		}
	}
	body := b.String()
	// Choose the decimal separator: -1 for none.
	dec := -1
	switch {
	case dots > 0 && commas > 0:
		dec = max(lastDot, lastComma)
	case dots == 1 || commas == 1:
		pos := max(lastDot, lastComma)
		before, after := body[:pos], body[pos+1:]
		ambiguous := len(after) == 3 && isAllDigits(after) &&
			len(before) >= 1 && len(before) <= 3 && isAllDigits(before) && before[0] != '0'
		isComma := body[pos] == ','
		if !ambiguous || isComma == commaDecimal {
			dec = pos
		}
	}
	intPart, frac := body, ""
	if dec >= 0 {
		intPart, frac = body[:dec], body[dec+1:]
		if !isAllDigits(frac) && frac != "" {
			return fail("separator in the fractional part")
		}
	}
	// The integer part: digits in groups split by one separator kind (plus spaces).
	groups := strings.FieldsFunc(intPart, func(r rune) bool { return r == '.' || r == ',' || r == '_' })
	if strings.Count(intPart, ".")+strings.Count(intPart, ",")+strings.Count(intPart, "_") != max(len(groups)-1, 0) ||
		strings.HasPrefix(intPart, "_") || strings.HasSuffix(intPart, "_") {
		return fail("misplaced separator")
	}
	if strings.Contains(intPart, ".") && strings.Contains(intPart, ",") {
		return fail("mixed grouping separators")
	}
	for i, g := range groups {
		if (i > 0 && len(g) != 3) || (i == 0 && len(groups) > 1 && len(g) > 3) {
			return fail("digit groups must have three digits")
		}
	}
	digits := strings.Join(groups, "")
	if digits == "" && frac == "" {
		return fail("no digits")
	}
	if digits == "" {
		digits = "0"
	}
	if frac != "" {
		digits += "." + frac
	}
	v, err := strconv.ParseFloat(digits, 64)
	if err != nil || math.IsInf(v, 0) {
		return fail("out of range")
	}
	if neg {
		v = -v
	}
	return v, nil
}

func isAllDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

func hasDigit(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= '0' && s[i] <= '9' {
			return true
		}
	}
	return false
}

func clamp(s float64) float64 {
	if !(s >= 0) {
		return 0
	}
	return min(s, 1)
}
