package server

import (
	"bytes"
	"encoding/json"
	"net/http/httptest"
	"testing"
)

// checkAnswer fails unless w has status code and a JSON body that holds every string of
// want and none of absent.
func checkAnswer(t *testing.T, w *httptest.ResponseRecorder, code int, want, absent []string) {
	t.Helper()
	if w.Code != code {
		t.Fatalf("status %d, want %d: %s", w.Code, code, w.Body)
	}
	if !json.Valid(w.Body.Bytes()) {
		t.Fatalf("invalid JSON %s", w.Body)
	}
	for _, x := range want {
		if !bytes.Contains(w.Body.Bytes(), []byte(x)) {
			t.Errorf("answer lacks %s: %s", x, w.Body)
		}
	}
	for _, x := range absent {
		if bytes.Contains(w.Body.Bytes(), []byte(x)) {
			t.Errorf("answer has %s: %s", x, w.Body)
		}
	}
}
