package date

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/nomenhq/nomen/internal/paramtag"
	pdate "github.com/nomenhq/nomen/parsers/date"
)

func relation(r Result) string {
	rel, _, _ := strings.Cut(r.Details, ":")
	return rel
}

func TestCompareGood(t *testing.T) {
	m := New(paramtag.MustDefaults[Options]())
	tests := []struct {
		name, a, b, fa, fb string
		want               float64
		rel                string
	}{
		{"identical iso", "1993-04-16", "1993-04-16", "", "", 1, "exact"},
		{"iso vs slash", "1993-04-16", "1993/04/16", "", "", 1, "exact"},
		{"iso vs text", "2020-03-04", "4th of March 2020", "", "", 1, "exact"},
		{"ambiguous reading best", "04/03/2020", "2020-03-04", "", "", 1, "exact"},
		{"both ambiguous: one convention", "04/03/2020", "03/04/2020", "", "", 0.8, "day and month transposed"},
		{"ambiguous vs forced day first", "05/04/2020", "13/04/2020", "", "", 0.5, "same year and month"},
		{"ambiguous vs forced month first", "05/04/2020", "04/13/2020", "", "", 0.3, "same year"},
		{"forced orders disagree", "04/13/2020", "13/04/2020", "", "", 1, "exact"},
		{"same day both orders", "05/05/2020", "05.05.2020", "", "", 1, "exact"},
		{"format fixes reading", "04/03/2020", "2020-03-04", "MM/dd/yyyy", "", 0.8, "day and month transposed"},
		{"one day", "2020-03-04", "2020-03-05", "", "", 0.9, "near"},
		{"three days", "2020-03-04", "2020-03-07", "", "", 0.7, "near"},
		{"across month end", "2020-02-29", "2020-03-01", "", "", 0.9, "near"},
		{"across year end", "2019-12-31", "2020-01-01", "", "", 0.9, "near"},
		{"same year month", "2020-03-04", "2020-03-24", "", "", 0.5, "same year and month"},
		{"same year", "2020-03-04", "2020-07-24", "", "", 0.3, "same year"},
		{"year off by one", "1987-03-04", "1988-03-04", "", "", 0.6, "years one apart"},
		{"year swapped digits", "1987-03-04", "1978-03-04", "", "", 0.6, "year typo"},
		{"partial year", "1987", "1987-03-04", "", "", 0.8, "partial date agrees"},
		{"partial year month", "March 1987", "1987-03-04", "", "", 0.8, "partial date agrees"},
		{"partial same year other month", "1987-05", "1987-03-04", "", "", 0.3, "same year"},
		{"year only equal", "1987", "1987", "", "", 1, "exact"},
		{"conflict", "1987-03-04", "2001-11-20", "", "", 0, "conflict"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := m.Compare(tt.a, tt.b, tt.fa, tt.fb)
			if err != nil {
				t.Fatal(err)
			}
			if math.Abs(r.Score-tt.want) > 1e-9 || relation(r) != tt.rel {
				t.Errorf("Compare(%q, %q) = %v (%s), want %v (%s)", tt.a, tt.b, r.Score, r.Details, tt.want, tt.rel)
			}
			r2, err := m.Compare(tt.b, tt.a, tt.fb, tt.fa)
			if err != nil || r2.Score != r.Score {
				t.Errorf("not symmetric: %v vs %v (%v)", r.Score, r2.Score, err)
			}
		})
	}
}

func TestCompareBad(t *testing.T) {
	m := New(paramtag.MustDefaults[Options]())
	tests := []struct {
		name, a, b, fa, fb string
		want               error
	}{
		{"left garbage", "soon", "2020-03-04", "", "", pdate.ErrSyntax},
		{"right invalid", "2020-03-04", "2020-02-30", "", "", pdate.ErrInvalid},
		{"format mismatch", "2020-03-04", "2020-03-04", "dd.MM.yyyy", "", pdate.ErrSyntax},
		{"bad format", "2020-03-04", "2020-03-04", "", "yyyy-MM-dd HH", pdate.ErrLayout},
		{"empty", "", "2020", "", "", pdate.ErrSyntax},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := m.Compare(tt.a, tt.b, tt.fa, tt.fb)
			if !errors.Is(err, tt.want) {
				t.Errorf("Compare(%q, %q) error = %v, want %v", tt.a, tt.b, err, tt.want)
			}
		})
	}
}

// TestEveryParameterMatters changes each parameter and checks that some score moves.
func TestEveryParameterMatters(t *testing.T) {
	cases := map[string]struct {
		a, b, value string
	}{
		"dateExactScore":         {"2020-03-04", "2020-03-04", "0.7"},
		"dateNearDays":           {"2020-03-28", "2020-04-02", "10"},
		"dateNearScore":          {"2020-03-04", "2020-03-05", "0.95"},
		"dateNearDecay":          {"2020-03-04", "2020-03-06", "0.3"},
		"dateTransposedScore":    {"2020-03-04", "2020-04-03", "0.4"},
		"dateSameYearMonthScore": {"2020-03-04", "2020-03-20", "0.2"},
		"dateSameYearScore":      {"2020-03-04", "2020-08-20", "0.1"},
		"dateYearOffByOneScore":  {"1989-03-04", "1990-03-04", "0.2"},
		"dateYearTypoScore":      {"1987-03-04", "1978-03-04", "0.2"},
		"datePartialScore":       {"1987", "1987-03-04", "0.5"},
		"dateConflictScore":      {"1987-03-04", "2001-11-20", "0.1"},
		"dateTryAllReadings":     {"04/03/2020", "2020-03-04", "false"},
	}
	specs, err := paramtag.Specs(Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range specs {
		c, ok := cases[s.Name]
		if !ok {
			t.Errorf("parameter %s has no test case", s.Name)
			continue
		}
		t.Run(s.Name, func(t *testing.T) {
			o := paramtag.MustDefaults[Options]()
			before, err := New(o).Compare(c.a, c.b, "", "")
			if err != nil {
				t.Fatal(err)
			}
			if err := paramtag.Set(&o, s, c.value); err != nil {
				t.Fatal(err)
			}
			after, err := New(o).Compare(c.a, c.b, "", "")
			if err != nil {
				t.Fatal(err)
			}
			if before.Score == after.Score {
				t.Errorf("%s=%s left Compare(%q, %q) at %v", s.Name, c.value, c.a, c.b, before.Score)
			}
		})
	}
}

func TestYearTypo(t *testing.T) {
	tests := []struct {
		x, y int
		want bool
	}{{1987, 1978, true}, {1987, 1988, true}, {1987, 1897, true}, {1987, 1789, false}, {1987, 2087, false}, {1987, 1999, false}}
	for _, tt := range tests {
		if got := yearTypo(tt.x, tt.y); got != tt.want {
			t.Errorf("yearTypo(%d, %d) = %v", tt.x, tt.y, got)
		}
	}
}

func BenchmarkCompare(b *testing.B) {
	m := New(paramtag.MustDefaults[Options]())
	b.ReportAllocs()
	for b.Loop() {
		if _, err := m.Compare("04/03/2020", "4th of March 2020", "", ""); err != nil {
			b.Fatal(err)
		}
	}
}
