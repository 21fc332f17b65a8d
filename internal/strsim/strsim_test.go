package strsim

import (
	"encoding/csv"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/agnivade/levenshtein"
)

// readVectors reads a jellyfish test-vector CSV (s1,s2,expected).
func readVectors(t *testing.T, name string) [][]string {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r := csv.NewReader(f)
	r.FieldsPerRecord = -1
	recs, err := r.ReadAll()
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if len(recs) == 0 {
		t.Fatalf("%s: no vectors", name)
	}
	return recs
}

func TestJellyfishSimilarity(t *testing.T) {
	for _, tc := range []struct {
		file string
		fn   func(a, b string) float64
	}{
		{"jaro_distance.csv", Jaro},
		{"jaro_winkler.csv", JaroWinkler},
	} {
		for _, rec := range readVectors(t, tc.file) {
			want, err := strconv.ParseFloat(rec[2], 64)
			if err != nil {
				t.Fatal(err)
			}
			for _, pair := range [][2]string{{rec[0], rec[1]}, {rec[1], rec[0]}} {
				got := tc.fn(pair[0], pair[1])
				if math.Abs(got-want) > 0.0006 {
					t.Errorf("%s(%q, %q) = %.4f, want %.3f", tc.file, pair[0], pair[1], got, want)
				}
			}
		}
	}
}

func TestJellyfishDistance(t *testing.T) {
	for _, tc := range []struct {
		file string
		fn   func(a, b string) int
	}{
		{"levenshtein.csv", Levenshtein},
		{"damerau_levenshtein.csv", DamerauOSA},
	} {
		for _, rec := range readVectors(t, tc.file) {
			want, err := strconv.Atoi(rec[2])
			if err != nil {
				t.Fatal(err)
			}
			if got := tc.fn(rec[0], rec[1]); got != want {
				t.Errorf("%s(%q, %q) = %d, want %d", tc.file, rec[0], rec[1], got, want)
			}
		}
	}
}

func TestCases(t *testing.T) {
	tests := []struct {
		name       string
		a, b       string
		lev, osa   int
		levSim     float64
		jaro, jw   float64
		jaroApprox bool
	}{
		{name: "both empty", a: "", b: "", lev: 0, osa: 0, levSim: 1, jaro: 1, jw: 1},
		{name: "one empty", a: "abc", b: "", lev: 3, osa: 3, levSim: 0, jaro: 0, jw: 0},
		{name: "identical", a: "müller", b: "müller", lev: 0, osa: 0, levSim: 1, jaro: 1, jw: 1},
		{name: "umlaut vs u is one rune", a: "müller", b: "muller", lev: 1, osa: 1, levSim: 5.0 / 6, jaro: 0.8889, jw: 0.9, jaroApprox: true},
		{name: "transposition", a: "ca", b: "ac", lev: 2, osa: 1, levSim: 0, jaro: 0, jw: 0},
		{name: "osa is not full damerau", a: "ca", b: "abc", lev: 3, osa: 3, levSim: 0, jaro: 0, jw: 0}, // window 0: no matches
		{name: "cyrillic", a: "иванов", b: "иванова", lev: 1, osa: 1, levSim: 6.0 / 7, jaro: 0.9524, jw: 0.9714, jaroApprox: true},
		{name: "han", a: "毛泽东", b: "毛澤東", lev: 2, osa: 2, levSim: 1.0 / 3, jaro: 0.5556, jw: 0.5556, jaroApprox: true},
		{name: "disjoint", a: "abc", b: "xyz", lev: 3, osa: 3, levSim: 0, jaro: 0, jw: 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			for _, p := range [][2]string{{tc.a, tc.b}, {tc.b, tc.a}} {
				if got := Levenshtein(p[0], p[1]); got != tc.lev {
					t.Errorf("Levenshtein(%q,%q) = %d, want %d", p[0], p[1], got, tc.lev)
				}
				if got := DamerauOSA(p[0], p[1]); got != tc.osa {
					t.Errorf("DamerauOSA(%q,%q) = %d, want %d", p[0], p[1], got, tc.osa)
				}
				if got := LevenshteinSim(p[0], p[1]); math.Abs(got-tc.levSim) > 1e-9 {
					t.Errorf("LevenshteinSim(%q,%q) = %v, want %v", p[0], p[1], got, tc.levSim)
				}
				tol := 1e-9
				if tc.jaroApprox {
					tol = 1e-4
				}
				if got := Jaro(p[0], p[1]); math.Abs(got-tc.jaro) > tol {
					t.Errorf("Jaro(%q,%q) = %v, want %v", p[0], p[1], got, tc.jaro)
				}
				if got := JaroWinkler(p[0], p[1]); math.Abs(got-tc.jw) > tol {
					t.Errorf("JaroWinkler(%q,%q) = %v, want %v", p[0], p[1], got, tc.jw)
				}
			}
		})
	}
}

// osaRef is a straightforward full-matrix OSA distance used as a reference.
func osaRef(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	d := make([][]int, len(ra)+1)
	for i := range d {
		d[i] = make([]int, len(rb)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(ra); i++ {
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(ra)][len(rb)]
}

func randString(r *rand.Rand, maxLen int) string {
	alphabet := []rune("abcdeéßж毛 ")
	n := r.IntN(maxLen + 1)
	var sb strings.Builder
	for range n {
		sb.WriteRune(alphabet[r.IntN(len(alphabet))])
	}
	return sb.String()
}

func TestAgainstReferences(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for i := range 3000 {
		maxLen := 12
		if i%10 == 0 {
			maxLen = 90 // exercise the heap path beyond 64 runes
		}
		a, b := randString(r, maxLen), randString(r, maxLen)
		if got, want := Levenshtein(a, b), levenshtein.ComputeDistance(a, b); got != want {
			t.Fatalf("Levenshtein(%q,%q) = %d, agnivade says %d", a, b, got, want)
		}
		if got, want := DamerauOSA(a, b), osaRef(a, b); got != want {
			t.Fatalf("DamerauOSA(%q,%q) = %d, reference says %d", a, b, got, want)
		}
		if DamerauOSA(a, b) > Levenshtein(a, b) {
			t.Fatalf("OSA > Levenshtein for %q %q", a, b)
		}
		for _, f := range []func(string, string) float64{Jaro, JaroWinkler, LevenshteinSim} {
			x, y := f(a, b), f(b, a)
			if x != y && math.Abs(x-y) > 1e-12 {
				t.Fatalf("asymmetric: %q %q: %v vs %v", a, b, x, y)
			}
			if x < 0 || x > 1 || math.IsNaN(x) {
				t.Fatalf("out of range: %q %q: %v", a, b, x)
			}
		}
		if JaroWinkler(a, b) < Jaro(a, b) {
			t.Fatalf("JaroWinkler < Jaro for %q %q", a, b)
		}
	}
}

func TestNoAllocs(t *testing.T) {
	a := "Alexandrovna Dostoyevskaya-Müller"
	b := "Aleksandrovna Dostojevskaja Muller"
	for name, f := range map[string]func(){
		"Jaro":           func() { Jaro(a, b) },
		"JaroWinkler":    func() { JaroWinkler(a, b) },
		"Levenshtein":    func() { Levenshtein(a, b) },
		"LevenshteinSim": func() { LevenshteinSim(a, b) },
		"DamerauOSA":     func() { DamerauOSA(a, b) },
	} {
		if n := testing.AllocsPerRun(100, f); n != 0 {
			t.Errorf("%s allocates %v times per call", name, n)
		}
	}
}

func FuzzMetrics(f *testing.F) {
	f.Add("martha", "marhta")
	f.Add("", "abc")
	f.Add("毛泽东", "毛澤東")
	f.Add("\xff\xfe", "a\xffb")
	f.Fuzz(func(t *testing.T, a, b string) {
		if l, o := Levenshtein(a, b), DamerauOSA(a, b); o > l || l != Levenshtein(b, a) {
			t.Fatalf("inconsistent distances for %q %q", a, b)
		}
		if got, want := DamerauOSA(a, b), osaRef(a, b); got != want {
			t.Fatalf("DamerauOSA(%q,%q) = %d, reference %d", a, b, got, want)
		}
		for _, v := range []float64{Jaro(a, b), JaroWinkler(a, b), LevenshteinSim(a, b)} {
			if v < 0 || v > 1 || math.IsNaN(v) {
				t.Fatalf("similarity out of range for %q %q: %v", a, b, v)
			}
		}
	})
}

var sink float64

func BenchmarkMetrics(b *testing.B) {
	x, y := "Jonathan Smithson", "Johnathon Smithsen"
	b.Run("Jaro", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sink += Jaro(x, y)
		}
	})
	b.Run("JaroWinkler", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sink += JaroWinkler(x, y)
		}
	})
	b.Run("Levenshtein", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sink += float64(Levenshtein(x, y))
		}
	})
	b.Run("AgnivadeLevenshtein", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sink += float64(levenshtein.ComputeDistance(x, y))
		}
	})
	b.Run("DamerauOSA", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sink += float64(DamerauOSA(x, y))
		}
	})
}
