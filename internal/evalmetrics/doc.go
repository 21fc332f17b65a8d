// Package evalmetrics computes ranking and threshold metrics for scored,
// labelled pairs: ROC AUC, precision/recall/F1 at a threshold, the
// F1-maximising threshold, threshold sweeps, per-category summaries, and
// plain-text and SVG reports. It is used by `nomen eval` and `nomen tune`.
//
// Conventions and invariants:
//
//   - A pair is predicted a match when Score >= threshold.
//   - NaN scores are treated as -Inf: they rank below every finite score,
//     are predicted a match only at threshold -Inf, and never make a result
//     NaN. A NaN threshold predicts nothing.
//   - AUC is the Mann–Whitney statistic with average ranks for ties: the
//     probability that a random match outscores a random non-match, ties
//     counting one half. It lies in [0, 1]. When the input has no matches or
//     no non-matches AUC is undefined and 0.5 is returned; Summary and the
//     reports carry Pos and Neg counts so callers can tell.
//   - Precision is 0 when nothing is predicted a match, Recall is 0 when
//     there are no matches, F1 is 0 when Precision+Recall is 0.
//   - All functions are pure and deterministic, do not modify their input,
//     and are safe for concurrent use.
package evalmetrics
