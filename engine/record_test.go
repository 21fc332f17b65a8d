package engine

import (
	"context"
	"encoding/json"
	"math"
	"strings"
	"testing"

	"github.com/nomenhq/nomen/internal/errs"
)

func fp(v float64) *float64 { return &v }

// recs decodes a JSON array of records.
func recs(t testing.TB, s string) []map[string]json.RawMessage {
	t.Helper()
	var out []map[string]json.RawMessage
	if err := json.Unmarshal([]byte(s), &out); err != nil {
		t.Fatalf("bad test records %s: %v", s, err)
	}
	return out
}

// referenceFields and the records below are the reference request
// (reference-responses/request/rni-1-record-similarity.json).
var referenceFields = map[string]FieldSpec{
	"primaryName": {Type: FieldName, Weight: fp(0.5)},
	"dob":         {Type: FieldDate, Weight: fp(0.2)},
	"dob2":        {Type: FieldDate, Weight: fp(0.1)},
	"addr":        {Type: FieldAddress, Weight: fp(0.5)},
}

const referenceLeft = `[
 {"primaryName": {"text": "Ethan R", "language": "eng", "entityType": "PERSON"}, "dob": "1993-04-16", "dob2": "1993/04/16", "addr": "123 Roadlane Ave"},
 {"primaryName": {"text": "Evan R"}, "dob": "1993-04-16"}]`

const referenceRight = `[
 {"primaryName": {"text": "Seth R"}, "dob": "1993-04-16"},
 {"primaryName": {"text": "Ivan R"}, "dob": "1993-04-16", "dob2": "1993/04/16", "addr": "123 Roadlane Ave"}]`

func TestRecordSimilarityReference(t *testing.T) {
	e := newEngine(t)
	res, err := e.RecordSimilarity(context.Background(), RecordRequest{
		Fields: referenceFields, Left: recs(t, referenceLeft), Right: recs(t, referenceRight), Explain: true,
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(res) != 2 {
		t.Fatalf("got %d results", len(res))
	}
	for i, r := range res {
		if r.Error != "" {
			t.Fatalf("result %d: %s", i, r.Error)
		}
		ex := r.ExplainInfo
		if ex == nil || len(ex.ScoredFields) != 2 {
			t.Fatalf("result %d: explain %+v", i, ex)
		}
		name, dob := ex.ScoredFields["primaryName"], ex.ScoredFields["dob"]
		// Weights 0.5 and 0.2 over the scored fields: 0.714 and 0.286.
		if math.Abs(name.CalculatedWeight-0.5/0.7) > 1e-9 || math.Abs(dob.CalculatedWeight-0.2/0.7) > 1e-9 {
			t.Errorf("result %d: calculated weights %v %v", i, name.CalculatedWeight, dob.CalculatedWeight)
		}
		if dob.RawScore != 1 {
			t.Errorf("result %d: equal dates score %v", i, dob.RawScore)
		}
		want := name.CalculatedWeight*name.RawScore + dob.CalculatedWeight*dob.RawScore
		if math.Abs(r.Score-want) > 1e-9 || math.Abs(name.FinalScore+dob.FinalScore-r.Score) > 1e-9 {
			t.Errorf("result %d: score %v, want %v", i, r.Score, want)
		}
	}
	// Ethan R / Seth R are different people; Evan R / Ivan R are close spellings: the name
	// decides, and the equal birth dates lift both.
	if !(res[0].Score < res[1].Score) {
		t.Errorf("Ethan/Seth %.3f should score below Evan/Ivan %.3f", res[0].Score, res[1].Score)
	}
	if got := res[0].ExplainInfo.LeftOnlyFields; strings.Join(got, ",") != "addr,dob2" {
		t.Errorf("left-only fields %v", got)
	}
	if got := res[1].ExplainInfo.RightOnlyFields; strings.Join(got, ",") != "addr,dob2" {
		t.Errorf("right-only fields %v", got)
	}
}

func TestRecordSimilarityCases(t *testing.T) {
	e := newEngine(t)
	type tc struct {
		name        string
		fields      map[string]FieldSpec
		left, right string
		threshold   float64
		want        []float64 // scores of the kept results, in order (NaN: any)
		wantErr     []string  // per kept result: substring of Error, "" for none
		check       func(t *testing.T, r []RecordResult)
	}
	nan := math.NaN()
	cases := []tc{
		{
			name:   "identical records",
			fields: map[string]FieldSpec{"n": {Type: FieldName}, "d": {Type: FieldDate}, "s": {Type: FieldString}, "x": {Type: FieldNumber}, "b": {Type: FieldBoolean}, "a": {Type: FieldAddress}},
			left:   `[{"n": "John Smith", "d": "1990-01-02", "s": "blue", "x": 42, "b": true, "a": "10 Downing Street, London SW1A 2AA"}]`,
			right:  `[{"n": "John Smith", "d": "1990-01-02", "s": "blue", "x": "42", "b": "yes", "a": "10 Downing Street, London SW1A 2AA"}]`,
			want:   []float64{1},
		},
		{
			name:   "no weights: equal share",
			fields: map[string]FieldSpec{"s": {Type: FieldString}, "b": {Type: FieldBoolean}},
			left:   `[{"s": "abc", "b": true}]`,
			right:  `[{"s": "abc", "b": false}]`,
			want:   []float64{0.5},
		},
		{
			name:   "weights",
			fields: map[string]FieldSpec{"s": {Type: FieldString, Weight: fp(3)}, "b": {Type: FieldBoolean, Weight: fp(1)}},
			left:   `[{"s": "abc", "b": true}]`,
			right:  `[{"s": "abc", "b": false}]`,
			want:   []float64{0.75},
		},
		{
			name:   "zero weight field does not count",
			fields: map[string]FieldSpec{"s": {Type: FieldString, Weight: fp(1)}, "b": {Type: FieldBoolean, Weight: fp(0)}},
			left:   `[{"s": "abc", "b": true}]`,
			right:  `[{"s": "abc", "b": false}]`,
			want:   []float64{1},
		},
		{
			name:   "field on one side only is ignored",
			fields: map[string]FieldSpec{"s": {Type: FieldString}, "b": {Type: FieldBoolean, ScoreIfNull: fp(0)}},
			left:   `[{"s": "abc", "b": false}]`,
			right:  `[{"s": "abc"}]`,
			want:   []float64{1},
			check: func(t *testing.T, r []RecordResult) {
				if got := r[0].ExplainInfo.LeftOnlyFields; len(got) != 1 || got[0] != "b" {
					t.Errorf("left-only %v", got)
				}
			},
		},
		{
			name:   "null without score_if_null is not scored",
			fields: map[string]FieldSpec{"s": {Type: FieldString}, "b": {Type: FieldBoolean}},
			left:   `[{"s": "abc", "b": null}]`,
			right:  `[{"s": "abc", "b": true}]`,
			want:   []float64{1},
			check: func(t *testing.T, r []RecordResult) {
				if got := r[0].ExplainInfo.NullFields; len(got) != 1 || got[0] != "b" {
					t.Errorf("null fields %v", got)
				}
			},
		},
		{
			name:   "null with score_if_null",
			fields: map[string]FieldSpec{"s": {Type: FieldString}, "d": {Type: FieldDate, ScoreIfNull: fp(0.2)}},
			left:   `[{"s": "abc", "d": ""}, {"s": "abc", "d": {"date": " "}}, {"s": "abc", "d": null}]`,
			right:  `[{"s": "abc", "d": "2001-02-03"}, {"s": "abc", "d": "2001-02-03"}, {"s": "abc", "d": null}]`,
			want:   []float64{0.6, 0.6, 0.6},
		},
		{
			name:   "null name object and null address",
			fields: map[string]FieldSpec{"n": {Type: FieldName, ScoreIfNull: fp(0.5)}, "a": {Type: FieldAddress, ScoreIfNull: fp(0.5)}},
			left:   `[{"n": {"text": ""}, "a": {}}]`,
			right:  `[{"n": "John", "a": "1 Main St"}]`,
			want:   []float64{0.5},
		},
		{
			name:      "threshold keeps scores strictly above",
			fields:    map[string]FieldSpec{"s": {Type: FieldString}, "b": {Type: FieldBoolean}},
			left:      `[{"s": "abc", "b": true}, {"s": "abc", "b": true}, {"s": "zzz", "b": "x"}]`,
			right:     `[{"s": "abc", "b": true}, {"s": "abc", "b": false}, {"s": "zzz", "b": true}]`,
			threshold: 0.5,
			want:      []float64{1, 0},
			wantErr:   []string{"", "not a boolean"},
		},
		{
			name:    "undeclared field is a per-pair error",
			fields:  map[string]FieldSpec{"s": {Type: FieldString}},
			left:    `[{"s": "abc", "other": 1}, {"s": "abc"}]`,
			right:   `[{"s": "abc"}, {"s": "abc"}]`,
			want:    []float64{0, 1},
			wantErr: []string{"Field 'other' not found in field mapping", ""},
		},
		{
			name:    "bad values are per-pair errors",
			fields:  map[string]FieldSpec{"d": {Type: FieldDate}, "s": {Type: FieldString}, "x": {Type: FieldNumber}, "n": {Type: FieldName}, "a": {Type: FieldAddress}},
			left:    `[{"d": "not a date at all"}, {"s": {"a": 1}}, {"x": "twelve"}, {"n": {"data": "Ethan R"}}, {"a": [1]}, {"d": "1990-01-01"}, {"x": [1]}]`,
			right:   `[{"d": "1990-01-01"}, {"s": "abc"}, {"x": 12}, {"n": "Ethan R"}, {"a": "1 Main St"}, {"d": "1990-01-01"}, {"x": null}]`,
			want:    []float64{0, 0, 0, 0, 0, 1, 0},
			wantErr: []string{"field 'd'", "expected a string, got an object", "field 'x'", "unknown field \"data\"", "expected an address string or object, got an array", "", "expected a number, got an array"},
		},
		{
			name:   "fielded and string addresses",
			fields: map[string]FieldSpec{"a": {Type: FieldAddress}},
			left:   `[{"a": {"houseNumber": "10", "road": "Downing Street", "city": "London"}}, {"a": {"address": "10 Downing Street London"}}]`,
			right:  `[{"a": "10 Downing St, London"}, {"a": "12 Baker Street, Leeds"}]`,
			want:   []float64{nan, nan},
			check: func(t *testing.T, r []RecordResult) {
				if !(r[0].Score > 0.8) || !(r[1].Score < r[0].Score) {
					t.Errorf("address scores %v %v", r[0].Score, r[1].Score)
				}
			},
		},
		{
			name:   "names across scripts and dates with formats",
			fields: map[string]FieldSpec{"n": {Type: FieldName}, "d": {Type: FieldDate}},
			left:   `[{"n": {"text": "Vladimir Putin", "language": "eng"}, "d": {"date": "07/10/1952", "format": "MM/dd/yyyy"}}, {"n": "Maria Garcia", "d": "1980"}]`,
			right:  `[{"n": {"text": "Владимир Путин", "language": "rus", "script": "Cyrl"}, "d": "1952-07-10"}, {"n": "Kenji Watanabe", "d": "1980-05-05"}]`,
			want:   []float64{nan, nan},
			check: func(t *testing.T, r []RecordResult) {
				if !(r[0].Score > 0.85) || !(r[1].Score < 0.6) {
					t.Errorf("scores %v %v (%+v)", r[0].Score, r[1].Score, r[0].ExplainInfo.ScoredFields["d"])
				}
			},
		},
		{
			name:   "no field scored",
			fields: map[string]FieldSpec{"s": {Type: FieldString}},
			left:   `[{}]`,
			right:  `[{}]`,
			want:   []float64{0},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res, err := e.RecordSimilarity(context.Background(), RecordRequest{
				Fields: c.fields, Left: recs(t, c.left), Right: recs(t, c.right), Threshold: c.threshold, Explain: true,
			})
			if err != nil {
				t.Fatal(err)
			}
			if len(res) != len(c.want) {
				t.Fatalf("got %d results, want %d: %+v", len(res), len(c.want), res)
			}
			for i, r := range res {
				we := ""
				if c.wantErr != nil {
					we = c.wantErr[i]
				}
				if (we == "") != (r.Error == "") || !strings.Contains(r.Error, we) {
					t.Errorf("result %d: error %q, want %q", i, r.Error, we)
				}
				if !math.IsNaN(c.want[i]) && math.Abs(r.Score-c.want[i]) > 1e-9 {
					t.Errorf("result %d: score %v, want %v (%+v)", i, r.Score, c.want[i], r.ExplainInfo)
				}
				if r.Score < 0 || r.Score > 1 {
					t.Errorf("result %d: score %v out of range", i, r.Score)
				}
			}
			if c.check != nil {
				c.check(t, res)
			}
		})
	}
}

func TestRecordSimilarityRequestErrors(t *testing.T) {
	e := newEngine(t)
	ok := recs(t, `[{"s": "a"}]`)
	fields := map[string]FieldSpec{"s": {Type: FieldString}}
	cases := []struct {
		name string
		req  RecordRequest
	}{
		{"unknown parameter", RecordRequest{Fields: fields, Left: ok, Right: ok, Parameters: map[string]string{"noSuchParameter": "1"}}},
		{"out of range", RecordRequest{Fields: fields, Left: ok, Right: ok, Parameters: map[string]string{"dateNearScore": "2"}}},
		{"static parameter", RecordRequest{Fields: fields, Left: ok, Right: ok, Parameters: map[string]string{"maxNameTokens": "5"}}},
		{"unknown universe", RecordRequest{Fields: fields, Left: ok, Right: ok, Universe: "nope"}},
		{"unknown type", RecordRequest{Fields: map[string]FieldSpec{"s": {Type: "rni_colour"}}, Left: ok, Right: ok}},
		{"unequal lengths", RecordRequest{Fields: fields, Left: ok, Right: append(ok, ok...)}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := e.RecordSimilarity(context.Background(), c.req)
			if errs.KindOf(err) != errs.Invalid {
				t.Fatalf("got %v (kind %v), want an Invalid error", err, errs.KindOf(err))
			}
		})
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := e.RecordSimilarity(ctx, RecordRequest{Fields: fields, Left: ok, Right: ok}); err == nil {
		t.Fatal("cancelled context: no error")
	}
	if res, err := e.RecordSimilarity(context.Background(), RecordRequest{Fields: fields, Left: ok, Right: ok, Universe: "strict"}); err != nil || len(res) != 1 || res[0].Score != 1 {
		t.Fatalf("strict universe: %v %+v", err, res)
	}
}

// fieldCases are record pairs exercising every parameter of the date, string, number,
// boolean and address groups.
var fieldCases = []struct{ typ, a, b string }{
	{FieldDate, `"2020-03-04"`, `"2020-03-04"`},
	{FieldDate, `"2020-03-04"`, `"2020-03-06"`},
	{FieldDate, `"2020-03-04"`, `"2020-04-03"`},
	{FieldDate, `"2020-03-04"`, `"2020-03-20"`},
	{FieldDate, `"2020-03-04"`, `"2020-07-20"`},
	{FieldDate, `"2020-03-04"`, `"2021-03-04"`},
	{FieldDate, `"2020-03-04"`, `"2029-03-04"`},
	{FieldDate, `"2020"`, `"2020-03-04"`},
	{FieldDate, `"2020-03-04"`, `"1950-11-30"`},
	{FieldDate, `"04/03/2020"`, `"2020-03-04"`},
	{FieldString, `"Hello, World"`, `"hello world"`},
	{FieldString, `"Café"`, `"cafe"`},
	{FieldString, `"Acme"`, `"acme"`},
	{FieldString, `"the quick brown fox"`, `"quick brown fox the"`},
	{FieldString, `"jonathan smithers"`, `"jonathon smithres"`},
	{FieldString, `"alpha beta gamma"`, `"alpha betta"`},
	{FieldString, `"abcdefgh"`, `"xyzuvwab"`},
	{FieldNumber, `1000`, `1000`},
	{FieldNumber, `1000`, `1005`},
	{FieldNumber, `1000`, `1030`},
	{FieldNumber, `"1,234"`, `1234`},
	{FieldNumber, `10`, `10.5`},
	{FieldBoolean, `true`, `"yes"`},
	{FieldBoolean, `true`, `false`},
}

func fieldScores(t testing.TB, e *Engine, params map[string]string) []float64 {
	t.Helper()
	left, right := make([]map[string]json.RawMessage, len(fieldCases)), make([]map[string]json.RawMessage, len(fieldCases))
	for i, c := range fieldCases {
		left[i] = map[string]json.RawMessage{c.typ: json.RawMessage(c.a)}
		right[i] = map[string]json.RawMessage{c.typ: json.RawMessage(c.b)}
	}
	fields := map[string]FieldSpec{}
	for _, typ := range []string{FieldDate, FieldString, FieldNumber, FieldBoolean} {
		fields[typ] = FieldSpec{Type: typ}
	}
	res, err := e.RecordSimilarity(context.Background(), RecordRequest{Fields: fields, Left: left, Right: right, Parameters: params})
	if err != nil {
		t.Fatal(err)
	}
	out := make([]float64, len(res))
	for i, r := range res {
		if r.Error != "" {
			t.Fatalf("case %d: %s", i, r.Error)
		}
		out[i] = r.Score
	}
	return out
}

func TestEveryFieldParameterMovesARecordScore(t *testing.T) {
	e := newEngine(t)
	base := fieldScores(t, e, nil)
	groups := map[string]bool{"date": true, "string": true, "number": true, "boolean": true}
	n := 0
	for _, p := range e.Registry().All() {
		if !groups[p.Group] || p.Static {
			continue
		}
		n++
		moved := false
		for _, v := range candidates(p.Spec) {
			got := fieldScores(t, e, map[string]string{p.Name: v})
			for i := range got {
				if math.Abs(got[i]-base[i]) > 1e-9 {
					moved = true
				}
			}
			if moved {
				break
			}
		}
		if !moved {
			t.Errorf("parameter %s (%s) changes no record score in the case set", p.Name, p.Group)
		}
	}
	if n < 25 {
		t.Fatalf("only %d non-static field parameters", n)
	}
}

func FuzzRecordValue(f *testing.F) {
	for _, s := range []string{`"x"`, `null`, `{"text": "John", "language": "eng"}`, `{"date": "2020-01-01", "format": "yyyy-MM-dd"}`,
		`{"address": "1 Main St"}`, `{"road": "Main", "houseNumber": "1"}`, `12.5`, `true`, `[1,2]`, `{"data": 1}`, `"  "`, `{}`, `-`, `1e999`} {
		f.Add(s, s)
	}
	e := newEngine(f)
	types := []string{FieldName, FieldAddress, FieldDate, FieldString, FieldNumber, FieldBoolean}
	f.Fuzz(func(t *testing.T, a, b string) {
		if !json.Valid([]byte(a)) || !json.Valid([]byte(b)) {
			return
		}
		fields := map[string]FieldSpec{}
		left, right := map[string]json.RawMessage{}, map[string]json.RawMessage{}
		for _, typ := range types {
			fields[typ] = FieldSpec{Type: typ, ScoreIfNull: fp(0.5)}
			left[typ], right[typ] = json.RawMessage(a), json.RawMessage(b)
		}
		for _, typ := range types {
			res, err := e.RecordSimilarity(context.Background(), RecordRequest{
				Fields: map[string]FieldSpec{typ: fields[typ]}, Explain: true,
				Left:  []map[string]json.RawMessage{{typ: left[typ]}},
				Right: []map[string]json.RawMessage{{typ: right[typ]}},
			})
			if err != nil || len(res) != 1 {
				t.Fatalf("%s: %v %v", typ, err, res)
			}
			if s := res[0].Score; math.IsNaN(s) || s < 0 || s > 1 {
				t.Fatalf("%s: score %v", typ, s)
			}
			if _, err := json.Marshal(res[0].ExplainInfo); err != nil {
				t.Fatalf("%s: explain does not marshal: %v", typ, err)
			}
		}
	})
}

func BenchmarkRecordSimilarity(b *testing.B) {
	e := newEngine(b)
	req := RecordRequest{Fields: referenceFields, Left: recs(b, referenceLeft), Right: recs(b, referenceRight)}
	req.Left[0]["addr"] = json.RawMessage(`"123 Roadlane Ave, Springfield IL 62704"`)
	req.Right[0]["addr"] = json.RawMessage(`"123 Roadlane Avenue, Springfield, IL 62704"`)
	if _, err := e.RecordSimilarity(context.Background(), req); err != nil { // load the models
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := e.RecordSimilarity(context.Background(), req); err != nil {
			b.Fatal(err)
		}
	}
}
