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
	for _, f := range []string{fileNicknames, fileGender, fileLegalForms, fileTitles, fileStopwords, fileOrgSymbols} {
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

// TestDictsLoaded guards against embedded tables that parse to nothing
// (a format change would otherwise silently disable a feature).
func TestDictsLoaded(t *testing.T) {
	d := loadDicts()
	for _, c := range []struct {
		name     string
		got, min int
	}{
		{"titles", len(d.titles), 150},
		{"legal forms", len(d.legal), 4000},
		{"legal classes", len(d.legalClass), 100},
		{"stop words", len(d.stop), 100},
		{"nicknames", len(d.nickOf), 1000},
		{"genders", len(d.gender), 7000},
		{"CJK family names", len(d.cjk), 500},
		{"romanised CJK family names", len(d.cjkLatn), 250},
		{"organization symbols", len(d.orgSym), 1000},
	} {
		if c.got < c.min {
			t.Errorf("%s: %d entries, want at least %d", c.name, c.got, c.min)
		}
	}
}
