package engine

import (
	"context"
	"fmt"
	"sync"

	"github.com/nomenhq/nomen/internal/errs"
	"github.com/nomenhq/nomen/matchers/address"
	addr "github.com/nomenhq/nomen/parsers/address"
)

// AddressInput is an address given as one string (Text) or as named fields.
type AddressInput struct {
	Text   string
	Fields map[string]string // keys as in the interface: houseNumber, road, city, ...
}

// ParseAddress turns a free-form address into the interface's fields.
func ParseAddress(s string) (addr.Fields, error) {
	f, err := addr.Parse(s)
	if err != nil {
		return f, errs.Wrap(errs.Invalid, err, "") // the parser's errors start with "address: "
	}
	return f, nil
}

func (in AddressInput) fields() (addr.Fields, error) {
	if in.Fields == nil {
		return ParseAddress(in.Text)
	}
	var f addr.Fields
	for k, v := range in.Fields {
		id, ok := addr.FieldByName(k)
		if !ok {
			return f, errs.E(errs.Invalid, "unknown address field %q", k)
		}
		f.Set(id, v)
	}
	if f.IsEmpty() {
		return f, errs.E(errs.Invalid, "address has no non-empty field")
	}
	return f, nil
}

// AddressRequest asks for the similarity of two addresses.
type AddressRequest struct {
	Address1, Address2 AddressInput
	Parameters         map[string]string
	Universe           string
}

// AddressSimilarity scores two addresses; the result carries its explanation.
func (e *Engine) AddressSimilarity(ctx context.Context, r AddressRequest) (address.Result, error) {
	if err := ctx.Err(); err != nil {
		return address.Result{}, err
	}
	s, _, err := e.settings(r.Universe, "", "", "LOCATION", r.Parameters)
	if err != nil {
		return address.Result{}, err
	}
	a, err := r.Address1.fields()
	if err != nil {
		return address.Result{}, fmt.Errorf("address1: %w", err)
	}
	b, err := r.Address2.fields()
	if err != nil {
		return address.Result{}, fmt.Errorf("address2: %w", err)
	}
	m, err := e.addressMatcher(r.Universe, s.Address)
	if err != nil {
		return address.Result{}, err
	}
	return m.Compare(a, b), nil
}

// addressOverrides caches the address field overrides of each loaded universe.
var addressOverrides sync.Map // *params.Universe[Settings] → *address.Overrides

// addressMatcher returns an address matcher with options opt and the field overrides
// (addressVariants) of the universe. The matcher is usable even when an error is returned
// (it then has no overrides).
func (e *Engine) addressMatcher(universe string, opt address.Options) (*address.Matcher, error) {
	m := address.New(opt)
	u, err := e.universe(universe)
	if err != nil || len(u.AddressVariants) == 0 {
		return m, err
	}
	if ov, ok := addressOverrides.Load(u); ok {
		return m.WithOverrides(ov.(*address.Overrides)), nil
	}
	ov, err := address.NewOverrides(u.AddressVariants)
	if err != nil {
		return m, errs.Wrap(errs.Invalid, err, "universe "+u.Name)
	}
	actual, _ := addressOverrides.LoadOrStore(u, ov)
	return m.WithOverrides(actual.(*address.Overrides)), nil
}

// AddressLanguages lists the languages and scripts of the addresses the parser is trained on
// (generated addresses of 22+ countries and the US training set): addresses are compared
// within one language and script.
var AddressLanguages = [][2]string{
	{"eng", "Latn"}, {"fra", "Latn"}, {"deu", "Latn"}, {"spa", "Latn"}, {"por", "Latn"}, {"ita", "Latn"},
	{"nld", "Latn"}, {"zho", "Hans"}, {"zho", "Hant"}, {"jpn", "Jpan"}, {"kor", "Hang"}, {"rus", "Cyrl"},
}
