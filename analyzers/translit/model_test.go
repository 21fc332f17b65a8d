package translit

import (
	"bytes"
	"compress/gzip"
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// tinyPairs is a synthetic training set: Cyrillic spellings of a few
// made-up names, enough for alignment to learn the letter mapping.
var tinyPairs = []pair{
	{"краб", "krab", 3}, {"бор", "bor", 2}, {"рок", "rok", 2}, {"кора", "kora", 1},
	{"бар", "bar", 2}, {"рак", "rak", 1}, {"арка", "arka", 1}, {"брак", "brak", 1},
	{"окр", "okr", 1}, {"кроб", "krob", 1}, {"бока", "boka", 1}, {"ока", "oka", 1},
}

func TestTrainTinyDeterministic(t *testing.T) {
	a, stats, err := trainModel("russian", tinyPairs)
	if err != nil {
		t.Fatal(err)
	}
	b, _, err := trainModel("russian", tinyPairs)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a, b) {
		t.Fatal("training is not deterministic")
	}
	t.Log(stats)
	m, err := decodeModel(a)
	if err != nil {
		t.Fatal(err)
	}
	// "барок" is not a training token: it must be composed from graphones.
	tests := []struct{ in, want string }{{"барок", "barok"}, {"краб", "krab"}, {"бок", "bok"}}
	for _, tc := range tests {
		if got := m.variants(tc.in, "russian", 3); !has(got, tc.want) {
			t.Errorf("decode(%q) = %v, want %q in the top 3", tc.in, texts(got), tc.want)
		}
	}
	// The lookup table keeps tokens seen at least lookupMinCount times.
	if _, ok := m.lookup["краб"]; !ok {
		t.Error("краб (count 3) missing from the lookup table")
	}
	if _, ok := m.lookup["кора"]; ok {
		t.Error("кора (count 1) should not be in the lookup table")
	}
}

func TestDecodeModelErrors(t *testing.T) {
	good, _, err := trainModel("russian", tinyPairs)
	if err != nil {
		t.Fatal(err)
	}
	gz := func(raw []byte) []byte {
		var b bytes.Buffer
		w := gzip.NewWriter(&b)
		w.Write(raw)
		w.Close()
		return b.Bytes()
	}
	zr, _ := gzip.NewReader(bytes.NewReader(good))
	var raw bytes.Buffer
	raw.ReadFrom(zr)
	tests := []struct {
		name string
		data []byte
	}{
		{"not gzip", []byte("hello")},
		{"bad magic", gz([]byte("XXXX\x01"))},
		{"truncated", gz(raw.Bytes()[:raw.Len()/2])},
		{"empty body", gz(nil)},
		{"huge count", gz([]byte(modelMagic + "\x02\xff\xff\xff\xff\x0f"))},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := decodeModel(tc.data); err == nil {
				t.Fatal("no error")
			} else if tc.name != "not gzip" && !errors.Is(err, ErrFormat) {
				t.Fatalf("error %v is not ErrFormat", err)
			}
		})
	}
}

func TestEmbeddedModelsLoad(t *testing.T) {
	for _, name := range Models {
		m, err := getModel(name)
		if err != nil || m == nil {
			t.Fatalf("model %s: %v", name, err)
		}
		if len(m.native) < 100 || len(m.lookup) < 100 {
			t.Errorf("model %s: %d graphones, %d lookup entries", name, len(m.native), len(m.lookup))
		}
	}
	if got := Learned("x", "klingon", 5); got != nil {
		t.Errorf("unknown model gave %v", got)
	}
}

// TestTrainOnSharedData trains the Korean model from the shared data and
// checks that it matches the committed table (the build is reproducible).
func TestTrainOnSharedData(t *testing.T) {
	if testing.Short() {
		t.Skip("trains a model")
	}
	dataDir := filepath.Join("..", "..", "..", "shared", "data")
	if _, err := os.Stat(filepath.Join(dataDir, DataFolder)); err != nil {
		t.Skip("shared data not available")
	}
	out := t.TempDir()
	var log bytes.Buffer
	if err := TrainModels(dataDir, out, []string{"korean"}, &log); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(filepath.Join(out, "korean.bin.gz"))
	if err != nil {
		t.Fatal(err)
	}
	want, err := modelFS.ReadFile("data/korean.bin.gz")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("retrained korean model differs from the committed one (%d vs %d bytes): run Train", len(got), len(want))
	}
	if err := TrainModels(dataDir, out, []string{"nope"}, &log); err == nil {
		t.Error("unknown model name accepted")
	}
}

func FuzzDecodeModel(f *testing.F) {
	good, _, err := trainModel("russian", tinyPairs)
	if err != nil {
		f.Fatal(err)
	}
	zr, err := gzip.NewReader(bytes.NewReader(good))
	if err != nil {
		f.Fatal(err)
	}
	var raw bytes.Buffer
	if _, err := raw.ReadFrom(zr); err != nil {
		f.Fatal(err)
	}
	f.Add(raw.Bytes())
	f.Add([]byte(modelMagic))
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := decodeRaw(bytes.NewReader(data))
		if err == nil && m != nil {
			m.variants("краб", "russian", 5)
			m.variants("барок", "russian", 5)
		}
	})
}

// TestKnownName checks the person-name tokens of the learned models' lookup tables.
func TestKnownName(t *testing.T) {
	tests := []struct {
		token, scr, lang string
		want             bool
	}{
		{"Сергей", "Cyrl", "rus", true},
		{"СЕРГЕЙ", "Cyrl", "rus", true}, // any letter case
		{"Смирнов", "Cyrl", "rus", true},
		{"учёные", "Cyrl", "rus", false},
		{"Sergei", "Latn", "eng", false}, // no learned model for Latin
		{"", "Cyrl", "rus", false},
	}
	for _, tc := range tests {
		if got := KnownName(tc.token, tc.scr, tc.lang); got != tc.want {
			t.Errorf("KnownName(%q, %s) = %v, want %v", tc.token, tc.scr, got, tc.want)
		}
	}
}
