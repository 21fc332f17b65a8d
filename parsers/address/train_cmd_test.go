package address

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var (
	trainFlag = flag.Bool("train", false, "retrain the committed model from ../../../shared/data")
	trainOut  = flag.String("trainout", "data", "output directory of -train")
	trainSd   = flag.Int64("trainseed", 0, "training seed of -train (0: the committed model's)")
	trainBm   = flag.Int("trainbeam", -1, "beam width of structured training in -train (0: greedy training; -1: the committed model's)")
	epochsF   = flag.Int("epochs", 0, "training passes of -train (0: the committed model's)")
	runsF     = flag.Int("runs", 0, "taggers averaged in -train (0: the committed model's)")
	noSeenF   = flag.Bool("noseen", false, "leave out the features of the fields seen so far (training and parsing)")
	genTrainF = flag.Int("gentrain", 0, "generated addresses trained on in -train (0: the committed model's)")
	genOffF   = flag.String("genoff", "", "comma-separated additions to leave out (state, floor, budapest: gen_states.go; metro: gen_metro.go; region: gen_regions.go; island: gen_islands.go)")
	noStateF  = flag.Bool("nostaterule", false, "switch the repeated-city rule (rules_state.go) off")
	stateShF  = flag.Float64("stateshare", -1, "share of addresses with the division after the city (gen_states.go; -1: the default)")
)

// TestMain applies -genoff, -stateshare and -nostaterule before any test runs.
func TestMain(m *testing.M) {
	flag.Parse()
	if *noSeenF {
		seenFeatures = false
	}
	if *noStateF {
		stateRule = false
	}
	if *stateShF >= 0 {
		stateAfterShare = *stateShF
	}
	for _, k := range strings.Split(*genOffF, ",") {
		if k != "" {
			genOff[k] = true
		}
	}
	os.Exit(m.Run())
}

// TestTrain regenerates data/ when run with -train (go test -run TestTrain -train).
func TestTrain(t *testing.T) {
	if !*trainFlag {
		t.Skip("use -train to retrain the model")
	}
	if *trainSd != 0 {
		defer func(s int64) { trainSeed = s }(trainSeed)
		trainSeed = *trainSd
	}
	if *runsF > 0 {
		defer func(n int) { runs = n }(runs)
		runs = *runsF
	}
	if *genTrainF > 0 {
		defer func(n int) { generatedTrain = n }(generatedTrain)
		generatedTrain = *genTrainF
	}
	if *epochsF > 0 {
		defer func(e int) { epochs = e }(epochs)
		epochs = *epochsF
	}
	if *trainBm >= 0 {
		defer func(b int) { trainBeam = b }(trainBeam)
		trainBeam = *trainBm
	}
	if err := Train(testDataDir(t), *trainOut, os.Stdout); err != nil {
		t.Fatal(err)
	}
}

// testDataDir returns ../shared/data relative to the repository root, skipping when absent.
func testDataDir(t testing.TB) string {
	t.Helper()
	dir := "../../../shared/data"
	if _, err := os.Stat(dir); err != nil {
		t.Skip("shared data not present")
	}
	return dir
}

var lexOnly = flag.String("lexonly", "", "write only the lexicon (lexicon.txt.gz) into this directory")

// TestWriteLexicon rebuilds the lexicon alone (go test -run TestWriteLexicon -lexonly DIR), for
// trying a change of its tables with the committed model; nomen train address writes both.
func TestWriteLexicon(t *testing.T) {
	if *lexOnly == "" {
		t.Skip("use -lexonly DIR")
	}
	r, err := loadResources(testDataDir(t))
	if err != nil {
		t.Fatal(err)
	}
	if err := writeFile(filepath.Join(*lexOnly, lexiconFile), buildLexicon(r).writeTo); err != nil {
		t.Fatal(err)
	}
}
