package langid

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"testing"
)

func TestRunDetectErrors(t *testing.T) {
	var out bytes.Buffer
	if err := RunDetect(context.Background(), []string{"-languages", "zzz", "hello"}, &out); !errors.Is(err, ErrUnknownLanguage) {
		t.Fatalf("err = %v", err)
	}
	if err := RunDetect(context.Background(), []string{"-uri", "http://example.com", "text"}, &out); err == nil {
		t.Fatal("text and -uri together must fail")
	}
	if err := RunDetect(context.Background(), []string{"-no-such-flag"}, &out); err == nil {
		t.Fatal("unknown flag must fail")
	}
}

func TestRunDetectEmpty(t *testing.T) {
	// Text without letters is answered without loading any model.
	var out bytes.Buffer
	if err := RunDetect(context.Background(), []string{"-languages", "eng", "12345"}, &out); err != nil {
		t.Fatal(err)
	}
	var r Result
	if err := json.Unmarshal(out.Bytes(), &r); err != nil {
		t.Fatal(err)
	}
	if r.Detections[0].Language != Unknown {
		t.Fatalf("got %+v", r)
	}
}
