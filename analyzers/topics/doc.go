// Package topics finds the keyphrases and the concepts of an English document, each with a
// salience in [0, 1] (the topics operation).
//
// Keyphrases are noun phrases of the text: maximal runs of adjectives, nouns and proper
// nouns tagged by analyzers/morph (with "of" between two proper nouns, as in "University of
// Portsmouth", and hyphens written without spaces), trimmed to end in a noun or proper noun,
// at most five words (the last five of a longer run). Occurrences are grouped by their
// lemma-normalised form (lower-cased lemmas joined by spaces); a keyphrase's text is its most
// frequent surface form and its mentions are code-point spans of the text.
//
// Salience is the probability of a logistic-regression model (the sigmoid of a linear score,
// so the output is in [0, 1] and can be read as calibrated on GUM) that the phrase names a
// salient entity of the document. The model's features are the phrase's frequency (log), the
// frequency of its head lemma, its relative first position and spread, whether it occurs in
// the first sentence (the title of most documents), its length in words, whether its head is
// a proper noun, and the background rarity of its head (its rank in the OpenSubtitles 2018
// English frequency list). The model is trained by Train on the TRAIN documents of GUM's
// openly licensed genres: a phrase is labelled salient when one of its occurrences lies inside
// a mention of an entity that at least two of the document's five summaries mention and
// contains that mention's syntactic head (the GUM meta::salientEntities scores).
//
// Concepts are knowledge-base entities (Q ids) of the document: the entities that the caller's
// entity linker linked (Entity) and the keyphrases whose text is an exact knowledge-base name
// (Names); their salience comes from the same model, fed with their mentions, and their
// phrase is the knowledge base's English label, which need not occur in the text.
//
// The model and the frequency table are embedded with go:embed and loaded once, on first use.
// Output is deterministic; Extract is safe for concurrent use.
package topics
