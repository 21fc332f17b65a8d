package address

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

func TestApplyParameters(t *testing.T) {
	good := []string{"addressReorderPenalty=0.2", "postCodeMinPrefix=3", "roadAddressFieldWeight=5"}
	opt := DefaultOptions()
	if err := ApplyParameters(&opt, good); err != nil {
		t.Fatal(err)
	}
	if opt.ReorderPenalty != 0.2 || opt.PostCodeMinPrefix != 3 || opt.RoadWeight != 5 {
		t.Fatalf("parameters not applied: %+v", opt)
	}
	bad := []string{"nosuch=1", "addressReorderPenalty=2", "addressReorderPenalty", "addressMaxTokens=5", "postCodeMinPrefix=x"}
	for _, p := range bad {
		o := DefaultOptions()
		if err := ApplyParameters(&o, []string{p}); err == nil {
			t.Errorf("%q accepted", p)
		}
	}
}

func TestRunEvalPairs(t *testing.T) {
	var out bytes.Buffer
	if err := RunEvalPairs(context.Background(), []string{"-pairs", pairsFile, "-param", "addressReorderPenalty=0.2"}, &out); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "AUC") {
		t.Fatalf("no AUC in report:\n%s", out.String())
	}
}
