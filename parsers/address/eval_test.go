package address

import (
	"flag"
	"os"
	"testing"
)

var evalFlag = flag.Bool("eval", false, "run the held-out evaluation")

func TestEvalParser(t *testing.T) {
	if !*evalFlag {
		t.Skip("use -eval")
	}
	if err := EvalParser(testDataDir(t), os.Stdout); err != nil {
		t.Fatal(err)
	}
}
