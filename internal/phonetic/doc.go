// Package phonetic computes phonetic keys of names: Double Metaphone
// (primary and alternate keys), American Soundex and NYSIIS.
//
// Keys are meant for blocking and for a "sounds alike" feature in name
// matching: two names with an equal key are likely to be pronounced
// alike in English. All functions are pure, deterministic and safe for
// concurrent use; they never fail: input without usable letters gives
// empty keys. The implementations are written from the published
// descriptions of the algorithms; Soundex and NYSIIS agree with the
// jellyfish test vectors in testdata/.
package phonetic
