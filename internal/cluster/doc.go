// Package cluster groups items by pairwise similarity, for name deduplication; it knows
// nothing about names.
//
// Cluster scores candidate pairs (typically from a Blocker); two items never joined by a chain
// of candidate pairs never share a cluster. Three methods:
//
//   - Single: connected components of the pairs scoring at least the threshold. Cheapest, but
//     it chains: a~b and b~c put a and c together however different they are.
//   - AverageLink: agglomerative clustering that repeatedly merges the two clusters, joined by
//     at least one candidate pair scoring at least the threshold, with the highest average
//     score over all their item pairs while it is at least the threshold, so a merged
//     cluster's members are on average similar to each other. Pairs the blocker missed between
//     two such clusters are scored on demand, so a blocking miss does not count as
//     dissimilarity.
//   - Star: items are taken in decreasing order of their summed above-threshold scores; each
//     item not yet placed becomes a centre and takes its unplaced neighbours; finally every
//     non-centre joins the adjacent centre it scores highest with. Every member scores at
//     least the threshold with its centre.
//
// Results are deterministic: they depend only on n, the candidate sets (not their order), the
// scores and the threshold, with ties broken by the lower item index. Cluster labels are
// 0, 1, 2, ... in order of each cluster's first item. Score functions must be pure and
// symmetric; they are called with i < j, at most once per pair; a NaN score counts as 0.
//
// A Blocker indexes items by caller-supplied string keys (phonetic codes, tokens, character
// n-grams) and yields as candidates the items sharing a key. A key shared by more than
// maxBlock items does not pair all of them: each item pairs only with the maxBlock/2 items
// before and after it in that key's block (in order of Add), which caps the work at
// O(items × keys × maxBlock) while keeping near neighbours.
//
// PairwiseF1 measures a clustering against gold labels by the pairs of items it puts
// together.
package cluster
