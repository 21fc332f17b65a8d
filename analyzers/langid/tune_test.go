package langid

import (
	"bufio"
	"compress/gzip"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestTuneSerbianLatinShort reproduces the choice of the short-string
// default weight of Latin Serbian (shortSerbianLatinWeight) on TRAIN data:
// words and word pairs from the OpenSubtitles frequency lists of Serbian
// (Latin script), Croatian and Bosnian, ranks 500 to 10,500. Run with
// LANGID_TUNE=1.
func TestTuneSerbianLatinShort(t *testing.T) {
	if os.Getenv("LANGID_TUNE") != "1" {
		t.Skip("set LANGID_TUNE=1 to run the dev-set tuning")
	}
	dir := "../../../shared/data/wordfreq-opensubtitles2018"
	read := func(iso string) []string {
		f, err := os.Open(filepath.Join(dir, iso+"_50k.txt.gz"))
		if err != nil {
			t.Skip(err)
		}
		defer f.Close()
		zr, err := gzip.NewReader(f)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		sc := bufio.NewScanner(zr)
		for i := 0; sc.Scan(); i++ {
			w, _, _ := strings.Cut(sc.Text(), " ")
			if i >= 500 && i < 10500 && len([]rune(w)) >= 5 {
				out = append(out, w)
			}
		}
		return out
	}
	var latin []string
	for i := 0; i < numLangs; i++ {
		if langs[i].scripts[0] == scriptLatin && i != srpLatn {
			latin = append(latin, langs[i].code)
		}
	}
	d, err := NewForLanguages(append(latin, "srp"))
	if err != nil {
		t.Fatal(err)
	}
	sets := map[string][]string{"srp": read("sr"), "hrv": read("hr"), "bos": read("bs")}
	for _, w := range []float64{20, 50, 80, 100, 120, 150, 200, 300} { // 100 kept: see MODELS.md (section from MODELS-langid.md)
		line := fmt.Sprintf("weight %5.0f:", w)
		mean := 0.0
		for _, code := range []string{"srp", "hrv", "bos"} {
			words := sets[code]
			ok, n := 0, 0
			for i, x := range words {
				for _, s := range []string{x, x + " " + words[(i*7919+13)%len(words)]} {
					r, err := d.Detect(s, Options{SerbianLatinWeight: w})
					if err != nil {
						t.Fatal(err)
					}
					n++
					if r.Detections[0].Language == code {
						ok++
					}
				}
			}
			acc := float64(ok) / float64(n)
			mean += acc / 3
			line += fmt.Sprintf(" %s %.3f", code, acc)
		}
		t.Logf("%s mean %.3f", line, mean)
	}
}
