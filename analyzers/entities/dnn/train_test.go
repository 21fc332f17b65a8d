package dnn

import (
	"bytes"
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/nomenhq/nomen/analyzers/entities/corpus"
	"github.com/nomenhq/nomen/analyzers/entities/span"
)

// toySentences is a tiny labelled set: names after "met" are people, after "in" places.
func toySentences() []corpus.Sentence {
	var out []corpus.Sentence
	people := []string{"Anna Berg", "Tom Hall", "Maria Costa", "John Smith", "Li Wei"}
	places := []string{"Oslo", "Lima", "New Delhi", "Cairo", "Quito"}
	for i := range 40 {
		p := strings.Fields(people[i%len(people)])
		l := strings.Fields(places[(i/2)%len(places)])
		words := append([]string{"We", "met"}, p...)
		words = append(words, "in")
		words = append(words, l...)
		words = append(words, ".")
		out = append(out, corpus.Sentence{Lang: "eng", Words: words, Spans: []span.TokenSpan{
			{Start: 2, End: 2 + len(p), Type: "PER"},
			{Start: 3 + len(p), End: 3 + len(p) + len(l), Type: "LOC"},
		}})
	}
	return out
}

func TestTrainDeterministicAndLearns(t *testing.T) {
	data := toySentences()
	opt := TrainOptions{Lang: "eng", Types: []string{"PER", "LOC", "ORG"}, Epochs: 12, Seed: 7, Hyper: hyper{LR: 0.02, DropInput: 0.1},
		Config: config{OOV: 64, AffixBuckets: 256, ShortBuckets: 64, Dw: 8, Da: 8, Ds: 4, Dsh: 4, Dg: 4, H1: 16, H2: 16, W1: 2, W2: 1, G: 4}}
	var files [2][]byte
	for i := range files {
		m, err := Train(context.Background(), data, data[:10], opt)
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if err := m.write(&b, ""); err != nil {
			t.Fatal(err)
		}
		files[i] = b.Bytes()
		if i == 0 {
			if f1 := corpus.Evaluate(m, data).Overall.F1(); f1 < 0.9 {
				t.Errorf("training F1 on the toy set = %.3f, want >= 0.9", f1)
			}
		}
	}
	if !bytes.Equal(files[0], files[1]) {
		t.Error("two trainings on the same data gave different model files")
	}
}

func TestTrainErrors(t *testing.T) {
	if _, err := Train(context.Background(), nil, nil, TrainOptions{Types: []string{"PER"}}); err == nil {
		t.Error("Train with no sentences: no error")
	}
	if _, err := Train(context.Background(), toySentences(), nil, TrainOptions{}); err == nil {
		t.Error("Train with no types: no error")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Train(ctx, toySentences(), nil, TrainOptions{Types: []string{"PER"}}); err == nil {
		t.Error("Train with a cancelled context: no error")
	}
	var out bytes.Buffer
	if err := RunTrain(context.Background(), []string{"--lang", "xxx"}, &out); err == nil {
		t.Error("RunTrain for a language without sets: no error")
	}
}

func TestTrainEnsemble(t *testing.T) {
	data := toySentences()
	opt := TrainOptions{Lang: "eng", Types: []string{"PER", "LOC"}, Epochs: 12, Seed: 7, Hyper: hyper{LR: 0.02, DropInput: 0.1},
		Config: config{OOV: 64, AffixBuckets: 256, ShortBuckets: 64, Dw: 8, Da: 8, Ds: 4, Dsh: 4, Dg: 4, H1: 16, H2: 16, W1: 2, W2: 1}}
	var log bytes.Buffer
	opt.Log = &log
	m, err := TrainEnsemble(context.Background(), data, data[:10], opt, 2)
	if err != nil {
		t.Fatal(err)
	}
	if len(m.more) != 1 {
		t.Fatalf("ensemble has %d extra members, want 1", len(m.more))
	}
	if !strings.Contains(log.String(), "member 2: epoch 12") {
		t.Errorf("log lacks member 2's last epoch:\n%s", log.String())
	}
	if f1 := corpus.Evaluate(m, data).Overall.F1(); f1 < 0.9 {
		t.Errorf("ensemble F1 on the toy set = %.3f, want >= 0.9", f1)
	}
	var b bytes.Buffer
	if err := m.write(&b, ""); err != nil {
		t.Fatal(err)
	}
	m2, err := read(b.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	var b2 bytes.Buffer
	if err := m2.write(&b2, ""); err != nil {
		t.Fatal(err)
	}
	m3, err := read(b2.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if len(m3.more) != 1 || !bytes.Equal(b.Bytes(), b2.Bytes()) || !slices.Equal(m3.TagWords(data[0].Words), m2.TagWords(data[0].Words)) {
		t.Error("ensemble lost in the write/read round trip")
	}
	if _, err := TrainEnsemble(context.Background(), data, nil, opt, 0); err == nil {
		t.Error("TrainEnsemble with 0 members: no error")
	}
}
