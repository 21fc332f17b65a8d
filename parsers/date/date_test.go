package date

import (
	"errors"
	"testing"
)

func TestParseGood(t *testing.T) {
	tests := []struct {
		name, in, format string
		want             Date
	}{
		{"iso", "2020-03-04", "", Date{2020, 3, 4}},
		{"iso basic", "20200304", "", Date{2020, 3, 4}},
		{"iso year-month", "2020-03", "", Date{2020, 3, 0}},
		{"iso datetime", "2020-03-04T10:20:30Z", "", Date{2020, 3, 4}},
		{"iso datetime space", "2020-03-04 10:20", "", Date{2020, 3, 4}},
		{"year slash first", "1993/04/16", "", Date{1993, 4, 16}},
		{"year only", "1987", "", Date{1987, 0, 0}},
		{"yyyyMM", "198703", "", Date{1987, 3, 0}},
		{"month/year", "03/1987", "", Date{1987, 3, 0}},
		{"slash default M/D/Y", "04/03/2020", "", Date{2020, 4, 3}},
		{"dot default D.M.Y", "04.03.2020", "", Date{2020, 3, 4}},
		{"dash default D-M-Y", "04-03-2020", "", Date{2020, 3, 4}},
		{"space default D M Y", "04 03 2020", "", Date{2020, 3, 4}},
		{"slash day > 12 decides", "13/04/2020", "", Date{2020, 4, 13}},
		{"dot day > 12 decides", "04.13.2020", "", Date{2020, 4, 13}},
		{"two-digit year recent", "4.3.20", "", Date{2020, 3, 4}},
		{"two-digit year old", "4.3.87", "", Date{1987, 3, 4}},
		{"pivot edge 29", "1.1.29", "", Date{2029, 1, 1}},
		{"pivot edge 30", "1.1.30", "", Date{1930, 1, 1}},
		{"ddmmyyyy digits", "04032020", "", Date{2020, 3, 4}},
		{"english ordinal of", "4th of March 2020", "", Date{2020, 3, 4}},
		{"english US", "March 4, 2020", "", Date{2020, 3, 4}},
		{"english weekday", "Wednesday, March 4, 2020", "", Date{2020, 3, 4}},
		{"english abbrev dot", "Mar. 4, 2020", "", Date{2020, 3, 4}},
		{"english 1st", "1st Jan 1999", "", Date{1999, 1, 1}},
		{"english prefix", "Sept 9 2001", "", Date{2001, 9, 9}},
		{"month year", "March 2020", "", Date{2020, 3, 0}},
		{"month yy", "Mar 87", "", Date{1987, 3, 0}},
		{"two short with month", "March 4, 20", "", Date{2020, 3, 4}},
		{"french", "4 mars 2020", "", Date{2020, 3, 4}},
		{"french premier", "1er janvier 2000", "", Date{2000, 1, 1}},
		{"french no accent", "12 fevrier 1990", "", Date{1990, 2, 12}},
		{"french accent", "12 février 1990", "", Date{1990, 2, 12}},
		{"french aout", "15 août 1969", "", Date{1969, 8, 15}},
		{"german", "4. März 2020", "", Date{2020, 3, 4}},
		{"german no umlaut", "4. Marz 2020", "", Date{2020, 3, 4}},
		{"german ae", "4. Maerz 2020", "", Date{2020, 3, 4}},
		{"german abbrev", "24. Dez. 1985", "", Date{1985, 12, 24}},
		{"austrian", "3. Jänner 2001", "", Date{2001, 1, 3}},
		{"spanish", "4 de marzo de 2020", "", Date{2020, 3, 4}},
		{"spanish abbrev", "4-ene-2020", "", Date{2020, 1, 4}},
		{"italian", "4 marzo 2020", "", Date{2020, 3, 4}},
		{"italian gen", "7 gen 2010", "", Date{2010, 1, 7}},
		{"portuguese", "4 de março de 2020", "", Date{2020, 3, 4}},
		{"portuguese no cedilla", "4 de marco de 2020", "", Date{2020, 3, 4}},
		{"dutch", "4 maart 2020", "", Date{2020, 3, 4}},
		{"dutch mrt", "4 mrt 2020", "", Date{2020, 3, 4}},
		{"swedish", "4 mars 2020", "", Date{2020, 3, 4}},
		{"swedish maj", "17 maj 1814", "", Date{1814, 5, 17}},
		{"polish genitive", "4 marca 2020 r.", "", Date{2020, 3, 4}},
		{"polish diacritics", "11 listopada 1918", "", Date{1918, 11, 11}},
		{"polish nominative", "wrzesień 1939", "", Date{1939, 9, 0}},
		{"polish no diacritics", "pazdziernik 1956", "", Date{1956, 10, 0}},
		{"russian genitive", "4 марта 2020 г.", "", Date{2020, 3, 4}},
		{"russian may", "9 мая 1945", "", Date{1945, 5, 9}},
		{"russian ordinal", "4-го марта 2020", "", Date{2020, 3, 4}},
		{"russian abbrev", "1 сент. 2010", "", Date{2010, 9, 1}},
		{"year first month name", "2020 March 4", "", Date{2020, 3, 4}},
		{"upper case", "4 MARCH 2020", "", Date{2020, 3, 4}},
		{"leap day", "2020-02-29", "", Date{2020, 2, 29}},
		{"leap 2000", "29.02.2000", "", Date{2000, 2, 29}},
		{"spaces around", "  2020-03-04 ", "", Date{2020, 3, 4}},

		{"layout iso", "2020-03-04", "yyyy-MM-dd", Date{2020, 3, 4}},
		{"layout US", "03/04/2020", "MM/dd/yyyy", Date{2020, 3, 4}},
		{"layout US short", "3/4/2020", "MM/dd/yyyy", Date{2020, 3, 4}},
		{"layout dd.MM.yy", "04.03.20", "dd.MM.yy", Date{2020, 3, 4}},
		{"layout compact", "20200304", "yyyyMMdd", Date{2020, 3, 4}},
		{"layout compact day first", "04032020", "ddMMyyyy", Date{2020, 3, 4}},
		{"layout month name", "4 March 2020", "d MMM yyyy", Date{2020, 3, 4}},
		{"layout month name german", "4. März 2020", "d. MMMM yyyy", Date{2020, 3, 4}},
		{"layout month abbrev dot", "4 Dez. 2020", "d MMM yyyy", Date{2020, 12, 4}},
		{"layout upper", "2020/03/04", "YYYY/MM/DD", Date{2020, 3, 4}},
		{"layout lower mm", "03/04/2020", "mm/dd/yyyy", Date{2020, 3, 4}},
		{"layout year-month", "2020-03", "yyyy-MM", Date{2020, 3, 0}},
		{"layout year", "1987", "yyyy", Date{1987, 0, 0}},
		{"layout spaces", "4   3 2020", "d M yyyy", Date{2020, 3, 4}},
		{"layout overrides default order", "04/03/2020", "dd/MM/yyyy", Date{2020, 3, 4}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Parse(tt.in, tt.format)
			if err != nil {
				t.Fatalf("Parse(%q, %q): %v", tt.in, tt.format, err)
			}
			if got != tt.want {
				t.Errorf("Parse(%q, %q) = %v, want %v", tt.in, tt.format, got, tt.want)
			}
			if !got.Valid() {
				t.Errorf("Parse(%q) returned invalid %+v", tt.in, got)
			}
		})
	}
}

func TestParseBad(t *testing.T) {
	tests := []struct {
		name, in, format string
		want             error
	}{
		{"empty", "", "", ErrSyntax},
		{"blank", "   ", "", ErrSyntax},
		{"feb 30", "2020-02-30", "", ErrInvalid},
		{"feb 29 non-leap", "29.02.2019", "", ErrInvalid},
		{"1900 not leap", "1900-02-29", "", ErrInvalid},
		{"feb 30 dmy", "30/02/2020", "", ErrInvalid},
		{"month 13 both", "13/13/2020", "", ErrInvalid},
		{"month 13 iso", "2020-13-01", "", ErrInvalid},
		{"april 31", "31 April 2020", "", ErrInvalid},
		{"year zero", "0000-01-01", "", ErrInvalid},
		{"word", "yesterday", "", ErrSyntax},
		{"two months", "March April 2020", "", ErrSyntax},
		{"no year", "4 March", "", ErrSyntax},
		{"day-month numbers", "04/03", "", ErrSyntax},
		{"lone short number", "12", "", ErrSyntax},
		{"four numbers", "1 2 3 2020", "", ErrSyntax},
		{"long number", "123456789", "", ErrSyntax},
		{"bad suffix", "4xy March 2020", "", ErrSyntax},
		{"two years", "March 1987 2020", "", ErrSyntax},
		{"three-digit day", "100 March 2020", "", ErrSyntax},
		{"ambiguous prefix", "ma 2020", "", ErrSyntax},
		{"emoji", "2020-03-04 🙂", "", ErrSyntax},
		{"layout mismatch", "2020/03/04", "yyyy-MM-dd", ErrSyntax},
		{"layout trailing", "2020-03-04x", "yyyy-MM-dd", ErrSyntax},
		{"layout short year", "20-03-04", "yyyy-MM-dd", ErrSyntax},
		{"layout invalid", "2020-02-30", "yyyy-MM-dd", ErrInvalid},
		{"layout bad month name", "4 Foo 2020", "d MMM yyyy", ErrSyntax},
		{"layout field", "2020-03-04 10", "yyyy-MM-dd HH", ErrLayout},
		{"layout no year", "03-04", "MM-dd", ErrLayout},
		{"layout day without month", "2020-04", "yyyy-dd", ErrLayout},
		{"layout repeated", "2020-2020", "yyyy-yyyy", ErrLayout},
		{"layout yyy", "202", "yyy", ErrLayout},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Parse(tt.in, tt.format)
			if err == nil {
				t.Fatalf("Parse(%q, %q) = %v, want error %v", tt.in, tt.format, got, tt.want)
			}
			if !errors.Is(err, tt.want) {
				t.Errorf("Parse(%q, %q) error %v, want %v", tt.in, tt.format, err, tt.want)
			}
		})
	}
}

func TestParseAll(t *testing.T) {
	tests := []struct {
		in   string
		want []Date
	}{
		{"04/03/2020", []Date{{2020, 4, 3}, {2020, 3, 4}}},
		{"04.03.2020", []Date{{2020, 3, 4}, {2020, 4, 3}}},
		{"13/04/2020", []Date{{2020, 4, 13}}},
		{"05/05/2020", []Date{{2020, 5, 5}}},
		{"2020-04-03", []Date{{2020, 4, 3}}},
		{"2020-13-03", nil},
		{"01022020", []Date{{2020, 2, 1}, {2020, 1, 2}}},
		{"nonsense", nil},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got := ParseAll(tt.in)
			if len(got) != len(tt.want) {
				t.Fatalf("ParseAll(%q) = %v, want %v", tt.in, got, tt.want)
			}
			for i := range got {
				if got[i] != tt.want[i] {
					t.Fatalf("ParseAll(%q) = %v, want %v", tt.in, got, tt.want)
				}
			}
		})
	}
}

func TestMonthTables(t *testing.T) {
	for i, names := range monthNames {
		for _, n := range names {
			if got := monthIndex[fold(n)]; got != i+1 {
				t.Errorf("month form %q maps to %d, want %d (conflict)", n, got, i+1)
			}
			if fillerWords[fold(n)] {
				t.Errorf("month form %q is also a filler word", n)
			}
		}
	}
}

func TestFormat(t *testing.T) {
	tests := []struct {
		d       Date
		layout  string
		want    string
		wantErr bool
	}{
		{Date{2020, 3, 4}, "yyyy-MM-dd", "2020-03-04", false},
		{Date{2020, 3, 4}, "dd.MM.yy", "04.03.20", false},
		{Date{2020, 3, 4}, "d MMM yyyy", "04 Mar 2020", false},
		{Date{1987, 0, 0}, "yyyy", "1987", false},
		{Date{1987, 0, 0}, "yyyy-MM", "", true},
		{Date{1887, 1, 1}, "yy-MM-dd", "", true},
		{Date{2020, 2, 30}, "yyyy-MM-dd", "", true},
	}
	for _, tt := range tests {
		got, err := Format(tt.d, tt.layout)
		if (err != nil) != tt.wantErr || got != tt.want {
			t.Errorf("Format(%v, %q) = %q, %v; want %q, error %v", tt.d, tt.layout, got, err, tt.want, tt.wantErr)
		}
	}
}

func TestDayNumber(t *testing.T) {
	a, _ := DayNumber(Date{2020, 2, 28})
	b, _ := DayNumber(Date{2020, 3, 1})
	if b-a != 2 {
		t.Errorf("2020-02-28 to 2020-03-01 = %d days, want 2", b-a)
	}
	c, _ := DayNumber(Date{2019, 12, 31})
	d, _ := DayNumber(Date{2021, 1, 1})
	if d-c != 367 {
		t.Errorf("2019-12-31 to 2021-01-01 = %d days, want 367", d-c)
	}
	if _, ok := DayNumber(Date{2020, 3, 0}); ok {
		t.Error("DayNumber of a partial date should fail")
	}
}

var fuzzLayouts = []string{"yyyy-MM-dd", "MM/dd/yyyy", "dd.MM.yy", "d MMM yyyy", "yyyyMMdd", "yyyy-MM", "yyyy", "M/d/yy"}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"2020-03-04", "4th of March 2020", "4. März 2020", "04/03/2020", "1987", "9 мая 1945", "20200304", "Mar 87", "2020-03-04T10:00"} {
		f.Add(s, "")
	}
	f.Add("03/04/2020", "MM/dd/yyyy")
	f.Add("4 Dez. 2020", "d MMM yyyy")
	f.Add("04.03.20", "dd.MM.yy")
	f.Fuzz(func(t *testing.T, s, format string) {
		d, err := Parse(s, format)
		if err != nil {
			if !errors.Is(err, ErrSyntax) && !errors.Is(err, ErrInvalid) && !errors.Is(err, ErrLayout) {
				t.Fatalf("Parse(%q, %q): unclassified error %v", s, format, err)
			}
			return
		}
		if !d.Valid() {
			t.Fatalf("Parse(%q, %q) = invalid %+v", s, format, d)
		}
		if format == "" {
			all := ParseAll(s)
			if len(all) == 0 || all[0] != d {
				t.Fatalf("ParseAll(%q) = %v, Parse = %v", s, all, d)
			}
		}
		// Round trip: every layout able to hold d writes text that reads back to d, with the
		// layout and, for the ISO layout, without it.
		for _, l := range fuzzLayouts {
			txt, err := Format(d, l)
			if err != nil {
				continue
			}
			back, err := Parse(txt, l)
			if err != nil {
				t.Fatalf("Parse(Format(%v, %q) = %q): %v", d, l, txt, err)
			}
			want := d
			switch l {
			case "yyyy-MM":
				want.Day = 0
			case "yyyy":
				want.Month, want.Day = 0, 0
			}
			if back != want {
				t.Fatalf("round trip %v via %q (%q) = %v", d, l, txt, back)
			}
		}
		if iso := d.String(); iso != "" {
			back, err := Parse(iso, "")
			if err != nil || back != d {
				t.Fatalf("Parse(%q) = %v, %v; want %v", iso, back, err, d)
			}
		}
	})
}

func BenchmarkParse(b *testing.B) {
	inputs := []string{"2020-03-04", "04/03/2020", "4th of March 2020", "4. März 2020", "9 мая 1945"}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if _, err := Parse(inputs[i%len(inputs)], ""); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkParseLayout(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Parse("03/04/2020", "MM/dd/yyyy"); err != nil {
			b.Fatal(err)
		}
	}
}

func TestReadings(t *testing.T) {
	tests := []struct {
		in   string
		want []Reading
	}{
		{"04/03/2020", []Reading{{Date{2020, 4, 3}, MonthFirst}, {Date{2020, 3, 4}, DayFirst}}},
		{"04.03.2020", []Reading{{Date{2020, 3, 4}, DayFirst}, {Date{2020, 4, 3}, MonthFirst}}},
		{"13/04/2020", []Reading{{Date{2020, 4, 13}, DayFirst}}},
		{"05/05/2020", []Reading{{Date{2020, 5, 5}, Unordered}}},
		{"2020-04-03", []Reading{{Date{2020, 4, 3}, Unordered}}},
		{"+1952-03-11T00:00:00Z", []Reading{{Date{1952, 3, 11}, Unordered}}},
		{"4 March 2020", []Reading{{Date{2020, 3, 4}, Unordered}}},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := Readings(tt.in)
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != len(tt.want) {
				t.Fatalf("Readings(%q) = %v, want %v", tt.in, got, tt.want)
			}
			for i := range got {
				if got[i] != tt.want[i] {
					t.Fatalf("Readings(%q) = %v, want %v", tt.in, got, tt.want)
				}
			}
		})
	}
	if _, err := Readings("nope"); !errors.Is(err, ErrSyntax) {
		t.Errorf("Readings(nope) error = %v", err)
	}
	d, m, u := Reading{Order: DayFirst}, Reading{Order: MonthFirst}, Reading{}
	if d.Compatible(m) || !d.Compatible(u) || !m.Compatible(m) || !u.Compatible(m) {
		t.Error("Compatible is wrong")
	}
}
