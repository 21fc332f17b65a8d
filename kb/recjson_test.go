package kb

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"math"
	"os"
	"reflect"
	"testing"
)

// recordLines returns record lines (header excluded) of the fixture and the
// first n records of each embedded default layer.
func recordLines(t testing.TB, n int) [][]byte {
	t.Helper()
	var out [][]byte
	add := func(r io.Reader, max int) {
		sc := bufio.NewScanner(r)
		sc.Buffer(make([]byte, 1<<20), 1<<26)
		i := 0
		for sc.Scan() && i <= max {
			if i > 0 {
				out = append(out, append([]byte(nil), sc.Bytes()...))
			}
			i++
		}
	}
	f, err := os.Open("testdata/fixture.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	add(f, 1<<30)
	f.Close()
	for _, name := range defaultLayers {
		raw, err := defaultData.ReadFile("data/" + name)
		if err != nil {
			continue
		}
		rc, err := openBytes(raw)
		if err != nil {
			t.Fatal(err)
		}
		add(rc, n)
		rc.Close()
	}
	return out
}

func encodeJSON(e *Entity) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	err := enc.Encode(e)
	return buf.Bytes(), err
}

// checkDecode compares unmarshalEntity with encoding/json on one line.
func checkDecode(t testing.TB, line []byte) {
	var want, got Entity
	errW := json.Unmarshal(line, &want)
	errG := unmarshalEntity(line, &got)
	if (errW == nil) != (errG == nil) {
		t.Fatalf("%q: encoding/json error %v, fast path error %v", line, errW, errG)
	}
	if errW == nil && !reflect.DeepEqual(want, got) {
		t.Fatalf("%q: encoding/json %+v, fast path %+v", line, want, got)
	}
}

func TestRecordJSONMatchesEncodingJSON(t *testing.T) {
	n := 3000
	if testing.Short() {
		n = 300
	}
	lines := recordLines(t, n)
	fast := 0
	for _, line := range lines {
		checkDecode(t, line)
		var e Entity
		if decodeEntity(line, &e) {
			fast++
		}
		if err := json.Unmarshal(line, &e); err != nil {
			t.Fatal(err)
		}
		want, err := encodeJSON(&e)
		if err != nil {
			t.Fatal(err)
		}
		got, err := appendEntity(nil, &e)
		if err != nil || !bytes.Equal(got, want) {
			t.Fatalf("appendEntity(%s):\n%s\nwant\n%s (err %v)", e.ID, got, want, err)
		}
	}
	// The records nomen writes take the fast path.
	if fast < len(lines)*9/10 {
		t.Errorf("fast path decoded %d of %d records", fast, len(lines))
	}
}

func TestAppendEntityEdgeCases(t *testing.T) {
	for _, e := range []*Entity{
		{ID: "Q1", Type: "PER"},
		{ID: `Q"2\`, Type: "LOC", Labels: map[string]string{"en": "a\nb\tc\u2028d\u2029e", "x\"": "\x01\x1f"},
			Description: "bad \xff utf-8 – ’ “quoted” <b>&amp;</b>", Popularity: 1e-7, Rank: 1e21},
		{ID: "Q3", Type: "ORG", Aliases: map[string][]string{"en": nil, "de": {}, "fr": {"x", ""}},
			WeakAliases: map[string][]string{"mul": {"ß"}}, Classes: []string{}, Popularity: 0.123456789,
			Sitelinks: -3, Population: math.MaxInt64, Visitors: math.MinInt64, Rank: 2.5e-300, Sources: []string{"a"}},
		{ID: "Q4", Type: "PROD", Popularity: 123456789012345678, Rank: -0.000001},
	} {
		want, err := encodeJSON(e)
		if err != nil {
			t.Fatal(err)
		}
		got, err := appendEntity(nil, e)
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("appendEntity:\n%s\nwant\n%s (err %v)", got, want, err)
		}
		checkDecode(t, bytes.TrimSpace(got))
	}
	if _, err := appendEntity(nil, &Entity{ID: "Q5", Type: "PER", Popularity: math.NaN()}); err == nil {
		t.Error("NaN popularity encoded")
	}
}

func TestDecodeEntityEdgeCases(t *testing.T) {
	for _, line := range []string{
		`{"id":"Q1","type":"PER","popularity":0.5}`,
		` { "id" : "Q1" , "labels" : { "en" : "A" } , "type":"PER" } `,
		`{"id":"Q1","labels":{"en":"A","en":"B"},"type":"PER"}`,
		`{"id":"Q1","id":"Q2","type":"PER"}`,
		`{"ID":"Q1","Type":"PER"}`,
		`{"id":"Q1","type":"PER","extra":[1,{"a":null}]}`,
		`{"id":"Q1","type":"PER","labels":null,"classes":null}`,
		`{"id":"Q\u00e9\"1","type":"PER"}`,
		`{"id":"Q1","type":"PER","sitelinks":1e3}`,
		`{"id":"Q1","type":"PER","sitelinks":1.0}`,
		`{"id":"Q1","type":"PER","sitelinks":99999999999999999999}`,
		`{"id":"Q1","type":"PER","popularity":01}`,
		`{"id":"Q1","type":"PER","popularity":-0.5e-3}`,
		`{"id":"Q1","type":"PER","popularity":1e400}`,
		`{"id":"Q1","type":"PER"} x`,
		`{"id":"Q1","type":"PER"`,
		`{"id":"Q1","type":"PER",}`,
		`{"id":"Q1","aliases":{"en":["a","b"],"de":[]},"type":"PER"}`,
		`{"id":"Q1","aliases":{"en":["a",]},"type":"PER"}`,
		`{"id":"Q1","type":"P` + "\xff" + `ER"}`,
		`{"id":"Q1","type":"PER","description":"a` + "\t" + `b"}`,
		`[]`, `null`, ``, `{}`,
	} {
		checkDecode(t, []byte(line))
	}
}

func FuzzDecodeEntity(f *testing.F) {
	for _, line := range recordLines(f, 20) {
		f.Add(line)
	}
	f.Add([]byte(`{"id":"Q1","labels":{"en":"A","en":"B"},"type":"PER","sitelinks":1e3}`))
	f.Fuzz(func(t *testing.T, line []byte) {
		checkDecode(t, line)
		var e Entity
		if !decodeEntity(line, &e) {
			return
		}
		b, err := appendEntity(nil, &e)
		if err != nil {
			return
		}
		var back Entity
		if err := unmarshalEntity(b, &back); err != nil {
			t.Fatalf("round trip of %q: %s: %v", line, b, err)
		}
		if b2, _ := appendEntity(nil, &back); !bytes.Equal(b, b2) {
			t.Fatalf("round trip of %q: %s, then %s", line, b, b2)
		}
	})
}
