// Package pairgen generates the labelled name-pair sets used to evaluate and
// tune the name matcher, and reads them back.
//
// Two sets are built from disjoint sources:
//
//   - the EVALUATION set (Generate; testdata/names/pairs.jsonl and its
//     stratified subset pairs-small.jsonl) from HELD-OUT data: the `_20` and
//     `*_fullnames` files of wikidata-name-transliteration, febrl and
//     splink fake_1000 person records, dedupe-chicago organisation names, and
//     the odd-numbered lines of the SEC company list;
//   - the DEV set (GenerateDev; pairs-dev.jsonl) from TRAIN data only: the
//     `_80` transliteration files, the nicknames table, probablepeople's
//     labelled train files (person_labeled.xml, company_labeled.xml) and the
//     even-numbered lines of the SEC company list. Tuning (`nomen tune`) may read only this set.
//
// Invariants: output is a pure function of the data files (every random
// choice comes from a PCG generator with a fixed seed per category, and map
// iteration never decides order); no pair (in either order) occurs twice in
// one set; each pair is written as one JSON object per line with the fields
// name1, name2 (text, language, entityType), match and category.
package pairgen
