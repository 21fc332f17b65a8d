package address

import (
	"fmt"
	"strings"

	addr "github.com/nomenhq/nomen/parsers/address"
)

// Overrides are field overrides: groups of values that are the same for one address field
// (city "NYC" ≡ "New York", road "Broadway" ≡ "B'way", state "Bavaria" ≡ "Bayern"). Values
// are compared after normalization (case, diacritics, dots and apostrophes ignored). A pair
// of field values in one group scores 1 (method "override"); so does a pair of tokens of a
// named field, which lets "W B'way" match "W Broadway"; a cross-field pair (city against
// suburb, say) matches when either field's groups hold both values. The zero value and nil
// have no groups. Overrides are immutable once built.
type Overrides struct {
	groups [addr.NumFields]map[string]int // normalized value → group number
	n      int
}

// NewOverrides builds overrides from groups of equivalent values per field JSON name
// (houseNumber, road, city, ...). It returns an error for an unknown field, a group of fewer
// than two values or a blank value.
func NewOverrides(byField map[string][][]string) (*Overrides, error) {
	o := &Overrides{}
	for name, groups := range byField {
		f, ok := addr.FieldByName(name)
		if !ok {
			return nil, fmt.Errorf("address overrides: unknown field %q", name)
		}
		for i, g := range groups {
			if len(g) < 2 {
				return nil, fmt.Errorf("address overrides: %s[%d] needs at least two values", name, i)
			}
			o.n++
			for _, v := range g {
				k := normalize(clean(v))
				if k == "" {
					return nil, fmt.Errorf("address overrides: %s[%d] has a blank value", name, i)
				}
				if o.groups[f] == nil {
					o.groups[f] = map[string]int{}
				}
				o.groups[f][k] = o.n
			}
		}
	}
	return o, nil
}

// Len returns the number of groups.
func (o *Overrides) Len() int {
	if o == nil {
		return 0
	}
	return o.n
}

// has reports whether field f has any group.
func (o *Overrides) has(f addr.Field) bool {
	return o != nil && len(o.groups[f]) > 0
}

// same reports whether the normalized values a and b are in one group of field f.
func (o *Overrides) same(f addr.Field, a, b string) bool {
	if !o.has(f) {
		return false
	}
	ga, ok := o.groups[f][a]
	return ok && ga == o.groups[f][b]
}

// WithOverrides returns a matcher with m's options that also applies the field overrides o
// (nil for none).
func (m *Matcher) WithOverrides(o *Overrides) *Matcher {
	c := *m
	if o.Len() == 0 {
		o = nil
	}
	c.ov = o
	return &c
}

// override returns the override score of values a and b of field f (and of field g, for a
// cross-field pair), if one applies.
func (m *Matcher) override(f, g addr.Field, a, b string) (FieldScore, bool) {
	if !m.ov.has(f) && !m.ov.has(g) {
		return FieldScore{}, false
	}
	na, nb := normalize(a), normalize(b)
	if strings.EqualFold(na, nb) || !m.ov.same(f, na, nb) && !m.ov.same(g, na, nb) {
		return FieldScore{}, false
	}
	return FieldScore{Field: f.String(), Left: a, Right: b, Method: "override", Score: 1}, true
}
