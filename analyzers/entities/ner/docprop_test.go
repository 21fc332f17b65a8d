package ner

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// TestExtractDocument checks that the service's path (Extract) reads a text as one
// document: the English model copies a name it found to a repeat it missed.
func TestExtractDocument(t *testing.T) {
	m, err := Load("eng")
	if err != nil {
		t.Fatal(err)
	}
	words := [][]string{
		strings.Fields("Ray said that he was tired of Kim 's temper ."),
		strings.Fields("Did Ray go for the wrong sister ?"),
	}
	if alone := m.TagWords(words[1]); len(alone) != 0 {
		t.Fatalf("the model tags the repeat on its own (%v): pick another example", alone)
	}
	text := strings.Join(words[0], " ") + " " + strings.Join(words[1], " ")
	var got []string
	for _, s := range m.Extract(text, nil) {
		got = append(got, fmt.Sprintf("%d-%d %s", s.Start, s.End, s.Type))
	}
	// "Ray" at 0-3 and 50-53, "Kim" at 30-33.
	if want := []string{"0-3 PER", "30-33 PER", "50-53 PER"}; !reflect.DeepEqual(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}
