package name

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestAccuracyFloor scores Parse on the committed sample of probablepeople
// TRAIN names and asserts floors a regression would break.
func TestAccuracyFloor(t *testing.T) {
	f, err := os.Open(filepath.Join("testdata", "probablepeople_sample.xml"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rep EvalReport
	if err := EvaluateXML(f, &rep); err != nil {
		t.Fatal(err)
	}
	t.Logf("\n%s", rep)
	if rep.PersonNames < 200 || rep.OrgNames < 200 {
		t.Fatalf("sample too small: %d persons, %d organizations", rep.PersonNames, rep.OrgNames)
	}
	if acc := rep.PersonAccuracy(); acc < 0.95 {
		t.Errorf("person token role accuracy %.4f < 0.95", acc)
	}
	if f1 := rep.LegalF1(); f1 < 0.93 {
		t.Errorf("legal-form F1 %.4f < 0.93", f1)
	}
}

func TestEvaluateXMLBad(t *testing.T) {
	var rep EvalReport
	if err := EvaluateXML(strings.NewReader("<NameCollection><Name>"), &rep); err == nil {
		t.Fatal("truncated XML accepted")
	}
	if _, err := Evaluate(t.TempDir(), "bogus"); err == nil {
		t.Fatal("unknown split accepted")
	}
	if _, err := Evaluate(t.TempDir(), "train"); err == nil {
		t.Fatal("missing files accepted")
	}
}

func TestRunEval(t *testing.T) {
	dataDir := sharedData(t)
	var out bytes.Buffer
	if err := RunEval(context.Background(), []string{"-data", dataDir, "-split", "train"}, &out); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "token role accuracy") {
		t.Fatalf("unexpected output:\n%s", out.String())
	}
	if err := RunEval(context.Background(), []string{"-nosuchflag"}, &out); err == nil {
		t.Fatal("bad flag accepted")
	}
}
