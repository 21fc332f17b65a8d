package name

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "regenerate data/ tables from ../../../shared/data")

// sharedData returns the shared data directory, skipping the test when it
// is absent (a user's clone has no ../shared).
func sharedData(t *testing.T) string {
	t.Helper()
	dir := filepath.Join("..", "..", "..", "shared", "data")
	if _, err := os.Stat(filepath.Join(dir, "nicknames")); err != nil {
		t.Skip("shared data not available:", err)
	}
	return dir
}

// TestTablesUpToDate regenerates the tables and compares them with the
// committed ones (or rewrites them with -update).
func TestTablesUpToDate(t *testing.T) {
	dataDir := sharedData(t)
	out := t.TempDir()
	if *update {
		out = "data"
	}
	if err := BuildTables(dataDir, out); err != nil {
		t.Fatal(err)
	}
	if *update {
		return
	}
	for _, f := range []string{fileNicknames, fileGender, fileLegalForms, fileTitles, fileStopwords} {
		got, err := os.ReadFile(filepath.Join(out, f))
		if err != nil {
			t.Fatal(err)
		}
		want, err := os.ReadFile(filepath.Join("data", f))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("data/%s is stale: run go test ./parsers/name -run TestTablesUpToDate -update", f)
		}
	}
}

func TestBuildTablesBadDir(t *testing.T) {
	if err := BuildTables(t.TempDir(), t.TempDir()); err == nil {
		t.Fatal("BuildTables on an empty directory succeeded")
	}
}
