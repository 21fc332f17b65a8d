package kb

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

func TestSoundIndex(t *testing.T) {
	ents := make([]*Entity, soundCap+4)
	var pairs []soundPair
	for i := range ents {
		ents[i] = &Entity{Popularity: float64(i%5) / 5}
		pairs = appendSoundPairs(pairs, []string{"smith", "smyth", "jo"}, int32(i))
	}
	s := buildSoundIndex(ents, pairs)
	if len(s) != 1 {
		t.Fatalf("keys = %v, want only ~smt", s)
	}
	lst := s["~smt"]
	if len(lst) != soundCap {
		t.Fatalf("len = %d, want %d", len(lst), soundCap)
	}
	for j := 1; j < len(lst); j++ {
		if ents[lst[j]].Popularity > ents[lst[j-1]].Popularity {
			t.Fatalf("not most popular first: %v", lst)
		}
	}
	path := filepath.Join(t.TempDir(), soundFile)
	if err := writeSoundIndex(path, s); err != nil {
		t.Fatal(err)
	}
	got, err := readSoundIndex(path, len(ents))
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || !slices.Equal(got["~smt"], lst) {
		t.Errorf("read back %v, want %v", got, s)
	}
	if _, err := readSoundIndex(path, 3); err == nil {
		t.Error("out-of-range ordinal: no error")
	}
	if err := os.WriteFile(path, []byte("not gzip"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := readSoundIndex(path, len(ents)); err == nil {
		t.Error("corrupt file: no error")
	}
}
