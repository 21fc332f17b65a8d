package morph

import (
	"errors"
	"io"
	"path/filepath"
	"strings"
	"testing"
)

func TestSaveFile(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		name    string
		write   func(io.Writer) error
		size    int64
		wantErr string
	}{
		{"writes", func(w io.Writer) error { _, err := io.WriteString(w, "hello"); return err }, 5, ""},
		{"empty", func(io.Writer) error { return nil }, 0, ""},
		{"write error names the file", func(io.Writer) error { return errors.New("boom") }, 0, "write.bin"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			name := "ok.bin"
			if tc.wantErr != "" {
				name = "write.bin"
			}
			n, err := saveFile(filepath.Join(dir, name), tc.write)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("err = %v, want one naming %q", err, tc.wantErr)
				}
				return
			}
			if err != nil || n != tc.size {
				t.Fatalf("saveFile = %d, %v; want %d, nil", n, err, tc.size)
			}
		})
	}
	if _, err := saveFile(filepath.Join(dir, "missing", "x.bin"), func(io.Writer) error { return nil }); err == nil {
		t.Fatal("saveFile into a missing directory: no error")
	}
}
