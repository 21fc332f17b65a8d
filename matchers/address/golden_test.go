package address

import (
	"bytes"
	"encoding/json"
	"flag"
	"math"
	"os"
	"testing"
)

var update = flag.Bool("update", false, "rewrite testdata/explain.golden")

// TestGoldenExplain compares the scores and explanations of the fixed cases with
// testdata/explain.golden; run with -update after an intended change and review the diff.
func TestGoldenExplain(t *testing.T) {
	m := New(DefaultOptions())
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", " ")
	for _, c := range fieldCases {
		r := rounded(m.Compare(c.a, c.b))
		if err := enc.Encode(struct {
			Name   string `json:"name"`
			Result Result `json:"result"`
		}{c.name, r}); err != nil {
			t.Fatal(err)
		}
	}
	const path = "testdata/explain.golden"
	if *update {
		if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if !bytes.Equal(want, buf.Bytes()) {
		t.Errorf("explanations differ from %s; rerun with -update and review the diff", path)
	}
}

// rounded rounds every number of r to 9 decimals so that the golden file does not depend on
// fused multiply-add on some architectures.
func rounded(r Result) Result {
	q := func(x float64) float64 { return math.Round(x*1e9) / 1e9 }
	r.Score = q(r.Score)
	r.Explain.WeightedScore = q(r.Explain.WeightedScore)
	fields := append([]FieldScore(nil), r.Explain.Fields...)
	for i := range fields {
		fields[i].Score, fields[i].Weight = q(fields[i].Score), q(fields[i].Weight)
		al := append([]TokenPair(nil), fields[i].Alignment...)
		for k := range al {
			al[k].Score = q(al[k].Score)
		}
		fields[i].Alignment = al
	}
	r.Explain.Fields = fields
	ps := append([]Penalty(nil), r.Explain.Penalties...)
	for i := range ps {
		ps[i].Factor = q(ps[i].Factor)
	}
	r.Explain.Penalties = ps
	return r
}
