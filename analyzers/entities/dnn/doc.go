// Package dnn is nomen's neural entity tagger (modelType DNN): a small window-convolution
// network with a CRF output layer whose training and inference run in pure Go on the CPU.
//
// Each word becomes a token vector, the concatenation of
//   - a word embedding (lower-cased, digits folded to 0; words seen at least twice in training
//     have their own row, the others share hashed OOV rows),
//   - the sum of hashed embeddings of its prefixes (1–3 runes) and suffixes (1–4 runes),
//   - a case-class × first-in-sentence embedding and a collapsed character-shape embedding,
//   - the sum of embeddings of its lexicon bits: the (type, position) pairs the word takes in
//     knowledge-base names, its frequency-rank bucket in a subtitle word list, and B-/I- marks
//     of multi-word runs that are whole knowledge-base names.
//
// A first convolution reads the token vectors of a five-word window (ReLU), a second one a
// three-word window of the first layer's outputs (ReLU); optionally (config G > 0, off in the
// shipped model: it did not improve development F1 beyond seed noise) a bidirectional GRU
// reads the second layer's outputs; a linear layer gives IOB2 tag scores and a linear-chain CRF with learned transition, start and end scores decodes the best tag
// sequence (Viterbi) under IOB2 constraints. Training maximises the sentence log-likelihood
// (forward-backward) with Adam, dropout and word dropout, keeping an exponential moving average
// of the weights; the epoch whose averaged weights score best on development data is kept.
//
// A model may be an ensemble of networks trained alike with different seeds (TrainEnsemble,
// --members): their tag scores and CRF scores are averaged before decoding. The shipped models
// are single networks: a three-seed English ensemble scored 0.709 on EWT dev against 0.707 for
// one network, at three times the size and cost.
//
// Confidence of a span is its exact marginal probability under the CRF: the probability that
// exactly these words form an entity of this type.
//
// Invariants: models are immutable after loading and safe for concurrent use; TagWords
// returns spans in increasing, non-overlapping order with Confidence in [0,1]; Extract's
// offsets are Unicode code points of the text (End exclusive). Bad input never panics.
// Training is single-threaded per sentence with fixed seeds: the same data and options give a
// byte-identical model file. Model files (data/LANG.dnn.gz, embedded) store weights as int8
// with one float32 scale per row.
package dnn
