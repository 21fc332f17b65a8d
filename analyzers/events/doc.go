// Package events is nomen's event extraction (POST /rest/v1/events): declarative event models
// ("workspaces") matched against the tokens, lemmas and entities of a text.
//
// A workspace has one event type, one language, key phrases and roles. Key phrases are
// matched by lemma (a morphological extractor, the only kind valid for key phrases: "acquire"
// matches "acquired" and "acquires"); each role lists extractors of four kinds:
//   - entity: entities of the listed types found by package entities (PER, ORG, LOC, ..., and
//     the pattern types MONEY, DATE, TIME, ...);
//   - exact: the listed words or phrases, letter case ignored;
//   - morphological: the listed words by lemma;
//   - semantic: the listed words by lemma or as a word of the same lemma family and, in
//     English, the single words among the 20 terms most similar to each listed word (package
//     semantics), with the similarity as the role's confidence.
//
// An event mention is extracted where a key phrase and every required role are found in one
// sentence. Each role takes the nearest unused candidate (or, with select, the first or last
// of the sentence), on the side of the key phrase the role's position asks for (before, after
// or any). The mention's confidence is the smallest
// confidence of its required roles (entity extraction confidence; the similarity for a
// similar word; 1 for other word matches).
//
// English negation: a cue ("not", "n't", "never", "no", "failed to", "refused to",
// "denied", "without") among the four words before the key phrase, inside its sentence, makes
// the mention Negative and is returned as its negation cue.
//
// The built-in workspaces (workspaces/*.json, embedded) can be replaced or extended with a
// directory of JSON files (nomen serve --events DIR). Workspaces are validated when loaded:
// an unknown extractor kind, a missing key phrase or an unsupported language is an error.
// All types are immutable after loading and safe for concurrent use.
package events
