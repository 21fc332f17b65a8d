package ner

import "testing"

func TestHebStrips(t *testing.T) {
	hash := func(w string) uint64 { in, _ := analyze(w, nil, nil); return in.lower }
	tests := []struct {
		word string
		want [2]uint64
	}{
		{"בירושלים", [2]uint64{hash("ירושלים"), 0}}, // י is no prefix letter
		{"ובתל", [2]uint64{hash("בתל"), hash("תל")}},
		{"בתל", [2]uint64{hash("תל"), 0}}, // two letters must remain
		{"תל", [2]uint64{}},
		{"Berlin", [2]uint64{}},
		{"", [2]uint64{}},
	}
	for _, tc := range tests {
		in, _ := analyze(tc.word, nil, nil)
		if in.strip != tc.want {
			t.Errorf("%q: strip %v, want %v", tc.word, in.strip, tc.want)
		}
	}
}

// TestHebTrim checks the prefix letters left out of Hebrew mentions with the shipped model.
func TestHebTrim(t *testing.T) {
	m := mustLoad(t, "heb")
	tests := []struct {
		words []string
		want  int
	}{
		{[]string{"בירושלים"}, 1}, // "in Jerusalem"
		{[]string{"ירושלים"}, 0},
		{[]string{"Paris"}, 0},
		{nil, 0},
	}
	for _, tc := range tests {
		if got := m.hebTrim(tc.words); got != tc.want {
			t.Errorf("hebTrim(%q) = %d, want %d", tc.words, got, tc.want)
		}
	}
	// Through Extract: the mention starts after the prefix.
	for _, s := range m.Extract("הוא גר בירושלים.", nil) {
		if s.Start == 7 {
			t.Errorf("mention of בירושלים keeps its prefix: %+v", s)
		}
	}
}

// hebBenchText is made-up Hebrew news text (written for nomen), with prefixed names.
const hebBenchText = `ראש הממשלה בנימין נתניהו נפגש אתמול בירושלים עם שר החוץ האמריקאי.
המשלחת טסה לפריז ולונדון כדי לדון בהסכם הסחר עם האיחוד האירופי.
בנק ישראל העלה את הריבית, והבורסה בתל אביב ירדה בחדות.
הסופר עמוס עוז נולד בירושלים וחי שנים רבות בקיבוץ חולדה.
חברת אינטל הודיעה על השקעה חדשה בקריית גת ובחיפה.
הנשיא יצחק הרצוג שלח מכתב לנשיא צרפת עמנואל מקרון.`

func BenchmarkTagHebrew(b *testing.B) { benchTag(b, "heb", hebBenchText) }
