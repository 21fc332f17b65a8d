package address

import (
	"github.com/nomenhq/nomen/internal/paramtag"
	addr "github.com/nomenhq/nomen/parsers/address"
)

// Options are the scoring parameters of the address matcher. Field weights are relative: the
// total is the weighted mean of the compared fields' scores.
type Options struct {
	HouseWeight         float64 `param:"houseAddressFieldWeight" def:"1" min:"0" max:"100" applies:"rni_address" help:"Weight of the house (venue or building name) field."`
	HouseNumberWeight   float64 `param:"houseNumberAddressFieldWeight" def:"3" min:"0" max:"100" applies:"rni_address" help:"Weight of the house number field."`
	RoadWeight          float64 `param:"roadAddressFieldWeight" def:"3" min:"0" max:"100" applies:"rni_address" help:"Weight of the road field."`
	UnitWeight          float64 `param:"unitAddressFieldWeight" def:"2" min:"0" max:"100" applies:"rni_address" help:"Weight of the unit (apartment, suite, flat) field."`
	LevelWeight         float64 `param:"levelAddressFieldWeight" def:"1" min:"0" max:"100" applies:"rni_address" help:"Weight of the level (floor) field."`
	StaircaseWeight     float64 `param:"staircaseAddressFieldWeight" def:"1" min:"0" max:"100" applies:"rni_address" help:"Weight of the staircase field."`
	EntranceWeight      float64 `param:"entranceAddressFieldWeight" def:"1" min:"0" max:"100" applies:"rni_address" help:"Weight of the entrance field."`
	SuburbWeight        float64 `param:"suburbAddressFieldWeight" def:"1" min:"0" max:"100" applies:"rni_address" help:"Weight of the suburb (neighbourhood) field."`
	CityDistrictWeight  float64 `param:"cityDistrictAddressFieldWeight" def:"1" min:"0" max:"100" applies:"rni_address" help:"Weight of the city district (borough) field."`
	CityWeight          float64 `param:"cityAddressFieldWeight" def:"2" min:"0" max:"100" applies:"rni_address" help:"Weight of the city field."`
	IslandWeight        float64 `param:"islandAddressFieldWeight" def:"1" min:"0" max:"100" applies:"rni_address" help:"Weight of the island field."`
	StateDistrictWeight float64 `param:"stateDistrictAddressFieldWeight" def:"0.5" min:"0" max:"100" applies:"rni_address" help:"Weight of the state district (county) field."`
	StateWeight         float64 `param:"stateAddressFieldWeight" def:"1" min:"0" max:"100" applies:"rni_address" help:"Weight of the state (first-level division) field."`
	CountryRegionWeight float64 `param:"countryRegionAddressFieldWeight" def:"0.5" min:"0" max:"100" applies:"rni_address" help:"Weight of the country region field."`
	CountryWeight       float64 `param:"countryAddressFieldWeight" def:"1" min:"0" max:"100" applies:"rni_address" help:"Weight of the country field."`
	WorldRegionWeight   float64 `param:"worldRegionAddressFieldWeight" def:"0.25" min:"0" max:"100" applies:"rni_address" help:"Weight of the world region field."`
	PostCodeWeight      float64 `param:"postCodeAddressFieldWeight" def:"2.5" min:"0" max:"100" applies:"rni_address" help:"Weight of the post code field."`
	PoBoxWeight         float64 `param:"poBoxAddressFieldWeight" def:"3" min:"0" max:"100" applies:"rni_address" help:"Weight of the PO box field."`

	ReorderPenalty         float64 `param:"addressReorderPenalty" def:"0.1" min:"0" max:"1" applies:"rni_address" help:"Score taken from a named field whose aligned tokens appear in a different order, scaled by the share of out-of-order pairs."`
	AbbreviationScore      float64 `param:"addressAbbreviationScore" def:"0.97" min:"0" max:"1" applies:"rni_address" help:"Score of two tokens equal only after abbreviation expansion (St/Street)."`
	TypoThreshold          float64 `param:"addressTokenTypoThreshold" def:"0.85" min:"0" max:"1" applies:"rni_address" help:"Lowest Jaro-Winkler similarity at which two different tokens count as a typo match."`
	TypoPenalty            float64 `param:"addressTypoPenalty" def:"0.1" min:"0" max:"1" applies:"rni_address" help:"Amount taken from the Jaro-Winkler similarity of a typo match."`
	InitialScore           float64 `param:"addressInitialScore" def:"0.6" min:"0" max:"1" applies:"rni_address" help:"Score of a single letter against a word it begins (J / John)."`
	StopwordWeight         float64 `param:"addressStopwordWeight" def:"0.3" min:"0" max:"1" applies:"rni_address" help:"Weight of stop words (de, la, the) relative to other tokens of a named field."`
	StreetTypeWeight       float64 `param:"addressStreetTypeWeight" def:"0.5" min:"0" max:"1" applies:"rni_address" help:"Weight of street types and directionals relative to other road tokens."`
	CompoundScore          float64 `param:"addressCompoundScore" def:"0.95" min:"0" max:"1" applies:"rni_address" help:"Score of two named values equal once spaces are removed (Haupt Strasse / Hauptstrasse)."`
	MissingFieldScore      float64 `param:"addressMissingFieldScore" def:"0.5" min:"0" max:"1" applies:"rni_address" help:"Score of a field present in one address only."`
	MissingFieldWeight     float64 `param:"addressMissingFieldWeight" def:"0.25" min:"0" max:"1" applies:"rni_address" help:"Factor on the weight of a field present in one address only."`
	ConflictThreshold      float64 `param:"addressConflictThreshold" def:"0.25" min:"0" max:"1" applies:"rni_address" help:"Field score at or below which two present values are a conflict."`
	HouseNumberConflict    float64 `param:"houseNumberConflictPenalty" def:"0.5" min:"0" max:"1" applies:"rni_address" help:"Share of the total removed when the house numbers conflict."`
	PostCodeConflict       float64 `param:"postCodeConflictPenalty" def:"0.3" min:"0" max:"1" applies:"rni_address" help:"Share of the total removed when the post codes conflict."`
	UnitConflict           float64 `param:"unitConflictPenalty" def:"0.4" min:"0" max:"1" applies:"rni_address" help:"Share of the total removed when the units conflict."`
	RoadConflict           float64 `param:"roadConflictPenalty" def:"0.3" min:"0" max:"1" applies:"rni_address" help:"Share of the total removed when the roads conflict."`
	CityConflict           float64 `param:"cityConflictPenalty" def:"0.3" min:"0" max:"1" applies:"rni_address" help:"Share of the total removed when the cities conflict."`
	CountryConflict        float64 `param:"countryConflictPenalty" def:"0.5" min:"0" max:"1" applies:"rni_address" help:"Share of the total removed when the countries conflict."`
	CrossFieldScore        float64 `param:"addressCrossFieldScore" def:"0.9" min:"0" max:"1" applies:"rni_address" help:"Factor on the similarity of a value matched against another field of the other address (city / suburb)."`
	CrossFieldMinSim       float64 `param:"addressCrossFieldMinSimilarity" def:"0.8" min:"0" max:"1" applies:"rni_address" help:"Lowest similarity for a cross-field match to be used."`
	PostCodePrefixScore    float64 `param:"postCodePrefixScore" def:"0.5" min:"0" max:"1" applies:"rni_address" help:"Score of two post codes sharing a prefix, scaled by the prefix's share of the longer code."`
	PostCodeMinPrefix      int     `param:"postCodeMinPrefix" def:"2" min:"1" max:"10" applies:"rni_address" help:"Shortest common prefix (characters) for a post-code prefix match."`
	PostCodeExtensionScore float64 `param:"postCodeExtensionScore" def:"0.95" min:"0" max:"1" applies:"rni_address" help:"Score of a post code against its extended form (ZIP5 / ZIP+4)."`
	PostCodeTypoScore      float64 `param:"postCodeTypoScore" def:"0.4" min:"0" max:"1" applies:"rni_address" help:"Score of two post codes of equal length one edit or transposition apart."`
	HouseNumberSuffixScore float64 `param:"houseNumberSuffixScore" def:"0.6" min:"0" max:"1" applies:"rni_address" help:"Score of house numbers with the same number and different or missing suffix (12 / 12a)."`
	HouseNumberRangeScore  float64 `param:"houseNumberRangeScore" def:"0.8" min:"0" max:"1" applies:"rni_address" help:"Score of a house number inside the other's range (102 / 100-106)."`
	HouseNumberTypoScore   float64 `param:"houseNumberTypoScore" def:"0.3" min:"0" max:"1" applies:"rni_address" help:"Score of house numbers one digit edit apart (1600 / 160)."`
	UnitDesignatorScore    float64 `param:"unitDesignatorMismatchScore" def:"0.9" min:"0" max:"1" applies:"rni_address" help:"Score of equal unit, level or box identifiers with different designators (Apt 4 / Suite 4)."`
	StateCodeScore         float64 `param:"stateCodeMatchScore" def:"0.98" min:"0" max:"1" applies:"rni_address" help:"Score of a state name against its code or another name of it (California / CA)."`
	PlaceAliasScore        float64 `param:"placeAliasScore" def:"0.95" min:"0" max:"1" applies:"rni_address" help:"Score of two names of one larger place in different languages (Wien / Vienna / ウィーン)."`
	CountryCodeScore       float64 `param:"countryCodeMatchScore" def:"0.98" min:"0" max:"1" applies:"rni_address" help:"Score of a country name against its code or a name in another language (Deutschland / DE / Germany)."`
	MaxNonIdenticalScore   float64 `param:"maxNonIdenticalAddressScore" def:"0.99" min:"0" max:"1" applies:"rni_address" help:"Highest score of two addresses that are not identical up to case and white space."`
	MaxTokens              int     `param:"addressMaxTokens" def:"24" min:"1" max:"200" static:"true" applies:"rni_address" help:"Tokens kept per field value; longer values are truncated."`
}

// DefaultOptions returns the declared defaults.
func DefaultOptions() Options { return paramtag.MustDefaults[Options]() }

// weight returns the weight of field f.
func (o *Options) weight(f addr.Field) float64 {
	switch f {
	case addr.House:
		return o.HouseWeight
	case addr.HouseNumber:
		return o.HouseNumberWeight
	case addr.Road:
		return o.RoadWeight
	case addr.Unit:
		return o.UnitWeight
	case addr.Level:
		return o.LevelWeight
	case addr.Staircase:
		return o.StaircaseWeight
	case addr.Entrance:
		return o.EntranceWeight
	case addr.Suburb:
		return o.SuburbWeight
	case addr.CityDistrict:
		return o.CityDistrictWeight
	case addr.City:
		return o.CityWeight
	case addr.Island:
		return o.IslandWeight
	case addr.StateDistrict:
		return o.StateDistrictWeight
	case addr.State:
		return o.StateWeight
	case addr.CountryRegion:
		return o.CountryRegionWeight
	case addr.Country:
		return o.CountryWeight
	case addr.WorldRegion:
		return o.WorldRegionWeight
	case addr.PostCode:
		return o.PostCodeWeight
	case addr.PoBox:
		return o.PoBoxWeight
	}
	return 0
}

// conflictPenalty returns the share of the total removed when field f conflicts.
func (o *Options) conflictPenalty(f addr.Field) float64 {
	switch f {
	case addr.HouseNumber:
		return o.HouseNumberConflict
	case addr.PostCode:
		return o.PostCodeConflict
	case addr.Unit:
		return o.UnitConflict
	case addr.Road:
		return o.RoadConflict
	case addr.City:
		return o.CityConflict
	case addr.Country:
		return o.CountryConflict
	}
	return 0
}
