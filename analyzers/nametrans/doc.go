// Package nametrans translates person, location and organization names
// between English (Latin script) and languages written in other scripts,
// for POST /name-translation.
//
// Native script → Latin (targetLanguage eng): the name is split into
// tokens (spaces, the East Asian separators ·・=, hyphens), each token is
// romanized by analyzers/translit (rule schemes merged with the learned
// graphone models; the translit language is the name's language of origin
// when given, so that a name native to its script gets the rules first
// and a foreign or unknown one the learned spellings) and title-cased; the Arabic article ال is
// written "al-" and the particles bin/ibn/bint stay lower-case inside a
// name. A one-token Chinese or Korean name of that origin is split after
// a known family name ("毛泽东" → "Mao Zedong"; a Korean family name takes
// its usual spellings, "김정은" → "Kim Jeongeun"). Chinese names may also be
// written in Hanyu Pinyin (scheme HYPY, or HYPY_TONED with tone numbers:
// "Mao2 Ze2dong1").
//
// Latin → native script (rus, ara, heb, zho, kor, jpn): each token is
// written by the translit learned model of the target read in reverse
// (translit.FromLatin: the joint graphone model scores (native, Latin)
// pairs, so a beam search over the Latin string ranks native spellings),
// merged with a reverse table of the native spellings of frequent English
// tokens built from the same `_80` (TRAIN) pairs (Train, "nomen train
// name-translation"; data/reverse.tsv.gz, embedded). Japanese gets
// katakana, or the japanese model (kanji and kana as labelled) for a name
// of Japanese origin; Chinese names in pinyin start with their family
// name written with the most frequent surname of that reading ("Mao
// Zedong" → 毛泽东); foreign names are joined with · (Chinese) and ・
// (Japanese). Names of people translated from English thus go into the
// target language's native script. Targets without a learned model are
// rule-based (rules.go): ukr, bel, bul, srp and mkd respell the Russian
// model's output, fas and urd the Arabic model's, and Greek (ell) is
// written by a greedy table of English spelling conventions (one
// spelling, confidence 1).
//
// Same language, or Latin to English: the name is returned normalized
// (NFC, white space collapsed) with confidence 1.
//
// Confidence: each token's spellings (at most 8) get weights from the
// models (relative probabilities); normalized to sum to 1 they are the
// token's spelling distribution. A full name's confidence is the product
// of its tokens' probabilities, equal strings summed; the confidences of
// the returned translations therefore sum to at most 1.
//
// Results are deterministic; all functions are safe for concurrent use
// and never panic on any input, including invalid UTF-8.
package nametrans
