package address

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/nomenhq/nomen/internal/strsim"
	addr "github.com/nomenhq/nomen/parsers/address"
)

// Matcher compares addresses with fixed Options. It is immutable and safe for concurrent use.
type Matcher struct {
	opt Options
	tab *tables
	err error
	ov  *Overrides // field overrides, nil for none
}

// New returns a matcher with the given options. The committed dictionaries are loaded once
// per process; if they cannot be loaded every comparison reports the error in its
// explanation and scores with plain string similarity.
func New(opt Options) *Matcher {
	t, err := defaultTables()
	if err != nil {
		t = newTables()
	}
	return &Matcher{opt: opt, tab: t, err: err}
}

// Options returns the matcher's options.
func (m *Matcher) Options() Options { return m.opt }

// Result is the outcome of one comparison.
type Result struct {
	Score   float64 `json:"score"`
	Explain Explain `json:"explain"`
}

// Explain describes how a score was reached.
type Explain struct {
	Identical     bool         `json:"identical"`
	Fields        []FieldScore `json:"fields"`
	WeightedScore float64      `json:"weightedScore"` // weighted mean before penalties and cap
	Penalties     []Penalty    `json:"penalties,omitempty"`
	Error         string       `json:"error,omitempty"`
}

// FieldScore is the contribution of one field (or a cross-field pair).
type FieldScore struct {
	Field     string      `json:"field"`
	Other     string      `json:"otherField,omitempty"` // the right-hand field of a cross-field match
	Left      string      `json:"left,omitempty"`
	Right     string      `json:"right,omitempty"`
	Method    string      `json:"method"` // exact, named, numeric, code, missing, cross
	Score     float64     `json:"score"`
	Weight    float64     `json:"weight"`
	Conflict  bool        `json:"conflict,omitempty"`
	Alignment []TokenPair `json:"alignment,omitempty"`
}

// TokenPair is one aligned pair of normalized tokens of a named field.
type TokenPair struct {
	Left  string  `json:"left"`
	Right string  `json:"right"`
	Score float64 `json:"score"`
}

// Penalty is a factor applied to the weighted score.
type Penalty struct {
	Name   string  `json:"name"`
	Factor float64 `json:"factor"`
}

// CompareStrings parses both strings and compares the fields. It returns an error when either
// cannot be parsed.
func (m *Matcher) CompareStrings(a, b string) (Result, error) {
	fa, err := addr.Parse(a)
	if err != nil {
		return Result{}, fmt.Errorf("address: first address: %w", err)
	}
	fb, err := addr.Parse(b)
	if err != nil {
		return Result{}, fmt.Errorf("address: second address: %w", err)
	}
	return m.Compare(fa, fb), nil
}

// clean trims s and collapses runs of white space, allocating only when it must.
func clean(s string) string {
	prevSpace := true
	for i := 0; i < len(s); i++ {
		c := s[i]
		sp := c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'
		if sp && (prevSpace || c != ' ') || c >= 0x80 {
			return strings.Join(strings.Fields(s), " ")
		}
		prevSpace = sp
	}
	if prevSpace && len(s) > 0 {
		return strings.TrimRight(s, " ")
	}
	return s
}

// localityGroup and streetGroup are fields whose values may be matched across fields.
var crossGroup = map[addr.Field]int{
	addr.Suburb: 1, addr.CityDistrict: 1, addr.City: 1, addr.StateDistrict: 1, addr.State: 1, addr.Island: 1, addr.CountryRegion: 1,
	addr.House: 2, addr.Road: 2,
}

// Compare scores two parsed addresses.
func (m *Matcher) Compare(a, b addr.Fields) Result {
	var ex Explain
	if m.err != nil {
		ex.Error = m.err.Error()
	}
	var va, vb [addr.NumFields]string
	identical, any := true, false
	for f := addr.Field(0); f < addr.NumFields; f++ {
		va[f], vb[f] = clean(a.Get(f)), clean(b.Get(f))
		if !strings.EqualFold(va[f], vb[f]) {
			identical = false
		}
		if va[f] != "" || vb[f] != "" {
			any = true
		}
	}
	if !any {
		return Result{Explain: ex}
	}
	if identical {
		ex.Identical = true
		for f := addr.Field(0); f < addr.NumFields; f++ {
			if va[f] != "" {
				ex.Fields = append(ex.Fields, FieldScore{Field: f.String(), Left: va[f], Right: vb[f], Method: "exact", Score: 1, Weight: m.opt.weight(f)})
			}
		}
		ex.WeightedScore = 1
		return Result{Score: 1, Explain: ex}
	}
	var num, den float64
	factor := 1.0
	var leftOnly, rightOnly []addr.Field
	for f := addr.Field(0); f < addr.NumFields; f++ {
		switch {
		case va[f] != "" && vb[f] != "":
			fs, ok := m.override(f, f, va[f], vb[f])
			if !ok {
				fs = m.compareField(f, va[f], vb[f])
			}
			w := m.opt.weight(f)
			fs.Weight = w
			if fs.Score <= m.opt.ConflictThreshold {
				fs.Conflict = true
				if p := m.opt.conflictPenalty(f); p > 0 {
					factor *= 1 - p
					ex.Penalties = append(ex.Penalties, Penalty{Name: f.String() + "Conflict", Factor: 1 - p})
				}
			}
			num += w * fs.Score
			den += w
			ex.Fields = append(ex.Fields, fs)
		case va[f] != "":
			leftOnly = append(leftOnly, f)
		case vb[f] != "":
			rightOnly = append(rightOnly, f)
		}
	}
	// Cross-field matches between fields present on one side only.
	type cand struct {
		l, r addr.Field
		fs   FieldScore
	}
	var cands []cand
	for _, l := range leftOnly {
		for _, r := range rightOnly {
			if crossGroup[l] == 0 || crossGroup[l] != crossGroup[r] {
				continue
			}
			fs, ok := m.override(l, r, va[l], vb[r])
			if !ok {
				// The same field's rules whichever side holds which (house against road
				// is compared as roads), so that the score is symmetric.
				fs = m.locality(max(l, r), va[l], vb[r])
			}
			if fs.Score >= m.opt.CrossFieldMinSim {
				cands = append(cands, cand{l, r, fs})
			}
		}
	}
	sort.SliceStable(cands, func(i, j int) bool {
		ci, cj := cands[i], cands[j]
		if ci.fs.Score != cj.fs.Score {
			return ci.fs.Score > cj.fs.Score
		}
		ki, kj := min(ci.l, ci.r)*32+max(ci.l, ci.r), min(cj.l, cj.r)*32+max(cj.l, cj.r)
		return ki < kj
	})
	used := map[addr.Field]bool{}
	for _, c := range cands {
		if used[c.l] || used[c.r] {
			continue
		}
		used[c.l], used[c.r] = true, true
		w := (m.opt.weight(c.l) + m.opt.weight(c.r)) / 2
		fs := c.fs
		fs.Field, fs.Other = c.l.String(), c.r.String()
		fs.Method = "cross"
		fs.Score *= m.opt.CrossFieldScore
		fs.Weight = w
		num += w * fs.Score
		den += w
		ex.Fields = append(ex.Fields, fs)
	}
	for _, f := range append(append([]addr.Field(nil), leftOnly...), rightOnly...) {
		if used[f] {
			continue
		}
		w := m.opt.weight(f) * m.opt.MissingFieldWeight
		num += w * m.opt.MissingFieldScore
		den += w
		ex.Fields = append(ex.Fields, FieldScore{Field: f.String(), Left: va[f], Right: vb[f], Method: "missing", Score: m.opt.MissingFieldScore, Weight: w})
	}
	if den == 0 {
		return Result{Explain: ex}
	}
	ex.WeightedScore = num / den
	score := factor * ex.WeightedScore
	if score > m.opt.MaxNonIdenticalScore {
		score = m.opt.MaxNonIdenticalScore
		ex.Penalties = append(ex.Penalties, Penalty{Name: "maxNonIdenticalAddressScore", Factor: m.opt.MaxNonIdenticalScore})
	}
	return Result{Score: clamp01(score), Explain: ex}
}

func clamp01(x float64) float64 {
	switch {
	case x < 0 || x != x:
		return 0
	case x > 1:
		return 1
	}
	return x
}

// compareField dispatches to the method of field f. Both values are non-empty.
func (m *Matcher) compareField(f addr.Field, a, b string) FieldScore {
	switch f {
	case addr.HouseNumber:
		return m.houseNumber(a, b)
	case addr.PostCode:
		return m.postCode(a, b)
	case addr.Unit, addr.Level, addr.Staircase, addr.Entrance, addr.PoBox:
		return m.designated(f, a, b)
	case addr.Country:
		return m.country(a, b)
	case addr.State:
		return m.state(a, b)
	case addr.WorldRegion:
		return m.worldRegion(a, b)
	}
	return m.locality(f, a, b)
}

// locality compares named fields, and for places also their names in other languages.
func (m *Matcher) locality(f addr.Field, a, b string) FieldScore {
	fs := m.named(f, a, b)
	if crossGroup[f] == 1 && fs.Score < m.opt.PlaceAliasScore && m.samePlace(a, b) {
		fs.Score = m.opt.PlaceAliasScore
		fs.Method = "alias"
	}
	return fs
}

// samePlace reports whether a and b are names of one GeoNames place.
func (m *Matcher) samePlace(a, b string) bool {
	ia, ib := m.tab.places[normalize(a)], m.tab.places[normalize(b)]
	for _, x := range ia {
		for _, y := range ib {
			if x == y {
				return true
			}
		}
	}
	return false
}

// tok is a normalized token of a named field.
type tok struct {
	raw    string
	canon  string   // primary canonical form
	canons []string // every canonical form (ambiguous abbreviations: str = straße, straat)
	weight float64
	num    bool
	dir    bool // the token is a directional (N, SE)
}

func (t tok) sharesCanon(u tok) bool {
	if t.canon == u.canon {
		return true
	}
	for _, a := range t.canons {
		for _, b := range u.canons {
			if a == b {
				return true
			}
		}
	}
	return false
}

// fieldConcepts lists the abbreviation concepts expanded in each named field.
func fieldConcepts(f addr.Field) string {
	switch f {
	case addr.Road:
		return "sdw"
	case addr.House:
		return "bw"
	case addr.Unit:
		return "u"
	case addr.Level:
		return "l"
	case addr.Staircase:
		return "x"
	case addr.Entrance:
		return "e"
	case addr.PoBox:
		return "p"
	}
	return "dw"
}

func (m *Matcher) tokens(f addr.Field, s string) []tok {
	concepts := fieldConcepts(f)
	var wordBuf [16]string
	words := splitTokens(wordBuf[:0], normalize(s), m.opt.MaxTokens)
	out := make([]tok, 0, len(words)+1)
	for _, t := range words {
		x := tok{raw: t, canon: t, weight: 1, num: isNumeric(t)}
		var concept byte
		for _, e := range m.tab.abbr[t] {
			if strings.IndexByte(concepts, e.concept) < 0 {
				continue
			}
			if concept == 0 {
				concept = e.concept
				x.canon = e.canon
			}
			x.canons = append(x.canons, e.canon)
			if e.concept == conDir {
				x.dir = true
			}
		}
		if f == addr.Road && concept == 0 && len(t) > 5 {
			// A glued street type: hauptstr → haupt + strasse.
			if stem, canons := m.splitSuffix(t); canons != nil {
				out = append(out, tok{raw: stem, canon: stem, weight: 1},
					tok{raw: t[len(stem):], canon: canons[0], canons: canons, weight: m.opt.StreetTypeWeight})
				continue
			}
		}
		switch concept {
		case conStop:
			x.weight = m.opt.StopwordWeight
			x.canon, x.canons = t, nil
		case conStreet, conDir:
			x.weight = m.opt.StreetTypeWeight
		}
		out = append(out, x)
	}
	return out
}

// splitSuffix finds the longest known glued street-type suffix of t and returns the stem and
// every canonical form of the suffix.
func (m *Matcher) splitSuffix(t string) (stem string, canons []string) {
	best := ""
	for _, s := range m.tab.suffixes {
		if len(t) > len(s.variant)+2 && strings.HasSuffix(t, s.variant) {
			if best == "" {
				best = s.variant
			}
			if s.variant != best {
				break
			}
			canons = append(canons, s.canon)
		}
	}
	if best == "" {
		return "", nil
	}
	return t[:len(t)-len(best)], canons
}

func isNumeric(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= '0' && s[i] <= '9' {
			return true
		}
	}
	return false
}

// leadingNumber returns the first run of ASCII digits in s.
func leadingNumber(s string) string {
	i := strings.IndexAny(s, "0123456789")
	if i < 0 {
		return ""
	}
	j := i
	for j < len(s) && s[j] >= '0' && s[j] <= '9' {
		j++
	}
	return strings.TrimLeft(s[i:j], "0")
}

func (m *Matcher) tokenSim(x, y tok) float64 {
	if x.raw == y.raw {
		return 1
	}
	if x.sharesCanon(y) {
		return m.opt.AbbreviationScore
	}
	if x.num || y.num {
		// 5th / 5 / fifth are left to the canonical forms; other numbers must agree.
		if x.num && y.num && leadingNumber(x.raw) == leadingNumber(y.raw) && leadingNumber(x.raw) != "" {
			return m.opt.AbbreviationScore
		}
		return 0
	}
	// An initial (J / John), unless the letter is itself an abbreviation (W = West).
	if len(x.raw) == 1 && !x.dir && strings.HasPrefix(y.raw, x.raw) ||
		len(y.raw) == 1 && !y.dir && strings.HasPrefix(x.raw, y.raw) {
		return m.opt.InitialScore
	}
	jw := strsim.JaroWinkler(x.canon, y.canon)
	if jw < m.opt.TypoThreshold {
		return 0
	}
	return max(0, jw-m.opt.TypoPenalty)
}

// named compares two values of a named field by soft token alignment.
func (m *Matcher) named(f addr.Field, a, b string) FieldScore {
	fs := FieldScore{Field: f.String(), Left: a, Right: b, Method: "named"}
	ta, tb := m.tokens(f, a), m.tokens(f, b)
	if len(ta) == 0 || len(tb) == 0 {
		return fs
	}
	type pair struct {
		i, j int
		s    float64
	}
	var pairBuf [64]pair
	pairs := pairBuf[:0]
	ov := m.ov.has(f)
	for i := range ta {
		for j := range tb {
			s := m.tokenSim(ta[i], tb[j])
			if ov && s < 1 && m.ov.same(f, ta[i].raw, tb[j].raw) {
				s = 1
			}
			if s > 0 {
				pairs = append(pairs, pair{i, j, s})
			}
		}
	}
	slices.SortStableFunc(pairs, func(p, q pair) int {
		if p.s != q.s {
			if p.s > q.s {
				return -1
			}
			return 1
		}
		// Prefer pairs at the same relative position, which keeps the alignment symmetric.
		if dp, dq := abs(p.i-p.j), abs(q.i-q.j); dp != dq {
			return dp - dq
		}
		return (p.i + p.j) - (q.i + q.j)
	})
	var usedA, usedB [256]bool
	var num, den float64
	for _, t := range ta {
		den += t.weight
	}
	for _, t := range tb {
		den += t.weight
	}
	var matchedBuf [32]pair
	matched := matchedBuf[:0]
	for _, p := range pairs {
		if p.i >= len(usedA) || p.j >= len(usedB) || usedA[p.i] || usedB[p.j] {
			continue
		}
		usedA[p.i], usedB[p.j] = true, true
		matched = append(matched, p)
		num += p.s * (ta[p.i].weight + tb[p.j].weight)
	}
	score := 0.0
	if den > 0 {
		score = num / den
	}
	slices.SortFunc(matched, func(p, q pair) int { return p.i - q.i })
	if n := len(matched); n > 1 {
		inv := 0
		for p := 0; p < n; p++ {
			for q := p + 1; q < n; q++ {
				if matched[q].j < matched[p].j {
					inv++
				}
			}
		}
		if inv > 0 {
			score -= m.opt.ReorderPenalty * float64(inv) / float64(n*(n-1)/2)
		}
	}
	if score < m.opt.CompoundScore && joinCanon(ta) == joinCanon(tb) {
		score = m.opt.CompoundScore
	}
	for _, p := range matched {
		fs.Alignment = append(fs.Alignment, TokenPair{ta[p.i].raw, tb[p.j].raw, p.s})
	}
	fs.Score = clamp01(score)
	return fs
}

func joinCanon(ts []tok) string {
	var b strings.Builder
	for _, t := range ts {
		b.WriteString(t.canon)
	}
	return b.String()
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
