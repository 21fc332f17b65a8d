package placenames

import (
	"os"
	"path/filepath"
	"testing"
)

// TestGeoNames reads the shared data's GeoNames files (skipped without ../shared): the
// places of 15,000 inhabitants or more and the first-level divisions.
func TestGeoNames(t *testing.T) {
	dir := filepath.Join("..", "..", "..", "..", "shared", "data")
	if _, err := os.Stat(filepath.Join(dir, "geonames")); err != nil {
		t.Skip("no shared data")
	}
	names := map[string]bool{}
	n := 0
	if err := GeoNames(dir, 15000, func(name string) { names[name] = true; n++ }); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"London", "Munich", "Zürich", "California", "Bavaria"} {
		if !names[want] {
			t.Errorf("no %q among %d names", want, n)
		}
	}
	if n < 20000 {
		t.Errorf("%d names, want more than 20,000", n)
	}
	if err := GeoNames(t.TempDir(), 15000, func(string) {}); err == nil {
		t.Error("no error without the files")
	}
}
