package address

import (
	"flag"
	"os"
	"testing"
)

var (
	evalFlag = flag.Bool("eval", false, "run the held-out evaluation")
	beamFlag = flag.Int("beam", 0, "beam width of the evaluation (0: the parser's)")
)

func TestEvalParser(t *testing.T) {
	if !*evalFlag {
		t.Skip("use -eval")
	}
	if *beamFlag > 0 {
		defer func(w int) { beamWidth = w }(beamWidth)
		beamWidth = *beamFlag
	}
	if err := EvalParser(testDataDir(t), os.Stdout); err != nil {
		t.Fatal(err)
	}
}
