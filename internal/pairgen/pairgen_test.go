package pairgen

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestReadPairs(t *testing.T) {
	good := []struct {
		name  string
		input string
		want  []Pair
	}{
		{"one", `{"name1":{"text":"Bill Smith","language":"eng","entityType":"PERSON"},"name2":{"text":"William Smith"},"match":true,"category":"nickname"}`,
			[]Pair{{Name1: Name{"Bill Smith", "eng", Person}, Name2: Name{Text: "William Smith"}, Match: true, Category: "nickname"}}},
		{"blank lines and CRLF", "\n{\"name1\":{\"text\":\"a\"},\"name2\":{\"text\":\"b\"},\"match\":false,\"category\":\"c\"}\r\n\n",
			[]Pair{{Name1: Name{Text: "a"}, Name2: Name{Text: "b"}, Category: "c"}}},
		{"empty input", "", nil},
	}
	for _, tc := range good {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ReadPairs(strings.NewReader(tc.input))
			if err != nil {
				t.Fatal(err)
			}
			if fmt.Sprint(got) != fmt.Sprint(tc.want) {
				t.Errorf("ReadPairs = %+v, want %+v", got, tc.want)
			}
		})
	}
	bad := []struct{ name, input string }{
		{"not json", "hello"},
		{"no match", `{"name1":{"text":"a"},"name2":{"text":"b"},"category":"c"}`},
		{"empty text", `{"name1":{"text":""},"name2":{"text":"b"},"match":true,"category":"c"}`},
		{"no category", `{"name1":{"text":"a"},"name2":{"text":"b"},"match":true}`},
		{"unknown field", `{"name1":{"text":"a"},"name2":{"text":"b"},"match":true,"category":"c","x":1}`},
		{"trailing data", `{"name1":{"text":"a"},"name2":{"text":"b"},"match":true,"category":"c"} {}`},
		{"match not bool", `{"name1":{"text":"a"},"name2":{"text":"b"},"match":"yes","category":"c"}`},
	}
	for _, tc := range bad {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := ReadPairs(strings.NewReader(tc.input)); !errors.Is(err, ErrBadPair) {
				t.Errorf("ReadPairs error = %v, want ErrBadPair", err)
			}
		})
	}
}

func TestWriteReadRoundTrip(t *testing.T) {
	pairs := []Pair{
		{Name1: Name{"Boys & Girls Clubs", "", Organization}, Name2: Name{"Boys and Girls Clubs", "", Organization}, Match: true, Category: "org"},
		{Name1: Name{"Martha", "eng", Person}, Name2: Name{"瑪莎", "zho", Person}, Match: true, Category: "xscript-chinese"},
	}
	var buf bytes.Buffer
	if err := WritePairs(&buf, pairs); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(buf.String(), `\u0026`) {
		t.Errorf("WritePairs escaped &: %s", buf.String())
	}
	got, err := ReadPairs(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(got) != fmt.Sprint(pairs) {
		t.Errorf("round trip = %+v, want %+v", got, pairs)
	}
}

func FuzzReadPairs(f *testing.F) {
	f.Add(`{"name1":{"text":"a"},"name2":{"text":"b"},"match":true,"category":"c"}`)
	f.Add("{}\n{")
	f.Add("")
	f.Fuzz(func(t *testing.T, s string) {
		pairs, err := ReadPairs(strings.NewReader(s))
		if err != nil {
			return
		}
		var buf bytes.Buffer
		if err := WritePairs(&buf, pairs); err != nil {
			t.Fatal(err)
		}
		again, err := ReadPairs(&buf)
		if err != nil {
			t.Fatalf("re-reading written pairs: %v", err)
		}
		if fmt.Sprint(again) != fmt.Sprint(pairs) {
			t.Fatalf("round trip changed pairs: %+v -> %+v", pairs, again)
		}
	})
}

func TestTypo(t *testing.T) {
	rng := newRand("test")
	for _, s := range []string{"Smith", "Annabelle", "Jo", "Bo", "Müller", "Hill"} {
		for range 50 {
			got := typo(rng, s)
			if utf8.RuneCountInString(s) < 3 {
				if got != s {
					t.Errorf("typo(%q) = %q, want unchanged", s, got)
				}
				continue
			}
			if !utf8.ValidString(got) || got == "" {
				t.Fatalf("typo(%q) = %q", s, got)
			}
			if d := abs(runeLen(got) - runeLen(s)); d > 1 {
				t.Errorf("typo(%q) = %q changes length by %d", s, got, d)
			}
		}
	}
}

func TestDifferent(t *testing.T) {
	tests := []struct {
		a, b string
		want bool
	}{
		{"john", "joan", false},
		{"catherine", "katharine", false},
		{"smith", "smyth", false},
		{"william", "robert", true},
		{"Ann", "Bob", true},
		{"al", "ed", true},
	}
	for _, tc := range tests {
		if got := different(tc.a, tc.b); got != tc.want {
			t.Errorf("different(%q, %q) = %v, want %v", tc.a, tc.b, got, tc.want)
		}
	}
}

func TestTitle(t *testing.T) {
	tests := map[string]string{"smith": "Smith", "o'brien": "O'brien", "anne-marie": "Anne-Marie", "ēliyyāhû": "Ēliyyāhû", "VAN DYKE": "Van Dyke"}
	for in, want := range tests {
		if got := title(in); got != want {
			t.Errorf("title(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestParseOrg(t *testing.T) {
	tests := []struct {
		text, core string
		forms      []string
	}{
		{"Acetex Corp.", "Acetex", []string{"Corp."}},
		{"Advance Agro Public Co. Ltd.", "Advance Agro Public", []string{"Co.", "Ltd."}},
		{"Advanced Semiconductor Engineering, Inc.", "Advanced Semiconductor Engineering", []string{"Inc."}},
		{"Grupo Casa Saba, S.A. de C.V.", "Grupo Casa Saba", []string{"S.A. de C.V."}},
		{"Siemens Aktiengesellschaft", "Siemens", []string{"Aktiengesellschaft"}},
		{"Salvation Army Temple", "Salvation Army Temple", nil},
		{"Inc.", "Inc.", nil},
	}
	for _, tc := range tests {
		t.Run(tc.text, func(t *testing.T) {
			o := parseOrg(orgName{text: tc.text})
			if o.core != tc.core || fmt.Sprint(o.forms) != fmt.Sprint(tc.forms) {
				t.Errorf("parseOrg = %q %q, want %q %q", o.core, o.forms, tc.core, tc.forms)
			}
		})
	}
}

func TestAcronym(t *testing.T) {
	tests := map[string]string{
		"Advanced Semiconductor Engineering":  "ASE",
		"Boys and Girls Clubs of Chicago":     "BGCC",
		"First National Bank":                 "FNB",
		"Home of Life II":                     "",
		"Acme":                                "",
		"Lutheran Social Services - Winthrop": "",
		"One Two Three Four Five":             "",
	}
	for in, want := range tests {
		if got := acronym(in); got != want {
			t.Errorf("acronym(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestOrgVariants(t *testing.T) {
	rng := newRand("test")
	o := parseOrg(orgName{text: "Siemens AG", country: "Germany"})
	for range 20 {
		v := variant(rng, o, orgLegal)
		if !strings.EqualFold(v, "Siemens Aktiengesellschaft") {
			t.Fatalf("legal-form variant of Siemens AG = %q", v)
		}
	}
	sa := parseOrg(orgName{text: "Adecco S.A.", country: "Switzerland"})
	seen := map[string]bool{}
	for range 50 {
		seen[stripPunct(strings.ToLower(variant(rng, sa, orgLegal)))] = true
	}
	if !seen["adecco société anonyme"] || !seen["adecco sa"] {
		t.Errorf("S.A. variants for Switzerland = %v", seen)
	}
	if got := variant(rng, parseOrg(orgName{text: "Orr Infant and Family Center"}), orgAmp); got != "Orr Infant & Family Center" {
		t.Errorf("ampersand variant = %q", got)
	}
	if got := variant(rng, parseOrg(orgName{text: "Acme"}), orgDrop); got != "" {
		t.Errorf("dropping a missing legal form = %q, want empty", got)
	}
}

func TestSmallIsStratified(t *testing.T) {
	var pairs []Pair
	for i := range 1000 {
		cat := []string{"a", "b", "c", "d"}[i%4]
		pairs = append(pairs, Pair{Name1: Name{Text: fmt.Sprint("x", i)}, Name2: Name{Text: "y"}, Match: i%8 < 4, Category: cat})
	}
	pairs = append(pairs, Pair{Name1: Name{Text: "rare"}, Name2: Name{Text: "y"}, Category: "rare"})
	small := Small(pairs, 100)
	c := Counts(small)
	for _, cat := range []string{"a", "b", "c", "d"} {
		if c[cat][0] != 12 && c[cat][0] != 13 || c[cat][0] != c[cat][1] {
			t.Errorf("category %s: %v in the subset, want about 12.5 of each label", cat, c[cat])
		}
	}
	if c["rare"][1] != 1 {
		t.Errorf("rare category: %v, want its one pair kept", c["rare"])
	}
	if again := Small(pairs, 100); fmt.Sprint(again) != fmt.Sprint(small) {
		t.Error("Small is not deterministic")
	}
}

// dataDir returns the shared data folder or skips the test.
func dataDir(t *testing.T) string {
	t.Helper()
	d := filepath.Join("..", "..", "..", "shared", "data")
	if _, err := os.Stat(filepath.Join(d, "wikidata-name-transliteration")); err != nil {
		t.Skip("shared data not available")
	}
	return d
}

// checkSet asserts the invariants every generated set keeps.
func checkSet(t *testing.T, pairs []Pair, minPairs, minPerCategory int, categories []string) {
	t.Helper()
	if len(pairs) < minPairs {
		t.Errorf("%d pairs, want at least %d", len(pairs), minPairs)
	}
	seen := map[[2]string]bool{}
	pos := 0
	for _, p := range pairs {
		k := [2]string{p.Name1.Text, p.Name2.Text}
		if seen[k] || seen[[2]string{k[1], k[0]}] || k[0] == k[1] {
			t.Errorf("duplicate or self pair %q", k)
		}
		seen[k] = true
		if p.Match {
			pos++
		}
	}
	if share := float64(pos) / float64(len(pairs)); share < 0.4 || share > 0.6 {
		t.Errorf("match share %.2f, want roughly balanced", share)
	}
	c := Counts(pairs)
	for _, cat := range categories {
		if n := c[cat][0] + c[cat][1]; n < minPerCategory {
			t.Errorf("category %s has %d pairs, want at least %d", cat, n, minPerCategory)
		}
		if cat != "random-neg" && c[cat][0] != c[cat][1] {
			t.Errorf("category %s is unbalanced: %v", cat, c[cat])
		}
	}
	if rn := c["random-neg"][1]; float64(rn) > 0.1*float64(len(pairs)) {
		t.Errorf("random-neg has %d of %d pairs, want at most 10%%", rn, len(pairs))
	}
}

var xscriptCats = []string{"xscript-arabic", "xscript-chinese", "xscript-hebrew", "xscript-japanese", "xscript-korean", "xscript-russian"}

// TestCommittedSetsAreFresh regenerates both sets and compares them with
// the committed files: it checks determinism and that the files in
// testdata/names are what the generator writes today.
func TestCommittedSetsAreFresh(t *testing.T) {
	if testing.Short() {
		t.Skip("regenerating the pair sets takes several seconds")
	}
	d := dataDir(t)
	eval, err := EvalPairs(d)
	if err != nil {
		t.Fatal(err)
	}
	checkSet(t, eval, 2000, 150, append(xscriptCats, "fullname-hebrew", "fullname-korean", "nickname", "typo", "order", "org", "random-neg"))
	dev, err := DevPairs(d)
	if err != nil {
		t.Fatal(err)
	}
	checkSet(t, dev, 2500, 150, append(xscriptCats, "nickname", "typo", "order", "org", "random-neg"))

	evalTexts := map[string]bool{}
	for _, p := range eval {
		evalTexts[p.Name1.Text+"\x00"+p.Name2.Text] = true
	}
	overlap := 0
	for _, p := range dev {
		if evalTexts[p.Name1.Text+"\x00"+p.Name2.Text] || evalTexts[p.Name2.Text+"\x00"+p.Name1.Text] {
			overlap++
		}
	}
	if overlap > len(dev)/100 {
		t.Errorf("%d dev pairs also occur in the evaluation set", overlap)
	}

	for _, f := range []struct {
		file  string
		pairs []Pair
	}{
		{"pairs.jsonl", eval},
		{"pairs-small.jsonl", Small(eval, 300)},
		{"pairs-dev.jsonl", dev},
	} {
		var buf bytes.Buffer
		if err := WritePairs(&buf, f.pairs); err != nil {
			t.Fatal(err)
		}
		committed, err := os.ReadFile(filepath.Join("..", "..", "testdata", "names", f.file))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(buf.Bytes(), committed) {
			t.Errorf("testdata/names/%s differs from the generator output; run go run ./internal/pairgen/cmd/pairgen", f.file)
		}
	}
}

func TestRunGenerateFlags(t *testing.T) {
	var out bytes.Buffer
	if err := RunGenerate(t.Context(), []string{"--bogus"}, &out); err == nil {
		t.Error("unknown flag accepted")
	}
	if err := RunGenerate(t.Context(), []string{"extra"}, &out); err == nil {
		t.Error("positional argument accepted")
	}
	if err := RunGenerate(t.Context(), []string{"--data", t.TempDir(), "--out", t.TempDir()}, &out); err == nil {
		t.Error("missing data accepted")
	}
}

func TestDistinctNames(t *testing.T) {
	tests := []struct {
		a, b string
		want bool
	}{
		{"First National Bank", "First Republic Bank", true},
		{"McNair Acad. Center", "McNair Acad Ctr", false},
		{"Mother's Touch I", "Mother's Touch II", false},
		{"Salvation Army Temple", "Salvation Army", false},
		{"Royal Bank of Scotland Group", "National Bank of Greece", true},
	}
	for _, tc := range tests {
		if got := distinctNames(words(tc.a), words(tc.b)); got != tc.want {
			t.Errorf("distinctNames(%q, %q) = %v, want %v", tc.a, tc.b, got, tc.want)
		}
	}
}

func TestSkeleton(t *testing.T) {
	tests := []struct {
		a, b string
		same bool
	}{
		{"darwin", "daron", true},
		{"ari", "allie", true},
		{"forde", "ford", true},
		{"Müller", "muller", true},
		{"edwards", "eduardo", false},
		{"martha", "balabanov", false},
	}
	for _, tc := range tests {
		if got := skeleton(tc.a) == skeleton(tc.b); got != tc.same {
			t.Errorf("skeleton(%q)=%q, skeleton(%q)=%q; same = %v, want %v", tc.a, skeleton(tc.a), tc.b, skeleton(tc.b), got, tc.same)
		}
	}
}
