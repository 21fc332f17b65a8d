// Package sentiment is nomen's sentiment analyser (POST /rest/v1/sentiment): a document
// label (pos, neg or neu) with a confidence, and the same for each entity of the document.
//
// Two English models share the text preparation:
//   - statistical (the default): logistic regression over naive-Bayes-scaled word unigrams
//     and bigrams (Wang & Manning's NBSVM features) plus four lexicon features (a VADER-style
//     valence sum with negation, intensifiers and "but" weighting; Bing Liu opinion-word
//     counts; exclamation marks);
//   - DNN (modelType DNN): a small neural network (hashed unigram and bigram embeddings
//     averaged, one hidden tanh layer, the same lexicon features) trained in pure Go.
//
// Text preparation: tokens of package tokenize, lower-cased, letter runs of three or more
// shortened to two ("sooo" → "soo"), digits folded to 0; a negation word ("not", "n't",
// "never", ...) marks the words after it up to the next punctuation or contrast word, and
// stop words and punctuation are then dropped (negation and contrast words, intensifiers and
// emoticons are kept: they carry sentiment).
//
// Both models are binary (positive against negative) with a temperature fitted on
// development data; the neutral label comes from the margin m = |2p−1|: p(neu) =
// σ(k(δ−m)), p(pos) = (1−p(neu))·p and p(neg) = (1−p(neu))·(1−p), so the three sum to one and
// the label is the largest. δ and k are chosen on development data that holds neutral text.
//
// An entity's sentiment is the sentiment of the sentences that mention it, read together.
//
// Models are trained by Train from the TRAIN parts of ../shared/data (sentence polarity lines
// whose index mod 10 is 0–7 train, 8 development; 9 is held out) and embedded (data/eng.sent.gz);
// they are immutable after loading and safe for concurrent use. Analyze never panics.
package sentiment
