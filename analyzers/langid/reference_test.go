package langid

import (
	"math"
	"strings"
	"testing"

	lingua "github.com/pemistahl/lingua-go"
)

// TestAgreesWithLingua compares the compact implementation with lingua-go's
// own high-accuracy detector (the slow reference) on four languages: the
// best language must be the same and its confidence close (the stored
// log-probabilities are quantized to 1/1024).
func TestAgreesWithLingua(t *testing.T) {
	codes := []string{"eng", "deu", "fra", "spa"}
	ref := lingua.NewLanguageDetectorBuilder().
		FromLanguages(lingua.English, lingua.German, lingua.French, lingua.Spanish).
		Build()
	d := testDetector(t)
	var inputs []string
	for _, s := range loadSamples(t) {
		if !strings.Contains(strings.Join(codes, " "), s.lang) {
			continue
		}
		inputs = append(inputs, s.text)
		words := strings.Fields(s.text)
		inputs = append(inputs, words[0], strings.Join(words[1:3], " "), words[len(words)-1])
	}
	inputs = append(inputs, "", "42", "ß", "naïve café", "über", "casa", "the")
	for _, in := range inputs {
		r, err := d.Detect(in, Options{Languages: codes})
		if err != nil {
			t.Fatal(err)
		}
		got := r.Detections[0]
		if got.Language == "uen" {
			got.Language = "eng"
		}
		vals := ref.ComputeLanguageConfidenceValues(in)
		want := Detection{Language: Unknown, Confidence: 1}
		if len(vals) > 0 && vals[0].Value() > 0 && (len(vals) < 2 || vals[0].Value() != vals[1].Value()) {
			want = Detection{Language: strings.ToLower(vals[0].Language().IsoCode639_3().String()), Confidence: vals[0].Value()}
		}
		if got.Language != want.Language || math.Abs(got.Confidence-want.Confidence) > 0.01 {
			t.Errorf("%q: got %+v, lingua %+v", in, got, want)
		}
	}
}
