package kb

import (
	"encoding/binary"
	"errors"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// testTable encodes the terms of a few entities and decodes the table.
func testTable(t testing.TB) (*termTable, []*Entity) {
	t.Helper()
	ents := []*Entity{
		{ID: "Q1", Labels: map[string]string{"en": "Albert Einstein", "de": "Albert Einstein"}},
		{ID: "Q2", Labels: map[string]string{"en": "Einstein Tower"}, Aliases: map[string][]string{"de": {"Einsteinturm"}}},
		{ID: "Q3", Labels: map[string]string{"en": "Paris", "ru": "Париж"}, WeakAliases: map[string][]string{"mul": {"Parigi"}}},
		{ID: "Q4"},
	}
	ti := newTermIndexer(len(ents))
	for _, e := range ents {
		ti.addEntity(e)
	}
	b, err := ti.encode(ti.sorted())
	if err != nil {
		t.Fatal(err)
	}
	tt, err := decodeTermTable(b)
	if err != nil {
		t.Fatal(err)
	}
	return tt, ents
}

func TestTermTable(t *testing.T) {
	tt, _ := testTable(t)
	tests := []struct {
		term string
		want []uint32
	}{
		{"einstein", []uint32{0, 1}},
		{"albert", []uint32{0}},
		{"einsteinturm", []uint32{1}},
		{"париж", []uint32{2}},
		{"parigi", []uint32{2}},
		{phoneticKey("einstein"), []uint32{0, 1}},
		{phoneticKey("paris"), []uint32{2}},
		{"berlin", nil},
		{"", nil},
	}
	for _, tc := range tests {
		t.Run(tc.term, func(t *testing.T) {
			r := tt.find(tc.term)
			if tc.want == nil {
				if r >= 0 {
					t.Fatalf("find(%q) = %d, want none", tc.term, r)
				}
				return
			}
			if r < 0 {
				t.Fatalf("find(%q): none", tc.term)
			}
			if got := tt.postings(r); !slices.Equal(got, tc.want) {
				t.Errorf("postings(%q) = %v, want %v", tc.term, got, tc.want)
			}
		})
	}
	// Field lengths count the distinct terms: "albert", "einstein" and
	// their sound keys; Q4 has none.
	if got := tt.lens; !slices.Equal(got[:1], []uint16{4}) || got[3] != 0 {
		t.Errorf("lens = %v", got)
	}
	if n := tt.norm(0); math.Abs(n-0.5) > 1e-7 {
		t.Errorf("norm = %v, want 0.5", n)
	}
}

func TestTermVariants(t *testing.T) {
	tt, _ := testTable(t)
	tests := []struct {
		tok       string
		fuzziness int
		want      map[string]float64 // term → boost
	}{
		{"einstien", 2, map[string]float64{"einstein": 0.7 / 2}},
		{"einstein", 1, map[string]float64{"einstein": 0.7}},
		{"pariz", 1, map[string]float64{"paris": 0.7 / 2}},
		{"парижь", 1, map[string]float64{"париж": 0.7 / 2}},
		{"zzzzz", 1, map[string]float64{}},
	}
	for _, tc := range tests {
		t.Run(tc.tok, func(t *testing.T) {
			c, err := tt.variants(tc.tok, tc.fuzziness, 0.7)
			if err != nil {
				t.Fatal(err)
			}
			got := map[string]float64{}
			for i, r := range c.terms {
				got[termOf(t, tt, r)] = c.boosts[i]
			}
			if len(got) != len(tc.want) {
				t.Fatalf("variants(%q) = %v, want %v", tc.tok, got, tc.want)
			}
			for term, b := range tc.want {
				if math.Abs(got[term]-b) > 1e-9 {
					t.Errorf("variants(%q)[%q] = %v, want %v", tc.tok, term, got[term], b)
				}
			}
		})
	}
}

// termOf returns the term of rank r by scanning the FST.
func termOf(t *testing.T, tt *termTable, r int) string {
	t.Helper()
	it, err := tt.fst.Iterator(nil, nil)
	for err == nil {
		k, v := it.Current()
		if int(v) == r {
			return string(k)
		}
		err = it.Next()
	}
	t.Fatalf("no term of rank %d", r)
	return ""
}

func TestDecodeTermTableErrors(t *testing.T) {
	ti := newTermIndexer(2)
	ti.addEntity(&Entity{ID: "Q1", Labels: map[string]string{"en": "Albert Einstein"}})
	ti.addEntity(&Entity{ID: "Q2", Labels: map[string]string{"en": "Paris"}})
	good, err := ti.encode(ti.sorted())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := decodeTermTable(good); err != nil {
		t.Fatal(err)
	}
	patch := func(at int, v uint32) []byte {
		b := slices.Clone(good)
		binary.LittleEndian.PutUint32(b[at:], v)
		return b
	}
	// The first posting sits after the header, the field lengths (2
	// entities: 4 bytes) and the postings offsets.
	nTerms := int(binary.LittleEndian.Uint32(good[12:]))
	firstPosting := 24 + 4 + 4*(nTerms+1)
	tests := []struct {
		name string
		b    []byte
	}{
		{"empty", nil},
		{"bad magic", append([]byte("XXXX"), good[4:]...)},
		{"version", patch(4, 99)},
		{"truncated", good[:len(good)-1]},
		{"trailing", append(slices.Clone(good), 0)},
		{"entity count", patch(8, 3)},
		{"posting out of range", patch(firstPosting, 7)},
		{"offsets out of order", patch(24+4+4, math.MaxUint16)},
		{"bad fst", append(slices.Clone(good[:len(good)-8]), make([]byte, 8)...)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := decodeTermTable(tc.b); !errors.Is(err, errTermsFile) {
				t.Errorf("err = %v, want %v", err, errTermsFile)
			}
		})
	}
}

func FuzzDecodeTermTable(f *testing.F) {
	ti := newTermIndexer(2)
	ti.addEntity(&Entity{ID: "Q1", Labels: map[string]string{"en": "Albert Einstein"}})
	ti.addEntity(&Entity{ID: "Q2", Labels: map[string]string{"en": "Paris"}})
	good, err := ti.encode(ti.sorted())
	if err != nil {
		f.Fatal(err)
	}
	f.Add(good)
	f.Add(good[:30])
	f.Fuzz(func(t *testing.T, b []byte) {
		tt, err := decodeTermTable(b)
		if err != nil {
			return
		}
		// A table that decodes answers lookups without panicking.
		for _, term := range []string{"einstein", "paris", "~pr"} {
			if r := tt.find(term); r >= 0 {
				for _, e := range tt.postings(r) {
					_ = tt.norm(e)
				}
			}
		}
		if _, err := tt.variants("einstien", 2, 0.7); err != nil {
			t.Fatal(err)
		}
	})
}

func TestOpenBadTermTable(t *testing.T) {
	out := filepath.Join(t.TempDir(), "kb")
	if _, err := Build(t.Context(), []string{fixture}, out, nil); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(out, currentLink, termsFile)
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		b    []byte
	}{
		{"truncated", b[:len(b)/2]},
		{"other KB", func() []byte {
			ti := newTermIndexer(1)
			ti.addEntity(&Entity{ID: "Q1", Labels: map[string]string{"en": "Paris"}})
			x, err := ti.encode(ti.sorted())
			if err != nil {
				t.Fatal(err)
			}
			return x
		}()},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := os.WriteFile(path, tc.b, 0o644); err != nil {
				t.Fatal(err)
			}
			if _, err := Open(out); !errors.Is(err, errTermsFile) {
				t.Errorf("Open = %v, want %v", err, errTermsFile)
			}
		})
	}
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(out); err == nil || !strings.Contains(err.Error(), termsFile) {
		t.Errorf("Open without %s = %v", termsFile, err)
	}
}
