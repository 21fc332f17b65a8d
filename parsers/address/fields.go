package address

import "strings"

// Fields is a parsed address. JSON names follow the service interface.
type Fields struct {
	House         string `json:"house,omitempty"`
	HouseNumber   string `json:"houseNumber,omitempty"`
	Road          string `json:"road,omitempty"`
	Unit          string `json:"unit,omitempty"`
	Level         string `json:"level,omitempty"`
	Staircase     string `json:"staircase,omitempty"`
	Entrance      string `json:"entrance,omitempty"`
	Suburb        string `json:"suburb,omitempty"`
	CityDistrict  string `json:"cityDistrict,omitempty"`
	City          string `json:"city,omitempty"`
	Island        string `json:"island,omitempty"`
	StateDistrict string `json:"stateDistrict,omitempty"`
	State         string `json:"state,omitempty"`
	CountryRegion string `json:"countryRegion,omitempty"`
	Country       string `json:"country,omitempty"`
	WorldRegion   string `json:"worldRegion,omitempty"`
	PostCode      string `json:"postCode,omitempty"`
	PoBox         string `json:"poBox,omitempty"`
}

// Field identifies one of the 18 address fields. The zero value is House.
type Field int

// The address fields, in the order of the interface specification.
const (
	House Field = iota
	HouseNumber
	Road
	Unit
	Level
	Staircase
	Entrance
	Suburb
	CityDistrict
	City
	Island
	StateDistrict
	State
	CountryRegion
	Country
	WorldRegion
	PostCode
	PoBox
	// NumFields is the number of address fields.
	NumFields
)

// fieldNames are the JSON names of the fields, indexed by Field.
var fieldNames = [NumFields]string{
	"house", "houseNumber", "road", "unit", "level", "staircase", "entrance", "suburb",
	"cityDistrict", "city", "island", "stateDistrict", "state", "countryRegion", "country",
	"worldRegion", "postCode", "poBox",
}

// String returns the JSON name of the field.
func (f Field) String() string {
	if f < 0 || f >= NumFields {
		return "unknown"
	}
	return fieldNames[f]
}

// FieldByName returns the field with the given JSON name.
func FieldByName(name string) (Field, bool) {
	for i, n := range fieldNames {
		if n == name {
			return Field(i), true
		}
	}
	return 0, false
}

// Get returns the value of field f.
func (a *Fields) Get(f Field) string {
	if p := a.ptr(f); p != nil {
		return *p
	}
	return ""
}

// Set stores v in field f; unknown fields are ignored.
func (a *Fields) Set(f Field, v string) {
	if p := a.ptr(f); p != nil {
		*p = v
	}
}

// IsEmpty reports whether no field has a non-blank value.
func (a Fields) IsEmpty() bool {
	for f := Field(0); f < NumFields; f++ {
		if strings.TrimSpace(a.Get(f)) != "" {
			return false
		}
	}
	return true
}

func (a *Fields) ptr(f Field) *string {
	switch f {
	case House:
		return &a.House
	case HouseNumber:
		return &a.HouseNumber
	case Road:
		return &a.Road
	case Unit:
		return &a.Unit
	case Level:
		return &a.Level
	case Staircase:
		return &a.Staircase
	case Entrance:
		return &a.Entrance
	case Suburb:
		return &a.Suburb
	case CityDistrict:
		return &a.CityDistrict
	case City:
		return &a.City
	case Island:
		return &a.Island
	case StateDistrict:
		return &a.StateDistrict
	case State:
		return &a.State
	case CountryRegion:
		return &a.CountryRegion
	case Country:
		return &a.Country
	case WorldRegion:
		return &a.WorldRegion
	case PostCode:
		return &a.PostCode
	case PoBox:
		return &a.PoBox
	}
	return nil
}

// classOther is the tagger class of tokens that belong to no field (e.g. "attn:", noise).
const classOther = "O"

// classNames are the tagger classes: the fields followed by classOther.
func classNames() []string {
	c := make([]string, 0, NumFields+1)
	c = append(c, fieldNames[:]...)
	return append(c, classOther)
}
