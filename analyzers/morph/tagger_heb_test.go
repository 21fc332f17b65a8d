package morph

import (
	"strings"
	"testing"
)

func TestHebParadigmOf(t *testing.T) {
	freq := map[string]int{"הבורסה": 10, "בבורסה": 5, "בורסות": 2, "גבלה": 0}
	amb := map[string]string{"בורסה": "NOUN", "ספר": "NOUN|VERB"}
	for _, c := range []struct{ in, want string }{
		// Prefixes ה (a) and ב (c) make known words; the stem "בורס" with
		// "ות" (c) is known; "ב" + "ורסה" is not.
		{"בורסה", "pac eה:c"},
		// No ending of the list but the bare stem; "ה" + "ספר": the rest has
		// a class.
		{"הספר", "p e: sה:NOUN|VERB"},
		{"x", ""},
		{"ab1", ""},
	} {
		if got := hebParadigmOf(c.in, amb, freq); got != c.want {
			t.Errorf("hebParadigmOf(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestTagFreq(t *testing.T) {
	lem := map[string]int{"a": 1}
	seg := map[string]int{"a": 1, "b": 2}
	for _, c := range []struct {
		lang string
		seg  *segModel
		want int
	}{
		{"heb", &segModel{freq: seg}, 2},
		{"heb", nil, 1},
		{"zho", &segModel{freq: seg}, 1},
	} {
		m := &langModel{lang: c.lang, seg: c.seg}
		m.lem.freq = lem
		if got := len(m.tagFreq()); got != c.want {
			t.Errorf("%s tagFreq: %d words, want %d", c.lang, got, c.want)
		}
	}
}

func TestHebModelFeatures(t *testing.T) {
	m, err := modelFor("heb")
	if err != nil {
		t.Fatal(err)
	}
	if m.feats&featHeb == 0 {
		t.Fatalf("heb model feature groups %b lack featHeb", m.feats)
	}
	a, _, err := analyze("הבורסה נסגרה בשבוע שעבר.", "heb", []string{FeaturePartsOfSpeech}, Options{Disambiguate: true})
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(a.Tokens, " "); !strings.HasPrefix(got, "ה בורסה") {
		t.Errorf("tokens %q, want the article split", got)
	}
}

// hebBenchText is a short Hebrew text (written for the benchmark).
var hebBenchText = []string{
	"הבורסה בתל אביב נסגרה היום בירידה קלה, לאחר שהמשקיעים חיכו להחלטת הריבית.",
	"בספרו הראשון תיאר הסופר את ילדותו בעיירה קטנה ואת המעבר לעיר הגדולה.",
	"הוועדה המליצה להגביל את השימוש בחומרים המסוכנים ולהגדיל את הפיקוח על המפעלים.",
	"כשהגענו לכפר, ראינו שהתושבים כבר התחילו לבנות את בתיהם מחדש.",
}

func BenchmarkAnalyzeHebrew(b *testing.B) {
	words := 0
	for _, tx := range hebBenchText {
		a, err := Analyze(tx, "heb", nil, Options{})
		if err != nil {
			b.Fatal(err)
		}
		words += len(a.Tokens)
	}
	b.ReportAllocs()
	b.ResetTimer()
	cpu0 := cpuTime()
	for i := 0; i < b.N; i++ {
		for _, tx := range hebBenchText {
			if _, err := Analyze(tx, "heb", []string{FeatureLemmas, FeaturePartsOfSpeech}, Options{Disambiguate: true}); err != nil {
				b.Fatal(err)
			}
		}
	}
	if cpu := cpuTime() - cpu0; cpu > 0 {
		b.ReportMetric(float64(words*b.N)/cpu.Seconds(), "words/cpu-s")
	}
}
