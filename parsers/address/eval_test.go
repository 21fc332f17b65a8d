package address

import (
	"flag"
	"fmt"
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
	if *modelDir != "" {
		// -modeldir DIR: the held-out figures of that model (seed-variance runs).
		scores, _, err := testParser(t).evaluate(testDataDir(t))
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range scores {
			fmt.Printf("%-34s %9d %9.4f %10.4f\n", s.Set, s.Addresses, s.TokenAccuracy(), s.AddressAccuracy())
		}
		return
	}
	if err := EvalParser(testDataDir(t), os.Stdout); err != nil {
		t.Fatal(err)
	}
}
