package evalmetrics

import (
	"cmp"
	"math"
	"slices"
	"sort"
)

// Scored is one labelled pair with the score a matcher gave it.
type Scored struct {
	// Score is the matcher's similarity, normally in [0, 1].
	Score float64
	// Match is the gold label: true when the pair refers to one entity.
	Match bool
	// Category names the slice of the data set the pair belongs to.
	Category string
}

// Point is the confusion matrix and derived metrics at one threshold.
type Point struct {
	Threshold, Precision, Recall, F1 float64
	TP, FP, FN, TN                   int
}

// Summary describes one category: its counts, AUC and best-F1 point.
type Summary struct {
	N, Pos, Neg int
	AUC         float64
	Best        Point
}

// key maps a score to a sortable value, sending NaN below everything.
func key(x float64) float64 {
	if math.IsNaN(x) {
		return math.Inf(-1)
	}
	return x
}

// sortedDesc returns the pairs' keys and labels ordered by descending score.
// Order among tied scores is unspecified; callers treat ties as groups.
func sortedDesc(s []Scored) ([]float64, []bool) {
	type item struct {
		key   float64
		match bool
	}
	items := make([]item, len(s))
	for i, x := range s {
		items[i] = item{key(x.Score), x.Match}
	}
	slices.SortFunc(items, func(a, b item) int { return cmp.Compare(b.key, a.key) })
	keys := make([]float64, len(s))
	labels := make([]bool, len(s))
	for i, it := range items {
		keys[i] = it.key
		labels[i] = it.match
	}
	return keys, labels
}

// counts returns the number of matches and non-matches in s.
func counts(s []Scored) (pos, neg int) {
	for _, x := range s {
		if x.Match {
			pos++
		} else {
			neg++
		}
	}
	return pos, neg
}

// AUC returns the area under the ROC curve of s, computed as the
// Mann–Whitney U statistic with average ranks for tied scores. It returns
// 0.5 when s has no matches or no non-matches (AUC is undefined there).
func AUC(s []Scored) float64 {
	auc, _ := analyse(s)
	return auc
}

// analyse sorts s once and returns its AUC and best-F1 point. It walks the
// groups of tied scores from the top: within a group every match beats the
// non-matches below the group and ties with those inside it (counting 1/2),
// and the confusion matrix at the group's score is a candidate for F1.
func analyse(s []Scored) (float64, Point) {
	pos, neg := counts(s)
	keys, labels := sortedDesc(s)
	var wins float64
	var best Point
	found := false
	negBelow := neg
	tp, fp := 0, 0
	for i := 0; i < len(keys); {
		j := i
		gp, gn := 0, 0
		for j < len(keys) && keys[j] == keys[i] {
			if labels[j] {
				gp++
			} else {
				gn++
			}
			j++
		}
		negBelow -= gn
		wins += float64(gp) * (float64(negBelow) + 0.5*float64(gn))
		tp += gp
		fp += gn
		if !math.IsInf(keys[i], -1) {
			p := point(keys[i], tp, fp, pos-tp, neg-fp)
			if !found || p.F1 > best.F1 {
				best, found = p, true
			}
		}
		i = j
	}
	if !found || pos == 0 {
		best = Point{}
	}
	if pos == 0 || neg == 0 {
		return 0.5, best
	}
	auc := wins / (float64(pos) * float64(neg))
	return math.Min(1, math.Max(0, auc)), best
}

// point fills the derived metrics of a confusion matrix.
func point(threshold float64, tp, fp, fn, tn int) Point {
	p := Point{Threshold: threshold, TP: tp, FP: fp, FN: fn, TN: tn}
	if tp+fp > 0 {
		p.Precision = float64(tp) / float64(tp+fp)
	}
	if tp+fn > 0 {
		p.Recall = float64(tp) / float64(tp+fn)
	}
	if p.Precision+p.Recall > 0 {
		p.F1 = 2 * p.Precision * p.Recall / (p.Precision + p.Recall)
	}
	return p
}

// At returns the confusion matrix and metrics of s when pairs with
// Score >= threshold are predicted matches.
func At(s []Scored, threshold float64) Point {
	var tp, fp, fn, tn int
	for _, x := range s {
		predicted := key(x.Score) >= threshold
		switch {
		case predicted && x.Match:
			tp++
		case predicted:
			fp++
		case x.Match:
			fn++
		default:
			tn++
		}
	}
	return point(threshold, tp, fp, fn, tn)
}

// BestF1 returns the point whose threshold maximises F1. Candidate
// thresholds are the distinct finite scores of s, so At(s, p.Threshold)
// reproduces the returned point exactly; among equal F1 values the highest
// threshold wins. It returns the zero Point when s has no matches or no
// finite score.
func BestF1(s []Scored) Point {
	_, best := analyse(s)
	return best
}

// Sweep returns the point at each threshold, in the order given. It sorts
// the scores once, so it costs O(n log n + t log n).
func Sweep(s []Scored, thresholds []float64) []Point {
	pos, neg := counts(s)
	keys, labels := sortedDesc(s)
	// cumPos[i] is the number of matches among the i highest scores.
	cumPos := make([]int, len(keys)+1)
	for i, m := range labels {
		cumPos[i+1] = cumPos[i]
		if m {
			cumPos[i+1]++
		}
	}
	out := make([]Point, len(thresholds))
	for ti, t := range thresholds {
		// k is the number of keys >= t (keys are descending); a NaN
		// threshold admits nothing, as in At.
		k := 0
		if !math.IsNaN(t) {
			k = sort.Search(len(keys), func(i int) bool { return keys[i] < t })
		}
		tp := cumPos[k]
		fp := k - tp
		out[ti] = point(t, tp, fp, pos-tp, neg-fp)
	}
	return out
}

// ByCategory summarises every category of s.
func ByCategory(s []Scored) map[string]Summary {
	groups := map[string][]Scored{}
	for _, x := range s {
		groups[x.Category] = append(groups[x.Category], x)
	}
	out := make(map[string]Summary, len(groups))
	for c, g := range groups {
		pos, neg := counts(g)
		auc, best := analyse(g)
		out[c] = Summary{N: len(g), Pos: pos, Neg: neg, AUC: auc, Best: best}
	}
	return out
}

// categories returns the category names of m in sorted order.
func categories(m map[string]Summary) []string {
	names := make([]string, 0, len(m))
	for c := range m {
		names = append(names, c)
	}
	slices.Sort(names)
	return names
}
