// Package date scores the similarity of two date field values in [0, 1].
//
// Both values are parsed with parsers/date (free form, or by a layout when a format is given);
// a value that does not parse is an error. The score is the highest of the relations that hold
// between the two dates, each with its own parameter: exact agreement, a near match within a
// window of days (decaying per day), day and month transposed, same year and month, same year,
// years one apart or differing by one digit typo (other parts equal), agreement of a partial
// date with a more precise one, and otherwise the conflict score. Ambiguous numeric dates
// (04/03/2020) are scored under every reading and the best is kept unless
// dateTryAllReadings is false; two ambiguous values are read under one convention (both day
// first or both month first), so 04/03/2020 against 03/04/2020 is a transposition, not a
// match.
//
// A Matcher is immutable after New and safe for concurrent use.
package date

import (
	"fmt"

	pdate "github.com/nomenhq/nomen/parsers/date"
)

// Options are the date matcher's parameters.
type Options struct {
	ExactScore         float64 `param:"dateExactScore" def:"1" min:"0" max:"1" applies:"rni_date" help:"Score of two dates that agree on every part at the same precision."`
	NearDays           int     `param:"dateNearDays" def:"3" min:"0" max:"366" applies:"rni_date" help:"Largest distance in days between two full dates scored as a near match; 0 turns near matching off."`
	NearScore          float64 `param:"dateNearScore" def:"0.9" min:"0" max:"1" applies:"rni_date" help:"Score of two full dates one day apart."`
	NearDecay          float64 `param:"dateNearDecay" def:"0.1" min:"0" max:"1" applies:"rni_date" help:"Score lost per day of distance beyond the first, within the near window."`
	TransposedScore    float64 `param:"dateTransposedScore" def:"0.8" min:"0" max:"1" applies:"rni_date" help:"Score of two full dates of one year whose day and month are swapped (2020-03-04 vs 2020-04-03)."`
	SameYearMonthScore float64 `param:"dateSameYearMonthScore" def:"0.5" min:"0" max:"1" applies:"rni_date" help:"Score of two full dates with the same year and month but different days."`
	SameYearScore      float64 `param:"dateSameYearScore" def:"0.3" min:"0" max:"1" applies:"rni_date" help:"Score of two dates with the same year that disagree on the month."`
	YearOffByOneScore  float64 `param:"dateYearOffByOneScore" def:"0.6" min:"0" max:"1" applies:"rni_date" help:"Score of two dates whose years are one apart and whose other shared parts agree."`
	YearTypoScore      float64 `param:"dateYearTypoScore" def:"0.6" min:"0" max:"1" applies:"rni_date" help:"Score of two dates whose years differ by one digit or by two swapped adjacent digits and whose other shared parts agree."`
	PartialScore       float64 `param:"datePartialScore" def:"0.8" min:"0" max:"1" applies:"rni_date" help:"Score of a partial date (year, or year and month) that agrees with every shared part of a more precise one."`
	ConflictScore      float64 `param:"dateConflictScore" def:"0" min:"0" max:"1" applies:"rni_date" help:"Score of two dates in none of the other relations."`
	TryAllReadings     bool    `param:"dateTryAllReadings" def:"true" applies:"rni_date" help:"Whether ambiguous numeric dates (04/03/2020) are scored under both day-month orders and the best kept; false uses the default order only."`
}

// Result is the outcome of one comparison.
type Result struct {
	Score   float64 // similarity in [0, 1]
	Details string  // the relation that gave the score and the dates compared
}

// Matcher compares date values.
type Matcher struct {
	o Options
}

// New returns a Matcher using o; parameter ranges are validated by the caller's registry.
func New(o Options) *Matcher { return &Matcher{o: o} }

// Compare scores the date a (read by formatA when not empty) against b (read by formatB). It
// fails when either value does not parse.
func (m *Matcher) Compare(a, b string, formatA, formatB string) (Result, error) {
	ra, err := m.readings(a, formatA)
	if err != nil {
		return Result{}, fmt.Errorf("date matcher: left value: %w", err)
	}
	rb, err := m.readings(b, formatB)
	if err != nil {
		return Result{}, fmt.Errorf("date matcher: right value: %w", err)
	}
	// Pair only readings of one writing convention (04/03/2020 and 03/04/2020 are never the
	// same day); when no pair is compatible (04/13/2020 vs 13/04/2020) every pair is tried.
	best := Result{Score: -1}
	for _, compatibleOnly := range []bool{true, false} {
		for _, da := range ra {
			for _, db := range rb {
				if compatibleOnly && !da.Compatible(db) {
					continue
				}
				s, rel := m.score(da.Date, db.Date)
				if s > best.Score {
					best = Result{Score: s, Details: fmt.Sprintf("%s: %s vs %s", rel, da.Date, db.Date)}
				}
			}
		}
		if best.Score >= 0 {
			break
		}
	}
	return best, nil
}

func (m *Matcher) readings(s, format string) ([]pdate.Reading, error) {
	if format != "" || !m.o.TryAllReadings {
		d, err := pdate.Parse(s, format)
		if err != nil {
			return nil, err
		}
		return []pdate.Reading{{Date: d}}, nil
	}
	return pdate.Readings(s)
}

// score returns the best relation score of two parsed dates and its name.
func (m *Matcher) score(a, b pdate.Date) (float64, string) {
	o := m.o
	best, rel := clamp(o.ConflictScore), "conflict"
	consider := func(s float64, name string) {
		if s = clamp(s); s > best {
			best, rel = s, name
		}
	}
	pa, pb := a.Precision(), b.Precision()
	common := min(pa, pb)
	// restEqual reports whether the shared parts other than the year agree.
	restEqual := (common < 2 || a.Month == b.Month) && (common < 3 || a.Day == b.Day)
	sharedEqual := a.Year == b.Year && restEqual
	switch {
	case sharedEqual && pa == pb:
		consider(o.ExactScore, "exact")
	case sharedEqual:
		consider(o.PartialScore, "partial date agrees")
	}
	if common == 3 && !sharedEqual {
		na, _ := pdate.DayNumber(a)
		nb, _ := pdate.DayNumber(b)
		k := max(na-nb, nb-na)
		if k <= o.NearDays {
			consider(o.NearScore-float64(k-1)*o.NearDecay, fmt.Sprintf("near: %d days apart", k))
		}
		if a.Year == b.Year && a.Month == b.Day && a.Day == b.Month {
			consider(o.TransposedScore, "day and month transposed")
		}
		if a.Year == b.Year && a.Month == b.Month {
			consider(o.SameYearMonthScore, "same year and month")
		}
	}
	if a.Year == b.Year && !restEqual {
		consider(o.SameYearScore, "same year")
	}
	if a.Year != b.Year && restEqual {
		if a.Year-b.Year == 1 || b.Year-a.Year == 1 {
			consider(o.YearOffByOneScore, "years one apart")
		}
		if yearTypo(a.Year, b.Year) {
			consider(o.YearTypoScore, "year typo")
		}
	}
	return best, rel
}

// yearTypo reports whether two different years, written with four digits, differ in one
// digit or by one swap of adjacent digits.
func yearTypo(x, y int) bool {
	a, b := fmt.Sprintf("%04d", x), fmt.Sprintf("%04d", y)
	var diff []int
	for i := 0; i < len(a) && i < len(b); i++ {
		if a[i] != b[i] {
			diff = append(diff, i)
		}
	}
	switch len(diff) {
	case 1:
		return true
	case 2:
		i, j := diff[0], diff[1]
		return j == i+1 && a[i] == b[j] && a[j] == b[i]
	}
	return false
}

func clamp(s float64) float64 {
	if !(s >= 0) { // also NaN
		return 0
	}
	return min(s, 1)
}
