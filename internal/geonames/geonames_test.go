package geonames

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

const dataDir = "../../../shared/data"

func TestScanCities(t *testing.T) {
	if _, err := os.Stat(filepath.Join(dataDir, Cities15000)); err != nil {
		t.Skip("../shared/data not present")
	}
	n, tokyo := 0, false
	if err := ScanCities(dataDir, 15, func(c []string) error {
		n++
		tokyo = tokyo || (c[2] == "Tokyo" && c[8] == "JP")
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if n < 20000 || !tokyo {
		t.Fatalf("%d places, Tokyo found: %v", n, tokyo)
	}
	stop := errors.New("stop")
	if err := ScanCities(dataDir, 15, func([]string) error { return stop }); !errors.Is(err, stop) {
		t.Fatalf("callback error not returned: %v", err)
	}
}

func TestMissingData(t *testing.T) {
	if err := ScanCities(t.TempDir(), 1, func([]string) error { return nil }); err == nil {
		t.Fatal("missing file accepted")
	}
}
