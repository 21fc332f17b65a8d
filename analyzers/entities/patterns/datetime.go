package patterns

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/nomenhq/nomen/analyzers/entities/span"
)

const (
	confDateFull    = 0.97 // day, month name and year; ISO 8601
	confDatePart    = 0.95 // two of day, month name, year; CJK and Vietnamese forms
	confDateNumeric = 0.9  // 5/3/2024, 05.03.2024
	confDateShort   = 0.8  // 05.03.24
	confTimeMarked  = 0.97 // with am/pm, a clock word, 時/시 or seconds
	confTimeBare    = 0.9  // 10:30 (also sports scores such as 21:25)
	confTimeH       = 0.95 // 14h30
)

var (
	// reNumDate: ISO 8601 (2024-03-05), year-first with / or . (2024/3/5, 2024. 3. 5.),
	// day or month first with / (5/3/2024, 3/5/24), with . and a four-digit year
	// (05.03.2024), with . and two digits each (05.03.24), with - (05-03-2024).
	reNumDate = regexp.MustCompile(`(?:([12]\d{3})-(0[1-9]|1[0-2])-(3[01]|[12]\d|0[1-9]))|` +
		`(?:([12]\d{3})(?:/|\. ?)(1[0-2]|0?[1-9])(?:/|\. ?)(3[01]|[12]\d|0?[1-9])\.?)|` +
		`(?:(\d{1,2})/(\d{1,2})/(\d{4}|\d{2}))|` +
		`(?:(\d{1,2})\.(\d{1,2})\.(\d{4}))|` +
		`(?:(\d{2})\.(\d{2})\.(\d{2}))|` +
		`(?:(\d{1,2})-(\d{1,2})-(\d{4}))`)

	// reCJKDate: 2024年3月5日, 3月5日, 2024년 3월 5일, 令和6年3月5日.
	reCJKDate = regexp.MustCompile(`(?:(?:令和|平成|昭和)(?:\d{1,2}|元)年|([12]\d{3}) ?[年년] ?)?(1[0-2]|0?[1-9]) ?[月월](?: ?(3[01]|[12]\d|0?[1-9]) ?[日号號일])?`)

	// reVieDate: ngày 5 tháng 3 năm 2024, 5 tháng 3, tháng 3 năm 2024.
	reVieDate = regexp.MustCompile(`(?:(?i:ngày) )?(3[01]|[12]\d|0?[1-9]) (?i:tháng) (1[0-2]|0?[1-9])(?:(?: (?i:năm)|,) ([12]\d{3}))?|(?i:tháng) (1[0-2]|0?[1-9])(?: (?i:năm)|,|/) ?([12]\d{3})`)

	// reCJKTime: 午後3時30分, 下午3点30分, 오후 3시 30분, 15時.
	reCJKTime = regexp.MustCompile(`(?:(午前|午後|上午|下午|晚上|早上|凌晨|中午|오전|오후) ?)?([01]?\d|2[0-3]) ?([時时点點시])(?: ?([0-5]?\d) ?[分분]|半)?(?: ?[0-5]?\d ?[秒초])?`)
)

func findDate(sc *scan) {
	if !sc.digit {
		return
	}
	t := sc.text
	c := sc.lang
	// Numeric dates hold a separator between digits.
	var hits []window
	for i := 1; i+1 < len(t); i++ {
		if c := t[i]; (c == '-' || c == '/' || c == '.') && isDigit(rune(t[i-1])) && (isDigit(rune(t[i+1])) || c == '.' && t[i+1] == ' ') {
			hits = append(hits, window{i, i + 1})
		}
	}
	eachWindow(reNumDate, t, windows(t, hits, 12, 14), func(m []int) bool {
		s, e := m[0], m[1]
		conf := confDateNumeric
		var y, mo, d int
		switch {
		case m[2] >= 0:
			y, mo, d, conf = atoi(sub(t, m, 1)), atoi(sub(t, m, 2)), atoi(sub(t, m, 3)), confDateFull
		case m[8] >= 0:
			y, mo, d = atoi(sub(t, m, 4)), atoi(sub(t, m, 5)), atoi(sub(t, m, 6))
		default:
			k := 7
			for m[2*k] < 0 {
				k += 3
			}
			a, b, yy := atoi(sub(t, m, k)), atoi(sub(t, m, k+1)), sub(t, m, k+2)
			y = atoi(yy)
			if len(yy) == 2 {
				y += 2000
				if k == 13 {
					conf = confDateShort
				}
			}
			mo, d = b, a
			if !validDay(y, mo, d) {
				mo, d = a, b
			}
		}
		if !validDay(y, mo, d) {
			return false
		}
		// "2024-03-05T14:30" keeps its time for the time pattern.
		ok := numBounded(t, s, e)
		if !ok && nextRune(t, e) == 'T' && isDigit(nextRune2(t, e)) {
			ok = !isAlnum(prevRune(t, s))
		}
		if !ok {
			return false
		}
		sc.add(s, e, span.DATE, conf)
		return true
	})
	if strings.ContainsAny(t, "月월") {
		each(reCJKDate, t, func(m []int) bool {
			s, e := m[0], m[1]
			if isDigit(prevRune(t, s)) || isDigit(nextRune(t, e)) {
				return false
			}
			hasY := m[2] >= 0 || strings.ContainsRune(t[s:e], '年')
			if !hasY && m[6] < 0 {
				return false // a bare month
			}
			y := 2000
			if m[2] >= 0 {
				y = atoi(sub(t, m, 1))
			}
			d := 1
			if m[6] >= 0 {
				d = atoi(sub(t, m, 3))
			}
			if !validDay(y, atoi(sub(t, m, 2)), d) {
				return false
			}
			sc.add(s, e, span.DATE, confDatePart)
			return true
		})
	}
	if c.vie && strings.Contains(t, "th") {
		each(reVieDate, t, func(m []int) bool {
			s, e := m[0], m[1]
			if !wordBounded(t, s, e) {
				return false
			}
			if m[2] >= 0 {
				y := 2000
				if m[6] >= 0 {
					y = atoi(sub(t, m, 3))
				}
				if !validDay(y, atoi(sub(t, m, 2)), atoi(sub(t, m, 1))) {
					return false
				}
			}
			sc.add(s, e, span.DATE, confDatePart)
			return true
		})
	}
	if c.date == nil {
		return
	}
	// The month-name expression is run only near a month name.
	hits = hits[:0]
	words(t, func(s, e int) {
		if inSet(c.monthWords, t[s:e]) {
			hits = append(hits, window{s, e})
			return
		}
		for _, p := range c.prefixes {
			if strings.HasPrefix(t[s:e], p) && inSet(c.monthWords, t[s+len(p):e]) {
				hits = append(hits, window{s, e})
			}
		}
	})
	// The date holding a month name starts at the month or at one of the few words or
	// numbers before it; the expression is tried, anchored, at each such start, the
	// earliest first, and the first valid match that covers the month is kept.
	end := 0
	for _, h := range hits {
		if h.lo < end {
			continue
		}
		var starts [8]int
		n := 0
		for i := h.lo; i >= max(end, h.lo-40) && n < len(starts); {
			r, size := utf8.DecodeLastRuneInString(t[:i])
			if i < len(t) && isAlnum(nextRune(t, i)) && (i == 0 || !isAlnum(r)) {
				starts[n] = i
				n++
			}
			if i == 0 {
				break
			}
			i -= size
		}
		for k := n - 1; k >= 0; k-- {
			s := starts[k]
			m := c.date.FindStringSubmatchIndex(t[s:min(len(t), h.hi+48)])
			if m == nil {
				continue
			}
			for j := range m {
				if m[j] >= 0 {
					m[j] += s
				}
			}
			if m[1] < h.hi || !c.acceptDate(sc, m) {
				continue
			}
			end = m[1]
			break
		}
	}
}

// acceptDate validates a match of the month-name expression and records it.
func (c *compiled) acceptDate(sc *scan, m []int) bool {
	t := sc.text
	{
		s, e := m[0], m[1]
		if p := prevRune(t, s); isAlnum(p) {
			return false
		}
		if n := nextRune(t, e); isAlnum(n) || strings.ContainsRune(".,:", n) && isDigit(nextRune2(t, e)) {
			return false
		}
		var f dateForm
		for _, ff := range c.dateForm {
			if m[2*ff.m] >= 0 {
				f = ff
				break
			}
		}
		if f.m == 0 {
			return false
		}
		name := strings.ToLower(sub(t, m, f.m))
		info, ok := c.monthNum[name]
		if !ok {
			// Hebrew "במרץ": the prefix is not part of the key.
			for _, p := range c.prefixes {
				if strings.HasPrefix(name, p) {
					info, ok = c.monthNum[name[len(p):]]
				}
			}
			if !ok {
				return false
			}
		}
		y, d := 0, 0
		if f.y > 0 && m[2*f.y] >= 0 {
			y = atoi(sub(t, m, f.y))
		}
		if f.d > 0 && m[2*f.d] >= 0 {
			d = atoi(sub(t, m, f.d))
		}
		if r, _ := utf8.DecodeRuneInString(sub(t, m, f.m)); info.capital && !unicode.IsUpper(r) {
			return false
		}
		if info.strict && y == 0 && !strings.HasPrefix(t[m[2*f.m+1]:], ".") {
			return false
		}
		if d > 0 && !validDay(max(y, 2000), info.month, d) {
			return false
		}
		conf := confDatePart
		if y > 0 && d > 0 {
			conf = confDateFull
		}
		sc.add(s, e, span.DATE, conf)
		return true
	}
}

func findTime(sc *scan) {
	if !sc.digit {
		return
	}
	t := sc.text
	g := sc.lang.timeIdx
	// A clock time has a digit followed, after at most one space, by ":", "." (14.30
	// Uhr) or a letter (am, pm, o'clock, Uhr, uur, h).
	var hits []window
	for i := 0; i+1 < len(t); i++ {
		if !isDigit(rune(t[i])) || isDigit(rune(t[i+1])) {
			continue
		}
		j := i + 1
		if t[j] == ' ' && j+1 < len(t) {
			j++
		}
		if c := t[j]; c == ':' || c == '.' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' {
			hits = append(hits, window{i, j + 1})
		}
	}
	eachWindow(sc.lang.time, t, windows(t, hits, 4, 32), func(m []int) bool {
		s, e := m[0], m[1]
		p := prevRune(t, s)
		switch {
		case p == 'T' && isDigit(prevRune2(t, s)): // ISO 8601 2024-03-05T14:30
		case isAlnum(p) && !isCJK(p), strings.ContainsRune(".,:/", p) && isDigit(prevRune2(t, s)):
			return false
		}
		n := nextRune(t, e)
		if isAlnum(n) && !isCJK(n) || strings.ContainsRune(".,:/", n) && isDigit(nextRune2(t, e)) {
			return false
		}
		conf := confTimeBare
		switch {
		case m[2*g.h1] >= 0:
			h := atoi(sub(t, m, g.h1))
			if g.ap1 > 0 && m[2*g.ap1] >= 0 {
				if h == 0 || h > 12 {
					return false
				}
				conf = confTimeMarked
			}
			if g.cl1 > 0 && m[2*g.cl1] >= 0 || strings.Count(t[s:e], ":") == 2 {
				conf = confTimeMarked
			}
		case g.h2 > 0 && m[2*g.h2] >= 0:
			conf = confTimeMarked
		case g.h3 > 0 && m[2*g.h3] >= 0:
			conf = confTimeMarked
		case g.h4 > 0 && m[2*g.h4] >= 0:
			conf = confTimeH
			// "5 h" alone is a duration as often as a time.
			if m[2*g.m4] < 0 && strings.Contains(t[s:e], " ") {
				return false
			}
		}
		sc.add(s, e, span.TIME, conf)
		return true
	})
	if !strings.ContainsAny(t, "時时点點시") {
		return
	}
	each(reCJKTime, t, func(m []int) bool {
		s, e := m[0], m[1]
		if isDigit(prevRune(t, s)) || isDigit(nextRune(t, e)) {
			return false
		}
		unit := sub(t, m, 3)
		// 点 is also "point" (3点建议): a time only with a day period or minutes.
		if (unit == "点" || unit == "點") && m[2] < 0 && m[8] < 0 && !strings.HasSuffix(t[s:e], "半") {
			return false
		}
		// Korean 시 opens many words (시장, 시간): it must end the word.
		if unit == "시" && e == m[7] && unicode.Is(unicode.Hangul, nextRune(t, e)) {
			return false
		}
		sc.add(s, e, span.TIME, confTimeMarked)
		return true
	})
}
