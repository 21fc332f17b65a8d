package sentiment

import (
	"math"
	"strings"
	"testing"
)

func mustLoad(t testing.TB) *Analyzer {
	t.Helper()
	a, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// TestHandDev scores the hand-written short texts (the models' development data, so this is
// a regression floor, not a quality claim).
func TestHandDev(t *testing.T) {
	a := mustLoad(t)
	ex, err := readHand("../../testdata/sentiment/dev_short.tsv")
	if err != nil {
		t.Fatal(err)
	}
	for _, mt := range []string{Statistical, DNN} {
		correct := 0
		for _, e := range ex {
			r, err := a.Analyze(e.text, mt)
			if err != nil {
				t.Fatal(err)
			}
			if r.Label == labelOf(e.label) {
				correct++
			} else if testing.Verbose() {
				t.Logf("%s: %q: want %s, got %s (pos %.2f neg %.2f neu %.2f)", mt, e.text, labelOf(e.label), r.Label, r.Pos, r.Neg, r.Neu)
			}
		}
		acc := float64(correct) / float64(len(ex))
		t.Logf("%s: 3-way accuracy %.3f on %d hand-written texts", mt, acc, len(ex))
		if acc < 0.6 {
			t.Errorf("%s: 3-way accuracy %.3f below the floor 0.6", mt, acc)
		}
	}
}

func TestAnalyze(t *testing.T) {
	a := mustLoad(t)
	cases := []struct {
		text, want string
	}{
		{"The service was excellent and the food was delicious.", Positive},
		{"This is a wonderful, moving and beautifully acted film.", Positive},
		{"The food was cold and the waiter was rude.", Negative},
		{"A dull, lifeless and badly written mess.", Negative},
		{"This is not a good product.", Negative},
		{"The meeting is scheduled for Tuesday at 10 am in Room 4.", Neutral},
	}
	for _, c := range cases {
		for _, mt := range []string{"", Statistical, DNN} {
			r, err := a.Analyze(c.text, mt)
			if err != nil {
				t.Fatal(err)
			}
			if r.Label != c.want {
				t.Errorf("%s %q: got %s (pos %.2f neg %.2f neu %.2f), want %s", mt, c.text, r.Label, r.Pos, r.Neg, r.Neu, c.want)
			}
			if s := r.Pos + r.Neg + r.Neu; math.Abs(s-1) > 1e-9 {
				t.Errorf("%q: probabilities sum to %v", c.text, s)
			}
		}
	}
}

func TestNegationFlips(t *testing.T) {
	a := mustLoad(t)
	pos, _ := a.Analyze("the acting is good and the story is interesting", Statistical)
	neg, _ := a.Analyze("the acting is not good and the story is not interesting", Statistical)
	if !(pos.Pos-pos.Neg > neg.Pos-neg.Neg) {
		t.Errorf("negation did not lower the score: %+v vs %+v", pos, neg)
	}
}

func TestUnknownModelType(t *testing.T) {
	a := mustLoad(t)
	if _, err := a.Analyze("good", "bert"); err == nil {
		t.Error("want an error for an unknown model type")
	}
}

func TestEntities(t *testing.T) {
	a := mustLoad(t)
	text := "I love the new camera. Acme support was terrible and rude."
	sents := []Span{{0, 22}, {23, 58}}
	rs, err := a.Entities(text, sents, [][]Span{{{23, 27}}, {{100, 120}}}, Statistical)
	if err != nil {
		t.Fatal(err)
	}
	if len(rs) != 2 || rs[0].Label != Negative {
		t.Errorf("got %+v, want Acme negative", rs)
	}
}

func TestEmptyAndOddInput(t *testing.T) {
	a := mustLoad(t)
	for _, s := range []string{"", " ", "!!!", "\x00\xff", strings.Repeat("good ", 10000), "😀😀"} {
		r, err := a.Analyze(s, Statistical)
		if err != nil || r.Label == "" {
			t.Errorf("%.20q: %+v %v", s, r, err)
		}
	}
}

func TestModelRoundTrip(t *testing.T) {
	a := mustLoad(t)
	var b strings.Builder
	if err := a.write(&b); err != nil {
		t.Fatal(err)
	}
	c, err := read(strings.NewReader(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"a great movie", "awful", "the bus leaves at noon"} {
		for _, mt := range []string{Statistical, DNN} {
			x, _ := a.Analyze(s, mt)
			y, _ := c.Analyze(s, mt)
			if x != y {
				t.Errorf("%s %q: %+v after a round trip, %+v before", mt, s, y, x)
			}
		}
	}
	if _, err := read(strings.NewReader("not gzip")); err == nil {
		t.Error("want an error for a bad file")
	}
}

func FuzzAnalyze(f *testing.F) {
	a := mustLoad(f)
	for _, s := range []string{"not bad at all", "I don't like it :(", "but", "n't", "sooooo gooood!!!"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, mt := range []string{Statistical, DNN} {
			r, err := a.Analyze(s, mt)
			if err != nil {
				t.Fatal(err)
			}
			if math.IsNaN(r.Confidence) || r.Confidence < 0 || r.Confidence > 1 {
				t.Fatalf("%q: confidence %v", s, r.Confidence)
			}
		}
	})
}

func FuzzRead(f *testing.F) {
	f.Add(engModel[:min(len(engModel), 64)])
	f.Fuzz(func(t *testing.T, b []byte) {
		_, _ = read(strings.NewReader(string(b)))
	})
}

func BenchmarkAnalyze(b *testing.B) {
	a := mustLoad(b)
	text := "The hotel was lovely and the staff were friendly, but the room was small and the breakfast was disappointing."
	b.ReportAllocs()
	b.SetBytes(int64(len(text)))
	for i := 0; i < b.N; i++ {
		_, _ = a.Analyze(text, Statistical)
	}
}
