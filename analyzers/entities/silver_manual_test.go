package entities

import (
	"os"
	"strings"
	"testing"

	"github.com/nomenhq/nomen/analyzers/entities/corpus"
)

// TestSilverSampleManual prints how many sentences of a silver set are kept and a sample of
// them with their labels: NOMEN_SILVER=silver-fr-gsd.
func TestSilverSampleManual(t *testing.T) {
	name := os.Getenv("NOMEN_SILVER")
	if name == "" {
		t.Skip("set NOMEN_SILVER=set")
	}
	InstallSilverLabeler()
	sents, err := corpus.ReadTraining("../../../shared/data", name)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, s := range sents {
		n += len(s.Spans)
	}
	t.Logf("%s: %d sentences kept, %d entities", name, len(sents), n)
	for i, s := range sents {
		if i%40 != 0 || len(s.Spans) == 0 {
			continue
		}
		var b []string
		for _, sp := range s.Spans {
			b = append(b, sp.Type+":"+strings.Join(s.Words[sp.Start:sp.End], " "))
		}
		t.Logf("%s\n    %v", strings.Join(s.Words, " "), b)
	}
}
