// Package name is nomen's name matcher: it scores how likely two person, organization or
// location names denote the same entity, across spellings, scripts and orders.
//
// Pipeline: parsers/name parses each name (titles, particles, initials, inversion, legal
// forms, roles) → non-Latin tokens get Latin variants from analyzers/translit → every token pair
// is scored by the strongest evidence (exact, diacritic-folded, nickname, universe variant list,
// initial, phonetic key, edit similarity on runes, transliteration) → adjacent tokens written
// together are merged (Abdul Rahman/Abdulrahman) → the best one-to-one alignment is found with
// the Hungarian method (internal/assign) → unmatched tokens count as deletions (partial credit)
// or conflicts → weights by role and rarity turn it into one number → whole-name penalties
// (reordering, gender, suffix, numbers) and the final bias apply.
//
// A score is in [0, 1], symmetric (Compare(a, b) == Compare(b, a)), 1 only for identical text,
// and meant to be read against one threshold (DefaultThreshold) for every entity type and
// script. A Matcher is immutable and safe for concurrent use; Prepare a name once to compare it
// with many others.
package name
