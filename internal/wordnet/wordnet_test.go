package wordnet

import (
	"archive/tar"
	"bytes"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/ulikunitz/xz"
)

// writeTarball writes files (name → content) as the WordNet tarball under a new data dir.
func writeTarball(t *testing.T, files [][2]string) string {
	t.Helper()
	var buf bytes.Buffer
	zw, err := xz.NewWriter(&buf)
	if err != nil {
		t.Fatal(err)
	}
	tw := tar.NewWriter(zw)
	for _, f := range files {
		if err := tw.WriteHeader(&tar.Header{Name: "dict/" + f[0], Mode: 0o644, Size: int64(len(f[1])), Typeflag: tar.TypeReg}); err != nil {
			t.Fatal(err)
		}
		if _, err := tw.Write([]byte(f[1])); err != nil {
			t.Fatal(err)
		}
	}
	if err := tw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	path := filepath.Join(dir, Path)
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestEachFileLines(t *testing.T) {
	dir := writeTarball(t, [][2]string{
		{"index.noun", "  1 licence header\n\ndog n 1 0 1 1 02084071\n"},
		{"verb.exc", "went go\n"},
		{"README", "not wanted\n"},
	})
	got := map[string][]string{}
	err := EachFile(dir, func(name string) bool { return name != "README" }, func(name string, r io.Reader) error {
		return Lines(r, func(line string) error {
			got[name] = append(got[name], line)
			return nil
		})
	})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][]string{"index.noun": {"dog n 1 0 1 1 02084071"}, "verb.exc": {"went go"}}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got %q, want %q", got, want)
	}
}

func TestEachFileErrors(t *testing.T) {
	if err := EachFile(t.TempDir(), func(string) bool { return true }, func(string, io.Reader) error { return nil }); err == nil {
		t.Error("missing tarball: want an error")
	}
	dir := writeTarball(t, [][2]string{{"data.noun", "x\n"}})
	err := EachFile(dir, func(string) bool { return true }, func(string, io.Reader) error { return io.ErrUnexpectedEOF })
	if err == nil || !strings.Contains(err.Error(), "data.noun") {
		t.Errorf("callback error %v: want it wrapped with the file name", err)
	}
}
