package patterns

import (
	"regexp"
	"strings"

	"github.com/nomenhq/nomen/analyzers/entities/span"
)

const (
	confCC      = 0.95
	confSSN     = 0.85
	confSSNKey  = 0.95
	confNINO    = 0.9
	confDNI     = 0.95
	confINSEE   = 0.95
	confCPF     = 0.95
	confCNID    = 0.95
	confCodFisc = 0.97
)

var (
	reCC = regexp.MustCompile(`\b\d(?:[ \-]?\d){12,18}\b`)

	reSSN      = regexp.MustCompile(`\b(\d{3})([- ])(\d{2})[- ](\d{4})\b`)
	reSSNPlain = regexp.MustCompile(`\b\d{9}\b`)
	reNINO     = regexp.MustCompile(`\b([A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z]) ?(\d{2}) ?(\d{2}) ?(\d{2}) ?([A-D])\b`)
	reDNI      = regexp.MustCompile(`\b(?:([XYZ])-?(\d{7})|(\d{8}))-?([A-Z])\b`)
	reINSEE    = regexp.MustCompile(`\b([12]) ?(\d{2}) ?(\d{2}) ?(\d{2}|2[AB]) ?(\d{3}) ?(\d{3}) ?(\d{2})\b`)
	reCPF      = regexp.MustCompile(`\b\d{3}\.\d{3}\.\d{3}-\d{2}\b`)
	reCNID     = regexp.MustCompile(`\b\d{17}[\dXx]\b`)
	reCodFisc  = regexp.MustCompile(`\b[A-Z]{6}\d{2}[ABCDEHLMPRST]\d{2}[A-Z]\d{3}[A-Z]\b`)
)

var ssnWords = []string{"ssn", "social security", "soc. sec", "ss#"}

func findCC(sc *scan) {
	if !sc.digit {
		return
	}
	var hits []window
	digitRuns(sc.text, func(s, e int) {
		if groupedNumber(sc.text, s, e, 13) {
			hits = append(hits, window{s, e})
		}
	})
	eachWindow(reCC, sc.text, windows(sc.text, hits, 4, 48), func(m []int) bool {
		s, e := m[0], m[1]
		if !numBounded(sc.text, s, e) {
			return false
		}
		if ccValid(sc.text[s:e]) {
			sc.add(s, e, span.CC, confCC)
			return true
		}
		return false
	})
}

// ccValid checks the grouping, the issuer prefix and length, and the Luhn digit of a
// payment card number.
func ccValid(t string) bool {
	hasSpace, hasDash := strings.Contains(t, " "), strings.Contains(t, "-")
	if hasSpace && hasDash {
		return false
	}
	d := digitsOf(t)
	if hasSpace || hasDash {
		var shape []int
		for _, g := range strings.FieldsFunc(t, func(r rune) bool { return r == ' ' || r == '-' }) {
			shape = append(shape, len(g))
		}
		ok := len(shape) == 3 && shape[0] == 4 && shape[1] == 6 && (shape[2] == 5 || shape[2] == 4)
		if !ok && len(shape) >= 3 {
			ok = true
			for i, l := range shape {
				if l != 4 && !(i == len(shape)-1 && l >= 1 && l <= 4) {
					ok = false
				}
			}
		}
		if !ok {
			return false
		}
	}
	if !issuerOK(d) || !luhn(d) {
		return false
	}
	return strings.Count(d, d[:1]) != len(d)
}

// issuerOK checks the issuer identification number against the card length.
func issuerOK(d string) bool {
	n := len(d)
	p2, p3, p4 := atoi(d[:2]), atoi(d[:3]), atoi(d[:4])
	switch {
	case d[0] == '4':
		return n == 13 || n == 16 || n == 19
	case p2 >= 51 && p2 <= 55, p4 >= 2221 && p4 <= 2720:
		return n == 16
	case p2 == 34 || p2 == 37:
		return n == 15
	case p4 >= 2200 && p4 <= 2204: // Mir
		return n >= 16 && n <= 19
	case p4 == 6011 || p3 >= 644 && p3 <= 649 || p2 == 65:
		return n >= 16 && n <= 19
	case p2 == 62: // UnionPay
		return n >= 16 && n <= 19
	case p3 >= 300 && p3 <= 305 || p2 == 36 || p2 == 38 || p2 == 39:
		return n >= 14 && n <= 19
	case p4 >= 3528 && p4 <= 3589:
		return n >= 16 && n <= 19
	case p2 == 50 || p2 >= 56 && p2 <= 58 || p2 == 63 || p2 == 67: // Maestro
		return n >= 13 && n <= 19
	case p2 == 60 || p2 == 81 || p2 == 82: // RuPay
		return n == 16
	}
	return false
}

// luhn reports whether the digit string passes the Luhn mod-10 check.
func luhn(d string) bool {
	sum := 0
	for i := 0; i < len(d); i++ {
		v := int(d[len(d)-1-i] - '0')
		if i%2 == 1 {
			v *= 2
			if v > 9 {
				v -= 9
			}
		}
		sum += v
	}
	return sum%10 == 0
}

func findPersID(sc *scan) {
	if !sc.digit {
		return
	}
	t := sc.text
	ws := idWindows(t)
	if len(ws) == 0 {
		return
	}
	eachWindow(reSSN, t, ws, func(m []int) bool {
		s, e := m[0], m[1]
		if !numBounded(t, s, e) || !ssnValid(sub(t, m, 1), sub(t, m, 3), sub(t, m, 4)) {
			return false
		}
		key := hasKeyword(t, s, 32, ssnWords)
		switch {
		case key:
			sc.add(s, e, span.PERID, confSSNKey)
		case sub(t, m, 2) == "-":
			sc.add(s, e, span.PERID, confSSN)
		default:
			return false
		}
		return true
	})
	eachWindow(reSSNPlain, t, ws, func(m []int) bool {
		s, e := m[0], m[1]
		d := t[s:e]
		if !numBounded(t, s, e) || !hasKeyword(t, s, 24, ssnWords) || !ssnValid(d[:3], d[3:5], d[5:]) {
			return false
		}
		sc.add(s, e, span.PERID, confSSNKey)
		return true
	})
	eachWindow(reNINO, t, ws, func(m []int) bool {
		switch sub(t, m, 1) {
		case "BG", "GB", "KN", "NK", "NT", "TN", "ZZ":
			return false
		}
		// Either all five parts are spaced or none is.
		if sp := strings.Count(t[m[0]:m[1]], " "); sp != 0 && sp != 4 {
			return false
		}
		sc.add(m[0], m[1], span.PERID, confNINO)
		return true
	})
	eachWindow(reDNI, t, ws, func(m []int) bool {
		num := sub(t, m, 3)
		if x := sub(t, m, 1); x != "" {
			num = string(rune('0'+strings.IndexByte("XYZ", x[0]))) + sub(t, m, 2)
		}
		if dniLetters[atoi(num)%23] != sub(t, m, 4)[0] {
			return false
		}
		sc.add(m[0], m[1], span.PERID, confDNI)
		return true
	})
	eachWindow(reINSEE, t, ws, func(m []int) bool {
		if !numBounded(t, m[0], m[1]) {
			return false
		}
		if sp := strings.Count(t[m[0]:m[1]], " "); sp != 0 && sp != 6 {
			return false
		}
		mo := atoi(sub(t, m, 3))
		if mo == 0 || mo > 12 && mo < 20 {
			return false
		}
		dept := sub(t, m, 4)
		body := sub(t, m, 1) + sub(t, m, 2) + sub(t, m, 3)
		switch dept {
		case "2A":
			body += "19"
		case "2B":
			body += "18"
		default:
			body += dept
		}
		body += sub(t, m, 5) + sub(t, m, 6)
		if 97-atoi(body)%97 != atoi(sub(t, m, 7)) {
			return false
		}
		sc.add(m[0], m[1], span.PERID, confINSEE)
		return true
	})
	eachWindow(reCPF, t, ws, func(m []int) bool {
		if !numBounded(t, m[0], m[1]) || !cpfValid(digitsOf(t[m[0]:m[1]])) {
			return false
		}
		sc.add(m[0], m[1], span.PERID, confCPF)
		return true
	})
	eachWindow(reCNID, t, ws, func(m []int) bool {
		if !numBounded(t, m[0], m[1]) || !cnIDValid(t[m[0]:m[1]]) {
			return false
		}
		sc.add(m[0], m[1], span.PERID, confCNID)
		return true
	})
	eachWindow(reCodFisc, t, ws, func(m []int) bool {
		if !codFiscValid(t[m[0]:m[1]]) {
			return false
		}
		sc.add(m[0], m[1], span.PERID, confCodFisc)
		return true
	})
}

// idWindows returns the stretches of t around the digit runs that may belong to a
// personal id: three digits and a dash or space (SSN), three digits and a full stop
// (CPF), two or six digits after a capital letter (NINO, codice fiscale), one digit and
// a space (INSEE), or runs of 7, 8, 9, 13, 15, 17 or 18 digits.
func idWindows(t string) []window {
	var hits []window
	for i := 0; i < len(t); {
		if !isDigit(rune(t[i])) {
			i++
			continue
		}
		j := i
		for j < len(t) && isDigit(rune(t[j])) {
			j++
		}
		var next byte
		if j < len(t) {
			next = t[j]
		}
		prevUpper := i > 0 && t[i-1] >= 'A' && t[i-1] <= 'Z' || i > 1 && t[i-1] == ' ' && t[i-2] >= 'A' && t[i-2] <= 'Z'
		switch n := j - i; {
		case n == 3 && (next == '-' || next == ' ' || next == '.'),
			(n == 2 || n == 6) && prevUpper,
			n == 1 && next == ' ' && (t[i] == '1' || t[i] == '2'),
			n == 7 || n == 8 || n == 9 || n == 13 || n == 15 || n == 17 || n == 18:
			hits = append(hits, window{i, j})
		}
		i = j
	}
	return windows(t, hits, 12, 40)
}

const dniLetters = "TRWAGMYFPDXBNJZSQVHLCKE"

// ssnValid applies the Social Security Administration's never-issued ranges: area 000,
// 666 and 900-999, group 00, serial 0000, and the two numbers published in
// advertisements (078-05-1120, 219-09-9999).
func ssnValid(area, group, serial string) bool {
	a := atoi(area)
	if a == 0 || a == 666 || a >= 900 || group == "00" || serial == "0000" {
		return false
	}
	full := area + group + serial
	return full != "078051120" && full != "219099999"
}

// cpfValid checks the two mod-11 check digits of a Brazilian CPF.
func cpfValid(d string) bool {
	if len(d) != 11 || strings.Count(d, d[:1]) == 11 {
		return false
	}
	for k := 9; k <= 10; k++ {
		sum := 0
		for i := 0; i < k; i++ {
			sum += int(d[i]-'0') * (k + 1 - i)
		}
		r := sum * 10 % 11
		if r == 10 {
			r = 0
		}
		if r != int(d[k]-'0') {
			return false
		}
	}
	return true
}

// cnIDValid checks the birth date and the ISO 7064 MOD 11-2 check character of an
// 18-character Chinese resident identity card number.
func cnIDValid(t string) bool {
	y, mo, d := atoi(t[6:10]), atoi(t[10:12]), atoi(t[12:14])
	if y < 1900 || y > 2100 || !validDay(y, mo, d) {
		return false
	}
	weights := [17]int{7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2}
	sum := 0
	for i, w := range weights {
		sum += int(t[i]-'0') * w
	}
	want := "10X98765432"[sum%11]
	got := t[17]
	if got == 'x' {
		got = 'X'
	}
	return got == want
}

// codFiscValid checks the check letter of an Italian codice fiscale.
func codFiscValid(t string) bool {
	odd := [36]int{1, 0, 5, 7, 9, 13, 15, 17, 19, 21, // 0-9
		1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23} // A-Z
	sum := 0
	for i := 0; i < 15; i++ {
		c := t[i]
		idx := int(c - '0')
		if c >= 'A' {
			idx = 10 + int(c-'A')
		}
		if i%2 == 0 { // odd position, 1-based
			sum += odd[idx]
		} else if c >= 'A' {
			sum += int(c - 'A')
		} else {
			sum += int(c - '0')
		}
	}
	return t[15] == byte('A'+sum%26)
}

// validDay reports whether d is a day of month mo in year y (Gregorian).
func validDay(y, mo, d int) bool {
	if mo < 1 || mo > 12 || d < 1 {
		return false
	}
	days := [13]int{0, 31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31}[mo]
	if mo == 2 && !(y%4 == 0 && (y%100 != 0 || y%400 == 0)) {
		days = 28
	}
	return d <= days
}
