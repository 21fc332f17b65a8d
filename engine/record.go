package engine

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/nomenhq/nomen/internal/errs"
	"github.com/nomenhq/nomen/matchers/address"
	"github.com/nomenhq/nomen/matchers/boolean"
	"github.com/nomenhq/nomen/matchers/date"
	"github.com/nomenhq/nomen/matchers/name"
	"github.com/nomenhq/nomen/matchers/number"
	"github.com/nomenhq/nomen/matchers/text"
	addr "github.com/nomenhq/nomen/parsers/address"
)

// Record field types.
const (
	FieldName    = "rni_name"
	FieldAddress = "rni_address"
	FieldDate    = "rni_date"
	FieldString  = "rni_string"
	FieldNumber  = "rni_number"
	FieldBoolean = "rni_boolean"
)

// FieldSpec declares one record field: its type and, optionally, its weight and the score it
// gets when its value is null.
type FieldSpec struct {
	Type        string   `json:"type"`
	ScoreIfNull *float64 `json:"score_if_null,omitempty"`
	Weight      *float64 `json:"weight,omitempty"`
}

// RecordRequest asks for the similarity of paired records: Left[i] is compared with Right[i].
// The caller (the server) has validated the shape: known field types, weights all or none,
// non-negative weights, ScoreIfNull in [0, 1], equal non-zero record counts.
type RecordRequest struct {
	Fields      map[string]FieldSpec
	Left, Right []map[string]json.RawMessage // the records as sent
	Threshold   float64                      // results scoring at most this are dropped (0 keeps all)
	Explain     bool
	Parameters  map[string]string
	Universe    string // "" = default
}

// ScoredField explains the score of one field. FinalScore is the field's contribution to the
// record score: CalculatedWeight × RawScore.
type ScoredField struct {
	Weight           float64 `json:"weight"`
	CalculatedWeight float64 `json:"calculatedWeight"`
	RawScore         float64 `json:"rawScore"`
	FinalScore       float64 `json:"finalScore"`
	// Details is the field matcher's account: a string for dates, strings, numbers and
	// booleans, a *name.Explanation for names, an address.Explain for addresses, and
	// "score_if_null" for a null value.
	Details any `json:"details,omitempty"`
}

// RecordExplain tells how a record score came about.
type RecordExplain struct {
	ScoredFields    map[string]ScoredField `json:"scoredFields"`
	LeftOnlyFields  []string               `json:"leftOnlyFields"`
	RightOnlyFields []string               `json:"rightOnlyFields"`
	// NullFields are fields present on both sides but null on at least one, without a
	// score_if_null: they are not scored.
	NullFields []string `json:"nullFields,omitempty"`
}

// RecordResult is the outcome for one pair of records. Error is set (and Score is 0) when a
// value of the pair could not be read or compared; the other pairs are unaffected.
type RecordResult struct {
	Score       float64
	Left, Right map[string]json.RawMessage
	ExplainInfo *RecordExplain
	Error       string
}

// errNull marks a field value that is null: JSON null, an empty or blank string, or an object
// whose main value (text, date, address) is empty.
var errNull = errors.New("null value")

// RecordSimilarity scores each pair of records.
//
// The score of a pair is the weighted mean of the scores of its scored fields. A declared field
// is handled as follows (present = the record has the key):
//
//   - present on both sides with non-null values: compared by its type's matcher (rawScore);
//   - present on both sides, null on at least one (JSON null, "" or blank, {"text": ""}, an
//     address object without any field): scored score_if_null when the field declares one,
//     otherwise not scored and listed in nullFields;
//   - present on one side only: not scored, listed in leftOnlyFields or rightOnlyFields;
//   - absent from both: not scored.
//
// Each field's weight is its declared weight, or 1/len(Fields) when no weights are given;
// calculatedWeight is the weight divided by the sum of the weights of the scored fields, so
// the calculated weights of a pair sum to 1. A pair with no scored field (or only zero
// weights) scores 0. A record key that is not a declared field, a value of the wrong JSON
// type, or one its matcher cannot read (an unparseable date) gives that pair an Error.
//
// Results keep the input order; with Threshold > 0, pairs scoring at most Threshold are left
// out (pairs with an Error are always kept). Parameters and Universe resolve as for names;
// invalid ones are errs.Invalid errors for the whole request.
func (e *Engine) RecordSimilarity(ctx context.Context, r RecordRequest) ([]RecordResult, error) {
	if len(r.Left) != len(r.Right) {
		return nil, errs.E(errs.Invalid, "records.left and records.right must have the same length (got %d and %d)", len(r.Left), len(r.Right))
	}
	for n, f := range r.Fields {
		if !knownFieldType(f.Type) {
			return nil, errs.E(errs.Invalid, "field %s: unknown type %q", n, f.Type)
		}
	}
	// Resolve once up front: validates the parameters and the universe for the whole request.
	base, shared, err := e.settings(r.Universe, "", "", "", r.Parameters)
	if err != nil {
		return nil, err
	}
	rc := &recordScorer{e: e, req: &r, s: base, shared: shared}
	rc.fieldNames = make([]string, 0, len(r.Fields))
	for n := range r.Fields {
		rc.fieldNames = append(rc.fieldNames, n)
	}
	sort.Strings(rc.fieldNames)
	out := make([]RecordResult, 0, len(r.Left))
	for i := range r.Left {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		res := rc.pair(r.Left[i], r.Right[i])
		if res.Error == "" && r.Threshold > 0 && !(res.Score > r.Threshold) {
			continue
		}
		out = append(out, res)
	}
	return out, nil
}

func knownFieldType(t string) bool {
	switch t {
	case FieldName, FieldAddress, FieldDate, FieldString, FieldNumber, FieldBoolean:
		return true
	}
	return false
}

// recordScorer holds the matchers of one request, built on first use.
type recordScorer struct {
	e          *Engine
	req        *RecordRequest
	s          *Settings
	shared     bool
	fieldNames []string

	date    *date.Matcher
	str     *text.Matcher
	num     *number.Matcher
	boolean *boolean.Matcher
	address *address.Matcher
}

func (rc *recordScorer) pair(left, right map[string]json.RawMessage) RecordResult {
	res := RecordResult{Left: left, Right: right}
	for _, rec := range []map[string]json.RawMessage{left, right} {
		keys := make([]string, 0, len(rec))
		for k := range rec {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			if _, ok := rc.req.Fields[k]; !ok {
				res.Error = fmt.Sprintf("Field '%s' not found in field mapping", k)
				return res
			}
		}
	}
	nFields := float64(len(rc.req.Fields))
	ex := &RecordExplain{ScoredFields: map[string]ScoredField{}, LeftOnlyFields: []string{}, RightOnlyFields: []string{}}
	var wsum float64
	for _, fn := range rc.fieldNames {
		spec := rc.req.Fields[fn]
		lv, lok := left[fn]
		rv, rok := right[fn]
		switch {
		case lok && !rok:
			ex.LeftOnlyFields = append(ex.LeftOnlyFields, fn)
			continue
		case rok && !lok:
			ex.RightOnlyFields = append(ex.RightOnlyFields, fn)
			continue
		case !lok && !rok:
			continue
		}
		w := 1 / nFields
		if spec.Weight != nil {
			w = *spec.Weight
		}
		score, details, err := rc.field(spec.Type, lv, rv)
		if errors.Is(err, errNull) {
			if spec.ScoreIfNull == nil {
				ex.NullFields = append(ex.NullFields, fn)
				continue
			}
			score, details, err = *spec.ScoreIfNull, "score_if_null", nil
		}
		if err != nil {
			res.Error = fmt.Sprintf("field '%s': %v", fn, err)
			return res
		}
		if math.IsNaN(score) {
			score = 0
		}
		score = math.Max(0, math.Min(1, score))
		ex.ScoredFields[fn] = ScoredField{Weight: w, RawScore: score, Details: details}
		wsum += w
	}
	var total float64
	// Sum in field-name order so that the score is bit-for-bit deterministic.
	for _, fn := range rc.fieldNames {
		sf, ok := ex.ScoredFields[fn]
		if !ok {
			continue
		}
		if wsum > 0 {
			sf.CalculatedWeight = sf.Weight / wsum
		}
		sf.FinalScore = sf.CalculatedWeight * sf.RawScore
		total += sf.FinalScore
		ex.ScoredFields[fn] = sf
	}
	res.Score = math.Max(0, math.Min(1, total))
	if rc.req.Explain {
		res.ExplainInfo = ex
	}
	return res
}

// field compares two raw values of one field type. It returns errNull (wrapped or not) when
// either value is null.
func (rc *recordScorer) field(typ string, a, b json.RawMessage) (float64, any, error) {
	switch typ {
	case FieldName:
		return rc.names(a, b)
	case FieldAddress:
		return rc.addresses(a, b)
	case FieldDate:
		da, err := decodeDate(a)
		if err != nil {
			return 0, nil, err
		}
		db, err := decodeDate(b)
		if err != nil {
			return 0, nil, err
		}
		if rc.date == nil {
			rc.date = date.New(rc.s.Date)
		}
		r, err := rc.date.Compare(da.Date, db.Date, da.Format, db.Format)
		if err != nil {
			return 0, nil, err
		}
		return r.Score, r.Details, nil
	case FieldString:
		if rc.str == nil {
			rc.str = text.New(rc.s.String)
		}
		return scalarField(a, b, decodeString, rc.str.Compare, func(r text.Result) (float64, string) { return r.Score, r.Details })
	case FieldNumber:
		if rc.num == nil {
			rc.num = number.New(rc.s.Number)
		}
		return scalarField(a, b, decodeScalar("number"), rc.num.Compare, func(r number.Result) (float64, string) { return r.Score, r.Details })
	case FieldBoolean:
		if rc.boolean == nil {
			rc.boolean = boolean.New(rc.s.Boolean)
		}
		return scalarField(a, b, decodeScalar("boolean"), rc.boolean.Compare, func(r boolean.Result) (float64, string) { return r.Score, r.Details })
	}
	return 0, nil, fmt.Errorf("unknown field type %q", typ)
}

// scalarField decodes a pair of plain values with dec and scores them with cmp; out reads the
// score and details of the matcher's result.
func scalarField[R any](a, b json.RawMessage, dec func(json.RawMessage) (string, error), cmp func(x, y string) (R, error), out func(R) (float64, string)) (float64, any, error) {
	sa, sb, err := decodePair(a, b, dec)
	if err != nil {
		return 0, nil, err
	}
	r, err := cmp(sa, sb)
	if err != nil {
		return 0, nil, err
	}
	score, details := out(r)
	return score, details, nil
}

// decodePair decodes both values; a null on either side wins over a decoding error on the
// other only when the other decodes, so a bad value is always reported.
func decodePair(a, b json.RawMessage, dec func(json.RawMessage) (string, error)) (string, string, error) {
	sa, errA := dec(a)
	sb, errB := dec(b)
	for _, err := range []error{errA, errB} {
		if err != nil && !errors.Is(err, errNull) {
			return "", "", err
		}
	}
	if errA != nil {
		return "", "", errA
	}
	if errB != nil {
		return "", "", errB
	}
	return sa, sb, nil
}

func isNull(raw json.RawMessage) bool {
	t := bytes.TrimSpace(raw)
	return len(t) == 0 || bytes.Equal(t, []byte("null"))
}

// jsonKind returns the first byte of a JSON value: '"', '{', '[', 't', 'f', 'n' or a digit/'-'.
func jsonKind(raw json.RawMessage) byte {
	t := bytes.TrimSpace(raw)
	if len(t) == 0 {
		return 0
	}
	return t[0]
}

// strictDecode decodes a JSON object into v, rejecting unknown keys and trailing data.
func strictDecode(raw json.RawMessage, v any) error {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("bad value: %w", err)
	}
	if dec.More() {
		return errors.New("bad value: trailing data")
	}
	return nil
}

func decodeStringLit(raw json.RawMessage) (string, error) {
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		return "", fmt.Errorf("bad string value: %w", err)
	}
	if strings.TrimSpace(s) == "" {
		return "", errNull
	}
	return s, nil
}

// decodeString reads an rni_string value: a JSON string, or a number or boolean taken as
// written.
func decodeString(raw json.RawMessage) (string, error) {
	if isNull(raw) {
		return "", errNull
	}
	switch k := jsonKind(raw); {
	case k == '"':
		return decodeStringLit(raw)
	case k == 't' || k == 'f' || k == '-' || (k >= '0' && k <= '9'):
		var v any
		if err := json.Unmarshal(raw, &v); err != nil {
			return "", fmt.Errorf("bad value: %w", err)
		}
		return string(bytes.TrimSpace(raw)), nil
	}
	return "", fmt.Errorf("expected a string, got %s", describeJSON(raw))
}

// decodeScalar reads an rni_number or rni_boolean value: a JSON string, number or boolean,
// passed on as text to the matcher's parser.
func decodeScalar(what string) func(json.RawMessage) (string, error) {
	return func(raw json.RawMessage) (string, error) {
		if isNull(raw) {
			return "", errNull
		}
		switch k := jsonKind(raw); {
		case k == '"':
			return decodeStringLit(raw)
		case k == 't' || k == 'f' || k == '-' || (k >= '0' && k <= '9'):
			var v any
			if err := json.Unmarshal(raw, &v); err != nil {
				return "", fmt.Errorf("bad value: %w", err)
			}
			if f, ok := v.(float64); ok {
				return strconv.FormatFloat(f, 'g', -1, 64), nil
			}
			return string(bytes.TrimSpace(raw)), nil
		}
		return "", fmt.Errorf("expected a %s, got %s", what, describeJSON(raw))
	}
}

func describeJSON(raw json.RawMessage) string {
	switch jsonKind(raw) {
	case '{':
		return "an object"
	case '[':
		return "an array"
	case '"':
		return "a string"
	case 't', 'f':
		return "a boolean"
	case 'n':
		return "null"
	case 0:
		return "nothing"
	}
	return "a number"
}

// DateValue is an rni_date value: a plain string, or {"date": ..., "format": ...}.
type DateValue struct {
	Date   string `json:"date"`
	Format string `json:"format,omitempty"`
}

func decodeDate(raw json.RawMessage) (DateValue, error) {
	if isNull(raw) {
		return DateValue{}, errNull
	}
	switch jsonKind(raw) {
	case '"':
		s, err := decodeStringLit(raw)
		return DateValue{Date: s}, err
	case '{':
		var d DateValue
		if err := strictDecode(raw, &d); err != nil {
			return DateValue{}, err
		}
		if strings.TrimSpace(d.Date) == "" {
			return DateValue{}, errNull
		}
		return d, nil
	}
	return DateValue{}, fmt.Errorf("expected a date string or object, got %s", describeJSON(raw))
}

// NameValue is an rni_name value in its object form; a plain string is its text.
type NameValue struct {
	Text             string `json:"text"`
	Language         string `json:"language,omitempty"`
	EntityType       string `json:"entityType,omitempty"`
	LanguageOfOrigin string `json:"languageOfOrigin,omitempty"`
	Script           string `json:"script,omitempty"`
	Gender           string `json:"gender,omitempty"`
}

func decodeName(raw json.RawMessage) (name.Input, error) {
	if isNull(raw) {
		return name.Input{}, errNull
	}
	switch jsonKind(raw) {
	case '"':
		s, err := decodeStringLit(raw)
		return name.Input{Text: s}, err
	case '{':
		var v NameValue
		if err := strictDecode(raw, &v); err != nil {
			return name.Input{}, err
		}
		if strings.TrimSpace(v.Text) == "" {
			return name.Input{}, errNull
		}
		return name.Input{Text: v.Text, Language: v.Language, EntityType: v.EntityType, Script: v.Script, Gender: v.Gender}, nil
	}
	return name.Input{}, fmt.Errorf("expected a name string or object, got %s", describeJSON(raw))
}

func (rc *recordScorer) names(a, b json.RawMessage) (float64, any, error) {
	na, errA := decodeName(a)
	nb, errB := decodeName(b)
	for _, err := range []error{errA, errB} {
		if err != nil && !errors.Is(err, errNull) {
			return 0, nil, err
		}
	}
	if errA != nil || errB != nil {
		return 0, nil, errNull
	}
	m, s, err := rc.e.nameMatcherFor(rc.req.Universe, na, nb, rc.req.Parameters)
	if err != nil {
		return 0, nil, err
	}
	pa, err := m.Prepare(na)
	if err != nil {
		return 0, nil, err
	}
	pb, err := m.Prepare(nb)
	if err != nil {
		return 0, nil, err
	}
	r := m.Compare(pa, pb, rc.req.Explain)
	rc.e.applyKB(&s.KB, na, nb, &r)
	if r.Explain != nil {
		return r.Score, r.Explain, nil
	}
	return r.Score, nil, nil
}

// addressValue is the object form of an rni_address value: {"address": "..."} or the fields
// of parsers/address.Fields.
type addressValue struct {
	Address *string `json:"address"`
	addr.Fields
}

func decodeAddress(raw json.RawMessage) (addr.Fields, error) {
	if isNull(raw) {
		return addr.Fields{}, errNull
	}
	var s string
	switch jsonKind(raw) {
	case '"':
		v, err := decodeStringLit(raw)
		if err != nil {
			return addr.Fields{}, err
		}
		s = v
	case '{':
		var v addressValue
		if err := strictDecode(raw, &v); err != nil {
			return addr.Fields{}, err
		}
		if v.Address == nil {
			if v.Fields.IsEmpty() {
				return addr.Fields{}, errNull
			}
			return v.Fields, nil
		}
		if !v.Fields.IsEmpty() {
			return addr.Fields{}, errors.New("an address object has either \"address\" or address fields, not both")
		}
		if strings.TrimSpace(*v.Address) == "" {
			return addr.Fields{}, errNull
		}
		s = *v.Address
	default:
		return addr.Fields{}, fmt.Errorf("expected an address string or object, got %s", describeJSON(raw))
	}
	f, err := addr.Parse(s)
	if err != nil {
		return addr.Fields{}, fmt.Errorf("address %q: %w", s, err)
	}
	return f, nil
}

func (rc *recordScorer) addresses(a, b json.RawMessage) (float64, any, error) {
	fa, errA := decodeAddress(a)
	fb, errB := decodeAddress(b)
	for _, err := range []error{errA, errB} {
		if err != nil && !errors.Is(err, errNull) {
			return 0, nil, err
		}
	}
	if errA != nil || errB != nil {
		return 0, nil, errNull
	}
	if rc.address == nil {
		rc.address, _ = rc.e.addressMatcher(rc.req.Universe, rc.s.Address) // overrides validated at load
	}
	r := rc.address.Compare(fa, fb)
	if !rc.req.Explain {
		return r.Score, nil, nil
	}
	return r.Score, r.Explain, nil
}
