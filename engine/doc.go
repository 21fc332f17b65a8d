// Package engine is nomen's scoring core: it composes the field matchers into the four
// matching operations (name, address and record similarity, name deduplication) and owns the
// meaning of a score and the resolution of parameters for a request.
//
// A score is a number in [0, 1] that orders pairs by how likely they denote the same entity:
// 1 only for identical input, and calibrated so that one threshold per universe (0.85 in the
// shipped default universe) separates likely matches from non-matches across entity types and
// scripts. Scores are symmetric and deterministic.
//
// Parameters resolve in this order: the registry's defaults (declared by each matcher), then
// the chosen universe's scoped overrides (any, any_TYPE, lang_lang, lang_lang_TYPE), then the
// request's parameters. Unknown, static or out-of-range request parameters are errs.Invalid
// errors naming the parameter and its limit. An Engine is safe for concurrent use.
package engine
