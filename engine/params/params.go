// Package params is nomen's parameter registry and its parameter universes.
//
// The registry is assembled from the matchers' own declarations (tagged Options structs, see
// internal/paramtag) into one namespace: every parameter has a unique camelCase name, a type,
// a default, a valid range, a static flag, the entity types or fields it applies to and a
// one-line meaning. A settings value S (the engine's struct holding every matcher's Options)
// is the unit that gets resolved: defaults, then a universe's scoped overrides, then the
// per-request parameters. Validation errors are errs.Invalid errors that name the parameter
// and its limit. A Registry and its Universes are immutable after loading and safe for
// concurrent use.
package params

import (
	"fmt"
	"reflect"
	"sort"
	"strings"

	"github.com/nomenhq/nomen/internal/errs"
	"github.com/nomenhq/nomen/internal/paramtag"
)

// Group names one matcher's Options inside the settings struct S.
type Group[S any] struct {
	// Name is the group's name ("name", "address", ...), shown in listings.
	Name string
	// Field returns a pointer to the group's Options struct inside s.
	Field func(s *S) any
}

// Param is one registered parameter.
type Param struct {
	paramtag.Spec
	// Group is the name of the group (matcher) the parameter belongs to.
	Group string
	group int
}

// Registry holds every parameter of the settings struct S.
type Registry[S any] struct {
	groups   []Group[S]
	params   map[string]Param
	order    []string
	defaults S
}

// NewRegistry builds the registry from the groups' declarations. A duplicate parameter name
// across groups is an error.
func NewRegistry[S any](groups ...Group[S]) (*Registry[S], error) {
	r := &Registry[S]{groups: groups, params: map[string]Param{}}
	for gi, g := range groups {
		opt := g.Field(&r.defaults)
		if reflect.TypeOf(opt).Kind() != reflect.Pointer {
			return nil, fmt.Errorf("params: group %s: Field must return a pointer", g.Name)
		}
		specs, err := paramtag.Specs(opt)
		if err != nil {
			return nil, fmt.Errorf("params: group %s: %w", g.Name, err)
		}
		for _, s := range specs {
			if p, dup := r.params[s.Name]; dup {
				return nil, fmt.Errorf("params: parameter %s declared by both %s and %s", s.Name, p.Group, g.Name)
			}
			r.params[s.Name] = Param{Spec: s, Group: g.Name, group: gi}
			r.order = append(r.order, s.Name)
		}
		if err := paramtag.Defaults(opt); err != nil {
			return nil, fmt.Errorf("params: group %s: %w", g.Name, err)
		}
	}
	sort.Strings(r.order)
	return r, nil
}

// Defaults returns a copy of the default settings.
func (r *Registry[S]) Defaults() S { return r.defaults }

// Lookup returns the parameter called name.
func (r *Registry[S]) Lookup(name string) (Param, bool) {
	p, ok := r.params[name]
	return p, ok
}

// All returns every parameter, sorted by name.
func (r *Registry[S]) All() []Param {
	out := make([]Param, len(r.order))
	for i, n := range r.order {
		out[i] = r.params[n]
	}
	return out
}

// Len returns the number of parameters.
func (r *Registry[S]) Len() int { return len(r.order) }

// Set validates value and stores it in s. Static parameters are accepted only when
// allowStatic (profiles loaded at start-up), never per request.
func (r *Registry[S]) Set(s *S, name, value string, allowStatic bool) error {
	p, ok := r.params[name]
	if !ok {
		return errs.E(errs.Invalid, "unknown parameter %q%s", name, r.suggest(name))
	}
	if p.Static && !allowStatic {
		return errs.E(errs.Invalid, "parameter %s is static: it can be set only in a profile, not per request", name)
	}
	if err := paramtag.Set(r.groups[p.group].Field(s), p.Spec, value); err != nil {
		return errs.E(errs.Invalid, "%s", strings.TrimPrefix(err.Error(), paramtag.ErrInvalid.Error()+": "))
	}
	return nil
}

// Get returns the value of the parameter in s as text.
func (r *Registry[S]) Get(s *S, name string) (string, bool) {
	p, ok := r.params[name]
	if !ok {
		return "", false
	}
	return paramtag.Get(r.groups[p.group].Field(s), p.Spec), true
}

// Apply sets every parameter of a request on s, in name order so that the first error is
// deterministic.
func (r *Registry[S]) Apply(s *S, values map[string]string) error {
	names := make([]string, 0, len(values))
	for n := range values {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		if err := r.Set(s, n, values[n], false); err != nil {
			return err
		}
	}
	return nil
}

// suggest names a registered parameter that differs from name only in case, to help callers
// with typos such as "DeletionScore".
func (r *Registry[S]) suggest(name string) string {
	for _, n := range r.order {
		if strings.EqualFold(n, name) {
			return fmt.Sprintf(" (did you mean %s?)", n)
		}
	}
	return "; GET /rest/v1/name-similarity/parameters lists them"
}
