package patterns

import (
	"regexp"
	"sort"
	"strings"
	"sync"
	"unicode/utf8"
)

// compiled holds the regular expressions built from one language table, or from all of
// them for an unknown language. Each is compiled once, on first use, and shared.
type compiled struct {
	date     *regexp.Regexp // month-name forms, anchored at the start; nil when no table has month names
	dateForm []dateForm
	monthNum map[string]monthInfo
	// monthWords holds every word of every month name, lower case: a date is looked
	// for only around one of them.
	monthWords map[string]bool
	prefixes   []string       // clitics glued to month names
	native     bool           // run the CJK/Vietnamese number-word date patterns
	vie        bool           // run the Vietnamese date pattern
	time       *regexp.Regexp // clock forms
	timeIdx    timeGroups
	hourH      bool
	dist       *regexp.Regexp // nil when the language has no unit words
	// unitWords holds every word of every unit, lower case, and cjkUnits the units
	// written in CJK characters: distances are looked for only near one of them.
	unitWords map[string]bool
	cjkUnits  []string
}

// dateForm records the submatch numbers of one alternative of the date expression.
type dateForm struct{ d, m, y int }

// monthInfo is what a month name stands for.
type monthInfo struct {
	month int
	// strict: a short name matched case-insensitively ("mar", "out", "set"), which is a
	// date only with a year or an abbreviation stop.
	strict bool
	// capital: the name must start with an upper-case letter (English "May").
	capital bool
}

type lazyCompiled struct {
	once sync.Once
	c    *compiled
	ts   []*langTable
}

func (l *lazyCompiled) get() *compiled {
	l.once.Do(func() { l.c = build(l.ts) })
	return l.c
}

var compiledTables = func() map[string]*lazyCompiled {
	m := make(map[string]*lazyCompiled, len(tables)+1)
	all := make([]*langTable, 0, len(tables))
	codes := make([]string, 0, len(tables))
	for code := range tables {
		codes = append(codes, code)
	}
	sort.Strings(codes)
	for _, code := range codes {
		m[code] = &lazyCompiled{ts: []*langTable{tables[code]}}
		all = append(all, tables[code])
	}
	m[""] = &lazyCompiled{ts: all}
	return m
}()

// compiledFor returns the expressions for lang; unknown codes get the union of all tables.
func compiledFor(lang string) *compiled {
	if l, ok := compiledTables[canonical(lang)]; ok {
		return l.get()
	}
	return compiledTables[""].get()
}

// alternation joins the non-empty regular expressions of parts as alternatives,
// longest first, with duplicates removed; "" when there are none.
func alternation(parts []string) string {
	seen := map[string]bool{}
	var out []string
	for _, p := range parts {
		if p != "" && !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return len(out[i]) > len(out[j]) })
	return strings.Join(out, "|")
}

// caseFold returns a case-insensitive expression for the literal word w; when capital is
// set the first letter must be upper case.
func caseFold(w string, capital bool) string {
	if !capital {
		return `(?i:` + regexp.QuoteMeta(w) + `)`
	}
	r, n := utf8.DecodeRuneInString(w)
	return regexp.QuoteMeta(string(r)) + `(?i:` + regexp.QuoteMeta(w[n:]) + `)`
}

func build(ts []*langTable) *compiled {
	c := &compiled{monthNum: map[string]monthInfo{}, monthWords: map[string]bool{}, unitWords: map[string]bool{}}
	var months, weekdays, ordinals, dayMonth, monthYear, yearSuffix, clocks, units []string
	var mdy, ymd, ampm bool
	for _, t := range ts {
		c.native = c.native || t.native
		c.vie = c.vie || t == tables["vie"]
		c.hourH = c.hourH || t.hourH
		mdy, ymd, ampm = mdy || t.mdy, ymd || t.ymd, ampm || t.ampm
		for i, names := range t.months {
			if names == "" {
				continue
			}
			for _, name := range strings.Split(names, "|") {
				if strings.Contains(name, " ") {
					months = append(months, caseFold(name, false))
				}
				key := strings.ToLower(name)
				for _, w := range strings.Fields(key) {
					c.monthWords[w] = true
				}
				info := monthInfo{month: i + 1, strict: !t.capital && utf8.RuneCountInString(name) <= 3, capital: t.capital}
				if old, ok := c.monthNum[key]; ok {
					info.strict = info.strict || old.strict
					info.capital = info.capital && old.capital
				}
				c.monthNum[key] = info
			}
		}
		if t.prefix != "" {
			c.prefixes = append(c.prefixes, t.prefix)
		}
		if t.weekdays != "" {
			for _, w := range strings.Split(t.weekdays, "|") {
				weekdays = append(weekdays, caseFold(w, t.capital))
			}
		}
		ordinals = append(ordinals, t.ordinal)
		dayMonth = append(dayMonth, t.dayMonth)
		monthYear = append(monthYear, t.monthYear)
		yearSuffix = append(yearSuffix, t.yearSuffix)
		clocks = append(clocks, t.clock)
		if t.units != "" {
			for _, u := range strings.Split(t.units, "|") {
				if r, _ := utf8.DecodeRuneInString(u); isCJK(r) {
					c.cjkUnits = append(c.cjkUnits, u)
				}
				for _, w := range strings.FieldsFunc(strings.ToLower(u), func(r rune) bool { return r == ' ' || r == '-' || r == '"' || r == '״' || r == '\'' || r == '\u200c' }) {
					c.unitWords[w] = true
				}
				if len(u) <= 3 && isASCII(u) {
					units = append(units, regexp.QuoteMeta(u))
				} else {
					units = append(units, caseFold(u, false))
				}
			}
		}
	}
	if len(c.monthNum) > 0 {
		c.date, c.dateForm = buildDate(months, weekdays, ordinals, dayMonth, monthYear, yearSuffix, mdy, ymd)
	}
	c.time, c.timeIdx = buildTime(alternation(clocks), ampm, c.hourH)
	if u := alternation(units); u != "" {
		c.dist = regexp.MustCompile(`(?:\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d{1,9}(?:[.,]\d{1,6})?)(?: ?- ?(?:\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d{1,9}(?:[.,]\d{1,6})?))?[ \-]?(?P<u>` + u + `)`)
	}
	return c
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

const (
	reDay  = `(3[01]|[12]\d|0?[1-9])`
	reYear = `([12]\d{3})`
)

// buildDate assembles the month-name date expression: year-month-day (Hungarian),
// day-month[-year], month-year and month-day[-year], in that order of preference. The
// month is any word (or one of the multi-word names in months); the caller looks it up,
// which keeps the expression small enough for the fast matcher.
func buildDate(months, weekdays, ordinals, dayMonth, monthYear, yearSuffix []string, mdy, ymd bool) (*regexp.Regexp, []dateForm) {
	month := `([\p{L}\p{M}]+)`
	if len(months) > 0 {
		month = `(` + alternation(months) + `|[\p{L}\p{M}]+)`
	}
	opt := func(alts []string) string {
		if a := alternation(alts); a != "" {
			return `(?:` + a + `)?`
		}
		return ""
	}
	ord, dm, my, ys := opt(ordinals), opt(dayMonth), opt(monthYear), opt(yearSuffix)
	wd := ""
	if a := alternation(weekdays); a != "" {
		wd = `(?:(?:` + a + `),?\s+)?`
	}
	type part struct {
		re    string
		order string // order of the groups: "d", "m", "y" letters
	}
	var parts []part
	if ymd {
		parts = append(parts, part{reYear + `\.?\s+` + month + `\.?\s+` + reDay + ord, "ymd"})
	}
	parts = append(parts,
		part{wd + reDay + ord + `\s+` + dm + month + `(?:\.?` + my + `\s+` + reYear + ys + `)?`, "dmy"},
		part{month + `\.?` + my + `\s+` + reYear + ys, "my"})
	if mdy {
		parts = append(parts, part{wd + month + `\.?\s+` + reDay + ord + `(?:,?\s+` + reYear + `)?`, "mdy"})
	}
	var alts []string
	var forms []dateForm
	group := 1
	for _, p := range parts {
		alts = append(alts, `(?:`+p.re+`)`)
		var f dateForm
		for _, g := range p.order {
			switch g {
			case 'd':
				f.d = group
			case 'm':
				f.m = group
			case 'y':
				f.y = group
			}
			group++
		}
		forms = append(forms, f)
	}
	return regexp.MustCompile(`^(?:` + strings.Join(alts, "|") + `)`), forms
}

// timeGroups are the submatch numbers of the clock expression.
type timeGroups struct{ h1, m1, ap1, cl1, h2, ap2, h3, m3, h4, m4 int }

const (
	reAMPM = `(?:[aApP]\. ?[mM]\.?|[aApP][mM])`
	reTZ   = `(?:UTC|GMT|CEST|CET|EEST|EET|WEST|WET|BST|IST|JST|KST|MSK|AEST|AEDT|[ECMP][SD]?T|Z)(?:[+-]\d{1,2}(?::?\d{2})?)?`
)

// buildTime assembles the clock expression: h:mm[:ss] with optional am/pm, zone and
// clock word; "10 am"; "14 Uhr"; "14h30".
func buildTime(clock string, ampm, hourH bool) (*regexp.Regexp, timeGroups) {
	var g timeGroups
	n := 1
	next := func() int { n++; return n - 1 }
	re := `(?:([01]?\d|2[0-3]):([0-5]\d)(?::[0-5]\d(?:[.,]\d{1,6})?)?`
	g.h1, g.m1 = next(), next()
	if ampm {
		re += `(?: ?(` + reAMPM + `))?`
		g.ap1 = next()
	}
	re += `(?: ?` + reTZ + `)?`
	if clock != "" {
		re += `(?: (` + clock + `))?`
		g.cl1 = next()
	}
	re += `)`
	if ampm {
		re += `|(?:(1[0-2]|0?[1-9]) ?(` + reAMPM + `|o'clock))`
		g.h2, g.ap2 = next(), next()
	}
	if clock != "" {
		re += `|(?:([01]?\d|2[0-3])(?:[.:]([0-5]\d))? (?:` + clock + `))`
		g.h3, g.m3 = next(), next()
	}
	if hourH {
		re += `|(?:([01]?\d|2[0-3]) ?h ?([0-5]\d)?)`
		g.h4, g.m4 = next(), next()
	}
	return regexp.MustCompile(re), g
}
