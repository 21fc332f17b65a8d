// Package address parses free-form postal addresses into the 18 fields of nomen's address
// model (house, houseNumber, road, unit, level, staircase, entrance, suburb, cityDistrict, city,
// island, stateDistrict, state, countryRegion, country, worldRegion, postCode, poBox).
//
// Parsing has three stages. Tokenize splits the input on white space and separators (commas,
// semicolons, new lines, ideographic punctuation); runs of Han and Kana characters, which are
// written without spaces, are cut after administrative and street suffix characters (省 市 区
// 路 号 都 県 町 丁目 ...) and at digit boundaries. Every token then gets hashed features: its
// form, shape, affixes, neighbours, separators, position and membership of multi-word lexicon
// entries (street types, unit/level designators, directionals, PO box words, states, countries
// and cities in many languages and scripts). A greedy left-to-right averaged perceptron tagger
// (internal/perceptron), using the two previous labels as features, assigns each token a field
// or "O"; adjacent tokens with the same field are joined from the original text.
//
// The model and lexicon are committed in data/ (go:embed) and regenerated deterministically by
// Train from ../shared/data (usaddress training set, addresses generated from the OpenCage
// templates filled with GeoNames places and libpostal dictionaries). EvalParser reports
// accuracy on held-out sets that are never trained on.
//
// Invariants: Parse is deterministic, safe for concurrent use, never panics on any input and
// returns an error for input without any letter or digit. Field values are substrings of the
// input (white space inside a field is kept as written).
package address
