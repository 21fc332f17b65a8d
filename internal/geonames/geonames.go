// Package geonames reads the GeoNames extracts of the shared data folder for the training
// and table-building code (never at run time).
package geonames

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/ulikunitz/xz"
)

// Cities15000 is the GeoNames extract of places with at least 15,000 inhabitants (CC BY 4.0),
// relative to the data directory.
const Cities15000 = "geonames/cities15000_2013-02.txt.xz"

// ScanCities calls fn with the tab-separated columns of every line of cities15000 (GeoNames
// "geoname" table layout: 0 id, 1 name, 2 ascii name, 3 alternate names, 8 country code,
// 14 population, ...). Lines with fewer than minCols columns are skipped. An error from fn
// stops the scan and is returned.
func ScanCities(dataDir string, minCols int, fn func(cols []string) error) error {
	f, err := os.Open(filepath.Join(dataDir, Cities15000))
	if err != nil {
		return fmt.Errorf("geonames: %w", err)
	}
	defer f.Close()
	xr, err := xz.NewReader(f)
	if err != nil {
		return fmt.Errorf("geonames: %s: %w", Cities15000, err)
	}
	sc := bufio.NewScanner(xr)
	sc.Buffer(make([]byte, 1<<20), 1<<22)
	for sc.Scan() {
		c := strings.Split(sc.Text(), "\t")
		if len(c) < minCols {
			continue
		}
		if err := fn(c); err != nil {
			return err
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("geonames: %s: %w", Cities15000, err)
	}
	return nil
}
