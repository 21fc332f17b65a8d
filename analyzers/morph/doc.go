// Package morph returns tokens with parts of speech, lemmas, compound
// components and Han readings (the morphology operation).
//
// Languages with a trained model (eng, por, deu, fra, spa, nld, rus, swe,
// fas, heb, jpn, zho, kor) get parts of speech and lemmas; compound
// components exist for deu, nld, swe, dan, nor, hun (frequency-based
// splitting with linking elements), jpn (kagome search mode), zho (fewest
// dictionary words) and kor (the morphemes of the eojeol); Han readings
// for zho (pinyin) and jpn (kana).
//
// Pipeline: analyzers/tokenize splits the text into sentences and tokens;
// for Chinese, Japanese and Hebrew a trained word segmenter (segment.go: an
// averaged perceptron deciding between each two characters of a run written
// without spaces whether a word ends there; the Chinese one also learns
// from the Universal NER release of the treebank's train split) re-divides
// the tokens into the treebank's words, Hebrew prefixes and suffixed
// pronouns included; for the other languages tables learnt from the
// treebank's raw text merge or split tokenizer tokens to match the
// treebank's segmentation (the Swedish tables also learn from the Universal
// NER release of the treebank's train split), and learnt flags keep
// hyphenated words whole where the treebank does (Swedish
// "LO-SAF-uppgörelsen");
// multi-word tokens learnt from the treebank are expanded into words
// (French "du" → "de" "le"; the words share the token's span unless they
// spell it, as English "dont" → "do" "nt"), some only before the next
// words or ambiguity classes that split them in training (English "its"
// → "it" "s" before "a"); a two-pass greedy averaged
// perceptron tags the words with Universal POS tags (features: word,
// affixes, shape, neighbouring words, previous tags, the words'
// ambiguity classes from the training data, and for words without one
// their frequency class in the OpenSubtitles list; the second pass also sees the
// first pass's tags to the right and is trained on 2-fold jackknifed
// first-pass output; optional feature groups per language, stored in the
// model: the English WordNet class of the word — its parts of speech as a
// lemma, an irregular form or through morphy's detachment rules — and the
// ambiguity class of the head of an unknown Dutch compound); the
// lemmatizer applies an exception lexicon, else the rule of the longest
// matching (tag, suffix) node of a suffix tree of edit rules, preferring a
// rule whose output is a word of the OpenSubtitles frequency list, with a
// per-tag case model. Japanese lemmas come from kagome's base forms.
//
// Tag sets: the default is UPOS ("upos"), the same 17 tags for every
// language; "xpos" gives the treebank's own tags (Penn Treebank for
// English, STTS for German; also rus, fas, swe, nld) from a one-pass
// perceptron that also sees the UPOS tags (xpos.go). Options: modelType
// "koreanNoSpace" restores the eojeol boundaries of Korean written
// without spaces (kospace.go); disambiguatorType "dictionary" (Hebrew)
// restricts the tagger's choice for a known word to its ambiguity class. Korean lemmas are the first morpheme of the
// treebank-style analysis ("고향+은" → "고향"); the morphemes are the
// compound components.
//
// Models are trained by Train from the UD treebanks (train split for eng
// and por, dev split elsewhere; the English tagger also learns from GUM's
// openly licensed train and dev documents; test splits are held out and
// read only by Eval), embedded with go:embed, and loaded lazily, once per language.
// Output is deterministic; all functions are safe for concurrent use and
// return errors, never panic, on bad input.
package morph
