// Package ner is nomen's statistical named-entity tagger (modelType "statistical", the
// default): one averaged-perceptron sequence tagger per language over BILOU tags (O, and
// B-/I-/L-/U- for each of PER, LOC, ORG and, where the training data has products, PROD),
// decoded with constrained Viterbi.
//
// Features: the word, its lower-case form, shape and kind, prefixes and suffixes, the words and
// shapes in a ±2 window, bigrams, sentence position, a caseless/all-caps sentence flag, the
// frequency class of the word in a subtitle word list, the previous tag (with the current
// word's kind), the characters of Han/kana words, optionally (per language, chosen on the
// development data) the neighbouring words conjoined with the word's kind, the run of
// capitalised words holding the word (its length, first and last words and the words around
// it: "Banco de o Brasil"), word clusters learnt from unlabelled text (predictive exchange
// algorithm, two granularities; see clusters), the parts of speech of gse's Chinese dictionary
// for the word and its neighbours (Chinese; features_zho.go), those of kagome's IPA dictionary
// (Japanese; features_jpn.go), the UPOS tags that package morph's tagger gives the word and
// its neighbours (Portuguese; jackknifed on the training sentences, which are the tagger's own
// treebank; features_pos.go) and a corpus-domain copy of every
// feature (Daumé's feature augmentation, tried for English and not kept), and gazetteer
// features: matches of hashed, case-folded name token sequences built at training time from the
// knowledge base's labels and aliases and pruned on the training data, and the name-part
// classes of single words (first or later word of a PER/LOC/ORG/PROD name).
//
// Training is a structured perceptron: each sentence is decoded with the current weights and
// the emission and previous-tag weights of the gold path are raised, those of the predicted
// path lowered; the averaged weights of the epoch with the best development F1 (Chinese: a
// fixed count chosen by cross-validation) are kept, and
// optionally averaged with those of runs in other orders (the mean of their scores, at the
// cost of one model). Where chosen, the model is finally retrained on the training and
// development sentences together with the settings found on the development data. A
// penalty on the O class and per-type score biases (trading precision for recall) are also
// chosen on the development data, scoring only the types the development data annotate.
//
// Confidence of a span is its marginal probability under the forward-backward algorithm over
// the Viterbi scores divided by a temperature fitted on development data (minimum log loss), so
// it can be used as a threshold.
//
// Models are embedded (data/<lang>.ner.gz), read lazily, once per language, and are immutable
// and safe for concurrent use. RunTrain regenerates them deterministically from the TRAIN and
// dev sets of package corpus; held-out sets are never read by training.
package ner
