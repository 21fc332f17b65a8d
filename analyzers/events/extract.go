package events

import (
	"fmt"
	"math"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/nomenhq/nomen/analyzers/morph"
	"github.com/nomenhq/nomen/analyzers/tokenize"
)

// Entity is an entity of the text as package entities found it (code-point offsets, end
// exclusive).
type Entity struct {
	Start, End int
	Type       string
	ID         string // Q id or T id
	Confidence float64
}

// token is one analysed token.
type token struct {
	start, end int
	surface    string // lower-cased
	lemma      string // lower-cased
	pos        string // Universal POS tag
	upper      bool   // begins with an upper-case letter
	sent       int
}

// Doc is an analysed text, shared by every workspace of its language. It caches what the
// workspaces ask of it (nameRuns), so one Doc is used by one goroutine at a time.
type Doc struct {
	text     []rune
	lang     string
	toks     []token
	entities []Entity
	// runs caches nameRuns.
	runs     []candidate
	runsDone bool
}

// NewDoc analyses text (morphology: tokens and lemmas; sentences) for lang and keeps its
// entities.
func NewDoc(text, lang string, ents []Entity) (*Doc, error) {
	a, err := morph.Analyze(text, lang, []string{morph.FeatureLemmas, morph.FeaturePartsOfSpeech}, morph.Options{Disambiguate: true})
	if err != nil {
		return nil, fmt.Errorf("events: %w", err)
	}
	d := &Doc{text: []rune(text), lang: lang, entities: ents}
	sents := tokenize.Sentences(text, lang)
	si := 0
	for i, t := range a.Tokens {
		if i >= len(a.Offsets) || i >= len(a.Lemmas) {
			break
		}
		off := a.Offsets[i]
		for si < len(sents)-1 && off[0] >= sents[si].End {
			si++
		}
		tk := token{start: off[0], end: off[1], surface: strings.ToLower(t), lemma: strings.ToLower(a.Lemmas[i]), sent: si}
		if i < len(a.PosTags) {
			tk.pos = a.PosTags[i]
		}
		if r, _ := utf8.DecodeRuneInString(t); unicode.IsUpper(r) {
			tk.upper = true
		}
		d.toks = append(d.toks, tk)
	}
	return d, nil
}

// lemmaSeq returns the lower-cased lemmas of a phrase.
func lemmaSeq(phrase, lang string) []string {
	a, err := morph.Analyze(phrase, lang, []string{morph.FeatureLemmas}, morph.Options{Disambiguate: true, Query: true})
	if err != nil || len(a.Lemmas) == 0 {
		return strings.Fields(strings.ToLower(phrase))
	}
	out := make([]string, len(a.Lemmas))
	for i, l := range a.Lemmas {
		out[i] = strings.ToLower(l)
	}
	return out
}

// surfaceSeq returns the lower-cased tokens of a phrase.
func surfaceSeq(phrase, lang string) []string {
	var out []string
	for _, t := range tokenize.Tokens(phrase, lang) {
		out = append(out, strings.ToLower(t.Text))
	}
	return out
}

// Span is a range of code points, end exclusive, with its text.
type Span struct {
	Start, End int
	Text       string
}

// RoleMatch is a role filled in a mention.
type RoleMatch struct {
	Span
	Name, RoleType, Extractor, ID string
	Confidence                    float64
	Key                           bool
}

// Mention is one occurrence of an event.
type Mention struct {
	Span
	Roles        []RoleMatch // the key phrase first (Key true), then the roles in text order
	Negated      bool
	NegationCues []Span
}

// Event is an extracted event: one mention, its confidence and its model.
type Event struct {
	EventType   string
	WorkspaceID string
	Confidence  float64
	Mention     Mention
}

// Negation modes of the interface.
const (
	NegIgnore       = "ignore"
	NegBoth         = "both"
	NegOnlyPositive = "only_positive"
	NegOnlyNegative = "only_negative"
)

// candidate is a span a role could take.
type candidate struct {
	lo, hi     int // token range [lo, hi)
	start, end int
	id         string
	conf       float64
	extractor  string
}

// Extract returns the events of w in d (w's language must be d's; otherwise none). neg is
// one of the negation modes ("" is ignore).
func (w *Workspace) Extract(d *Doc, neg string) []Event {
	if w.Language != d.lang {
		return nil
	}
	w.prepare()
	var out []Event
	for _, kp := range w.keys {
		for i := 0; i+len(kp) <= len(d.toks); i++ {
			if !d.matchLemmas(i, kp) {
				continue
			}
			if e, ok := w.mention(d, i, i+len(kp), kp); ok {
				out = append(out, e)
			}
		}
	}
	sort.SliceStable(out, func(a, b int) bool { return out[a].Mention.Start < out[b].Mention.Start })
	out = dedupe(out)
	return filterNegation(out, neg)
}

func (d *Doc) matchLemmas(i int, seq []string) bool {
	s := d.toks[i].sent
	for k, l := range seq {
		t := d.toks[i+k]
		if t.sent != s || (t.lemma != l && t.surface != l) {
			return false
		}
	}
	return true
}

func (d *Doc) matchSurface(i int, seq []string) bool {
	s := d.toks[i].sent
	for k, l := range seq {
		t := d.toks[i+k]
		if t.sent != s || t.surface != l {
			return false
		}
	}
	return true
}

func (d *Doc) sub(start, end int) string {
	start = max(0, min(start, len(d.text)))
	end = max(start, min(end, len(d.text)))
	return string(d.text[start:end])
}

// mention fills the roles around the key phrase at tokens [lo, hi).
func (w *Workspace) mention(d *Doc, lo, hi int, kp []string) (Event, bool) {
	sent := d.toks[lo].sent
	m := Mention{Span: Span{d.toks[lo].start, d.toks[hi-1].end, ""}}
	m.Text = d.sub(m.Start, m.End)
	m.Roles = append(m.Roles, RoleMatch{Span: m.Span, Name: "key", Key: true, ID: strings.Join(kp, " ")})
	used := [][2]int{{lo, hi}}
	conf := 1.0
	passive := d.passive(lo)
	for _, r := range w.Roles {
		if passive && r.Required {
			// "Activision was acquired by Microsoft": the roles before and after the
			// key phrase of the active voice change sides.
			switch r.Position {
			case "before":
				r.Position = "after"
			case "after":
				r.Position = "before"
			}
		}
		c, ok := w.bestCandidate(d, r, sent, lo, hi, used)
		if !ok {
			if r.Required {
				return Event{}, false
			}
			continue
		}
		used = append(used, [2]int{c.lo, c.hi})
		if r.Required {
			conf = math.Min(conf, c.conf)
		}
		m.Roles = append(m.Roles, RoleMatch{Span: Span{c.start, c.end, d.sub(c.start, c.end)}, Name: r.Name,
			RoleType: r.RoleType, Extractor: c.extractor, ID: c.id, Confidence: c.conf})
	}
	sort.SliceStable(m.Roles[1:], func(a, b int) bool { return m.Roles[1+a].Start < m.Roles[1+b].Start })
	if d.lang == "eng" {
		m.NegationCues = negationCues(d, lo)
		m.Negated = len(m.NegationCues) > 0
	}
	return Event{EventType: w.EventType, WorkspaceID: w.ID, Confidence: conf, Mention: m}, true
}

func overlaps(lo, hi int, used [][2]int) bool {
	for _, u := range used {
		if lo < u[1] && u[0] < hi {
			return true
		}
	}
	return false
}

// bestCandidate returns the candidate of role r nearest the key phrase [klo, khi) in
// sentence sent, on the role's side, not overlapping used token ranges.
func (w *Workspace) bestCandidate(d *Doc, r Role, sent, klo, khi int, used [][2]int) (candidate, bool) {
	var best candidate
	bestDist := math.MaxInt
	consider := func(c candidate) {
		if d.toks[c.lo].sent != sent || overlaps(c.lo, c.hi, used) {
			return
		}
		switch r.Position {
		case "before":
			if c.hi > klo {
				return
			}
		case "after":
			if c.lo < khi {
				return
			}
		}
		dist := c.lo - khi
		if c.hi <= klo {
			dist = klo - c.hi
		}
		switch r.Select {
		case "first":
			dist = c.lo
		case "last":
			dist = len(d.toks) - c.lo
		}
		if dist < bestDist {
			best, bestDist = c, dist
		}
	}
	for _, x := range r.Extractors {
		switch x.Kind {
		case KindEntity:
			for _, e := range d.entities {
				if !containsString(x.EntityTypes, e.Type) {
					continue
				}
				lo, hi, ok := d.tokenRange(e.Start, e.End)
				if !ok {
					continue
				}
				consider(candidate{lo: lo, hi: hi, start: e.Start, end: e.End, id: e.ID, conf: e.Confidence, extractor: x.Name})
			}
		case KindExact, KindMorphological, KindSemantic:
			for _, seq := range x.seqs {
				if len(seq) == 0 {
					continue
				}
				for i := 0; i+len(seq) <= len(d.toks); i++ {
					ok := false
					if x.Kind == KindExact {
						ok = d.matchSurface(i, seq)
					} else {
						ok = d.matchLemmas(i, seq)
					}
					if ok {
						hi := i + len(seq)
						consider(candidate{lo: i, hi: hi, start: d.toks[i].start, end: d.toks[hi-1].end,
							id: strings.Join(seq, " "), conf: 1, extractor: x.Name})
					}
				}
			}
			// Similar words (semantic extractors with term vectors): confidence is the
			// similarity.
			for i, t := range d.toks {
				if len(x.similar) == 0 {
					break
				}
				sim, ok := x.similar[t.lemma]
				if s2, ok2 := x.similar[t.surface]; ok2 && s2 > sim {
					sim, ok = s2, true
				}
				if ok {
					consider(candidate{lo: i, hi: i + 1, start: t.start, end: t.end, id: t.lemma, conf: sim, extractor: x.Name})
				}
			}
		}
	}
	if bestDist == math.MaxInt && nameRole(r) {
		// No entity of the role's types on its side: the names the entity extractor
		// missed ("Microsoft acquired Activision Blizzard" with Activision Blizzard
		// untagged) are runs of proper nouns.
		for _, c := range d.nameRuns() {
			c.extractor = r.Extractors[0].Name
			consider(c)
		}
	}
	return best, bestDist != math.MaxInt
}

// fallbackConfidence is the confidence of a role filled by a run of proper nouns that no
// entity covers (nameRuns): a fixed value below the entity extractor's usual confidences, so
// that a threshold can leave such roles out.
const fallbackConfidence = 0.25

// nameRole reports whether a role takes names other than persons' (it has an entity extractor
// of ORG, LOC or PROD): a capitalised run says nothing about being a person, so a role of
// persons alone takes none.
func nameRole(r Role) bool {
	for _, x := range r.Extractors {
		if x.Kind != KindEntity {
			continue
		}
		for _, t := range x.EntityTypes {
			if t == "ORG" || t == "LOC" || t == "PROD" {
				return true
			}
		}
	}
	return false
}

// nameRuns returns the maximal runs of tokens that no entity covers and that are proper
// nouns (Universal POS PROPN), or in English capitalised words inside a sentence; month and
// weekday names are none. Their id is their text.
func (d *Doc) nameRuns() []candidate {
	if d.runsDone {
		return d.runs
	}
	d.runsDone = true
	covered := make([]bool, len(d.toks))
	for _, e := range d.entities {
		if lo, hi, ok := d.tokenRange(e.Start, e.End); ok {
			for i := lo; i < hi; i++ {
				covered[i] = true
			}
		}
	}
	isName := func(i int) bool {
		t := d.toks[i]
		if covered[i] || calendarWords[t.surface] {
			return false
		}
		if !t.upper {
			// "21st Century Fox", "3M": a word that begins with a digit and holds a letter
			// joins a run that has a capitalised word.
			r, _ := utf8.DecodeRuneInString(t.surface)
			return unicode.IsDigit(r) && strings.IndexFunc(t.surface, unicode.IsLetter) >= 0
		}
		if t.pos == "PROPN" {
			return true
		}
		first := i == 0 || d.toks[i-1].sent != t.sent
		return d.lang == "eng" && !first && (t.pos == "NOUN" || t.pos == "ADJ" || t.pos == "X" || t.pos == "VERB")
	}
	for i := 0; i < len(d.toks); {
		if !isName(i) {
			i++
			continue
		}
		j := i + 1
		for j < len(d.toks) && d.toks[j].sent == d.toks[i].sent && isName(j) {
			j++
		}
		capital := false
		for k := i; k < j; k++ {
			capital = capital || d.toks[k].upper
		}
		if !capital {
			i = j
			continue
		}
		text := d.sub(d.toks[i].start, d.toks[j-1].end)
		d.runs = append(d.runs, candidate{lo: i, hi: j, start: d.toks[i].start, end: d.toks[j-1].end, id: text, conf: fallbackConfidence})
		i = j
	}
	return d.runs
}

// calendarWords are month and weekday names (lower-cased) of the languages with event models,
// which taggers call proper nouns.
var calendarWords = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`january february march april may june july august september october november december
		monday tuesday wednesday thursday friday saturday sunday
		januar februar märz mai juni juli oktober dezember montag dienstag mittwoch donnerstag freitag samstag sonntag`) {
		m[w] = true
	}
	return m
}()

// beForms are the English forms of "be" that make a participle passive.
var beForms = map[string]bool{"be": true, "is": true, "are": true, "was": true, "were": true, "been": true, "being": true, "'s": true}

// passive reports whether the English key phrase at token k is a participle in the passive
// voice: a form of "be" among the three tokens before it, with only adverbs and "not" between
// ("was acquired", "will not be bought", "has reportedly been taken over").
func (d *Doc) passive(k int) bool {
	if d.lang != "eng" || d.toks[k].surface == d.toks[k].lemma {
		return false
	}
	for i := k - 1; i >= max(0, k-3); i-- {
		t := d.toks[i]
		if t.sent != d.toks[k].sent {
			return false
		}
		if beForms[t.surface] {
			return true
		}
		if t.pos != "ADV" && t.pos != "PART" {
			return false
		}
	}
	return false
}

// tokenRange returns the tokens covering code points [start, end).
func (d *Doc) tokenRange(start, end int) (int, int, bool) {
	lo := sort.Search(len(d.toks), func(i int) bool { return d.toks[i].end > start })
	hi := lo
	for hi < len(d.toks) && d.toks[hi].start < end {
		hi++
	}
	return lo, hi, hi > lo
}

func containsString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// negators are the English negation cues (lower-cased token sequences).
var negators = [][]string{{"not"}, {"n't"}, {"never"}, {"no"}, {"without"}, {"failed", "to"}, {"fail", "to"},
	{"refused", "to"}, {"denied"}, {"denies"}, {"deny"}, {"cannot"}}

// negationCues returns the cues among the four tokens before the key phrase starting at
// token k, inside its sentence.
func negationCues(d *Doc, k int) []Span {
	sent := d.toks[k].sent
	for i := k - 1; i >= max(0, k-4); i-- {
		if d.toks[i].sent != sent {
			break
		}
		for _, n := range negators {
			if i+len(n) > k {
				continue
			}
			if d.matchSurface(i, n) {
				s := Span{d.toks[i].start, d.toks[i+len(n)-1].end, ""}
				s.Text = d.sub(s.Start, s.End)
				return []Span{s}
			}
		}
	}
	return nil
}

// dedupe drops a mention whose key phrase lies inside an earlier one's of the same model
// ("take over" and "take").
func dedupe(es []Event) []Event {
	var out []Event
	for _, e := range es {
		dup := false
		for _, o := range out {
			if o.WorkspaceID == e.WorkspaceID && e.Mention.Start < o.Mention.End && o.Mention.Start < e.Mention.End {
				dup = true
				break
			}
		}
		if !dup {
			out = append(out, e)
		}
	}
	return out
}

func filterNegation(es []Event, mode string) []Event {
	if mode == "" || mode == NegIgnore || mode == NegBoth {
		return es
	}
	out := es[:0]
	for _, e := range es {
		if (mode == NegOnlyNegative) == e.Mention.Negated {
			out = append(out, e)
		}
	}
	return out
}
