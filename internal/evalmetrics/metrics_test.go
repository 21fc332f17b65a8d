package evalmetrics

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

// mk builds labelled pairs: positives then negatives, all in category cat.
func mk(cat string, pos, neg []float64) []Scored {
	var s []Scored
	for _, x := range pos {
		s = append(s, Scored{Score: x, Match: true, Category: cat})
	}
	for _, x := range neg {
		s = append(s, Scored{Score: x, Match: false, Category: cat})
	}
	return s
}

// bruteAUC counts winning and tied positive/negative pairs directly.
func bruteAUC(s []Scored) float64 {
	var wins, n float64
	for _, p := range s {
		if !p.Match {
			continue
		}
		for _, q := range s {
			if q.Match {
				continue
			}
			n++
			a, b := key(p.Score), key(q.Score)
			switch {
			case a > b:
				wins++
			case a == b:
				wins += 0.5
			}
		}
	}
	if n == 0 {
		return 0.5
	}
	return wins / n
}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-12 }

func TestAUC(t *testing.T) {
	nan := math.NaN()
	tests := []struct {
		name string
		s    []Scored
		want float64
	}{
		{"perfect", mk("", []float64{0.9, 0.8}, []float64{0.3, 0.1}), 1},
		{"inverted", mk("", []float64{0.3, 0.1}, []float64{0.9, 0.8}), 0},
		{"all tied", mk("", []float64{0.5, 0.5}, []float64{0.5, 0.5, 0.5}), 0.5},
		{"three of four", mk("", []float64{0.8, 0.4}, []float64{0.6, 0.2}), 0.75},
		{"one tie", mk("", []float64{0.5, 0.9}, []float64{0.5, 0.1}), 0.875},
		{"one of six", mk("", []float64{0.1, 0.5}, []float64{0.6, 0.7, 0.3}), 1.0 / 6},
		{"nan is lowest", mk("", []float64{nan}, []float64{0.1}), 0},
		{"nan ties nan", mk("", []float64{nan, 0.2}, []float64{nan}), 0.75},
		{"only positives", mk("", []float64{0.1, 0.9}, nil), 0.5},
		{"only negatives", mk("", nil, []float64{0.1}), 0.5},
		{"empty", nil, 0.5},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := AUC(tc.s); !near(got, tc.want) {
				t.Errorf("AUC = %v, want %v", got, tc.want)
			}
		})
	}
}

func TestAUCMatchesBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := range 200 {
		n := 1 + rng.IntN(60)
		s := make([]Scored, n)
		for i := range s {
			// Coarse scores so that ties are frequent.
			s[i] = Scored{Score: math.Round(rng.Float64()*10) / 10, Match: rng.IntN(3) == 0}
		}
		if got, want := AUC(s), bruteAUC(s); !near(got, want) {
			t.Fatalf("trial %d: AUC = %v, brute force %v", trial, got, want)
		}
	}
}

func TestAt(t *testing.T) {
	s := mk("", []float64{0.9, 0.7, 0.4}, []float64{0.8, 0.3})
	tests := []struct {
		name      string
		threshold float64
		want      Point
	}{
		{"0.5", 0.5, Point{Threshold: 0.5, Precision: 2.0 / 3, Recall: 2.0 / 3, F1: 2.0 / 3, TP: 2, FP: 1, FN: 1, TN: 1}},
		{"inclusive 0.7", 0.7, Point{Threshold: 0.7, Precision: 2.0 / 3, Recall: 2.0 / 3, F1: 2.0 / 3, TP: 2, FP: 1, FN: 1, TN: 1}},
		{"0.75", 0.75, Point{Threshold: 0.75, Precision: 0.5, Recall: 1.0 / 3, F1: 0.4, TP: 1, FP: 1, FN: 2, TN: 1}},
		{"nothing predicted", 0.95, Point{Threshold: 0.95, FN: 3, TN: 2}},
		{"everything predicted", 0, Point{Threshold: 0, Precision: 0.6, Recall: 1, F1: 0.75, TP: 3, FP: 2}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := At(s, tc.threshold)
			if got.TP != tc.want.TP || got.FP != tc.want.FP || got.FN != tc.want.FN || got.TN != tc.want.TN ||
				!near(got.Precision, tc.want.Precision) || !near(got.Recall, tc.want.Recall) ||
				!near(got.F1, tc.want.F1) || got.Threshold != tc.want.Threshold {
				t.Errorf("At(%v) = %+v, want %+v", tc.threshold, got, tc.want)
			}
		})
	}
}

func TestBestF1(t *testing.T) {
	tests := []struct {
		name          string
		s             []Scored
		wantThreshold float64
		wantF1        float64
	}{
		{"mixed", mk("", []float64{0.9, 0.7, 0.4}, []float64{0.8, 0.3}), 0.4, 6.0 / 7},
		{"separable", mk("", []float64{0.9, 0.8}, []float64{0.3, 0.1}), 0.8, 1},
		{"tie prefers higher threshold", mk("", []float64{0.9, 0.5}, []float64{0.7, 0.6}), 0.9, 2.0 / 3},
		{"nan never a threshold", mk("", []float64{math.NaN(), 0.6}, []float64{0.2}), 0.6, 2.0 / 3},
		{"no positives", mk("", nil, []float64{0.2}), 0, 0},
		{"empty", nil, 0, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := BestF1(tc.s)
			if got.Threshold != tc.wantThreshold || !near(got.F1, tc.wantF1) {
				t.Errorf("BestF1 = %+v, want threshold %v F1 %v", got, tc.wantThreshold, tc.wantF1)
			}
			if len(tc.s) > 0 && got.F1 > 0 {
				if again := At(tc.s, got.Threshold); again != got {
					t.Errorf("At(best threshold) = %+v, BestF1 = %+v", again, got)
				}
			}
		})
	}
}

func TestBestF1IsMaximal(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for trial := range 100 {
		s := make([]Scored, 1+rng.IntN(40))
		for i := range s {
			s[i] = Scored{Score: math.Round(rng.Float64()*20) / 20, Match: rng.IntN(2) == 0}
		}
		best := BestF1(s)
		for _, x := range s {
			if p := At(s, x.Score); p.F1 > best.F1+1e-12 {
				t.Fatalf("trial %d: At(%v).F1 = %v > BestF1 %v", trial, x.Score, p.F1, best.F1)
			}
		}
	}
}

func TestSweepAgreesWithAt(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	thresholds := []float64{math.Inf(-1), -1, 0, 0.25, 0.5, 0.5, 0.75, 1, 2, math.NaN()}
	for trial := range 100 {
		s := make([]Scored, rng.IntN(30))
		for i := range s {
			s[i] = Scored{Score: math.Round(rng.Float64()*4) / 4, Match: rng.IntN(2) == 0}
			if rng.IntN(10) == 0 {
				s[i].Score = math.NaN()
			}
		}
		got := Sweep(s, thresholds)
		for i, th := range thresholds {
			want := At(s, th)
			g := got[i]
			if g.TP != want.TP || g.FP != want.FP || g.FN != want.FN || g.TN != want.TN || !near(g.F1, want.F1) {
				t.Fatalf("trial %d threshold %v: Sweep %+v, At %+v", trial, th, g, want)
			}
		}
	}
}

func TestByCategory(t *testing.T) {
	s := append(mk("a", []float64{0.9, 0.8}, []float64{0.3}), mk("b", []float64{0.2}, []float64{0.6, 0.7})...)
	s = append(s, mk("c", nil, []float64{0.1, 0.2})...)
	got := ByCategory(s)
	if len(got) != 3 {
		t.Fatalf("ByCategory has %d categories, want 3", len(got))
	}
	tests := []struct {
		cat           string
		n, pos, neg   int
		auc, bestF1   float64
		bestThreshold float64
	}{
		{"a", 3, 2, 1, 1, 1, 0.8},
		{"b", 3, 1, 2, 0, 0.5, 0.2},
		{"c", 2, 0, 2, 0.5, 0, 0},
	}
	for _, tc := range tests {
		t.Run(tc.cat, func(t *testing.T) {
			g := got[tc.cat]
			if g.N != tc.n || g.Pos != tc.pos || g.Neg != tc.neg || !near(g.AUC, tc.auc) ||
				!near(g.Best.F1, tc.bestF1) || g.Best.Threshold != tc.bestThreshold {
				t.Errorf("summary = %+v, want %+v", g, tc)
			}
		})
	}
}

func TestWriteReport(t *testing.T) {
	s := append(mk("xscript-ru", []float64{0.8, 0.4}, []float64{0.6, 0.2}), mk("random-neg", nil, []float64{0.1})...)
	var buf bytes.Buffer
	if err := WriteReport(&buf, "names", s, 0.5); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	for _, want := range []string{
		"== names ==",
		"pairs 5  matches 2  non-matches 3",
		"AUC 0.8333",
		"best F1 0.8000 at threshold 0.4000",
		"at threshold 0.5000: precision 0.5000  recall 0.5000  F1 0.5000  accuracy 0.6000",
		"random-neg",
		"n/a",
		"xscript-ru",
		"0.7500",
		"0.99",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("report lacks %q:\n%s", want, out)
		}
	}
}

// failWriter fails every write.
type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

func TestWritersReportErrors(t *testing.T) {
	s := mk("", []float64{0.9}, []float64{0.1})
	if err := WriteReport(failWriter{}, "t", s, 0.5); err == nil {
		t.Error("WriteReport: no error from a failing writer")
	}
	if err := WriteSVG(failWriter{}, s); err == nil {
		t.Error("WriteSVG: no error from a failing writer")
	}
}

// checkSVG parses b as XML and returns the number of elements by name.
func checkSVG(t *testing.T, b []byte) map[string]int {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(b))
	n := map[string]int{}
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("SVG is not well-formed XML: %v\n%s", err, b)
		}
		if se, ok := tok.(xml.StartElement); ok {
			n[se.Name.Local]++
		}
	}
	return n
}

func TestWriteSVG(t *testing.T) {
	tests := []struct {
		name      string
		s         []Scored
		wantPath  int
		wantRects int
	}{
		{"normal", mk("c", []float64{0.9, 0.8, 0.55, 1.7}, []float64{0.3, 0.6, -2, math.NaN()}), 1, 1 + 2 + 2*histBins + 2},
		{"no matches", mk("c", nil, []float64{0.3}), 0, 1 + 2 + 2*histBins + 2},
		{"empty", nil, 0, 1 + 2 + 2*histBins + 2},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := WriteSVG(&buf, tc.s); err != nil {
				t.Fatal(err)
			}
			n := checkSVG(t, buf.Bytes())
			if n["svg"] != 1 || n["path"] != tc.wantPath || n["rect"] != tc.wantRects {
				t.Errorf("elements %v, want 1 svg, %d path, %d rect", n, tc.wantPath, tc.wantRects)
			}
		})
	}
}

func FuzzAUC(f *testing.F) {
	f.Add([]byte{200, 1, 100, 0, 100, 1, 0, 0})
	f.Add([]byte{})
	f.Add([]byte{5, 1})
	f.Fuzz(func(t *testing.T, data []byte) {
		var s []Scored
		for i := 0; i+1 < len(data); i += 2 {
			score := float64(data[i])/100 - 0.5 // covers < 0 and > 1
			if data[i] == 255 {
				score = math.NaN()
			}
			s = append(s, Scored{Score: score, Match: data[i+1]&1 == 1, Category: string(rune('a' + data[i+1]%3))})
		}
		auc := AUC(s)
		if !(auc >= 0 && auc <= 1) {
			t.Fatalf("AUC = %v outside [0, 1]", auc)
		}
		if len(s) <= 200 {
			if want := bruteAUC(s); !near(auc, want) {
				t.Fatalf("AUC = %v, brute force %v", auc, want)
			}
		}
		best := BestF1(s)
		if !(best.F1 >= 0 && best.F1 <= 1) {
			t.Fatalf("BestF1 = %+v", best)
		}
		for _, p := range Sweep(s, sweepThresholds) {
			if q := At(s, p.Threshold); q != p {
				t.Fatalf("Sweep %+v != At %+v", p, q)
			}
		}
		if err := WriteReport(io.Discard, "fuzz", s, 0.5); err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if err := WriteSVG(&buf, s); err != nil {
			t.Fatal(err)
		}
		checkSVG(t, buf.Bytes())
	})
}

// benchData returns n pairs with overlapping score distributions.
func benchData(n int) []Scored {
	rng := rand.New(rand.NewPCG(7, 8))
	s := make([]Scored, n)
	cats := []string{"typo", "order", "org", "nickname"}
	for i := range s {
		m := rng.IntN(2) == 0
		score := rng.NormFloat64()*0.15 + 0.4
		if m {
			score += 0.3
		}
		s[i] = Scored{Score: score, Match: m, Category: cats[i%len(cats)]}
	}
	return s
}

func BenchmarkAUC100k(b *testing.B) {
	s := benchData(100_000)
	b.ReportAllocs()
	for b.Loop() {
		AUC(s)
	}
}

func BenchmarkBestF1100k(b *testing.B) {
	s := benchData(100_000)
	b.ReportAllocs()
	for b.Loop() {
		BestF1(s)
	}
}

func BenchmarkSweep100k(b *testing.B) {
	s := benchData(100_000)
	b.ReportAllocs()
	for b.Loop() {
		Sweep(s, sweepThresholds)
	}
}

func BenchmarkByCategory100k(b *testing.B) {
	s := benchData(100_000)
	b.ReportAllocs()
	for b.Loop() {
		ByCategory(s)
	}
}

func BenchmarkWriteReport100k(b *testing.B) {
	s := benchData(100_000)
	b.ReportAllocs()
	for b.Loop() {
		if err := WriteReport(io.Discard, "bench", s, 0.5); err != nil {
			b.Fatal(err)
		}
	}
}
