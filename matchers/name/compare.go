package name

import (
	"math"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/nomenhq/nomen/analyzers/translit"
	"github.com/nomenhq/nomen/internal/assign"
	"github.com/nomenhq/nomen/internal/strsim"
	pname "github.com/nomenhq/nomen/parsers/name"
)

// DefaultThreshold is the score at or above which two names are called a likely match under
// the default universe, for every entity type and script.
const DefaultThreshold = 0.85

// Lists are a universe's override lists: equivalent tokens and fixed whole-name scores.
type Lists struct {
	variant map[string]int        // folded token → group id
	pairs   map[[2]string]float64 // ordered pair of folded full names → score
}

// NewLists builds override lists from token-variant groups and whole-name pair scores.
func NewLists(variants [][]string, pairs []PairScore) *Lists {
	l := &Lists{variant: map[string]int{}, pairs: map[[2]string]float64{}}
	for gi, g := range variants {
		for _, t := range g {
			l.variant[pname.Fold(t)] = gi + 1
		}
	}
	for _, p := range pairs {
		a, b := pname.Fold(p.Name1), pname.Fold(p.Name2)
		if b < a {
			a, b = b, a
		}
		l.pairs[[2]string{a, b}] = p.Score
	}
	return l
}

// PairScore fixes the score of one pair of full names.
type PairScore struct {
	Name1, Name2 string
	Score        float64
}

// Matcher scores pairs of names under one set of Options.
type Matcher struct {
	opt   Options
	lists *Lists
}

// New returns a matcher; lists may be nil.
func New(opt Options, lists *Lists) *Matcher {
	if lists == nil {
		lists = &Lists{}
	}
	return &Matcher{opt: opt, lists: lists}
}

// Options returns the matcher's options.
func (m *Matcher) Options() Options { return m.opt }

// Evidence kinds of an aligned token pair.
const (
	KindExact       = "exact"
	KindFolded      = "folded"
	KindNickname    = "nickname"
	KindVariantList = "variantList"
	KindInitial     = "initial"
	KindInitials    = "initials"
	KindPhonetic    = "phonetic"
	KindEdit        = "editDistance"
	KindTranslit    = "transliteration"
	KindCompound    = "compound"
	KindAcronym     = "acronym"
	KindNone        = "none"
)

// Result is the outcome of one comparison.
type Result struct {
	Score   float64
	Explain *Explanation // nil unless asked for
}

// Explanation tells how a score came about.
type Explanation struct {
	Name1     []TokenInfo  `json:"name1Tokens"`
	Name2     []TokenInfo  `json:"name2Tokens"`
	Pairs     []PairInfo   `json:"alignment"`
	Unmatched []Unmatched  `json:"unmatched,omitempty"`
	Penalties []Adjustment `json:"penalties,omitempty"`
	Raw       float64      `json:"rawScore"`
	Final     float64      `json:"score"`
	Note      string       `json:"note,omitempty"`
}

// TokenInfo describes one prepared token.
type TokenInfo struct {
	Text     string   `json:"text"`
	Role     string   `json:"role"`
	Weight   float64  `json:"weight"`
	Variants []string `json:"latin,omitempty"`
}

// PairInfo is one aligned token pair.
type PairInfo struct {
	Token1 string  `json:"token1"`
	Token2 string  `json:"token2"`
	Kind   string  `json:"kind"`
	Score  float64 `json:"score"`
}

// Unmatched is a token left out of the alignment.
type Unmatched struct {
	Name      int     `json:"name"` // 1 or 2
	Token     string  `json:"token"`
	Treatment string  `json:"treatment"` // deletion or conflict
	Parameter string  `json:"parameter"`
	Credit    float64 `json:"credit"`
}

// Adjustment is a whole-name penalty or bias, named by its parameter.
type Adjustment struct {
	Parameter string  `json:"parameter"`
	Value     float64 `json:"value"`
}

var roleNames = map[pname.Role]string{pname.Unknown: "unknown", pname.Given: "given", pname.Family: "family", pname.Particle: "particle",
	pname.Initial: "initial", pname.LegalForm: "legalForm", pname.StopWord: "stopWord", pname.Word: "word", pname.Number: "number"}

// Compare scores two prepared names. explain asks for an Explanation. A name written in Han
// or Hangul without spaces is also compared unsplit, and the better reading counts.
func (m *Matcher) Compare(a, b *Prepared, explain bool) Result {
	best := m.compare(a, b, explain)
	if a.whole == nil && b.whole == nil {
		return best
	}
	for _, x := range []*Prepared{a, a.whole} {
		for _, y := range []*Prepared{b, b.whole} {
			if x == nil || y == nil || (x == a && y == b) {
				continue
			}
			if r := m.compare(x, y, explain); r.Score > best.Score {
				best = r
			}
		}
	}
	return best
}

// compare scores a against b in a canonical order, so that the score is exactly symmetric;
// the explanation still describes a as name 1 and b as name 2.
func (m *Matcher) compare(a, b *Prepared, explain bool) Result {
	if b.text < a.text {
		r := m.compareOrdered(b, a, explain)
		r.Explain.swap()
		return r
	}
	return m.compareOrdered(a, b, explain)
}

// swap exchanges the roles of the two names in e (nil: nothing).
func (e *Explanation) swap() {
	if e == nil {
		return
	}
	e.Name1, e.Name2 = e.Name2, e.Name1
	for i := range e.Pairs {
		e.Pairs[i].Token1, e.Pairs[i].Token2 = e.Pairs[i].Token2, e.Pairs[i].Token1
	}
	for i := range e.Unmatched {
		e.Unmatched[i].Name = 3 - e.Unmatched[i].Name
	}
}

// compareOrdered is compare for a pair in canonical order (a.text <= b.text).
func (m *Matcher) compareOrdered(a, b *Prepared, explain bool) Result {
	var ex *Explanation
	if explain {
		ex = &Explanation{Name1: m.tokenInfos(a), Name2: m.tokenInfos(b)}
	}
	if a.text == b.text {
		return m.done(1, 1, ex, "identical text")
	}
	if len(m.lists.pairs) > 0 {
		x, y := a.norm, b.norm
		if y < x {
			x, y = y, x
		}
		if s, ok := m.lists.pairs[[2]string{x, y}]; ok {
			return m.done(s, s, ex, "fixed by the universe's namePairs")
		}
	}
	ta, tb := m.mergeCompounds(a.tokens, b.tokens, a.latin != b.latin)
	tb, ta = m.mergeCompounds(tb, ta, a.latin != b.latin)
	cross := a.latin != b.latin
	na, nb := len(ta), len(tb)
	if na == 0 || nb == 0 {
		return m.done(0, 0, ex, "a name has no comparable token")
	}
	// Score matrix; small names (the usual case) use stack buffers.
	var wA, wB [64]float64
	var sStack [256]float64
	var kStack [256]uint8
	var rStack [256]float64
	sbuf, kbuf, flat := sStack[:], kStack[:], rStack[:]
	if na*nb > len(sStack) {
		sbuf, kbuf, flat = make([]float64, na*nb), make([]uint8, na*nb), make([]float64, na*nb)
	}
	// w(i, j) is the alignment weight of token pair (i, j).
	w := func(i, j int) float64 { return flat[i*nb+j] }
	for i := range ta {
		wA[i] = m.weight(&ta[i], a.parsed.EntityType)
	}
	for j := range tb {
		wB[j] = m.weight(&tb[j], b.parsed.EntityType)
	}
	for i := range ta {
		for j := range tb {
			s, k := m.tokenScore(&ta[i], &tb[j], cross)
			sbuf[i*nb+j], kbuf[i*nb+j] = s, kindIndex(k)
			flat[i*nb+j] = 0
			if s >= m.opt.TokenMatchMin && s > 0 {
				flat[i*nb+j] = s * (wA[i] + wB[j])
			}
		}
	}
	var aStack [16]int
	var assignment []int
	if na <= 4 && nb <= 4 {
		assignment = aStack[:na]
		bestAssignment(flat[:na*nb], nb, assignment)
	} else {
		// A heap copy keeps the stack buffers from escaping on the common path.
		heap := make([][]float64, na)
		for i := range heap {
			heap[i] = append([]float64(nil), flat[i*nb:(i+1)*nb]...)
		}
		assignment, _ = assign.MaxWeightPositive(heap)
	}
	var num, den float64
	for i := 0; i < na; i++ {
		den += wA[i]
	}
	for j := 0; j < nb; j++ {
		den += wB[j]
	}
	var matchedB [64]bool
	type mp struct{ i, j int }
	var pairs [64]mp
	np := 0
	for i, j := range assignment {
		if j < 0 || w(i, j) <= 0 {
			continue
		}
		matchedB[j] = true
		pairs[np] = mp{i, j}
		np++
		num += w(i, j)
		if ex != nil {
			ex.Pairs = append(ex.Pairs, PairInfo{ta[i].raw, tb[j].raw, kinds[kbuf[i*nb+j]], round(sbuf[i*nb+j])})
		}
	}
	crossings := 0
	for p := 0; p < np; p++ {
		for q := p + 1; q < np; q++ {
			da := ta[pairs[p].i].pos - ta[pairs[q].i].pos
			db := tb[pairs[p].j].pos - tb[pairs[q].j].pos
			if da*db < 0 {
				crossings++
			}
		}
	}
	// Unmatched tokens: pair them up as conflicts, heaviest first; the rest are deletions.
	var uA, uB [64]int
	nuA, nuB := 0, 0
	matchedA := [64]bool{}
	for i, j := range assignment {
		if j >= 0 && w(i, j) > 0 {
			matchedA[i] = true
		}
	}
	for i := 0; i < na; i++ {
		if !matchedA[i] {
			uA[nuA] = i
			nuA++
		}
	}
	for j := 0; j < nb; j++ {
		if !matchedB[j] {
			uB[nuB] = j
			nuB++
		}
	}
	sortByWeight(uA[:nuA], wA[:])
	sortByWeight(uB[:nuB], wB[:])
	nc := 0
	for nc < nuA && nc < nuB {
		i, j := uA[nc], uB[nc]
		credit, param := m.opt.ConflictScore, "conflictScore"
		if ta[i].role == pname.LegalForm && tb[j].role == pname.LegalForm {
			credit, param = m.opt.LegalFormConflict, "legalFormConflictScore"
		} else if ta[i].role == pname.LegalForm || tb[j].role == pname.LegalForm || ta[i].role == pname.StopWord || tb[j].role == pname.StopWord {
			break // a legal form or stop word against a word is two deletions, not a conflict
		}
		num += credit * (wA[i] + wB[j])
		if ex != nil {
			ex.Unmatched = append(ex.Unmatched, Unmatched{1, ta[i].raw, "conflict", param, credit}, Unmatched{2, tb[j].raw, "conflict", param, credit})
		}
		nc++
	}
	for _, side := range []struct {
		toks []token
		idx  []int
		w    []float64
		n    int
	}{{ta, uA[nc:nuA], wA[:], 1}, {tb, uB[nc:nuB], wB[:], 2}} {
		for _, i := range side.idx {
			credit, param := m.deletionCredit(&side.toks[i], crossings > 0)
			num += credit * side.w[i]
			if ex != nil {
				ex.Unmatched = append(ex.Unmatched, Unmatched{side.n, side.toks[i].raw, "deletion", param, credit})
			}
		}
	}
	raw := 0.0
	if den > 0 {
		raw = num / den
	}
	// Organization acronyms.
	if a.parsed.EntityType == pname.Organization || b.parsed.EntityType == pname.Organization {
		if s := m.acronym(a, b); s > raw {
			raw = s
			if ex != nil {
				ex.Note = "acronym match"
			}
		}
	}
	score := raw
	pen := func(param string, v float64) {
		if v == 0 {
			return
		}
		score -= v
		if ex != nil {
			ex.Penalties = append(ex.Penalties, Adjustment{param, v})
		}
	}
	pen("reorderPenalty", m.opt.ReorderPenalty*float64(crossings))
	if a.gender != 0 && b.gender != 0 && a.gender != b.gender {
		pen("genderConflictPenalty", m.opt.GenderConflict)
	}
	if a.titleSex != 0 && b.titleSex != 0 && a.titleSex != b.titleSex {
		pen("titleConflictPenalty", m.opt.TitleConflict)
	}
	switch {
	case a.suffix != "" && b.suffix != "" && a.suffix != b.suffix:
		pen("suffixConflictPenalty", m.opt.SuffixConflict)
	case (a.suffix == "") != (b.suffix == ""):
		pen("suffixMissingPenalty", m.opt.SuffixMissing)
	}
	if len(a.numbers) > 0 && len(b.numbers) > 0 && strings.Join(a.numbers, " ") != strings.Join(b.numbers, " ") {
		pen("numberMismatchPenalty", m.opt.NumberMismatch)
	}
	if a.parsed.EntityType == pname.Person && b.parsed.EntityType == pname.Person && (contentCount(ta) == 1) != (contentCount(tb) == 1) {
		pen("singleTokenPenalty", m.opt.IncompletePenalty)
	}
	if cross {
		pen("crossScriptPenalty", m.opt.CrossScriptPenalty)
	}
	if m.opt.FinalBias != 0 {
		score += m.opt.FinalBias
		if ex != nil {
			ex.Penalties = append(ex.Penalties, Adjustment{"finalBias", -m.opt.FinalBias})
		}
	}
	score = math.Max(0, score)
	if m.opt.ScoreExponent != 1 {
		score = math.Pow(score, m.opt.ScoreExponent)
	}
	score = math.Min(score, m.opt.NonIdenticalMax)
	return m.done(raw, score, ex, "")
}

func (m *Matcher) done(raw, score float64, ex *Explanation, note string) Result {
	if ex != nil {
		ex.Raw, ex.Final = round(raw), round(score)
		if note != "" {
			ex.Note = note
		}
	}
	return Result{Score: score, Explain: ex}
}

func round(x float64) float64 { return math.Round(x*1e4) / 1e4 }

func contentCount(ts []token) int {
	n := 0
	for i := range ts {
		switch ts[i].role {
		case pname.LegalForm, pname.StopWord, pname.Particle:
		default:
			n++
		}
	}
	return n
}

func sortByWeight(idx []int, w []float64) {
	for i := 1; i < len(idx); i++ {
		for j := i; j > 0 && w[idx[j]] > w[idx[j-1]]; j-- {
			idx[j], idx[j-1] = idx[j-1], idx[j]
		}
	}
}

// weight is a token's weight in the score: by role and, for people, by rarity.
func (m *Matcher) weight(t *token, entityType string) float64 {
	o := &m.opt
	var w float64
	switch t.role {
	case pname.Given:
		w = o.GivenWeight
	case pname.Family:
		w = o.FamilyWeight
	case pname.Initial:
		return o.InitialWeight
	case pname.Particle:
		return o.ParticleWeight
	case pname.LegalForm:
		return o.LegalFormWeight
	case pname.StopWord:
		return o.StopWordWeight
	case pname.Number:
		return o.NumberWeight
	default:
		w = o.UnknownWeight
	}
	if entityType == pname.Person {
		w *= o.RareWeight - (o.RareWeight-o.CommonWeight)*t.freq
	}
	return w
}

func (m *Matcher) deletionCredit(t *token, outOfOrder bool) (float64, string) {
	switch t.role {
	case pname.Initial:
		return m.opt.InitialDeletionScore, "initialDeletionScore"
	case pname.Family:
		return m.opt.FamilyDeletionScore, "familyNameDeletionScore"
	case pname.LegalForm:
		return m.opt.LegalFormDeletion, "legalFormDeletionScore"
	case pname.StopWord:
		return m.opt.StopWordDeletion, "stopWordDeletionScore"
	}
	if outOfOrder {
		return m.opt.OutOfOrderDeletion, "outOfOrderDeletionScore"
	}
	return m.opt.DeletionScore, "deletionScore"
}

func isInitial(t *token) bool {
	return t.role == pname.Initial || (t.latin && len(t.fold) == 1)
}

// tokenScore returns the score of the strongest evidence that a and b are the same token.
func (m *Matcher) tokenScore(a, b *token, cross bool) (float64, string) {
	o := &m.opt
	// Legal forms, stop words and numbers only match their own kind, exactly.
	special := func(r pname.Role) bool { return r == pname.LegalForm || r == pname.StopWord || r == pname.Number }
	if special(a.role) || special(b.role) {
		if a.role == b.role && a.fold == b.fold {
			return o.ExactScore, KindExact
		}
		return 0, KindNone
	}
	if isInitial(a) || isInitial(b) {
		switch {
		case isInitial(a) && isInitial(b) && a.first == b.first:
			return o.InitialInitial, KindInitials
		case a.first == b.first && a.first != 0:
			return o.InitialsScore, KindInitial
		}
		return o.InitialsConflict, KindInitial
	}
	if a.norm == b.norm {
		return o.ExactScore, KindExact
	}
	if a.fold == b.fold && a.latin && b.latin {
		return o.FoldedScore, KindFolded
	}
	best, kind := 0.0, KindNone
	if a.latin && b.latin {
		if id := m.lists.variant[a.fold]; id != 0 && id == m.lists.variant[b.fold] {
			best, kind = o.VariantListScore, KindVariantList
		}
		if o.NicknameScore > best && pname.AreNicknames(a.fold, b.fold) {
			best, kind = o.NicknameScore, KindNickname
		}
	}
	// String evidence over the Latin variants.
	for _, va := range a.variants {
		for _, vb := range b.variants {
			sim := m.stringSim(va.text, vb.text)
			if va.text == vb.text {
				sim = 1
			}
			var s float64
			k := KindEdit
			minSim := o.EditMinSim
			if !a.latin || !b.latin {
				minSim = o.CrossEditMinSim
			}
			if sim >= 1 {
				s = o.ExactScore
				k = KindExact
			} else if sim > minSim {
				s = o.EditMaxScore * (sim - minSim) / (1 - minSim)
			}
			if sim >= o.PhoneticMinSim && sim < 1 && phoneticEqual(a, b, va.text, vb.text) && o.PhoneticScore > s {
				s, k = o.PhoneticScore, KindPhonetic
			}
			if !a.latin || !b.latin {
				if cross {
					s = math.Pow(s, o.CrossScriptExp)
				}
				s *= o.TranslitScale * math.Pow(va.w*vb.w, o.TranslitWeightExp)
				k = KindTranslit
			}
			if s > best {
				best, kind = s, k
			}
		}
	}
	// A Latin token against a Han token: the learned model scores the spelling itself.
	if cross && a.latin != b.latin && best < o.TranslitScale {
		l, n := a, b
		if n.latin {
			l, n = b, a
		}
		if n.fit && o.EditMaxScore > 0 && o.TranslitScale > 0 {
			if d, ok := translit.FitFrom(n.norm, fitModel, l.fold, float64(n.fitRef), fitFloor(best, o)); ok {
				if s := fitScore(d, o); s > best {
					best, kind = s, KindTranslit
				}
			}
		}
	}
	// A Latin token against a Hangul, kana or Han token: the spelling against every
	// combination of the units' rule renderings.
	if cross && a.latin != b.latin {
		l, n := a, b
		if n.latin {
			l, n = b, a
		}
		for _, lt := range n.lattices.all() {
			if s := m.latticeScore(lt.Similarity(l.fold)); s > best {
				best, kind = s, KindTranslit
			}
		}
	}
	// Two Han or Hangul tokens compared natively: blend in the character overlap.
	if a.cjk && b.cjk {
		d := dice(a.norm, b.norm)
		blend := o.CJKCharacterSimWeight*d + (1-o.CJKCharacterSimWeight)*best
		best, kind = blend, KindEdit
	}
	return best, kind
}

// latticeScore turns a translit.Lattice similarity into a token score, as string evidence
// between a Latin token and a transliteration variant is scored.
func (m *Matcher) latticeScore(sim float64) float64 {
	o := &m.opt
	var s float64
	switch {
	case sim >= 1:
		s = o.ExactScore
	case sim > o.CrossEditMinSim:
		s = o.EditMaxScore * (sim - o.CrossEditMinSim) / (1 - o.CrossEditMinSim)
	default:
		return 0
	}
	return math.Pow(s, o.CrossScriptExp) * o.TranslitScale
}

// fitScale maps the per-letter log-probability loss of a spelling under the learned model
// (translit.FitFrom, ≤ 0) to a similarity, 1 + d/fitScale, compared like a string
// similarity (chosen on the Chinese dev pairs: dev AUC 0.963 at 4.8, 0.958 at 4 and 0.960
// at 5.6; a per-character loss gave 0.957 at its best scale).
const fitScale = 4.8

// fitScore turns a FitFrom result into a token score on the scale of transliterated string
// evidence.
func fitScore(d float64, o *Options) float64 {
	sim := 1 + d/fitScale
	if sim <= o.CrossEditMinSim {
		return 0
	}
	s := o.EditMaxScore * (sim - o.CrossEditMinSim) / (1 - o.CrossEditMinSim)
	return math.Pow(s, o.CrossScriptExp) * o.TranslitScale
}

// fitFloor is the least Fit loss whose fitScore exceeds best: the inverse of fitScore (without
// its clamp), so that translit.FitFrom can give up early on unrelated tokens.
func fitFloor(best float64, o *Options) float64 {
	x := math.Pow(math.Max(best, 0)/o.TranslitScale, 1/o.CrossScriptExp) / o.EditMaxScore
	sim := o.CrossEditMinSim + (1-o.CrossEditMinSim)*x
	return (sim - 1) * fitScale
}

func phoneticEqual(a, b *token, va, vb string) bool {
	// Keys are those of the first variants; other variants are not keyed.
	if va != a.variants[0].text || vb != b.variants[0].text {
		return false
	}
	a1, a2 := a.dmKeys()
	b1, b2 := b.dmKeys()
	if a1 == "" || b1 == "" {
		return false
	}
	return a1 == b1 || a1 == b2 || (a2 != "" && (a2 == b1 || a2 == b2))
}

func (m *Matcher) stringSim(a, b string) float64 {
	lw := m.opt.LevenshteinWeight
	s := (1 - lw) * strsim.JaroWinkler(a, b)
	// The edit part is at most lw: skip it when even a perfect one could not lift the
	// similarity to any level that scores (the common case of two unrelated tokens).
	floor := min(m.opt.EditMinSim, m.opt.CrossEditMinSim, m.opt.PhoneticMinSim)
	if lw > 0 && s+lw > floor {
		s += lw * osaSim(a, b)
	}
	return s
}

// dice is the Dice coefficient of the rune sets of two short strings.
func dice(a, b string) float64 {
	na, nb := utf8.RuneCountInString(a), utf8.RuneCountInString(b)
	if na == 0 || nb == 0 {
		return 0
	}
	common := 0
	for _, r := range a {
		if strings.ContainsRune(b, r) {
			common++
		}
	}
	return 2 * float64(common) / float64(na+nb)
}

// mergeCompounds joins adjacent tokens of x when written together they match a token of y
// better than either does alone (Abdul Rahman/Abdulrahman, Tse Tung/Zedong).
func (m *Matcher) mergeCompounds(x, y []token, cross bool) ([]token, []token) {
	if len(x) < 2 || len(y) == 0 || m.opt.CompoundScore == 0 {
		return x, y
	}
	var out []token
	for i := 0; i < len(x); i++ {
		if i+1 < len(x) && mergeable(&x[i]) && mergeable(&x[i+1]) {
			if t, ok := m.tryMerge(&x[i], &x[i+1], y, cross); ok {
				if out == nil {
					out = append(make([]token, 0, len(x)), x[:i]...)
				}
				out = append(out, t)
				i++
				continue
			}
		}
		if out != nil {
			out = append(out, x[i])
		}
	}
	if out == nil {
		return x, y
	}
	return out, y
}

func mergeable(t *token) bool {
	switch t.role {
	case pname.LegalForm, pname.StopWord, pname.Number, pname.Initial:
		return false
	}
	return len(t.variants) > 0 && len(t.variants[0].text) > 1
}

func (m *Matcher) tryMerge(p, q *token, y []token, cross bool) (token, bool) {
	lp, lq := len(p.variants[0].text), len(q.variants[0].text)
	var joined token
	built := false
	for j := range y {
		if !lengthFits(&y[j], lp+lq) {
			continue
		}
		if !built {
			joined = token{
				raw: p.raw + " " + q.raw, norm: p.norm + q.norm, fold: p.fold + q.fold, role: p.role,
				pos: p.pos, latin: p.latin && q.latin, variants: []variant{{p.variants[0].text + q.variants[0].text, p.variants[0].w * q.variants[0].w}},
			}
			if len(p.variants) > 1 && len(q.variants) > 1 {
				joined.variants = append(joined.variants, variant{p.variants[1].text + q.variants[1].text, p.variants[1].w * q.variants[1].w})
			}
			joined.first = joined.variants[0].text[0]
			built = true
		}
		raw, _ := m.tokenScore(&joined, &y[j], cross)
		sj := raw * m.opt.CompoundScore
		sp, _ := m.tokenScore(p, &y[j], cross)
		sq, _ := m.tokenScore(q, &y[j], cross)
		// Across scripts a part alone may score as well as the whole (ho for 강호: the learned
		// models also render a syllable as nothing); the joined tokens then explain both parts.
		better := sj > math.Max(sp, sq)+0.05 || (joined.latin && !y[j].latin && raw >= math.Max(sp, sq))
		if sj >= m.opt.TokenMatchMin && better {
			joined.freq = math.Min(p.freq, q.freq)
			return joined, true
		}
	}
	return token{}, false
}

// lengthFits reports whether a variant of y, or a rendering of one of its lattices, is about
// as long as n letters (two joined tokens).
func lengthFits(y *token, n int) bool {
	for _, l := range y.lattices.all() {
		if lo, hi := l.LengthRange(); lo <= n+3 && hi+2 >= n {
			return true
		}
	}
	for _, v := range y.variants {
		if l := len(v.text); l+2 >= n && l <= n+3 {
			return true
		}
	}
	return false
}

// acronym scores an organization written as an acronym against the other's full name.
func (m *Matcher) acronym(a, b *Prepared) float64 {
	one := func(x, y *Prepared) bool {
		c := 0
		var word string
		for i := range x.tokens {
			if r := x.tokens[i].role; r == pname.Word || r == pname.Unknown {
				c++
				word = x.tokens[i].fold
			}
		}
		return c == 1 && len(word) >= 2 && slices.Contains(y.acronyms, word)
	}
	if one(a, b) || one(b, a) {
		return m.opt.AcronymScore
	}
	return 0
}

func (m *Matcher) tokenInfos(p *Prepared) []TokenInfo {
	out := make([]TokenInfo, len(p.tokens))
	for i := range p.tokens {
		t := &p.tokens[i]
		ti := TokenInfo{Text: t.raw, Role: roleNames[t.role], Weight: round(m.weight(t, p.parsed.EntityType))}
		if !t.latin {
			for _, v := range t.variants {
				ti.Variants = append(ti.Variants, v.text)
			}
		}
		out[i] = ti
	}
	return out
}

var kinds = []string{KindNone, KindExact, KindFolded, KindNickname, KindVariantList, KindInitial, KindInitials, KindPhonetic, KindEdit, KindTranslit, KindCompound, KindAcronym}

func kindIndex(k string) uint8 {
	for i, x := range kinds {
		if x == k {
			return uint8(i)
		}
	}
	return 0
}

// bestAssignment finds the maximum-weight partial matching of a small matrix (at most 4×4)
// exhaustively, without allocating; out receives the column of each row or -1. Ties keep the
// first assignment found, scanning columns in order, so the result is deterministic.
func bestAssignment(w []float64, cols int, out []int) {
	var st assignState
	st.w, st.cols, st.out, st.best = w, cols, out, -1
	for i := range out {
		out[i] = -1
	}
	st.rec(0, 0, 0)
}

type assignState struct {
	w    []float64 // rows × cols, row-major
	cols int
	out  []int
	cur  [4]int
	best float64
}

func (st *assignState) rec(i int, used uint8, total float64) {
	n := len(st.out)
	if i == n {
		if total > st.best+1e-12 {
			st.best = total
			copy(st.out, st.cur[:n])
		}
		return
	}
	st.cur[i] = -1
	st.rec(i+1, used, total)
	for j, v := range st.w[i*st.cols : (i+1)*st.cols] {
		if v > 0 && used&(1<<j) == 0 {
			st.cur[i] = j
			st.rec(i+1, used|1<<j, total+v)
		}
	}
}

// osaSim is 1 minus the optimal-string-alignment distance (a transposition costs one edit) over
// the longer length in runes.
func osaSim(a, b string) float64 {
	n := max(utf8.RuneCountInString(a), utf8.RuneCountInString(b))
	if n == 0 {
		return 1
	}
	return 1 - float64(strsim.DamerauOSA(a, b))/float64(n)
}
