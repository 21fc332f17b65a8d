// Package paramtag reads scoring-parameter declarations from struct tags.
//
// A matcher declares its knobs as the fields of an Options struct, each tagged with the
// parameter's name, default, valid range, static flag, the entity types or fields it applies to
// and a one-line meaning:
//
//	type Options struct {
//		DeletionScore float64 `param:"deletionScore" def:"0.3" min:"0" max:"1" applies:"PERSON,ORGANIZATION" help:"Score of a token found in one name only."`
//		MaxTokens     int     `param:"maxTokens" def:"30" min:"1" max:"100" static:"true" help:"Tokens kept per name."`
//		UseNicknames  bool    `param:"useNicknames" def:"true" help:"Whether nickname tables are consulted."`
//		Scheme        string  `param:"scheme" def:"bgn" enum:"bgn|iso9" help:"Transliteration scheme."`
//	}
//
// Supported field kinds are float64, int, bool and string (with an optional enum). The
// engine assembles its registry from these declarations, so matchers never import the engine;
// matcher tests use Defaults to get a ready Options value. Specs are computed once per type and
// cached; the functions are safe for concurrent use.
package paramtag

import (
	"errors"
	"fmt"
	"math"
	"reflect"
	"strconv"
	"strings"
	"sync"
)

// Kind is the value type of a parameter.
type Kind uint8

// The parameter kinds.
const (
	Float Kind = iota + 1
	Int
	Bool
	String
)

// String returns the kind's name as shown to users.
func (k Kind) String() string {
	switch k {
	case Float:
		return "float"
	case Int:
		return "int"
	case Bool:
		return "bool"
	case String:
		return "string"
	}
	return "unknown"
}

// Spec describes one declared parameter.
type Spec struct {
	Name    string   // camelCase, unique across the registry
	Kind    Kind     // value type
	Default string   // default value as text
	Min     float64  // lower bound (numbers), inclusive; -Inf when absent
	Max     float64  // upper bound (numbers), inclusive; +Inf when absent
	Enum    []string // allowed values (strings); nil when free
	Static  bool     // fixed at start-up: requests may not change it
	Applies []string // entity types or fields it applies to; nil = all
	Help    string   // one-line meaning
	Field   int      // index of the struct field
}

// ErrInvalid is wrapped by every validation error of a value.
var ErrInvalid = errors.New("invalid parameter value")

var cache sync.Map // reflect.Type → []Spec or error

// Specs returns the parameter declarations of the struct type of v (a struct or a pointer to
// one), in field order. Fields without a `param` tag are skipped.
func Specs(v any) ([]Spec, error) {
	t := reflect.TypeOf(v)
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t == nil || t.Kind() != reflect.Struct {
		return nil, fmt.Errorf("paramtag: %T is not a struct", v)
	}
	if c, ok := cache.Load(t); ok {
		if err, isErr := c.(error); isErr {
			return nil, err
		}
		return c.([]Spec), nil
	}
	specs, err := parseType(t)
	if err != nil {
		cache.Store(t, err)
		return nil, err
	}
	cache.Store(t, specs)
	return specs, nil
}

func parseType(t reflect.Type) ([]Spec, error) {
	var specs []Spec
	seen := map[string]bool{}
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		name, ok := f.Tag.Lookup("param")
		if !ok {
			continue
		}
		if name == "" || seen[name] {
			return nil, fmt.Errorf("paramtag: %s.%s: empty or duplicate parameter name %q", t.Name(), f.Name, name)
		}
		seen[name] = true
		s := Spec{Name: name, Field: i, Min: math.Inf(-1), Max: math.Inf(1), Help: f.Tag.Get("help"), Default: f.Tag.Get("def")}
		switch f.Type.Kind() {
		case reflect.Float64:
			s.Kind = Float
		case reflect.Int:
			s.Kind = Int
		case reflect.Bool:
			s.Kind = Bool
		case reflect.String:
			s.Kind = String
		default:
			return nil, fmt.Errorf("paramtag: %s.%s: unsupported type %s", t.Name(), f.Name, f.Type)
		}
		if s.Help == "" {
			return nil, fmt.Errorf("paramtag: parameter %s has no help text", name)
		}
		var err error
		if m := f.Tag.Get("min"); m != "" {
			if s.Min, err = strconv.ParseFloat(m, 64); err != nil {
				return nil, fmt.Errorf("paramtag: parameter %s: bad min: %w", name, err)
			}
		}
		if m := f.Tag.Get("max"); m != "" {
			if s.Max, err = strconv.ParseFloat(m, 64); err != nil {
				return nil, fmt.Errorf("paramtag: parameter %s: bad max: %w", name, err)
			}
		}
		if e := f.Tag.Get("enum"); e != "" {
			s.Enum = strings.Split(e, "|")
		}
		if a := f.Tag.Get("applies"); a != "" {
			s.Applies = strings.Split(a, ",")
		}
		s.Static = f.Tag.Get("static") == "true"
		if _, err := s.Parse(s.Default); err != nil {
			return nil, fmt.Errorf("paramtag: default of %s: %w", name, err)
		}
		specs = append(specs, s)
	}
	return specs, nil
}

// Parse converts text to the parameter's type and checks its range; the error names the
// parameter and its limit and wraps ErrInvalid.
func (s Spec) Parse(text string) (any, error) {
	text = strings.TrimSpace(text)
	switch s.Kind {
	case Float:
		f, err := strconv.ParseFloat(text, 64)
		if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
			return nil, fmt.Errorf("%w: %s must be a number, got %q", ErrInvalid, s.Name, text)
		}
		if f < s.Min || f > s.Max {
			return nil, fmt.Errorf("%w: %s must be in %s, got %s", ErrInvalid, s.Name, s.Range(), text)
		}
		return f, nil
	case Int:
		n, err := strconv.Atoi(text)
		if err != nil {
			// Accept integral floats such as "3.0", as JSON numbers often arrive that way.
			f, ferr := strconv.ParseFloat(text, 64)
			if ferr != nil || f != math.Trunc(f) || math.Abs(f) > 1<<31 {
				return nil, fmt.Errorf("%w: %s must be an integer, got %q", ErrInvalid, s.Name, text)
			}
			n = int(f)
		}
		if float64(n) < s.Min || float64(n) > s.Max {
			return nil, fmt.Errorf("%w: %s must be in %s, got %s", ErrInvalid, s.Name, s.Range(), text)
		}
		return n, nil
	case Bool:
		b, err := strconv.ParseBool(text)
		if err != nil {
			return nil, fmt.Errorf("%w: %s must be true or false, got %q", ErrInvalid, s.Name, text)
		}
		return b, nil
	case String:
		if s.Enum != nil {
			for _, e := range s.Enum {
				if e == text {
					return text, nil
				}
			}
			return nil, fmt.Errorf("%w: %s must be one of %s, got %q", ErrInvalid, s.Name, strings.Join(s.Enum, ", "), text)
		}
		return text, nil
	}
	return nil, fmt.Errorf("%w: %s has an unknown kind", ErrInvalid, s.Name)
}

// Range describes the valid values, e.g. "[0, 1]" or "one of a, b".
func (s Spec) Range() string {
	switch s.Kind {
	case Bool:
		return "true or false"
	case String:
		if s.Enum != nil {
			return "one of " + strings.Join(s.Enum, ", ")
		}
		return "any text"
	}
	lo, hi := "-inf", "+inf"
	if !math.IsInf(s.Min, -1) {
		lo = strconv.FormatFloat(s.Min, 'g', -1, 64)
	}
	if !math.IsInf(s.Max, 1) {
		hi = strconv.FormatFloat(s.Max, 'g', -1, 64)
	}
	return "[" + lo + ", " + hi + "]"
}

// Set parses text and stores it in the field of the struct that ptr points to.
func Set(ptr any, s Spec, text string) error {
	v, err := s.Parse(text)
	if err != nil {
		return err
	}
	f, err := field(ptr, s)
	if err != nil {
		return err
	}
	f.Set(reflect.ValueOf(v))
	return nil
}

// Get returns the current value of the parameter in the struct v (or *v) as text.
func Get(v any, s Spec) string {
	rv := reflect.ValueOf(v)
	for rv.Kind() == reflect.Pointer {
		rv = rv.Elem()
	}
	f := rv.Field(s.Field)
	switch s.Kind {
	case Float:
		return strconv.FormatFloat(f.Float(), 'g', -1, 64)
	case Int:
		return strconv.Itoa(int(f.Int()))
	case Bool:
		return strconv.FormatBool(f.Bool())
	}
	return f.String()
}

// Defaults sets every declared field of the struct that ptr points to to its default.
func Defaults(ptr any) error {
	specs, err := Specs(ptr)
	if err != nil {
		return err
	}
	for _, s := range specs {
		if err := Set(ptr, s, s.Default); err != nil {
			return err
		}
	}
	return nil
}

// MustDefaults is Defaults for declarations known to be valid; it panics otherwise. It is
// meant for package-level defaults and tests.
func MustDefaults[T any]() T {
	var v T
	if err := Defaults(&v); err != nil {
		panic(err)
	}
	return v
}

func field(ptr any, s Spec) (reflect.Value, error) {
	rv := reflect.ValueOf(ptr)
	if rv.Kind() != reflect.Pointer || rv.IsNil() {
		return reflect.Value{}, fmt.Errorf("paramtag: Set needs a non-nil pointer, got %T", ptr)
	}
	rv = rv.Elem()
	if rv.Kind() != reflect.Struct || s.Field >= rv.NumField() {
		return reflect.Value{}, fmt.Errorf("paramtag: %T has no field for %s", ptr, s.Name)
	}
	return rv.Field(s.Field), nil
}
