// Package corpus reads the named-entity corpora of /work/shared/data into one sentence form,
// knows which sets may be used to fit models and which are held out for evaluation, and scores
// a tagger on them with the CoNLL span-exact measure.
//
// Every corpus's labels are mapped to nomen's codes PER, LOC and ORG, plus PROD where the corpus
// annotates products (WNUT-17 product, MultiCoNER II product types, Stockmark 製品名); every other
// label (MISC, OTH, events, creative works, dates, ...) becomes O. The mapping of each corpus is
// documented on its reader and listed by Set.Mapping.
//
// Roles: a Train set may be used to fit models, a Dev set to fit or select models, a HeldOut set
// only to evaluate. The registry returned by Sets is the single authority: ReadTraining refuses
// held-out sets and ReadHeldOut refuses everything else, by name, so that a training run can never
// read a held-out set and an evaluation can never read a training set.
//
// Invariants of a Sentence: Spans are in increasing order, non-overlapping, with
// 0 <= Start < End <= len(Words) and a Type among PER, LOC, ORG, PROD.
//
// Evaluate gives CoNLL span-exact precision, recall and F1: a predicted span counts as correct
// only when its start, end and type all equal those of a gold span.
package corpus
