package server

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/nomenhq/nomen/internal/errs"
)

// This file holds the request bodies of every operation and their validation rules. Limits
// that the interface leaves open are documented in the README.

const (
	maxNameChars    = 500
	maxEventChars   = 4096
	maxDedupNames   = 1000
	maxRecordsSide  = 10
	maxTranslations = 20
)

var (
	langCode   = regexp.MustCompile(`^[a-z]{3}$`)
	scriptCode = regexp.MustCompile(`^[A-Z][a-z]{3}$`)
)

func checkLang(field, v string) error {
	if v != "" && !langCode.MatchString(v) {
		return errs.E(errs.Invalid, "%s must be a three-letter ISO 639-3 code, got %q", field, v)
	}
	return nil
}

func checkScript(field, v string) error {
	if v != "" && !scriptCode.MatchString(v) {
		return errs.E(errs.Invalid, "%s must be a four-letter ISO 15924 code such as Latn, got %q", field, v)
	}
	return nil
}

// checkEntityType accepts the name entity types: PERSON, LOCATION, ORGANIZATION and
// identifier types written IDENTIFIER:<NAME>.
func checkEntityType(field, v string) error {
	switch {
	case v == "", v == "PERSON", v == "LOCATION", v == "ORGANIZATION":
		return nil
	case strings.HasPrefix(v, "IDENTIFIER:") && len(v) > len("IDENTIFIER:"):
		return nil
	}
	return errs.E(errs.Invalid, "%s must be PERSON, LOCATION, ORGANIZATION or IDENTIFIER:<TYPE>, got %q", field, v)
}

// Name is a name object of name similarity, deduplication and record name fields.
type Name struct {
	Text             string `json:"text"`
	Language         string `json:"language,omitempty"`
	EntityType       string `json:"entityType,omitempty"`
	Script           string `json:"script,omitempty"`
	Gender           string `json:"gender,omitempty"`
	LanguageOfOrigin string `json:"languageOfOrigin,omitempty"`
}

func (n *Name) check(field string) error {
	if strings.TrimSpace(n.Text) == "" {
		return errs.E(errs.Invalid, "%s.text is required and must not be blank", field)
	}
	if c := utf8.RuneCountInString(n.Text); c > maxNameChars {
		return errs.E(errs.Invalid, "%s.text has %d characters; the limit is %d", field, c, maxNameChars)
	}
	if err := checkLang(field+".language", n.Language); err != nil {
		return err
	}
	if err := checkLang(field+".languageOfOrigin", n.LanguageOfOrigin); err != nil {
		return err
	}
	if err := checkScript(field+".script", n.Script); err != nil {
		return err
	}
	if err := checkEntityType(field+".entityType", n.EntityType); err != nil {
		return err
	}
	switch n.Gender {
	case "", "MALE", "FEMALE", "NONBINARY":
	default:
		return errs.E(errs.Invalid, "%s.gender must be MALE, FEMALE or NONBINARY, got %q", field, n.Gender)
	}
	return nil
}

// Parameters is a map of scoring parameter name to value; values may be JSON strings, numbers
// or booleans and are kept as text.
type Parameters map[string]string

// UnmarshalJSON accepts string, number and boolean values.
func (p *Parameters) UnmarshalJSON(b []byte) error {
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(b, &raw); err != nil {
		return fmt.Errorf("parameters must be an object of name to value")
	}
	out := make(Parameters, len(raw))
	for k, v := range raw {
		var s string
		if err := json.Unmarshal(v, &s); err == nil {
			out[k] = s
			continue
		}
		var f json.Number
		dec := json.NewDecoder(bytes.NewReader(v))
		dec.UseNumber()
		if err := dec.Decode(&f); err == nil {
			out[k] = f.String()
			continue
		}
		var bv bool
		if err := json.Unmarshal(v, &bv); err == nil {
			out[k] = strconv.FormatBool(bv)
			continue
		}
		return fmt.Errorf("parameter %s must be a string, number or boolean", k)
	}
	*p = out
	return nil
}

// NameSimilarityRequest is the body of POST /name-similarity.
type NameSimilarityRequest struct {
	Name1      *Name      `json:"name1"`
	Name2      *Name      `json:"name2"`
	Parameters Parameters `json:"parameters"`
	// ParameterUniverse names a universe of the server's profiles (an addition of nomen's;
	// record similarity has it in the interface). It excludes Parameters.
	ParameterUniverse string `json:"parameterUniverse"`
}

func (r *NameSimilarityRequest) validate() error {
	if r.Name1 == nil || r.Name2 == nil {
		return errs.E(errs.Invalid, "name1 and name2 are required")
	}
	if r.Parameters != nil && r.ParameterUniverse != "" {
		return errs.E(errs.Invalid, "parameters and parameterUniverse must not both be given")
	}
	if err := r.Name1.check("name1"); err != nil {
		return err
	}
	return r.Name2.check("name2")
}

// AddressFieldNames lists the fields of a fielded address, in the interface's order.
var AddressFieldNames = []string{"house", "houseNumber", "road", "unit", "level", "staircase", "entrance",
	"suburb", "cityDistrict", "city", "island", "stateDistrict", "state", "countryRegion", "country",
	"worldRegion", "postCode", "poBox"}

// Address is an address given either as one string (Text) or as fields.
type Address struct {
	Text   string
	Fields map[string]string
}

// UnmarshalJSON accepts a string or an object of the 18 address fields (string values).
func (a *Address) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err == nil {
		if strings.TrimSpace(s) == "" {
			return fmt.Errorf("address string must not be blank")
		}
		a.Text = s
		return nil
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(b, &m); err != nil || m == nil {
		return fmt.Errorf("address must be a string or an object of address fields")
	}
	a.Fields = map[string]string{}
	for k, v := range m {
		if !isAddressField(k) {
			return fmt.Errorf("unknown address field %q (allowed: %s)", k, strings.Join(AddressFieldNames, ", "))
		}
		var fv string
		if err := json.Unmarshal(v, &fv); err != nil {
			return fmt.Errorf("address field %s must be a string", k)
		}
		if strings.TrimSpace(fv) != "" {
			a.Fields[k] = fv
		}
	}
	if len(a.Fields) == 0 {
		return fmt.Errorf("address object needs at least one non-empty field")
	}
	return nil
}

// MarshalJSON writes the address back as given.
func (a Address) MarshalJSON() ([]byte, error) {
	if a.Fields == nil {
		return json.Marshal(a.Text)
	}
	return json.Marshal(a.Fields)
}

func isAddressField(k string) bool {
	for _, f := range AddressFieldNames {
		if f == k {
			return true
		}
	}
	return false
}

// AddressSimilarityRequest is the body of POST /address-similarity.
type AddressSimilarityRequest struct {
	Address1   *Address   `json:"address1"`
	Address2   *Address   `json:"address2"`
	Parameters Parameters `json:"parameters"`
	// ParameterUniverse names a universe of the server's profiles, whose address field
	// overrides apply (an addition of nomen's). It excludes Parameters.
	ParameterUniverse string `json:"parameterUniverse"`
}

func (r *AddressSimilarityRequest) validate() error {
	if r.Address1 == nil || r.Address2 == nil {
		return errs.E(errs.Invalid, "address1 and address2 are required")
	}
	if r.Parameters != nil && r.ParameterUniverse != "" {
		return errs.E(errs.Invalid, "parameters and parameterUniverse must not both be given")
	}
	return nil
}

// RecordField declares one field of record similarity.
type RecordField struct {
	Type        string   `json:"type"`
	ScoreIfNull *float64 `json:"score_if_null,omitempty"`
	Weight      *float64 `json:"weight,omitempty"`
}

// RecordProperties are the properties of record similarity.
type RecordProperties struct {
	Threshold          *float64   `json:"threshold"`
	IncludeExplainInfo bool       `json:"includeExplainInfo"`
	Parameters         Parameters `json:"parameters"`
	ParameterUniverse  string     `json:"parameterUniverse"`
}

// RecordSimilarityRequest is the body of POST /record-similarity.
type RecordSimilarityRequest struct {
	Fields     map[string]RecordField `json:"fields"`
	Properties *RecordProperties      `json:"properties"`
	Records    *struct {
		Left  []map[string]json.RawMessage `json:"left"`
		Right []map[string]json.RawMessage `json:"right"`
	} `json:"records"`
}

var recordTypes = map[string]bool{"rni_name": true, "rni_address": true, "rni_date": true, "rni_string": true, "rni_number": true, "rni_boolean": true}

func (r *RecordSimilarityRequest) validate() error {
	if len(r.Fields) == 0 {
		return errs.E(errs.Invalid, "fields must declare at least one field")
	}
	names := make([]string, 0, len(r.Fields))
	for n := range r.Fields {
		names = append(names, n)
	}
	sort.Strings(names)
	weighted := 0
	for _, n := range names {
		f := r.Fields[n]
		if !recordTypes[f.Type] {
			return errs.E(errs.Invalid, "field %s: type must be one of rni_name, rni_address, rni_date, rni_string, rni_number, rni_boolean, got %q", n, f.Type)
		}
		if f.ScoreIfNull != nil && (*f.ScoreIfNull < 0 || *f.ScoreIfNull > 1) {
			return errs.E(errs.Invalid, "field %s: score_if_null must be in [0, 1]", n)
		}
		if f.Weight != nil {
			if *f.Weight < 0 {
				return errs.E(errs.Invalid, "field %s: weight must not be negative", n)
			}
			weighted++
		}
	}
	if weighted != 0 && weighted != len(r.Fields) {
		return errs.E(errs.Invalid, "weights must be given for all fields or for none (%d of %d have one)", weighted, len(r.Fields))
	}
	if p := r.Properties; p != nil {
		if p.Parameters != nil && p.ParameterUniverse != "" {
			return errs.E(errs.Invalid, "properties.parameters and properties.parameterUniverse must not both be given")
		}
		if p.Threshold != nil && (*p.Threshold < 0 || *p.Threshold > 1) {
			return errs.E(errs.Invalid, "properties.threshold must be in [0, 1]")
		}
	}
	if r.Records == nil || r.Records.Left == nil || r.Records.Right == nil {
		return errs.E(errs.Invalid, "records.left and records.right are required")
	}
	l, rr := len(r.Records.Left), len(r.Records.Right)
	if l < 1 || l > maxRecordsSide || rr < 1 || rr > maxRecordsSide {
		return errs.E(errs.Invalid, "records.left and records.right must each hold 1 to %d records (got %d and %d)", maxRecordsSide, l, rr)
	}
	if l != rr {
		return errs.E(errs.Invalid, "records.left and records.right must have the same length (got %d and %d)", l, rr)
	}
	return nil
}

// DedupRequest is the body of POST /name-deduplication.
type DedupRequest struct {
	Names     []Name   `json:"names"`
	Threshold *float64 `json:"threshold"`
}

func (r *DedupRequest) validate() error {
	if len(r.Names) == 0 {
		return errs.E(errs.Invalid, "names must hold at least one name")
	}
	if len(r.Names) > maxDedupNames {
		return errs.E(errs.Invalid, "names holds %d names; the limit is %d", len(r.Names), maxDedupNames)
	}
	for i := range r.Names {
		if err := r.Names[i].check(fmt.Sprintf("names[%d]", i)); err != nil {
			return err
		}
	}
	if r.Threshold != nil && (*r.Threshold < 0 || *r.Threshold > 1) {
		return errs.E(errs.Invalid, "threshold must be in [0, 1]")
	}
	return nil
}

// NameTranslationRequest is the body of POST /name-translation.
type NameTranslationRequest struct {
	Name                   string `json:"name"`
	TargetLanguage         string `json:"targetLanguage"`
	EntityType             string `json:"entityType"`
	SourceScript           string `json:"sourceScript"`
	SourceLanguageOfOrigin string `json:"sourceLanguageOfOrigin"`
	SourceLanguageOfUse    string `json:"sourceLanguageOfUse"`
	TargetScript           string `json:"targetScript"`
	TargetScheme           string `json:"targetScheme"`
	MaximumResults         *int   `json:"maximumResults"`
}

func (r *NameTranslationRequest) validate() error {
	if strings.TrimSpace(r.Name) == "" {
		return errs.E(errs.Invalid, "name is required and must not be blank")
	}
	if c := utf8.RuneCountInString(r.Name); c > maxNameChars {
		return errs.E(errs.Invalid, "name has %d characters; the limit is %d", c, maxNameChars)
	}
	if r.TargetLanguage == "" {
		return errs.E(errs.Invalid, "targetLanguage is required")
	}
	for _, c := range []struct{ f, v string }{{"targetLanguage", r.TargetLanguage}, {"sourceLanguageOfOrigin", r.SourceLanguageOfOrigin}, {"sourceLanguageOfUse", r.SourceLanguageOfUse}} {
		if err := checkLang(c.f, c.v); err != nil {
			return err
		}
	}
	if err := checkScript("sourceScript", r.SourceScript); err != nil {
		return err
	}
	if err := checkScript("targetScript", r.TargetScript); err != nil {
		return err
	}
	switch r.EntityType {
	case "", "PERSON", "LOCATION", "ORGANIZATION":
	default:
		return errs.E(errs.Invalid, "entityType must be PERSON, LOCATION or ORGANIZATION, got %q", r.EntityType)
	}
	if r.MaximumResults != nil && (*r.MaximumResults < 1 || *r.MaximumResults > maxTranslations) {
		return errs.E(errs.Invalid, "maximumResults must be in [1, %d]", maxTranslations)
	}
	return nil
}
