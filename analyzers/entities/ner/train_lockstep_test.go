package ner

import (
	"bytes"
	"context"
	"slices"
	"strings"
	"testing"
)

// TestLockstepCrossFitting trains the tiny model with the epoch chosen on the mean of two
// runs and the temperature cross-fitted over three folds: training stays deterministic, the
// log shows both steps, and the temperature is one of the grid's.
func TestLockstepCrossFitting(t *testing.T) {
	train, dev := tinyData()
	gaz := &gazetteer{maxLen: 3, entries: map[uint32]uint8{}, tokens: map[uint32]uint8{}}
	freq := map[uint32]uint8{uint32(lowerHash("the") >> 32): 9}
	var files [2][]byte
	var log bytes.Buffer
	for k := range files {
		log.Reset()
		m, err := fit(context.Background(), "eng", plo, plo, featConj, train, nil, dev, gaz, freq, nil,
			trainOptions{epochs: 4, log: &log, seeds: 2, refit: true, lockstep: true, crossFolds: 3})
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Contains(temperatureGrid, m.Temperature) {
			t.Errorf("temperature %v is not in the grid", m.Temperature)
		}
		got := m.TagWords(strings.Fields("John Smith lives in London ."))
		if len(got) == 0 || got[0].Type != "PER" || got[0].End != 2 {
			t.Errorf("tiny model: %+v", got)
		}
		var buf bytes.Buffer
		if err := writeModel(&buf, m); err != nil {
			t.Fatal(err)
		}
		files[k] = buf.Bytes()
	}
	if !bytes.Equal(files[0], files[1]) {
		t.Error("two trainings on the same data differ")
	}
	for _, want := range []string{"mean of 2 runs", "cross-fitting fold 3/3", "cross-fitted temperature"} {
		if !strings.Contains(log.String(), want) {
			t.Errorf("training log lacks %q:\n%s", want, log.String())
		}
	}
}
