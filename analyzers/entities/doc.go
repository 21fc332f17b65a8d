// Package entities is nomen's entity-extraction pipeline: it runs the extractors of the
// sub-packages on a document, resolves their overlaps, groups the mentions into entities,
// gives each entity an id (a knowledge-base Q id when linked, else T0, T1, ... in order of
// first appearance), and adds confidence, salience, ontology types and external ids on demand.
//
// Extractors, in the order they are consulted:
//   - a sequence tagger: the statistical model (package ner, the default) or the neural one
//     (package dnn, modelType DNN); one or the other, never both; its names are then
//     corrected by rules of the language: organisation names by their head noun (English,
//     French, Dutch: orgs_*.go) and, for English, call signs, defining sentences ("X is a
//     village in ..."), names announced by a head noun ("the band X"), hyphenated single
//     names (definitions_eng.go), places the tagger calls persons (places_eng.go),
//     well-known places written in lower case (lowerplaces_eng.go),
//     knowledge-base names that hold a tagged name (kbextend.go), and, after the overlaps
//     are resolved, acronyms of the document's organisations and places (acronyms.go);
//     Chinese text is cut into words by package morph's segmenter before tagging;
//   - gazetteers (package gazetteer): titles (TTL), nationalities (NAT), religions (REL) and the
//     user's own lists;
//   - knowledge-base names (for languages with no tagger, and as a supplement of the Hebrew
//     tagger): token n-grams that are a name of a KB entity with a high alias prior, also
//     through their lemmas, case endings or prefix letters (see kbgaz.go), runs of proper nouns
//     or known person names, and organisation names found by their head noun or ending
//     (Russian, Arabic, Hebrew, Korean: orgs_*.go);
//   - patterns (package patterns): e-mail, URL, phone, card, money, date, time, coordinates,
//     UTM, distance and personal id numbers, returned only when Options.Patterns is set.
//
// Overlaps are resolved greedily: the longer span wins; at equal length the source with the
// higher precedence wins (user gazetteer > pattern > tagger > built-in gazetteer > KB names).
//
// Grouping: without coreference, mentions with the same type and the same normalized text
// (white space collapsed; or the same form the knowledge base knows them by, span.Span.Lookup:
// "в Казани" and "Казань") form one entity; with coreference (Options.Coref, package coref)
// the chains decide, and pronouns and nominal references are added to the entity's mentions.
// After linking, entities of one type that link to the same Q id are merged. Persons written
// in a script other than Latin that the KB does not know in that script are also looked up by
// their English spellings (romanize.go), and a declined Russian surname repeats the full name
// of the same document (nominative_rus.go).
//
// Salience (Options.Salience) is a documented rule, not a learned model: a PER, ORG, LOC or
// PROD entity is salient (1) when it has at least two mentions, or a mention in the first
// sentence (the headline or lead), or a mention in subject position (it starts its sentence,
// or precedes the sentence's first verb); every other entity is 0.
//
// Invariants: offsets are Unicode code points, End exclusive; entities are ordered by their
// first mention; every mention offset lies inside the text and mentions never overlap;
// Extract never panics and is safe for concurrent use.
package entities
