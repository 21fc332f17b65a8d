package address

import (
	"flag"
	"os"
	"testing"
)

var buildFlag = flag.Bool("build", false, "rebuild data/tables.txt.gz from ../shared/data")

func TestBuildTables(t *testing.T) {
	if !*buildFlag {
		t.Skip("use -build")
	}
	if err := BuildTables(testDataDir(t), "data", os.Stdout); err != nil {
		t.Fatal(err)
	}
}

func testDataDir(t testing.TB) string {
	t.Helper()
	dir := "../../../shared/data"
	if _, err := os.Stat(dir); err != nil {
		t.Skip("shared data not present")
	}
	return dir
}

func TestNormalize(t *testing.T) {
	tests := []struct{ in, want string }{
		{"Main St.", "main st"},
		{"  O'Neil-Road  ", "oneil road"},
		{"A&B,  c", "a b c"},
		{"main st", "main st"},
		{"Triftstraße 67", "triftstrasse 67"},
		{"São Paulo", "sao paulo"},
		{"Ｎｏ.１２", "ｎｏ12"},
		{"東京都", "東京都"},
		{"", ""},
	}
	for _, tc := range tests {
		if got := normalize(tc.in); got != tc.want {
			t.Errorf("normalize(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
	// The ASCII fast path agrees with the rune-by-rune mapping.
	for i := 0; i < 2000; i++ {
		b := make([]byte, i%23)
		for k := range b {
			b[k] = byte(32 + (i*31+k*17)%95)
		}
		if a, r := normalizeASCII(string(b)), normalizeRunes(string(b)); a != r {
			t.Fatalf("%q: ascii %q, runes %q", b, a, r)
		}
	}
}
