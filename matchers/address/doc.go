// Package address scores the similarity of two postal addresses, field by field.
//
// Each of the 18 fields of parsers/address.Fields is compared with a method fit for it:
// named fields (road, house, suburb, city, ...) by soft token alignment after normalization
// (case, diacritics, punctuation) and expansion of abbreviations in many languages (St/Street,
// Str./Straße, Av./Avenida, N/North, from libpostal's dictionaries), with typo tolerance
// (Jaro-Winkler), initials, compound splitting (Hauptstr. / Haupt Strasse) and a penalty for
// reordered tokens; numeric fields by exact, prefix and numeric rules (house-number suffixes and
// ranges, ZIP+4 against ZIP5, "SW1A 2AA" against "SW1A2AA", "Apt 4B" against "4B", "3rd Floor"
// against "Floor 3"); countries and states by code/name equivalence in many languages. A
// locality found in different fields on the two sides (city against suburb or state) is
// matched across fields. A field present on one side only is scored as missing, never as a
// conflict; a field present on both sides that disagrees is a conflict and, for the key fields,
// also scales the total down.
//
// Invariants: scores lie in [0, 1]; Compare is symmetric; 1.0 is returned only when the two
// addresses have the same fields with the same values up to case and white space (any other
// pair scores at most maxNonIdenticalScore). A Matcher is immutable and safe for concurrent
// use. Every tunable is a field of Options declared with internal/paramtag tags.
package address
