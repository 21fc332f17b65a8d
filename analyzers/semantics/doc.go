// Package semantics gives English terms and documents vectors, and finds the terms most
// similar to a term (the semantic similarity and semantic vector operations).
//
// The vectors come from WordNet 3.0, not from running text (the data nomen may learn from
// holds no large corpus): each term (a WordNet lemma of one word in the OpenSubtitles 2018
// frequency list, or of several words that WordNet's concordance tags or whose words are
// all frequent) is described by its synsets (earlier senses weigh more), their hypernyms up
// to three levels, their related synsets (similar, derived, pertainym, attribute, also-see,
// holonym, domain, direct hyponyms) and the content words of their definitions. The
// tf-idf-weighted term × feature matrix is reduced by a randomized SVD to 100 dimensions;
// vectors are unit length and quantized to int8 with one scale per term. Terms that share
// senses, hypernyms and definitions end up close: "spy" is near "undercover agent",
// "double agent" and "mole".
//
// Text is tokenized by analyzers/tokenize; a token is looked up as written, inside the
// longest multiword term that starts at it, or by its lemma (analyzers/morph). The document
// vector is the rarity-weighted mean of its tokens' vectors.
//
// Only English has vectors: no TRAIN resource here links other languages' common words to
// these senses (only names, through the knowledge base), so cross-language results would be
// guesses. The model is embedded and decoded once, on first use; a Model is safe for
// concurrent use.
package semantics
