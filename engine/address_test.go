package engine

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/nomenhq/nomen/internal/errs"
)

func TestAddressOverrides(t *testing.T) {
	dir := t.TempDir()
	profile := `universes:
  streets:
    description: address overrides from a profiles directory
    addressVariants:
      road: [[Hauptstrasse, Main Street]]
      city: [[Köln, Cologne, Colonia Agrippina]]
`
	if err := os.WriteFile(filepath.Join(dir, "streets.yaml"), []byte(profile), 0o644); err != nil {
		t.Fatal(err)
	}
	e, err := New(dir)
	if err != nil {
		t.Fatal(err)
	}
	fields := func(kv ...string) AddressInput {
		m := map[string]string{}
		for i := 0; i+1 < len(kv); i += 2 {
			m[kv[i]] = kv[i+1]
		}
		return AddressInput{Fields: m}
	}
	tests := []struct {
		name, universe string
		a, b           AddressInput
		field          string
		override       bool // the field is scored by an override
	}{
		{"shipped city", "", fields("houseNumber", "5", "road", "Main St", "city", "NYC"), fields("houseNumber", "5", "road", "Main St", "city", "New York"), "city", true},
		{"shipped road", "", fields("houseNumber", "1619", "road", "Broadway", "city", "New York"), fields("houseNumber", "1619", "road", "B'way", "city", "New York"), "road", true},
		{"shipped parsed", "", AddressInput{Text: "350 5th Ave, NYC, NY 10118"}, AddressInput{Text: "350 5th Ave, New York, NY 10118"}, "city", true},
		{"profiles dir", "streets", fields("houseNumber", "1", "road", "Hauptstrasse", "city", "Cologne"), fields("houseNumber", "1", "road", "Main Street", "city", "Colonia Agrippina"), "road", true},
		{"not in other universe", "strict", fields("houseNumber", "1", "road", "Hauptstrasse"), fields("houseNumber", "1", "road", "Main Street"), "road", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r, err := e.AddressSimilarity(context.Background(), AddressRequest{Address1: tc.a, Address2: tc.b, Universe: tc.universe})
			if err != nil {
				t.Fatal(err)
			}
			got := false
			for _, f := range r.Explain.Fields {
				if f.Field == tc.field && f.Method == "override" {
					got = f.Score == 1
				}
			}
			if got != tc.override {
				t.Fatalf("override on %s = %v, want %v: %+v", tc.field, got, tc.override, r.Explain.Fields)
			}
		})
	}
	bad := filepath.Join(t.TempDir(), "bad.yaml")
	if err := os.WriteFile(bad, []byte("universes:\n  x:\n    addressVariants: {town: [[a, b]]}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := New(filepath.Dir(bad)); err == nil {
		t.Fatal("unknown address field accepted")
	}
	if _, err := e.AddressSimilarity(context.Background(), AddressRequest{Address1: fields("city", "a"), Address2: fields("city", "b"), Universe: "nope"}); errs.KindOf(err) != errs.Invalid {
		t.Fatalf("unknown universe: %v", err)
	}
}
