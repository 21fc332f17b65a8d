package params

import (
	"bytes"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/nomenhq/nomen/internal/errs"
)

type aOpts struct {
	Del   float64 `param:"deletionScore" def:"0.3" min:"0" max:"1" help:"deletion"`
	Toks  int     `param:"maxTokens" def:"30" min:"1" max:"100" static:"true" help:"tokens"`
	Flag  bool    `param:"useFlag" def:"true" help:"flag"`
	Extra float64 `param:"extraWeight" def:"1" min:"0" max:"10" help:"extra"`
}

type bOpts struct {
	Pen float64 `param:"addressReorderPenalty" def:"0.1" min:"0" max:"1" help:"reorder"`
}

type settings struct {
	A aOpts
	B bOpts
}

func testRegistry(t *testing.T) *Registry[settings] {
	t.Helper()
	r, err := NewRegistry(
		Group[settings]{"name", func(s *settings) any { return &s.A }},
		Group[settings]{"address", func(s *settings) any { return &s.B }},
	)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func TestRegistry(t *testing.T) {
	r := testRegistry(t)
	if r.Len() != 5 {
		t.Fatalf("len %d", r.Len())
	}
	d := r.Defaults()
	if d.A.Del != 0.3 || d.B.Pen != 0.1 || d.A.Toks != 30 {
		t.Fatalf("defaults %+v", d)
	}
	bad := []struct {
		name, param, value, want string
	}{
		{"unknown", "nope", "1", "unknown parameter \"nope\""},
		{"case typo", "DeletionScore", "1", "did you mean deletionScore"},
		{"static", "maxTokens", "5", "static"},
		{"range", "deletionScore", "1.5", "[0, 1]"},
		{"type", "useFlag", "yes please", "true or false"},
	}
	for _, tc := range bad {
		t.Run(tc.name, func(t *testing.T) {
			s := r.Defaults()
			err := r.Apply(&s, map[string]string{tc.param: tc.value})
			if errs.KindOf(err) != errs.Invalid || !strings.Contains(errs.Message(err), tc.want) {
				t.Fatalf("err %v, want Invalid mentioning %q", err, tc.want)
			}
		})
	}
	s := r.Defaults()
	if err := r.Apply(&s, map[string]string{"deletionScore": "0.5", "addressReorderPenalty": "0.2"}); err != nil || s.A.Del != 0.5 || s.B.Pen != 0.2 {
		t.Fatalf("apply: %v %+v", err, s)
	}
	if r.Defaults().A.Del != 0.3 {
		t.Fatal("Apply changed the defaults")
	}
}

func TestDuplicateNames(t *testing.T) {
	_, err := NewRegistry(
		Group[settings]{"a", func(s *settings) any { return &s.A }},
		Group[settings]{"b", func(s *settings) any { return &s.A }},
	)
	if err == nil {
		t.Fatal("duplicate parameter names accepted")
	}
}

const good = `universes:
  default:
    description: defaults
    parameters:
      any: {deletionScore: 0.2}
      any_ORGANIZATION: {deletionScore: 0.1}
      rus_eng: {extraWeight: 2}
      eng_rus_PERSON: {extraWeight: 3, maxTokens: 10}
    variants: [[william, bill, billy]]
    namePairs: [{name1: Bob Dylan, name2: Robert Zimmerman, score: 0.95}]
    addressVariants: {city: [[NYC, New York]], road: [[Broadway, "B'way"]]}
  strict:
    threshold: 0.9
`

func TestUniverses(t *testing.T) {
	r := testRegistry(t)
	us, err := Load(r, fstest.MapFS{"a.yaml": {Data: []byte(good)}})
	if err != nil {
		t.Fatal(err)
	}
	u, err := us.Get("default")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		a, b, typ string
		del       float64
		extra     float64
		toks      int
	}{
		{"", "", "PERSON", 0.2, 1, 30},
		{"", "", "ORGANIZATION", 0.1, 1, 30},
		{"eng", "rus", "ORGANIZATION", 0.1, 2, 30},
		{"rus", "eng", "PERSON", 0.2, 3, 10},
		{"eng", "eng", "PERSON", 0.2, 1, 30},
	}
	for _, tc := range tests {
		s := u.Resolve(tc.a, tc.b, tc.typ)
		if s.A.Del != tc.del || s.A.Extra != tc.extra || s.A.Toks != tc.toks {
			t.Errorf("%s/%s/%s: %+v", tc.a, tc.b, tc.typ, s.A)
		}
	}
	if _, err := us.Get("nope"); errs.KindOf(err) != errs.Invalid {
		t.Fatalf("unknown universe: %v", err)
	}
	strict, _ := us.Get("strict")
	if strict.Threshold != 0.9 || u.Threshold != DefaultThreshold {
		t.Fatal("thresholds")
	}
	// Round trip: text → universe → text → universe gives the same resolution.
	var buf bytes.Buffer
	if err := EncodeProfile(&buf, Profile{Header: "tuned\nAUC 0.9", Universes: map[string]UniverseSpec{"default": u.Spec()}}); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(buf.String(), "# tuned\n# AUC 0.9\n") {
		t.Fatalf("header lost: %q", buf.String()[:20])
	}
	us2, err := Load(r, fstest.MapFS{"b.yaml": {Data: buf.Bytes()}})
	if err != nil {
		t.Fatal(err)
	}
	u2, _ := us2.Get("default")
	if *u2.Resolve("eng", "rus", "PERSON") != *u.Resolve("eng", "rus", "PERSON") || len(u2.NamePairs) != 1 || len(u2.Variants) != 1 ||
		len(u2.AddressVariants["city"]) != 1 || len(u2.AddressVariants["road"]) != 1 {
		t.Fatal("round trip changed the universe")
	}
}

func TestBadProfiles(t *testing.T) {
	r := testRegistry(t)
	bad := map[string]string{
		"unknown key":       "universes:\n  default:\n    paramters: {}\n",
		"unknown parameter": "universes:\n  default:\n    parameters: {any: {nope: 1}}\n",
		"out of range":      "universes:\n  default:\n    parameters: {any: {deletionScore: 2}}\n",
		"bad scope":         "universes:\n  default:\n    parameters: {english: {deletionScore: 0.1}}\n",
		"bad type scope":    "universes:\n  default:\n    parameters: {any_ANIMAL: {deletionScore: 0.1}}\n",
		"no default":        "universes:\n  other: {}\n",
		"empty":             "",
		"bad pair":          "universes:\n  default:\n    namePairs: [{name1: a, score: 0.5}]\n",
		"bad threshold":     "universes:\n  default:\n    threshold: 2\n",
		"address field":     "universes:\n  default:\n    addressVariants: {town: [[NYC, New York]]}\n",
		"address group":     "universes:\n  default:\n    addressVariants: {city: [[NYC]]}\n",
		"address value":     "universes:\n  default:\n    addressVariants: {city: [[NYC, \" .\"]]}\n",
	}
	for name, text := range bad {
		t.Run(name, func(t *testing.T) {
			if _, err := Load(r, fstest.MapFS{"x.yaml": {Data: []byte(text)}}); err == nil {
				t.Fatal("accepted")
			}
		})
	}
	if _, err := Load(r, fstest.MapFS{"a.yaml": {Data: []byte(good)}}, fstest.MapFS{"b.yaml": {Data: []byte(good)}}); err == nil {
		t.Fatal("duplicate universe accepted")
	}
}
