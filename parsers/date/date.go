package date

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Pivot splits two-digit years: yy < Pivot is 20yy, yy >= Pivot is 19yy.
const Pivot = 30

// maxInput is the longest input, in bytes, that is parsed; longer strings are rejected.
const maxInput = 256

// Errors wrapped by every error of the package.
var (
	// ErrSyntax: the input is not a date in any supported style.
	ErrSyntax = errors.New("date: not a recognised date")
	// ErrInvalid: the input has the shape of a date, but no reading is a real date (Feb 30).
	ErrInvalid = errors.New("date: no such date")
	// ErrLayout: the format string is malformed or names unsupported fields.
	ErrLayout = errors.New("date: bad format")
)

// Date is a calendar date; a zero part is unknown. See the package doc for its invariants.
type Date struct {
	Year, Month, Day int
}

// Precision returns how many parts are known: 0 (zero Date), 1 (year), 2 (year-month) or 3.
func (d Date) Precision() int {
	switch {
	case d.Year == 0:
		return 0
	case d.Month == 0:
		return 1
	case d.Day == 0:
		return 2
	}
	return 3
}

// String writes d in ISO 8601 form at its precision: 2020-03-04, 2020-03 or 2020; "" for the
// zero Date.
func (d Date) String() string {
	switch d.Precision() {
	case 0:
		return ""
	case 1:
		return fmt.Sprintf("%04d", d.Year)
	case 2:
		return fmt.Sprintf("%04d-%02d", d.Year, d.Month)
	}
	return fmt.Sprintf("%04d-%02d-%02d", d.Year, d.Month, d.Day)
}

// Valid reports whether d satisfies the package invariants (a known year, a month known when
// the day is, ranges and the length of the month).
func (d Date) Valid() bool {
	if d.Year < 1 || d.Year > 9999 || d.Month < 0 || d.Month > 12 || d.Day < 0 {
		return false
	}
	if d.Month == 0 {
		return d.Day == 0
	}
	return d.Day <= DaysIn(d.Year, d.Month)
}

// DaysIn returns the number of days of month m (1..12) of year y, or 0 for a bad month.
func DaysIn(y, m int) int {
	switch m {
	case 1, 3, 5, 7, 8, 10, 12:
		return 31
	case 4, 6, 9, 11:
		return 30
	case 2:
		if y%4 == 0 && (y%100 != 0 || y%400 == 0) {
			return 29
		}
		return 28
	}
	return 0
}

// DayNumber returns the number of days from 0001-01-01 to the full date d (proleptic
// Gregorian); ok is false when d is not a valid full date.
func DayNumber(d Date) (n int, ok bool) {
	if !d.Valid() || d.Precision() != 3 {
		return 0, false
	}
	y := d.Year - 1
	n = y*365 + y/4 - y/100 + y/400
	for m := 1; m < d.Month; m++ {
		n += DaysIn(d.Year, m)
	}
	return n + d.Day - 1, true
}

// Parse reads s as a date. With format "" it accepts the styles listed in the package doc and
// returns the default reading of an ambiguous numeric date; otherwise format is a layout (see
// the package doc) that the whole input must follow.
func Parse(s, format string) (Date, error) {
	if format != "" {
		return parseLayout(s, format)
	}
	all, err := parseAll(s)
	if err != nil {
		return Date{}, err
	}
	return all[0].Date, nil
}

// ParseAll returns every valid reading of s in the free-form styles, the default reading
// first and without duplicates; nil when s is not a date.
func ParseAll(s string) []Date {
	rs, _ := parseAll(s)
	out := make([]Date, len(rs))
	for i, r := range rs {
		out[i] = r.Date
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// Order tells which day-month order a reading of an all-numeric date assumed.
type Order uint8

// The reading orders.
const (
	// Unordered: the form fixes the order (ISO, year first, a month name, a year-month).
	Unordered Order = iota
	// DayFirst: day, month, year (04.03.2020 as 4 March).
	DayFirst
	// MonthFirst: month, day, year (04/03/2020 as April 3).
	MonthFirst
)

// Reading is one valid interpretation of a free-form date.
type Reading struct {
	Date  Date
	Order Order
}

// Compatible reports whether two readings can come from one writing convention: either is
// Unordered, or both assume the same order. A matcher comparing two ambiguous dates should
// pair only compatible readings, so 04/03/2020 and 03/04/2020 are never read as one day.
func (r Reading) Compatible(o Reading) bool {
	return r.Order == Unordered || o.Order == Unordered || r.Order == o.Order
}

// Readings is ParseAll with the order each reading assumed; the error says why there is
// none. Readings whose order the input forces (13/04/2020 is DayFirst) keep that order.
func Readings(s string) ([]Reading, error) {
	return parseAll(s)
}

func one(d Date) []Reading { return []Reading{{d, Unordered}} }

// token kinds of the free-form parser.
const (
	tNum = iota + 1
	tMonth
)

type token struct {
	kind   int
	val    int  // number value or month 1..12
	digits int  // digit count of a number
	sep    rune // first punctuation rune before the token ('/', '.', '-', ','), 0 for none
}

func parseAll(s string) ([]Reading, error) {
	if len(s) > maxInput {
		return nil, fmt.Errorf("%w: input longer than %d bytes", ErrSyntax, maxInput)
	}
	if !utf8.ValidString(s) {
		return nil, fmt.Errorf("%w: invalid UTF-8", ErrSyntax)
	}
	f := strings.TrimSpace(fold(s))
	if len(f) > 1 && f[0] == '+' && f[1] >= '0' && f[1] <= '9' {
		f = f[1:] // ISO 8601 expanded year sign: +1952-03-11T00:00:00Z
	}
	f = stripISOTime(f)
	toks, err := tokenize(f)
	if err != nil {
		return nil, fmt.Errorf("%w: %q: %v", ErrSyntax, s, err)
	}
	cands, err := interpret(toks)
	if err != nil {
		return nil, fmt.Errorf("%w: %q: %v", ErrSyntax, s, err)
	}
	var out []Reading
	for _, c := range cands {
		if !c.Date.Valid() {
			continue
		}
		dup := false
		for i, o := range out {
			if o.Date == c.Date {
				dup = true
				if o.Order != c.Order {
					out[i].Order = Unordered // both orders read the same day
				}
			}
		}
		if !dup {
			out = append(out, c)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%w: %q", ErrInvalid, s)
	}
	return out, nil
}

// stripISOTime cuts a time of day from an ISO date-time: "2020-03-04t10:00:00z" (folded) or
// "2020-03-04 10:00".
func stripISOTime(f string) string {
	if len(f) < 16 || (f[10] != 't' && f[10] != ' ') {
		return f
	}
	for i, c := range []byte(f[:10]) {
		isDigit := c >= '0' && c <= '9'
		if (i == 4 || i == 7) != (c == '-') || (i != 4 && i != 7 && !isDigit) {
			return f
		}
	}
	t := f[11:]
	if len(t) >= 5 && isDigits(t[:2]) && t[2] == ':' && isDigits(t[3:5]) {
		return f[:10]
	}
	return f
}

func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// tokenize splits a folded string into numbers and month names, skipping filler words,
// ordinal suffixes, white space and punctuation.
func tokenize(f string) ([]token, error) {
	var toks []token
	var sep rune
	i := 0
	for i < len(f) {
		r, w := utf8.DecodeRuneInString(f[i:])
		switch {
		case r >= '0' && r <= '9':
			j := i
			for j < len(f) && f[j] >= '0' && f[j] <= '9' {
				j++
			}
			if j-i > 8 {
				return nil, fmt.Errorf("number %q too long", f[i:j])
			}
			v, _ := strconv.Atoi(f[i:j])
			toks = append(toks, token{kind: tNum, val: v, digits: j - i, sep: sep})
			sep = 0
			// An ordinal suffix glued to the number is dropped.
			k := j
			for k < len(f) {
				r2, w2 := utf8.DecodeRuneInString(f[k:])
				if !unicode.IsLetter(r2) {
					break
				}
				k += w2
			}
			if k > j {
				if !ordinalSuffixes[f[j:k]] {
					return nil, fmt.Errorf("unexpected %q after a number", f[j:k])
				}
			}
			i = k
		case unicode.IsLetter(r):
			j := i
			for j < len(f) {
				r2, w2 := utf8.DecodeRuneInString(f[j:])
				if !unicode.IsLetter(r2) {
					break
				}
				j += w2
			}
			word := f[i:j]
			if m, ok := monthIndex[word]; ok {
				toks = append(toks, token{kind: tMonth, val: m, sep: sep})
				sep = 0
			} else if fillerWords[word] || ordinalSuffixes[word] && len(toks) > 0 && toks[len(toks)-1].kind == tNum {
				// skipped
			} else if m := lookupMonth(word); m != 0 {
				toks = append(toks, token{kind: tMonth, val: m, sep: sep})
				sep = 0
			} else {
				return nil, fmt.Errorf("unknown word %q", word)
			}
			i = j
		case unicode.IsSpace(r):
			i += w
		case unicode.IsPunct(r) || r == '°':
			if sep == 0 && r != '\'' {
				sep = r
			}
			i += w
		default:
			return nil, fmt.Errorf("unexpected character %q", r)
		}
	}
	if len(toks) == 0 {
		return nil, errors.New("no date parts")
	}
	return toks, nil
}

// expandYear turns a number into a year: two-digit numbers pivot on Pivot.
func expandYear(t token) int {
	if t.digits <= 2 {
		if t.val < Pivot {
			return 2000 + t.val
		}
		return 1900 + t.val
	}
	return t.val
}

// yearLike reports whether a number can only be a year: three or more digits or above 31.
func yearLike(t token) bool { return t.digits >= 3 || t.val > 31 }

// interpret returns the candidate readings of a token list, the default first; they are
// validated by the caller.
func interpret(toks []token) ([]Reading, error) {
	var nums []token
	month, monthPos := 0, -1
	for i, t := range toks {
		switch t.kind {
		case tNum:
			nums = append(nums, t)
		case tMonth:
			if month != 0 {
				return nil, errors.New("two month names")
			}
			month, monthPos = t.val, i
		}
	}
	if month != 0 {
		return withMonthName(toks, nums, month, monthPos)
	}
	switch len(nums) {
	case 1:
		return single(nums[0])
	case 2:
		a, b := nums[0], nums[1]
		switch {
		case a.digits >= 3 && b.digits <= 2:
			return one(Date{a.val, b.val, 0}), nil
		case b.digits >= 3 && a.digits <= 2:
			return one(Date{b.val, a.val, 0}), nil
		}
		return nil, errors.New("two numbers without a four-digit year")
	case 3:
		a, b, c := nums[0], nums[1], nums[2]
		if a.digits >= 3 {
			if b.digits > 2 || c.digits > 2 {
				return nil, errors.New("year-first date with a long month or day")
			}
			return one(Date{a.val, b.val, c.val}), nil
		}
		if a.digits > 2 || b.digits > 2 || (c.digits != 2 && c.digits != 4) {
			return nil, errors.New("day or month longer than two digits, or a year not of two or four")
		}
		y := expandYear(c)
		dmy := Reading{Date{y, b.val, a.val}, DayFirst}
		mdy := Reading{Date{y, a.val, b.val}, MonthFirst}
		if nums[1].sep == '/' {
			return []Reading{mdy, dmy}, nil
		}
		return []Reading{dmy, mdy}, nil
	}
	return nil, fmt.Errorf("%d numbers", len(nums))
}

// single reads one number alone: yyyyMMdd (or ddMMyyyy, MMddyyyy when that is not valid),
// yyyyMM or yyyy.
func single(t token) ([]Reading, error) {
	v := t.val
	switch t.digits {
	case 8:
		if iso := (Date{v / 10000, v / 100 % 100, v % 100}); iso.Valid() {
			return one(iso), nil
		}
		return []Reading{
			{Date{v % 10000, v / 10000 % 100, v / 1000000}, DayFirst},
			{Date{v % 10000, v / 1000000, v / 10000 % 100}, MonthFirst},
		}, nil
	case 6:
		return one(Date{v / 100, v % 100, 0}), nil
	case 4:
		return one(Date{v, 0, 0}), nil
	}
	return nil, fmt.Errorf("lone number of %d digits", t.digits)
}

// withMonthName reads dates with a textual month and one or two numbers.
func withMonthName(toks, nums []token, month, monthPos int) ([]Reading, error) {
	switch len(nums) {
	case 1:
		if !yearLike(nums[0]) {
			return nil, errors.New("day and month without a year")
		}
		return one(Date{expandYear(nums[0]), month, 0}), nil
	case 2:
		a, b := nums[0], nums[1]
		switch {
		case yearLike(a) && yearLike(b):
			return nil, errors.New("two years")
		case yearLike(a):
			return one(Date{expandYear(a), month, dayOf(b)}), nil
		case yearLike(b):
			return one(Date{expandYear(b), month, dayOf(a)}), nil
		}
		// Two small numbers: the one nearer the month name is the day ("March 4, 20",
		// "4 March 20").
		if monthPos == len(toks)-1 {
			return nil, errors.New("month name after two short numbers")
		}
		return one(Date{expandYear(b), month, dayOf(a)}), nil
	}
	return nil, fmt.Errorf("month name with %d numbers", len(nums))
}

// dayOf returns a day number, or -1 (invalid) when it has more than two digits.
func dayOf(t token) int {
	if t.digits > 2 {
		return -1
	}
	return t.val
}
