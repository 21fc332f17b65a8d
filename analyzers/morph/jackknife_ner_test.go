package morph

import (
	"errors"
	"reflect"
	"testing"
)

func TestUPOS(t *testing.T) {
	tests := []struct {
		lang  string
		words []string
	}{
		{"por", []string{"O", "presidente", "visitou", "Lisboa", "."}},
		{"eng", []string{"The", "president", "visited", "Lisbon", "."}},
		{"por", nil},
	}
	for _, tc := range tests {
		got, err := UPOS(tc.words, tc.lang)
		if err != nil {
			t.Fatalf("%s %v: %v", tc.lang, tc.words, err)
		}
		want, _, err := Tag(tc.words, tc.lang)
		if err != nil {
			t.Fatalf("%s %v: Tag: %v", tc.lang, tc.words, err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s %v: UPOS %v, Tag %v", tc.lang, tc.words, got, want)
		}
	}
	if _, err := UPOS([]string{"a"}, "xxx"); !errors.Is(err, ErrUnsupported) {
		t.Errorf("unsupported language: err %v", err)
	}
}

func TestJackknifeUPOSFolds(t *testing.T) {
	if _, err := JackknifeUPOS(t.TempDir(), "por", 1, nil); err == nil {
		t.Error("1 fold: no error")
	}
	if _, err := JackknifeUPOS(t.TempDir(), "xxx", 5, nil); !errors.Is(err, ErrUnsupported) {
		t.Errorf("unsupported language: err %v", err)
	}
}
