// Package name turns a raw person, organization or location name into
// typed tokens for the name matcher.
//
// Parse splits a name into tokens, normalises each one (see Normalize and
// Fold) and gives it a Role: titles, given and family names, particles,
// initials and generational suffixes for people; legal forms (with a
// canonical spelling: "Limited" and "Ltd." are both "ltd") and stop words
// for organizations; expanded abbreviations ("Mt." → "mount") for places.
// Entity types other than LOCATION and ORGANIZATION are parsed like
// PERSON.
//
// Invariants:
//   - Every Token.Raw is a substring of the input text and Token.Norm is
//     non-empty; Token.Pos is the token's index in the input order, and
//     Tokens are in input order except for comma-inverted person names
//     ("Smith, John"), which are put back in given-then-family order
//     (Name.Inverted is then true).
//   - Parse is deterministic, never panics, and returns an error (wrapping
//     ErrEmpty or ErrTooLong) instead of a Name it cannot build.
//   - All exported functions are safe for concurrent use. The dictionaries
//     (titles, legal forms, stop words, nicknames, given-name genders,
//     CJK family names) are embedded from data/ and loaded once on first
//     use; BuildTables regenerates the generated ones from TRAIN data.
package name
