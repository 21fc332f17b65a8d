// Package sentiment is nomen's sentiment analyser (POST /rest/v1/sentiment): a document
// label (pos, neg or neu) with a confidence, and the same for each entity of the document.
//
// Two English models share the text preparation:
//   - statistical (the default): logistic regression over naive-Bayes-scaled word unigrams
//     and bigrams (Wang & Manning's NBSVM features) plus four lexicon features (a VADER-style
//     valence sum with negation, intensifiers and "but" weighting; Bing Liu opinion-word
//     counts; exclamation marks);
//   - DNN (modelType DNN): a small neural network (embeddings of the same unigrams and
//     bigrams averaged, one hidden tanh layer, the same lexicon features) trained in pure Go.
//
// Each polarity score also gets a weight times the lexicon evidence (chosen per model on
// development data: 0 for the statistical model, 2 for the DNN).
//
// Text preparation: tokens of package tokenize, lower-cased, letter runs of three or more
// shortened to two ("sooo" → "soo"), digits folded to 0; a negation word ("not", "n't",
// "never", ...) marks the words after it up to the next punctuation or contrast word, and
// stop words and punctuation are then dropped (negation and contrast words, intensifiers and
// emoticons are kept: they carry sentiment).
//
// Both polarity models are binary (positive against negative) with a temperature fitted on
// development data. A third, shared linear model gives the probability q that the text is
// opinionated rather than factual (trained on the polarity sentences against GUM's factual
// genres): p(neu) = 1−q, p(pos) = q·p and p(neg) = q·(1−p), so the three sum to one and the
// label is the largest. Texts are read whole (training compares this with reading sentence by
// sentence on pseudo-documents and records the choice in the model).
//
// An entity's sentiment is the sentiment of the clauses that mention it (the parts of their
// sentences between contrast words and semicolons), read together.
//
// Models are trained by Train from the TRAIN parts of ../shared/data (sentence polarity lines
// whose index mod 10 is 0–7 train, 8 development; 9 is held out; GUM's factual sentences;
// the hand-written development texts of testdata/sentiment) and embedded (data/eng.sent.gz);
// they are immutable after loading and safe for concurrent use. Analyze never panics.
package sentiment
