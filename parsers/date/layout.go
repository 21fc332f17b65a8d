package date

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// layout element kinds.
const (
	eLiteral = iota
	eSpace
	eYear4
	eYear2
	eMonth    // one or two digits
	eMonthTxt // a month name
	eDay      // one or two digits
)

type elem struct {
	kind int
	lit  string // eLiteral: folded text
}

// compileLayout splits a layout into elements; see the package doc for its syntax.
func compileLayout(format string) ([]elem, error) {
	if len(format) > maxInput || !utf8.ValidString(format) {
		return nil, fmt.Errorf("%w: %q: too long or not UTF-8", ErrLayout, format)
	}
	var out []elem
	var have [7]bool
	for i := 0; i < len(format); {
		r, w := utf8.DecodeRuneInString(format[i:])
		if unicode.IsLetter(r) {
			j := i + w
			for j < len(format) && format[j] == format[i] {
				j++
			}
			n := j - i
			var k int
			switch unicode.ToLower(r) {
			case 'y':
				switch n {
				case 4:
					k = eYear4
				case 2:
					k = eYear2
				default:
					return nil, fmt.Errorf("%w: %q: year must be yyyy or yy", ErrLayout, format)
				}
			case 'm':
				k = eMonth
				if n >= 3 {
					k = eMonthTxt
				}
			case 'd':
				if n > 2 {
					return nil, fmt.Errorf("%w: %q: day must be dd or d", ErrLayout, format)
				}
				k = eDay
			default:
				return nil, fmt.Errorf("%w: %q: unsupported field %q", ErrLayout, format, format[i:j])
			}
			if have[k] || (k == eYear2 && have[eYear4]) || (k == eYear4 && have[eYear2]) ||
				(k == eMonth && have[eMonthTxt]) || (k == eMonthTxt && have[eMonth]) {
				return nil, fmt.Errorf("%w: %q: field %q repeated", ErrLayout, format, format[i:j])
			}
			have[k] = true
			out = append(out, elem{kind: k})
			i = j
			continue
		}
		if unicode.IsSpace(r) {
			for i < len(format) {
				r2, w2 := utf8.DecodeRuneInString(format[i:])
				if !unicode.IsSpace(r2) {
					break
				}
				i += w2
			}
			out = append(out, elem{kind: eSpace})
			continue
		}
		out = append(out, elem{kind: eLiteral, lit: fold(string(r))})
		i += w
	}
	if !have[eYear4] && !have[eYear2] {
		return nil, fmt.Errorf("%w: %q: no year field", ErrLayout, format)
	}
	if have[eDay] && !have[eMonth] && !have[eMonthTxt] {
		return nil, fmt.Errorf("%w: %q: day without month", ErrLayout, format)
	}
	return out, nil
}

// parseLayout reads s by the layout format.
func parseLayout(s, format string) (Date, error) {
	els, err := compileLayout(format)
	if err != nil {
		return Date{}, err
	}
	if len(s) > maxInput || !utf8.ValidString(s) {
		return Date{}, fmt.Errorf("%w: input too long or not UTF-8", ErrSyntax)
	}
	in := strings.TrimSpace(fold(s))
	var d Date
	pos := 0
	fail := func(why string) (Date, error) {
		return Date{}, fmt.Errorf("%w: %q does not follow %q at byte %d: %s", ErrSyntax, s, format, pos, why)
	}
	for ei, e := range els {
		switch e.kind {
		case eLiteral:
			if !strings.HasPrefix(in[pos:], e.lit) {
				return fail("expected " + strconv.Quote(e.lit))
			}
			pos += len(e.lit)
		case eSpace:
			n := 0
			for pos < len(in) {
				r, w := utf8.DecodeRuneInString(in[pos:])
				if !unicode.IsSpace(r) {
					break
				}
				pos += w
				n++
			}
			if n == 0 {
				return fail("expected white space")
			}
		case eMonthTxt:
			j := pos
			for j < len(in) {
				r, w := utf8.DecodeRuneInString(in[j:])
				if !unicode.IsLetter(r) {
					break
				}
				j += w
			}
			m := lookupMonth(in[pos:j])
			if m == 0 {
				return fail("expected a month name")
			}
			d.Month = m
			pos = j
			// An abbreviation's dot is optional unless the layout spells it.
			if pos < len(in) && in[pos] == '.' && (ei+1 >= len(els) || els[ei+1].lit != ".") {
				pos++
			}
		default:
			lo, hi := 1, 2
			switch e.kind {
			case eYear4:
				lo, hi = 4, 4
			case eYear2:
				lo, hi = 2, 2
			}
			j := pos
			for j < len(in) && j-pos < hi && in[j] >= '0' && in[j] <= '9' {
				j++
			}
			if j-pos < lo {
				return fail(fmt.Sprintf("expected %d to %d digits", lo, hi))
			}
			v, _ := strconv.Atoi(in[pos:j])
			pos = j
			switch e.kind {
			case eYear4:
				d.Year = v
			case eYear2:
				d.Year = expandYear(token{val: v, digits: 2})
			case eMonth:
				d.Month = v
			case eDay:
				d.Day = v
			}
		}
	}
	if pos != len(in) {
		return fail("unexpected trailing text")
	}
	if !d.Valid() {
		return Date{}, fmt.Errorf("%w: %q read as year %d, month %d, day %d", ErrInvalid, s, d.Year, d.Month, d.Day)
	}
	return d, nil
}

// Format writes d by a layout (see the package doc); MMM writes the English abbreviation. It
// fails when the layout is malformed, needs a part d lacks, or has yy for a year that does not
// read back to itself under Pivot.
func Format(d Date, format string) (string, error) {
	if !d.Valid() {
		return "", fmt.Errorf("%w: %+v is not a valid date", ErrInvalid, d)
	}
	els, err := compileLayout(format)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	for _, e := range els {
		switch e.kind {
		case eLiteral:
			b.WriteString(e.lit)
		case eSpace:
			b.WriteByte(' ')
		case eYear4:
			fmt.Fprintf(&b, "%04d", d.Year)
		case eYear2:
			if expandYear(token{val: d.Year % 100, digits: 2}) != d.Year {
				return "", fmt.Errorf("%w: year %d cannot be written as yy", ErrLayout, d.Year)
			}
			fmt.Fprintf(&b, "%02d", d.Year%100)
		case eMonth, eMonthTxt:
			if d.Month == 0 {
				return "", fmt.Errorf("%w: %q needs a month the date lacks", ErrLayout, format)
			}
			if e.kind == eMonthTxt {
				b.WriteString(englishAbbrev[d.Month-1])
			} else {
				fmt.Fprintf(&b, "%02d", d.Month)
			}
		case eDay:
			if d.Day == 0 {
				return "", fmt.Errorf("%w: %q needs a day the date lacks", ErrLayout, format)
			}
			fmt.Fprintf(&b, "%02d", d.Day)
		}
	}
	return b.String(), nil
}
