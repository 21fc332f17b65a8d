package address

import (
	"flag"
	"os"
	"testing"
)

var buildFlag = flag.Bool("build", false, "rebuild data/tables.txt.gz from ../shared/data")

func TestBuildTables(t *testing.T) {
	if !*buildFlag {
		t.Skip("use -build")
	}
	if err := BuildTables(testDataDir(t), "data", os.Stdout); err != nil {
		t.Fatal(err)
	}
}

func testDataDir(t testing.TB) string {
	t.Helper()
	dir := "../../../shared/data"
	if _, err := os.Stat(dir); err != nil {
		t.Skip("shared data not present")
	}
	return dir
}
