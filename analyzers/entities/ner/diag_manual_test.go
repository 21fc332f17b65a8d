package ner

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/nomenhq/nomen/analyzers/entities/corpus"
)

// TestDiagManual prints the per-type scores of an embedded model on a development set and some
// of its errors: NOMEN_NER_DIAG=lang:set.
func TestDiagManual(t *testing.T) {
	arg := os.Getenv("NOMEN_NER_DIAG")
	lang, set, ok := strings.Cut(arg, ":")
	if !ok {
		t.Skip("set NOMEN_NER_DIAG=lang:devset")
	}
	m, err := Load(lang)
	if path := os.Getenv("NOMEN_NER_DIAG_MODEL"); path != "" {
		m, err = readModelFile(path)
	}
	if err != nil {
		t.Fatal(err)
	}
	sents, err := corpus.ReadTraining("../../../../shared/data", set)
	if err != nil {
		t.Fatal(err)
	}
	r := corpus.EvaluateTypes(m, sents, m.Types)
	r.WriteTable(os.Stdout, set)
	shown := 0
	for _, s := range sents {
		pred := m.TagWords(s.Words)
		g := map[[3]string]bool{}
		for _, sp := range s.Spans {
			g[[3]string{fmt.Sprint(sp.Start), fmt.Sprint(sp.End), sp.Type}] = true
		}
		p := map[[3]string]bool{}
		for _, sp := range pred {
			p[[3]string{fmt.Sprint(sp.Start), fmt.Sprint(sp.End), sp.Type}] = true
		}
		var msg []string
		for _, sp := range s.Spans {
			if !p[[3]string{fmt.Sprint(sp.Start), fmt.Sprint(sp.End), sp.Type}] {
				msg = append(msg, "FN "+sp.Type+" "+strings.Join(s.Words[sp.Start:sp.End], " "))
			}
		}
		for _, sp := range pred {
			if !g[[3]string{fmt.Sprint(sp.Start), fmt.Sprint(sp.End), sp.Type}] {
				msg = append(msg, fmt.Sprintf("FP %s %s (%.2f)", sp.Type, strings.Join(s.Words[sp.Start:sp.End], " "), sp.Confidence))
			}
		}
		if len(msg) > 0 && shown < diagShown() {
			shown++
			fmt.Println(strings.Join(s.Words, " "))
			fmt.Println("   ", strings.Join(msg, " | "))
		}
	}
}

// diagShown is how many sentences with errors TestDiagManual prints (NOMEN_NER_DIAG_N, default 40).
func diagShown() int {
	n, err := strconv.Atoi(os.Getenv("NOMEN_NER_DIAG_N"))
	if err != nil || n <= 0 {
		return 40
	}
	return n
}

// readModelFile reads a model file written by RunTrain (NOMEN_NER_DIAG_MODEL).
func readModelFile(path string) (*Model, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readModel(f)
}
