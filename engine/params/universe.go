package params

import (
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"path"
	"sort"
	"strings"
	"sync"
	"unicode"

	"github.com/nomenhq/nomen/internal/errs"
	addr "github.com/nomenhq/nomen/parsers/address"
	"gopkg.in/yaml.v3"
)

// Profile is the YAML form of a profile file: named universes.
type Profile struct {
	// Header is free text kept at the top of the file (data, metric and figures of a tuning run).
	Header    string                  `yaml:"header,omitempty"`
	Universes map[string]UniverseSpec `yaml:"universes"`
}

// UniverseSpec is the YAML form of one universe.
type UniverseSpec struct {
	Description string `yaml:"description,omitempty"`
	// Threshold is the score at or above which a pair is called a match (evaluation, tuning).
	Threshold float64 `yaml:"threshold,omitempty"`
	// Parameters maps a scope to parameter overrides. Scopes: "any", "any_<TYPE>",
	// "<lang>_<lang>", "<lang>_<lang>_<TYPE>" with ISO 639-3 codes in any order and TYPE one of
	// PERSON, LOCATION, ORGANIZATION. More specific scopes override less specific ones.
	Parameters map[string]map[string]any `yaml:"parameters,omitempty"`
	// Variants are groups of equivalent name tokens (e.g. given names).
	Variants [][]string `yaml:"variants,omitempty"`
	// NamePairs fixes the score of whole-name pairs.
	NamePairs []NamePair `yaml:"namePairs,omitempty"`
	// AddressVariants are address field overrides: per field (houseNumber, road, city, state,
	// ...), groups of equivalent values (city: [NYC, New York]).
	AddressVariants map[string][][]string `yaml:"addressVariants,omitempty"`
}

// NamePair fixes the score of one pair of full names (compared after normalisation).
type NamePair struct {
	Name1 string  `yaml:"name1"`
	Name2 string  `yaml:"name2"`
	Score float64 `yaml:"score"`
}

// Universe is a loaded, validated universe. Resolve is safe for concurrent use.
type Universe[S any] struct {
	Name        string
	Description string
	Threshold   float64
	Variants    [][]string
	NamePairs   []NamePair
	// AddressVariants are the address field overrides (see UniverseSpec).
	AddressVariants map[string][][]string
	scopes          map[string]map[string]string // normalized scope → name → value
	reg             *Registry[S]
	cache           sync.Map // scope key → *S
}

var entityTypes = map[string]bool{"PERSON": true, "LOCATION": true, "ORGANIZATION": true}

// normScope validates a scope and returns it in canonical form (languages sorted).
func normScope(scope string) (string, error) {
	parts := strings.Split(scope, "_")
	switch {
	case scope == "any":
		return scope, nil
	case len(parts) == 2 && parts[0] == "any" && entityTypes[parts[1]]:
		return scope, nil
	case len(parts) == 2 && isLang(parts[0]) && isLang(parts[1]):
		a, b := order(parts[0], parts[1])
		return a + "_" + b, nil
	case len(parts) == 3 && isLang(parts[0]) && isLang(parts[1]) && entityTypes[parts[2]]:
		a, b := order(parts[0], parts[1])
		return a + "_" + b + "_" + parts[2], nil
	}
	return "", fmt.Errorf("bad scope %q: want any, any_TYPE, lang_lang or lang_lang_TYPE (TYPE = PERSON, LOCATION, ORGANIZATION)", scope)
}

func isLang(s string) bool {
	if len(s) != 3 {
		return false
	}
	for _, r := range s {
		if r < 'a' || r > 'z' {
			return false
		}
	}
	return true
}

func order(a, b string) (string, string) {
	if b < a {
		return b, a
	}
	return a, b
}

// NewUniverse validates spec against the registry.
func NewUniverse[S any](reg *Registry[S], name string, spec UniverseSpec) (*Universe[S], error) {
	u := &Universe[S]{Name: name, Description: spec.Description, Threshold: spec.Threshold,
		Variants: spec.Variants, NamePairs: spec.NamePairs, AddressVariants: spec.AddressVariants,
		scopes: map[string]map[string]string{}, reg: reg}
	if spec.Threshold < 0 || spec.Threshold > 1 {
		return nil, fmt.Errorf("universe %s: threshold must be in [0, 1]", name)
	}
	if u.Threshold == 0 {
		u.Threshold = DefaultThreshold
	}
	for scope, values := range spec.Parameters {
		ns, err := normScope(scope)
		if err != nil {
			return nil, fmt.Errorf("universe %s: %w", name, err)
		}
		if _, dup := u.scopes[ns]; dup {
			return nil, fmt.Errorf("universe %s: scope %s given twice", name, ns)
		}
		m := map[string]string{}
		probe := reg.Defaults()
		for k, v := range values {
			text := fmt.Sprint(v)
			if err := reg.Set(&probe, k, text, true); err != nil {
				return nil, fmt.Errorf("universe %s, scope %s: %w", name, scope, err)
			}
			m[k] = text
		}
		u.scopes[ns] = m
	}
	for i, p := range spec.NamePairs {
		if strings.TrimSpace(p.Name1) == "" || strings.TrimSpace(p.Name2) == "" || p.Score < 0 || p.Score > 1 {
			return nil, fmt.Errorf("universe %s: namePairs[%d] needs name1, name2 and a score in [0, 1]", name, i)
		}
	}
	for i, g := range spec.Variants {
		if len(g) < 2 {
			return nil, fmt.Errorf("universe %s: variants[%d] needs at least two tokens", name, i)
		}
	}
	for field, groups := range spec.AddressVariants {
		if _, ok := addr.FieldByName(field); !ok {
			return nil, fmt.Errorf("universe %s: addressVariants: unknown address field %q", name, field)
		}
		for i, g := range groups {
			if len(g) < 2 {
				return nil, fmt.Errorf("universe %s: addressVariants.%s[%d] needs at least two values", name, field, i)
			}
			for _, v := range g {
				if strings.IndexFunc(v, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) < 0 {
					return nil, fmt.Errorf("universe %s: addressVariants.%s[%d]: value %q has no letter or digit", name, field, i, v)
				}
			}
		}
	}
	return u, nil
}

// DefaultThreshold is the match threshold of a universe that sets none.
const DefaultThreshold = 0.85

// Resolve returns the settings for a comparison between languages langA and langB (ISO 639-3,
// "" when unknown) of entityType: defaults, then scopes any, any_TYPE, langs, langs_TYPE. The
// result is shared and must not be modified; copy it first.
func (u *Universe[S]) Resolve(langA, langB, entityType string) *S {
	if !entityTypes[entityType] {
		entityType = "PERSON"
	}
	key := langA + "|" + langB + "|" + entityType
	if s, ok := u.cache.Load(key); ok {
		return s.(*S)
	}
	s := u.reg.Defaults()
	scopes := []string{"any", "any_" + entityType}
	if isLang(langA) && isLang(langB) {
		a, b := order(langA, langB)
		scopes = append(scopes, a+"_"+b, a+"_"+b+"_"+entityType)
	}
	for _, sc := range scopes {
		for k, v := range u.scopes[sc] {
			_ = u.reg.Set(&s, k, v, true) // validated at load
		}
	}
	actual, _ := u.cache.LoadOrStore(key, &s)
	return actual.(*S)
}

// Spec returns the universe in its YAML form (the inverse of NewUniverse).
func (u *Universe[S]) Spec() UniverseSpec {
	spec := UniverseSpec{Description: u.Description, Threshold: u.Threshold, Variants: u.Variants, NamePairs: u.NamePairs,
		AddressVariants: u.AddressVariants}
	if len(u.scopes) > 0 {
		spec.Parameters = map[string]map[string]any{}
		for sc, m := range u.scopes {
			mm := map[string]any{}
			for k, v := range m {
				mm[k] = v
			}
			spec.Parameters[sc] = mm
		}
	}
	return spec
}

// Universes is a set of loaded universes by name.
type Universes[S any] struct {
	byName map[string]*Universe[S]
}

// Get returns the universe called name; an unknown name is an errs.Invalid error.
func (us *Universes[S]) Get(name string) (*Universe[S], error) {
	if u, ok := us.byName[name]; ok {
		return u, nil
	}
	return nil, errs.E(errs.Invalid, "unknown parameter universe %q (known: %s)", name, strings.Join(us.Names(), ", "))
}

// Names returns the universe names, sorted.
func (us *Universes[S]) Names() []string {
	out := make([]string, 0, len(us.byName))
	for n := range us.byName {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// ParseProfile decodes one profile file strictly (unknown keys are errors).
func ParseProfile(r io.Reader) (Profile, error) {
	var p Profile
	dec := yaml.NewDecoder(r)
	dec.KnownFields(true)
	if err := dec.Decode(&p); err != nil {
		return p, err
	}
	if len(p.Universes) == 0 {
		return p, fmt.Errorf("no universes defined")
	}
	return p, nil
}

// EncodeProfile writes p as YAML, with the header as leading comment lines.
func EncodeProfile(w io.Writer, p Profile) error {
	var buf bytes.Buffer
	for _, line := range strings.Split(strings.TrimRight(p.Header, "\n"), "\n") {
		if line != "" {
			fmt.Fprintf(&buf, "# %s\n", line)
		}
	}
	enc := yaml.NewEncoder(&buf)
	enc.SetIndent(2)
	if err := enc.Encode(Profile{Universes: p.Universes}); err != nil {
		return err
	}
	_, err := w.Write(buf.Bytes())
	return err
}

// Load reads every *.yaml / *.yml file of each file system (embedded defaults first, then a
// profiles directory) and validates every universe. A universe defined twice is an error.
func Load[S any](reg *Registry[S], fsyss ...fs.FS) (*Universes[S], error) {
	us := &Universes[S]{byName: map[string]*Universe[S]{}}
	for _, fsys := range fsyss {
		if fsys == nil {
			continue
		}
		files, err := fs.Glob(fsys, "*.y*ml")
		if err != nil {
			return nil, err
		}
		sort.Strings(files)
		for _, f := range files {
			if ext := path.Ext(f); ext != ".yaml" && ext != ".yml" {
				continue
			}
			b, err := fs.ReadFile(fsys, f)
			if err != nil {
				return nil, fmt.Errorf("params: %s: %w", f, err)
			}
			p, err := ParseProfile(bytes.NewReader(b))
			if err != nil {
				return nil, fmt.Errorf("params: profile %s: %w", f, err)
			}
			for name, spec := range p.Universes {
				if _, dup := us.byName[name]; dup {
					return nil, fmt.Errorf("params: profile %s: universe %q is defined twice", f, name)
				}
				u, err := NewUniverse(reg, name, spec)
				if err != nil {
					return nil, fmt.Errorf("params: profile %s: %w", f, err)
				}
				us.byName[name] = u
			}
		}
	}
	if _, ok := us.byName["default"]; !ok {
		return nil, fmt.Errorf("params: no universe named \"default\"")
	}
	return us, nil
}
