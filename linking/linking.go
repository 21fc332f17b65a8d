package linking

import (
	"math"
	"slices"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/nomenhq/nomen/kb"
)

// Mention is a span of the document to link.
type Mention struct {
	// Text is the surface form.
	Text string `json:"text"`
	// Type is the coarse type from the extractor: PER, ORG, LOC, PROD, or ""
	// when unknown.
	Type string `json:"type,omitempty"`
	// Start and End are byte offsets of the mention in the document; both
	// zero when unknown (the first occurrence of Text is then used).
	Start int `json:"start"`
	End   int `json:"end"`
}

// Link is the result for one mention.
type Link struct {
	// Mention is the index of the mention in the input.
	Mention int `json:"mention"`
	// EntityID is the KB id, or "" when the mention is not linked.
	EntityID string `json:"entityId,omitempty"`
	// Confidence is the linkingConfidence in [0,1] of EntityID (of the best
	// candidate also when it fell under the threshold).
	Confidence float64 `json:"linkingConfidence"`
	// Candidates is the number of candidates considered.
	Candidates int `json:"candidates"`
}

// Options configures a Linker. The zero value means the defaults.
type Options struct {
	// Threshold is the confidence under which a mention is not linked;
	// default 0.25.
	Threshold float64
	// MaxCandidates bounds the candidates per mention; default 24.
	MaxCandidates int
	// Window is the number of words each side of the mention used as its
	// context; default 40.
	Window int
	// ExactFirst skips the fuzzy index search for a mention that is exactly a name of
	// some entity (the fuzzy search costs most of the linking time); entity extraction
	// sets it, the gold-mention evaluation does not.
	ExactFirst bool
	// ExactOnly never searches the fuzzy index: a mention that is no exact name of an entity
	// stays unlinked (entity extraction sets it: its fuzzy links were almost all wrong).
	ExactOnly bool
	// Weights of the features; zero means the default.
	WPrior, WPopularity, WType, WContext, WCoherence, WExact float64
	// Alternatives, when set, gives other spellings of a mention that is no name of an
	// entity of a compatible type, with their probabilities (entity extraction: the English romanizations of a
	// person's name written in another script, "Владимир Путин" → Vladimir Putin). Their
	// exact names are the mention's candidates, each prior scaled by its spelling's
	// probability and its name similarity by 0.9.
	Alternatives func(text, typ string) []Alternative
	// Variants, when set, gives other forms of a mention's text that may repeat a longer
	// mention of the document (entity extraction: a Russian name in the nominative,
	// "Путиным" → Путин, the last word of "Владимир Путин"); see repeatLonger.
	Variants func(text, typ string) []string
}

// Alternative is another spelling of a mention and its probability.
type Alternative struct {
	Text        string
	Probability float64
}

func (o *Options) defaults() {
	if o.Threshold == 0 {
		o.Threshold = 0.25
	}
	if o.MaxCandidates == 0 {
		o.MaxCandidates = 24
	}
	if o.Window == 0 {
		o.Window = 40
	}
	def := func(p *float64, v float64) {
		if *p == 0 {
			*p = v
		}
	}
	// Defaults chosen by TuneWeights on the Wiki-Fair v1 development file
	// (named mentions); the v2 test file stays held out.
	def(&o.WPrior, 1.0)
	def(&o.WPopularity, 2.0)
	def(&o.WType, 3.0)
	def(&o.WContext, 2.0)
	def(&o.WCoherence, 0.25)
	def(&o.WExact, 0.25)
}

// Linker links mentions against one KB.
type Linker struct {
	kb   *kb.KB
	opts Options
}

// New returns a Linker over k.
func New(k *kb.KB, opts Options) *Linker {
	opts.defaults()
	return &Linker{kb: k, opts: opts}
}

type cand struct {
	e          *kb.Entity
	prior, sim float64
	exact      bool
	feat       [6]float64
	score      float64
}

// Link links each mention of doc; see the package doc for the method.
func (l *Linker) Link(doc string, mentions []Mention) []Link {
	return l.decide(mentions, l.prepare(doc, mentions))
}

// prepare gathers the candidates of every mention with the features that
// do not depend on the other mentions' decisions.
func (l *Linker) prepare(doc string, mentions []Mention) [][]cand {
	cands := make([][]cand, len(mentions))
	docWords := wordSet(doc)
	for i, m := range mentions {
		cands[i] = l.candidates(m)
	}
	l.repeatLonger(mentions, cands)
	dw := docWordList(doc)
	for i, m := range mentions {
		ctx := l.context(doc, dw, m)
		own := wordSet(m.Text)
		for j := range cands[i] {
			c := &cands[i][j]
			c.feat[0] = c.prior
			c.feat[1] = c.e.Popularity
			c.feat[2] = typeAgreement(m.Type, c.e.Type)
			c.feat[3] = contextSim(ctx, docWords, own, c.e, l.countryLabel(c.e))
			if c.exact {
				c.feat[5] = 1
			}
		}
	}
	return cands
}

// decide adds coherence with the other mentions' best candidates (after a
// first scoring pass), scores, and picks.
func (l *Linker) decide(mentions []Mention, cands [][]cand) []Link {
	out := make([]Link, len(mentions))
	best := make([][]*kb.Entity, len(mentions))
	for i := range cands {
		out[i].Mention = i
		out[i].Candidates = len(cands[i])
		l.score(cands[i])
		for j := 0; j < len(cands[i]) && j < 3; j++ {
			best[i] = append(best[i], cands[i][j].e)
		}
	}
	bc := newBestCounts(best)
	for i := range cands {
		var self *kb.Entity
		if len(best[i]) > 0 {
			self = best[i][0]
		}
		for j := range cands[i] {
			cands[i][j].feat[4] = bc.coherence(cands[i][j].e, self)
		}
		l.score(cands[i])
		if len(cands[i]) == 0 {
			continue
		}
		conf := confidence(cands[i])
		out[i].Confidence = round3(conf)
		if conf >= l.opts.Threshold {
			out[i].EntityID = cands[i][0].e.ID
		}
	}
	return out
}

func (l *Linker) candidates(m Mention) []cand {
	text := strings.TrimSpace(m.Text)
	low := strings.ToLower(text)
	for _, p := range []string{"the ", "a "} {
		if strings.HasPrefix(low, p) && len(text) > len(p)+2 {
			text = text[len(p):]
			break
		}
	}
	text = strings.TrimSuffix(strings.TrimSuffix(text, "'s"), "’s")
	if text == "" {
		return nil
	}
	var out []cand
	add := func(cs []kb.Candidate) {
		for _, c := range cs {
			if !typeVeto(m.Type, c.Entity.Type) {
				out = append(out, cand{e: c.Entity, prior: c.Prior, sim: c.Similarity, exact: c.Exact})
			}
		}
	}
	cs := []kb.Candidate(nil)
	if l.opts.ExactFirst || l.opts.ExactOnly {
		cs = l.kb.ExactCandidates(text, "", l.opts.MaxCandidates)
	}
	if len(cs) == 0 && !l.opts.ExactOnly {
		cs = l.kb.Candidates(text, "", l.opts.MaxCandidates)
	}
	// Exact names of an incompatible type only do not send the mention to the fuzzy index:
	// on Wiki-Fair v1 that added wrong links (precision 0.537 → 0.522, no more correct ones).
	add(cs)
	if len(out) == 0 && l.opts.Alternatives != nil { // no name, or names of a vetoed type only
		seen := map[string]bool{}
		for _, a := range l.opts.Alternatives(text, m.Type) {
			for _, c := range l.kb.ExactCandidates(a.Text, "", l.opts.MaxCandidates) {
				if seen[c.Entity.ID] || typeVeto(m.Type, c.Entity.Type) {
					continue
				}
				seen[c.Entity.ID] = true
				// The spelling is not the text: its name similarity is lowered as for a longer
				// name's repetition (repeatLonger), and its probability scales the prior.
				out = append(out, cand{e: c.Entity, prior: c.Prior * a.Probability, sim: 0.9 * c.Similarity, exact: c.Exact})
			}
		}
	}
	return out
}

// typeVeto reports whether an entity of type et can never be the referent of a mention the
// extractor typed mt: a person mention and a non-person entity, or the other way round
// ("Obama" the man is no Japanese city that has Obama among its aliases). Other
// disagreements (LOC/ORG metonymy, ORG/PROD) only lower the score (typeAgreement).
func typeVeto(mt, et string) bool {
	known := func(t string) bool { return t == "PER" || t == "LOC" || t == "ORG" || t == "PROD" }
	return known(mt) && known(et) && (mt == "PER") != (et == "PER")
}

// repeatLonger gives a short mention ("Obama") the candidates of a longer
// mention of the document that contains it as whole words ("Barack Obama"),
// as writers name an entity in full first and shortly after.
func (l *Linker) repeatLonger(ms []Mention, cands [][]cand) {
	// Mentions with the same text and type have the same candidates: work on the distinct
	// ones (a long document repeats a few names many times), each taking the candidates the
	// longer ones had before this step.
	type key struct{ text, typ string }
	var keys []key
	first := map[key]int{}     // key → first mention
	members := map[key][]int{} // key → its mentions
	for i, m := range ms {
		k := key{m.Text, m.Type}
		if _, ok := first[k]; !ok {
			first[k] = i
			keys = append(keys, k)
		}
		members[k] = append(members[k], i)
	}
	norm := make([]string, len(keys))
	orig := make([][]cand, len(keys))
	forms := make([][]string, len(keys)) // norm and the normalized Variants
	for a, k := range keys {
		norm[a] = " " + kb.Normalize(k.text) + " "
		orig[a] = slices.Clone(cands[first[k]])
		forms[a] = []string{norm[a]}
		if l.opts.Variants != nil {
			for _, v := range l.opts.Variants(k.text, k.typ) {
				if f := " " + kb.Normalize(v) + " "; f != norm[a] {
					forms[a] = append(forms[a], f)
				}
			}
		}
	}
	repeats := func(a, b int) bool {
		for _, f := range forms[a] {
			if len(norm[b]) > len(f) && strings.Contains(norm[b], f) {
				return true
			}
		}
		return false
	}
	for a, ka := range keys {
		if len(strings.TrimSpace(norm[a])) < 3 {
			continue
		}
		for b := range keys {
			if a == b || len(norm[b]) <= len(norm[a]) && len(forms[a]) == 1 || !repeats(a, b) || len(orig[b]) == 0 {
				continue
			}
			// The longer mention's best exact candidates join this mention's
			// candidates with a strong prior.
			for x := 0; x < len(orig[b]) && x < 2; x++ {
				c := orig[b][x]
				if !c.exact {
					continue
				}
				for _, i := range members[ka] {
					found := false
					for y := range cands[i] {
						if cands[i][y].e == c.e {
							cands[i][y].prior = math.Max(cands[i][y].prior, 0.9*c.prior)
							cands[i][y].sim = math.Max(cands[i][y].sim, 0.95)
							cands[i][y].exact = true
							found = true
						}
					}
					if !found {
						cands[i] = append(cands[i], cand{e: c.e, prior: 0.9 * c.prior, sim: 0.95, exact: true})
					}
				}
			}
		}
	}
}

func (l *Linker) score(cs []cand) {
	o := l.opts
	for i := range cs {
		c := &cs[i]
		f := c.feat
		c.score = (o.WPrior*f[0] + o.WPopularity*f[1] + o.WType*f[2] + o.WContext*f[3] + o.WCoherence*f[4] + o.WExact*f[5]) * c.sim * c.sim
	}
	sort.SliceStable(cs, func(a, b int) bool {
		if cs[a].score != cs[b].score {
			return cs[a].score > cs[b].score
		}
		return cs[a].e.ID < cs[b].e.ID
	})
}

// confidence is the softmax share of the best candidate, scaled by its name
// similarity.
func confidence(cs []cand) float64 {
	if len(cs) == 0 {
		return 0
	}
	const temp = 0.35
	top := cs[0].score
	sum := 0.0
	for _, c := range cs {
		sum += math.Exp((c.score - top) / temp)
	}
	p := 1 / sum
	// A lone candidate with weak evidence should not be certain.
	abs := 1 - math.Exp(-top/1.2)
	return clamp01(p * (0.4 + 0.6*abs) * cs[0].sim)
}

func typeAgreement(mt, et string) float64 {
	switch {
	case mt == "":
		return 0.5
	case mt == et:
		return 1
	case mt == "ORG" && et == "PROD", mt == "PROD" && et == "ORG":
		return 0.6
	case mt == "LOC" && et == "ORG", mt == "ORG" && et == "LOC":
		return 0.3
	}
	return 0
}

// context returns the normalized words around the mention: up to Window words each side
// that are not words of the mention itself. dw is docWordList(doc), computed once per
// document, so that a long document's context costs the window, not the document.
func (l *Linker) context(doc string, dw []docWord, m Mention) []string {
	start, end := m.Start, m.End
	if end <= start || end > len(doc) || start < 0 {
		start = strings.Index(doc, m.Text)
		if start < 0 {
			start, end = 0, 0
		} else {
			end = start + len(m.Text)
		}
	}
	own := wordSet(m.Text)
	// Words wholly before the mention, and from its end on.
	i := sort.Search(len(dw), func(i int) bool { return dw[i].end > start })
	j := sort.Search(len(dw), func(j int) bool { return dw[j].start >= end })
	var before []string
	for k := i - 1; k >= 0 && len(before) < l.opts.Window; k-- {
		if !own[dw[k].w] {
			before = append(before, dw[k].w)
		}
	}
	slices.Reverse(before)
	out := before
	n := 0
	for k := j; k < len(dw) && n < l.opts.Window; k++ {
		if !own[dw[k].w] {
			out = append(out, dw[k].w)
			n++
		}
	}
	return out
}

// docWord is a normalized word of a document (as words keeps them) with its byte span.
type docWord struct {
	w          string
	start, end int
}

// docWordList returns the words of doc that words would return, with their byte spans.
func docWordList(doc string) []docWord {
	var out []docWord
	eachWord(doc, func(w string, start, end int) { out = append(out, docWord{w, start, end}) })
	return out
}

// words returns the normalized words of s that carry meaning: runs of letters and digits,
// normalized, of three or more characters, not stop words.
func words(s string) []string {
	var out []string
	eachWord(s, func(w string, _, _ int) { out = append(out, w) })
	return out
}

// eachWord calls fn with each word words keeps and its byte span in s.
func eachWord(s string, fn func(w string, start, end int)) {
	start := -1
	flush := func(end int) {
		if start < 0 {
			return
		}
		if w := kb.Normalize(s[start:end]); utf8.RuneCountInString(w) >= 3 && !stop[w] {
			fn(w, start, end)
		}
		start = -1
	}
	for i, r := range s {
		if unicode.IsLetter(r) || unicode.IsNumber(r) {
			if start < 0 {
				start = i
			}
			continue
		}
		flush(i)
	}
	flush(len(s))
}

func wordSet(s string) map[string]bool {
	m := map[string]bool{}
	for _, w := range words(s) {
		m[w] = true
	}
	return m
}

// contextSim is the share of the entity's descriptive words (description,
// country name) found near the mention (full weight) or elsewhere in the
// document (half weight).
func contextSim(ctx []string, docWords, own map[string]bool, e *kb.Entity, country string) float64 {
	bag := map[string]bool{}
	for _, w := range words(e.Description + " " + country) {
		if !own[w] {
			bag[w] = true
		}
	}
	if len(bag) == 0 {
		return 0
	}
	near := map[string]bool{}
	for _, w := range ctx {
		near[w] = true
	}
	hit := 0.0
	for w := range bag {
		switch {
		case near[w]:
			hit++
		case docWords[w]:
			hit += 0.5
		}
	}
	return clamp01(hit / math.Sqrt(float64(len(bag))) / 1.5)
}

// countryLabel returns the English name of e's country, or "" for a country
// itself or an entity without one.
func (l *Linker) countryLabel(e *kb.Entity) string {
	q := kb.CountryQID(e.Country)
	if q == "" || q == e.ID {
		return ""
	}
	if ce, ok := l.kb.Entity(q); ok {
		return ce.Label("en")
	}
	return ""
}

// coherence measures how well e fits the best candidates of the other
// mentions: the same entity, the same country, or one being the other's
// country.
func (bc bestCounts) coherence(e *kb.Entity, self *kb.Entity) float64 {
	n := bc.total
	if self != nil {
		n-- // the mention itself
	}
	if n <= 0 {
		return 0
	}
	hit := 0.0
	eCountry := kb.CountryQID(e.Country)
	for k, b := range bc.ents {
		c := bc.counts[k]
		if b == self {
			c--
		}
		if c == 0 {
			continue
		}
		switch {
		case b.ID == e.ID:
			hit += float64(c)
		case eCountry != "" && b.ID == eCountry:
			hit += float64(c)
		case bc.countryQID[k] == e.ID:
			hit += 0.8 * float64(c)
		case b.Country != "" && b.Country == e.Country:
			hit += 0.5 * float64(c)
		}
	}
	return clamp01(hit / math.Sqrt(float64(n)) / 2)
}

// bestCounts holds the distinct best candidates of a document's mentions and how many
// mentions have each, so that coherence costs the distinct entities, not the mentions.
type bestCounts struct {
	ents       []*kb.Entity
	counts     []int
	countryQID []string // kb.CountryQID of each entity's country ("" when none)
	total      int      // mentions with a best candidate
}

func newBestCounts(best [][]*kb.Entity) bestCounts {
	var bc bestCounts
	index := map[*kb.Entity]int{}
	for _, bs := range best {
		if len(bs) == 0 {
			continue
		}
		bc.total++
		b := bs[0]
		k, ok := index[b]
		if !ok {
			k = len(bc.ents)
			index[b] = k
			bc.ents = append(bc.ents, b)
			bc.counts = append(bc.counts, 0)
			q := ""
			if b.Country != "" {
				q = kb.CountryQID(b.Country)
			}
			bc.countryQID = append(bc.countryQID, q)
		}
		bc.counts[k]++
	}
	return bc
}

func clamp01(x float64) float64 {
	if x < 0 || x != x {
		return 0
	}
	if x > 1 {
		return 1
	}
	return x
}

func round3(x float64) float64 { return math.Round(x*1000) / 1000 }

var stop = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`the and for with from that this was were are has have had his her its their they them
	who whom which what when where after before into onto over under about also than then there these those been being
	not but all any can may one two three first second new other more most such only some many much very out off
	del des der die das und von los las les une dans pour sur par avec est ist ein eine`) {
		m[w] = true
	}
	return m
}()
