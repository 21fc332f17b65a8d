package kb

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"math"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"
)

const fixture = "testdata/fixture.jsonl"

var (
	fixtureOnce sync.Once
	fixtureKB   *KB
	fixtureErr  error
)

// openFixture builds the small fixture KB once per test binary.
func openFixture(t testing.TB) *KB {
	t.Helper()
	fixtureOnce.Do(func() {
		dir, err := os.MkdirTemp("", "nomen-kb-fixture-")
		if err != nil {
			fixtureErr = err
			return
		}
		if _, err := Build(context.Background(), []string{fixture, "testdata/dump.json.gz"}, filepath.Join(dir, "kb"), nil); err != nil {
			fixtureErr = err
			return
		}
		fixtureKB, fixtureErr = Open(filepath.Join(dir, "kb"))
	})
	if fixtureErr != nil {
		t.Fatal(fixtureErr)
	}
	return fixtureKB
}

func TestNormalize(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"case", "PARIS", "paris"},
		{"diacritics", "São Paulo", "sao paulo"},
		{"german sharp s", "Straße", "strasse"},
		{"ligature", "Æsir", "aesir"},
		{"punctuation", "McDonald's Corp.", "mcdonalds corp"},
		{"hyphen", "Saint-Étienne", "saint etienne"},
		{"cyrillic yo", "Соединённые Штаты", "соединенные штаты"},
		{"greek accent", "Αθήνα", "αθηνα"},
		{"arabic harakat", "مُحَمَّد", "محمد"},
		{"japanese dakuten kept", "ドイツ", "ドイツ"},
		{"hangul kept", "서울", "서울"},
		{"fullwidth", "ＡＢＣ", "abc"},
		{"spaces", "  New \t York  ", "new york"},
		{"empty", "", ""},
		{"only punctuation", "!!!", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Normalize(tt.in)
			if got != tt.want {
				t.Errorf("Normalize(%q) = %q, want %q", tt.in, got, tt.want)
			}
			if again := Normalize(got); again != got {
				t.Errorf("not idempotent: %q → %q", got, again)
			}
		})
	}
}

func FuzzNormalize(f *testing.F) {
	for _, s := range []string{"São Paulo", "Straße", "ドイツ", "東京都 서울", "がガ", "مُحَمَّد", "\xff\xfe", "a\u0301\u0301", "ǅ"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n := Normalize(s)
		if utf8.ValidString(s) && !utf8.ValidString(n) {
			t.Fatalf("invalid UTF-8 from %q", s)
		}
		if Normalize(n) != n {
			t.Fatalf("not idempotent: %q → %q → %q", s, n, Normalize(n))
		}
		if utf8.ValidString(s) && normalizeSlow(s) != n {
			t.Fatalf("fast path %q → %q, slow path %q", s, n, normalizeSlow(s))
		}
	})
}

// TestNormalizeFastPaths checks the fast paths of Normalize against the
// general one on every name of the default data's first records.
func TestNormalizeFastPaths(t *testing.T) {
	n, cjk := 0, 0
	for _, line := range recordLines(t, 5000) {
		var e Entity
		if err := unmarshalEntity(line, &e); err != nil {
			t.Fatal(err)
		}
		e.Names(func(_, name string, _ float64) {
			n++
			if normalizedCJK(name) {
				cjk++
			}
			if got, want := Normalize(name), normalizeSlow(name); got != want {
				t.Fatalf("Normalize(%q) = %q, general path %q", name, got, want)
			}
		})
	}
	for _, s := range []string{"東京", "ソウル 서울", "がぎ", "ﾃｽﾄ", "東京 ", " 東京", "東京  都", "Ab東", "ㇰ", "〇"} {
		if got, want := Normalize(s), normalizeSlow(s); got != want {
			t.Errorf("Normalize(%q) = %q, general path %q", s, got, want)
		}
	}
	t.Logf("%d names, %d on the CJK fast path", n, cjk)
}

func TestReadWikidataDump(t *testing.T) {
	for _, file := range []string{"testdata/dump.json", "testdata/dump.json.gz", "testdata/dump.json.bz2"} {
		t.Run(filepath.Base(file), func(t *testing.T) {
			rc, err := OpenFile(context.Background(), file)
			if err != nil {
				t.Fatal(err)
			}
			defer rc.Close()
			got := map[string]*Entity{}
			st, err := ReadWikidataDump(context.Background(), rc, func(e *Entity) error { got[e.ID] = e; return nil })
			if err != nil {
				t.Fatal(err)
			}
			if st.Lines != 6 || st.Kept != 3 || st.NoLabel != 1 || st.OutOfFamily != 2 {
				t.Errorf("stats = %+v, want 6 lines, 3 kept, 1 without label, 2 out of family", st)
			}
			ein := got["Q937"]
			if ein == nil || ein.Type != TypePER || ein.Labels["ru"] != "Альберт Эйнштейн" || len(ein.Aliases["en"]) != 2 {
				t.Fatalf("Q937 = %+v", ein)
			}
			if ein.Country != "CH" {
				t.Errorf("Q937 country = %q, want CH (the deprecated P27 statement must be ignored)", ein.Country)
			}
			if ein.Sitelinks != 6 {
				t.Errorf("Q937 sitelinks = %d, want 6 (commons and wikiquote excluded)", ein.Sitelinks)
			}
			if got := ein.OntologyTypes; len(got) == 0 || !strings.HasSuffix(got[0], "Person") {
				t.Errorf("Q937 ontology types = %v", got)
			}
			ber := got["Q64"]
			if ber == nil || ber.Type != TypeLOC || ber.Population != 3755251 || ber.Country != "DE" || ber.Description != "Hauptstadt Deutschlands" {
				t.Errorf("Q64 = %+v", ber)
			}
			if apple := got["Q312"]; apple == nil || apple.Type != TypeORG || apple.ExternalID != "4295905573" || apple.Country != "US" {
				t.Errorf("Q312 = %+v", apple)
			}
		})
	}
}

func TestReadWikidataDumpTypes(t *testing.T) {
	rc, err := OpenFile(context.Background(), "testdata/dump.json")
	if err != nil {
		t.Fatal(err)
	}
	defer rc.Close()
	var ids []string
	st, err := ReadWikidataDumpTypes(context.Background(), rc, []string{TypeLOC}, func(e *Entity) error { ids = append(ids, e.ID); return nil })
	if err != nil || st.Kept != 1 || len(ids) != 1 || ids[0] != "Q64" {
		t.Errorf("LOC only: %v %+v %v", err, st, ids)
	}
}

func TestReadWikidataDumpErrors(t *testing.T) {
	tests := []struct{ name, in string }{
		{"not json", "[\nhello\n]\n"},
		{"truncated object", "[\n{\"id\":\"Q1\",\"labels\":{\n]\n"},
		{"wrong shape", "[\n{\"id\":\"Q1\",\"labels\":[1,2]}\n]\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ReadWikidataDump(context.Background(), strings.NewReader(tt.in), func(*Entity) error { return nil })
			if !errors.Is(err, ErrNotDump) {
				t.Errorf("err = %v, want ErrNotDump", err)
			}
		})
	}
}

// TestReadWikidataSamples reads the shared sample of full Wikidata entities:
// the humans are kept, the classes above Q5 are out of the families.
func TestReadWikidataSamples(t *testing.T) {
	dir := sharedData(t)
	rc, err := OpenFile(context.Background(), filepath.Join(dir, "wikidata-entity-samples", "entities_full.jsonl.xz"))
	if err != nil {
		t.Skip(err)
	}
	defer rc.Close()
	got := map[string]*Entity{}
	st, err := ReadWikidataDump(context.Background(), rc, func(e *Entity) error { got[e.ID] = e; return nil })
	if err != nil {
		t.Fatal(err)
	}
	if st.Lines != 66 {
		t.Errorf("lines = %d, want 66", st.Lines)
	}
	putin := got["Q7747"]
	if putin == nil || putin.Type != TypePER || putin.Labels["en"] != "Vladimir Putin" || putin.Country != "RU" || putin.Sitelinks == 0 || putin.Description == "" {
		t.Fatalf("Q7747 = %+v", putin)
	}
	if _, ok := got["Q5"]; ok {
		t.Error("Q5 (a class) was kept")
	}
	for id, e := range got {
		if e.Type != TypePER {
			t.Errorf("%s kept with type %s", id, e.Type)
		}
	}
}

func FuzzReadWikidataDump(f *testing.F) {
	seed, _ := os.ReadFile("testdata/dump.json")
	f.Add(seed)
	f.Add([]byte("[\n{\"id\":\"Q1\",\"labels\":{\"en\":{\"value\":\"x\"}},\"claims\":{\"P31\":[{\"mainsnak\":{\"snaktype\":\"value\",\"datavalue\":{\"value\":{\"id\":\"Q5\"}}}}]}}\n]"))
	f.Add([]byte("{}"))
	f.Fuzz(func(t *testing.T, b []byte) {
		_, _ = ReadWikidataDump(context.Background(), bytes.NewReader(b), func(e *Entity) error {
			if e.ID == "" || e.Type == "" || len(e.Labels) == 0 {
				t.Fatalf("bad entity kept: %+v", e)
			}
			if e.Popularity < 0 || e.Popularity > 1 {
				t.Fatalf("popularity %v", e.Popularity)
			}
			return nil
		})
	})
}

func FuzzReadRecords(f *testing.F) {
	seed, _ := os.ReadFile(fixture)
	f.Add(seed[:min(len(seed), 2000)])
	f.Add([]byte("{\"nomenKB\":1}\n{\"id\":\"Q1\",\"type\":\"PER\",\"popularity\":2}\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		_, _ = ReadRecords(context.Background(), bytes.NewReader(b), func(e *Entity) error {
			if err := e.validate(); err != nil {
				t.Fatalf("invalid record passed: %v", err)
			}
			return nil
		})
	})
}

func TestReadRecordsErrors(t *testing.T) {
	tests := []struct {
		name, in string
		want     error
	}{
		{"no header", "{\"id\":\"Q1\",\"type\":\"PER\"}\n", ErrNotRecords},
		{"empty", "", ErrNotRecords},
		{"bad type", "{\"nomenKB\":1}\n{\"id\":\"Q1\",\"type\":\"XYZ\"}\n", ErrBadRecord},
		{"no id", "{\"nomenKB\":1}\n{\"type\":\"PER\"}\n", ErrBadRecord},
		{"popularity out of range", "{\"nomenKB\":1}\n{\"id\":\"Q1\",\"type\":\"PER\",\"popularity\":1.5}\n", ErrBadRecord},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ReadRecords(context.Background(), strings.NewReader(tt.in), func(*Entity) error { return nil })
			if !errors.Is(err, tt.want) {
				t.Errorf("err = %v, want %v", err, tt.want)
			}
		})
	}
}

func TestSearch(t *testing.T) {
	k := openFixture(t)
	tests := []struct {
		name, q, typ, want string
	}{
		{"exact english", "Germany", "", "Q183"},
		{"exact german", "Deutschland", "", "Q183"},
		{"exact russian", "Германия", "", "Q183"},
		{"exact japanese", "ドイツ", "", "Q183"},
		{"exact arabic", "ألمانيا", "", "Q183"},
		{"case and accents", "muenchen", "", "Q1726"},
		{"misspelled", "Einstien", "", "Q937"},
		{"misspelled full", "Albert Einstien", "", "Q937"},
		{"phonetic", "Mikrosoft", "", "Q2283"},
		// Four and three edits away (beyond the fuzzy queries' two), but
		// with the sound keys of "microsoft" and "einstein".
		{"phonetic only", "Mykrosopht", "", "Q2283"},
		{"phonetic only person", "Eynstaine", "", "Q937"},
		{"q id", "Q90", "", "Q90"},
		{"popular first", "Paris", "", "Q90"},
		{"type filter", "Paris", "PER", "Q47899"},
		{"alias", "NYC", "", "Q60"},
		{"chinese", "巴黎", "", "Q90"},
		{"from the dump", "A. Einstein", "", "Q937"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			hits, err := k.Search(tt.q, tt.typ, "en", 5)
			if err != nil {
				t.Fatal(err)
			}
			if len(hits) == 0 || hits[0].EntityID != tt.want {
				t.Fatalf("Search(%q, %q) = %+v, want %s first", tt.q, tt.typ, hits, tt.want)
			}
			for i, h := range hits {
				if h.Score < 0 || h.Score > 1 {
					t.Errorf("score %v out of range", h.Score)
				}
				if i > 0 && h.Score > hits[i-1].Score {
					t.Errorf("hits not sorted: %+v", hits)
				}
				if tt.typ != "" && h.Type != tt.typ {
					t.Errorf("hit %s has type %s, want %s", h.EntityID, h.Type, tt.typ)
				}
			}
		})
	}
}

func TestSearchErrors(t *testing.T) {
	k := openFixture(t)
	tests := []struct{ name, q, typ string }{
		{"bad type", "Paris", "CITY"},
		{"invalid utf8", "Par\xffis", ""},
		{"too long", strings.Repeat("paris ", 200), ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := k.Search(tt.q, tt.typ, "en", 5); err == nil {
				t.Error("no error")
			}
		})
	}
	if hits, err := k.Search("zzqxj", "", "en", 5); err != nil || len(hits) != 0 {
		t.Errorf("nonsense query: %v, %v", hits, err)
	}
}

func FuzzSearch(f *testing.F) {
	for _, s := range []string{"Paris", "Einstien", "ドイツ", "Q90", "", "a b c d e f g h i j k l m n", "\x00"} {
		f.Add(s, "")
	}
	f.Add("Paris", "PER")
	f.Fuzz(func(t *testing.T, q, typ string) {
		k := openFixture(t)
		hits, err := k.Search(q, typ, "en", 5)
		if err != nil {
			return
		}
		if len(hits) > 5 {
			t.Fatalf("%d hits", len(hits))
		}
		for _, h := range hits {
			if h.Score < 0 || h.Score > 1 || math.IsNaN(h.Score) {
				t.Fatalf("score %v", h.Score)
			}
		}
	})
}

func TestCandidatesPrior(t *testing.T) {
	k := openFixture(t)
	cs := k.Candidates("London", "en", 10)
	if len(cs) < 2 || cs[0].Entity.ID != "Q84" {
		t.Fatalf("London candidates = %+v", cs)
	}
	sum := 0.0
	for _, c := range cs {
		if c.Exact {
			sum += c.Prior
		}
	}
	if math.Abs(sum-1) > 1e-3 {
		t.Errorf("exact priors sum to %v, want 1", sum)
	}
}

func TestEntityJSON(t *testing.T) {
	k := openFixture(t)
	e, ok := k.Entity("Q312")
	if !ok {
		t.Fatal("Q312 missing")
	}
	if e.ExternalID != "4295905573" || e.Type != TypeORG || len(e.OntologyTypes) == 0 {
		t.Errorf("Q312 = %+v", e)
	}
	b, err := json.Marshal(e)
	if err != nil {
		t.Fatal(err)
	}
	var back Entity
	if err := json.Unmarshal(b, &back); err != nil || back.ID != "Q312" || back.Labels["en"] != "Apple Inc." {
		t.Errorf("round trip: %v %+v", err, back)
	}
	if _, ok := k.Entity("Q0"); ok {
		t.Error("Q0 found")
	}
	st := k.Stats()
	if st["total"] != k.Len() || st[TypeLOC] == 0 || st[TypePER] == 0 || st[TypeORG] == 0 || st[TypePROD] == 0 {
		t.Errorf("stats = %v", st)
	}
}

// TestBuildCancelledKeepsOld checks the atomic switch: a cancelled build
// leaves the previous KB serving and no temporary directory behind.
func TestBuildCancelledKeepsOld(t *testing.T) {
	parent := t.TempDir()
	out := filepath.Join(parent, "kb")
	if _, err := Build(context.Background(), []string{fixture}, out, nil); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Build(ctx, []string{"testdata/dump.json"}, out, nil); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled build: err = %v", err)
	}
	// A build that fails on bad input also keeps the old KB.
	bad := filepath.Join(parent, "bad.json")
	os.WriteFile(bad, []byte("[\nnot json\n]\n"), 0o644)
	if _, err := Build(context.Background(), []string{bad}, out, nil); err == nil {
		t.Fatal("bad input built")
	}
	k, err := Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer k.Close()
	if _, ok := k.Entity("Q90"); !ok || k.Len() != 43 {
		t.Errorf("old KB not intact: %d entities", k.Len())
	}
	entries, _ := os.ReadDir(parent)
	for _, e := range entries {
		if strings.Contains(e.Name(), ".tmp-") {
			t.Errorf("temporary directory left: %s", e.Name())
		}
	}
	// A second successful build replaces the first and removes it.
	if _, err := Build(context.Background(), []string{fixture, "testdata/dump.json"}, out, nil); err != nil {
		t.Fatal(err)
	}
	vs, _ := os.ReadDir(out)
	if len(vs) != 2 { // current + one version
		t.Errorf("out holds %d entries, want the link and one version", len(vs))
	}
	// The old handle keeps working after the switch.
	if hits, err := k.Search("Paris", "", "en", 1); err != nil || len(hits) == 0 {
		t.Errorf("old handle after switch: %v %v", hits, err)
	}
}

func TestReindex(t *testing.T) {
	out := filepath.Join(t.TempDir(), "kb")
	if _, err := Build(context.Background(), []string{fixture}, out, nil); err != nil {
		t.Fatal(err)
	}
	var log bytes.Buffer
	if err := Reindex(context.Background(), out, &log); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(log.String(), "43 entities") {
		t.Errorf("progress/summary: %q", log.String())
	}
	k, err := Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer k.Close()
	if hits, _ := k.Search("Einstien", "", "en", 1); len(hits) == 0 || hits[0].EntityID != "Q937" {
		t.Errorf("after reindex: %+v", hits)
	}
	if err := Reindex(context.Background(), t.TempDir(), nil); !errors.Is(err, ErrNoKB) {
		t.Errorf("reindex of empty dir: %v", err)
	}
}

func TestRunCLI(t *testing.T) {
	out := filepath.Join(t.TempDir(), "kb")
	var stdout, stderr bytes.Buffer
	ctx := context.Background()
	if err := RunCLI(ctx, []string{"build", "--from", fixture, "--out", out}, &stdout, &stderr); err != nil {
		t.Fatalf("%v\n%s", err, stderr.String())
	}
	if !strings.Contains(stdout.String(), "43 entities") || !strings.Contains(stderr.String(), "indexing") {
		t.Errorf("stdout %q stderr %q", stdout.String(), stderr.String())
	}
	stdout.Reset()
	if err := RunCLI(ctx, []string{"search", "--kb", out, "Deutschland"}, &stdout, &stderr); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(stdout.String(), "Q183\t") {
		t.Errorf("search output %q", stdout.String())
	}
	if err := RunCLI(ctx, []string{"reindex", out}, &stdout, &stderr); err != nil {
		t.Fatal(err)
	}
	for _, bad := range [][]string{nil, {"nope"}, {"build"}, {"reindex"}} {
		if err := RunCLI(ctx, bad, &stdout, &stderr); err == nil {
			t.Errorf("RunCLI(%q): no error", bad)
		}
	}
}

// TestDefaultData checks that the embedded default layers parse and cover
// countries in several scripts, without building the full index.
func TestDefaultData(t *testing.T) {
	if h1, h2 := DefaultDataHash(), DefaultDataHash(); h1 != h2 {
		t.Fatal("hash not stable")
	}
	for _, name := range defaultLayers {
		b, err := defaultData.ReadFile("data/" + name)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		rc, err := openBytes(b)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		h, err := ReadRecords(context.Background(), rc, func(e *Entity) error { n++; return nil })
		rc.Close()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		least := 1000
		switch name { // small hand-written layers
		case "regions.jsonl.gz":
			least = len(worldRegionNames)
		case "intl-orgs.jsonl.gz":
			least = len(intlOrgNames)
		case "i18n-countries.jsonl.gz":
			least = 240 // the ISO 3166-1 countries
		}
		if h.License == "" || n < least {
			t.Errorf("%s: license %q, %d records", name, h.License, n)
		}
	}
	if CountryQID("de") != "Q183" || countryISO("Q30") != "US" {
		t.Error("country table")
	}
}

// TestConcurrentSearch runs lookups from several goroutines (meaningful
// under -race).
func TestConcurrentSearch(t *testing.T) {
	k := openFixture(t)
	var wg sync.WaitGroup
	for g := 0; g < 4; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for _, q := range []string{"Paris", "Einstien", "ドイツ", "Q90", "Londn"} {
				if _, err := k.Search(q, "", "en", 5); err != nil {
					t.Error(err)
				}
				k.Candidates(q, "en", 5)
			}
		}()
	}
	wg.Wait()
}

func TestOpenErrors(t *testing.T) {
	if _, err := Open(t.TempDir()); !errors.Is(err, ErrNoKB) {
		t.Errorf("empty dir: %v", err)
	}
	if _, err := Open(filepath.Join(t.TempDir(), "missing")); !errors.Is(err, ErrNoKB) {
		t.Errorf("missing dir: %v", err)
	}
	// A plain KB directory (a copied version) opens directly, and a build
	// refuses to switch it.
	out := filepath.Join(t.TempDir(), "kb")
	if _, err := Build(context.Background(), []string{fixture}, out, nil); err != nil {
		t.Fatal(err)
	}
	plain, err := filepath.EvalSymlinks(filepath.Join(out, currentLink))
	if err != nil {
		t.Fatal(err)
	}
	k, err := Open(plain)
	if err != nil {
		t.Fatal(err)
	}
	k.Close()
	if _, err := Build(context.Background(), []string{fixture}, plain, nil); err == nil {
		t.Error("build over a plain KB directory switched it")
	}
	if _, err := Build(context.Background(), nil, out, nil); err == nil {
		t.Error("build without sources")
	}
}

// TestSearchWeakAlias checks that an exact match of a weak alias only (a machine translation)
// scores below any exact match of a real name, so that a good fuzzy match of another entity
// can rank above it (the translation of the Dutch town Obdam as "Obama" once came first for
// "Obama").
func TestSearchWeakAlias(t *testing.T) {
	k := openFixture(t)
	hits, err := k.Search("Sydney-Stadt", "", "en", 5)
	if err != nil {
		t.Fatal(err)
	}
	if len(hits) == 0 || hits[0].EntityID != "Q3130" || hits[0].Score >= 0.5 {
		t.Fatalf("weak alias hits %+v, want Q3130 scored below 0.5", hits)
	}
	strong, err := k.Search("Sydney", "", "en", 5)
	if err != nil {
		t.Fatal(err)
	}
	if len(strong) == 0 || strong[0].EntityID != "Q3130" || strong[0].Score <= hits[0].Score {
		t.Fatalf("label hits %+v, want Q3130 above the weak alias score %v", strong, hits[0].Score)
	}
	for i := 1; i < len(hits); i++ {
		if hits[i].Score > hits[i-1].Score {
			t.Fatalf("hits not best first: %+v", hits)
		}
	}
}

// TestBuildOneRecord builds a knowledge base of a single record: one index shard gets no
// entity (bleve's offline builder panicked on closing an empty index).
func TestBuildOneRecord(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "one.jsonl")
	records := `{"nomenKB": 1, "layer": "test", "license": "CC0-1.0", "attribution": "test"}
{"id": "Q16", "labels": {"en": "Canada"}, "type": "LOC", "popularity": 0.95}
`
	if err := os.WriteFile(src, []byte(records), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Build(context.Background(), []string{src}, filepath.Join(dir, "kb"), nil); err != nil {
		t.Fatal(err)
	}
	k, err := Open(filepath.Join(dir, "kb"))
	if err != nil {
		t.Fatal(err)
	}
	defer k.Close()
	if cs := k.ExactCandidates("Canada", "", 1); len(cs) != 1 || cs[0].Entity.ID != "Q16" {
		t.Errorf("ExactCandidates(Canada) = %v", cs)
	}
	hits, err := k.Search("Canada", "", "", 5)
	if err != nil || len(hits) != 1 {
		t.Errorf("Search(Canada) = %v, %v", hits, err)
	}
}
