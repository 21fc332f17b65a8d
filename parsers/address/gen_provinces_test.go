package address

import (
	"sync"
	"testing"
)

// testResources loads the generator's resources from the shared data once for the tests that
// need them (~18 s), or skips without the data.
func testResources(t *testing.T) *resources {
	t.Helper()
	dir := testDataDir(t)
	testRes.once.Do(func() { testRes.r, testRes.err = loadResources(dir) })
	if testRes.err != nil {
		t.Fatal(testRes.err)
	}
	return testRes.r
}

var testRes struct {
	once sync.Once
	r    *resources
	err  error
}

// TestProvinces checks the province codes learned for Italian places and the place words
// used as road names.
func TestProvinces(t *testing.T) {
	r := testResources(t)
	want := map[string]string{"Milan": "MI", "Naples": "NA", "Turin": "TO", "Palermo": "PA", "Florence": "FI", "Rome": "RM"}
	got := map[string]string{}
	for _, c := range r.cities["IT"] {
		if _, ok := want[c.name]; ok && c.pop > 100000 {
			got[c.name] = c.province
		}
	}
	for name, code := range want {
		if got[name] != code {
			t.Errorf("province of %s = %q, want %q", name, got[name], code)
		}
	}
	g := newRealGenerator(r, 1)
	tests := []struct{ lang string }{{"de"}, {"nl"}, {"en"}}
	for _, tc := range tests {
		if w := g.placeWord(tc.lang); w == "" {
			t.Errorf("placeWord(%q) is empty", tc.lang)
		}
	}
}
