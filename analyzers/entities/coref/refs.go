package coref

import (
	"sort"
	"unicode"

	"github.com/nomenhq/nomen/analyzers/entities/span"
)

// hist is one mention in the discourse history: an entity, a resolved reference or an
// unnamed noun phrase ("the woman", "a phone") that competes for pronouns.
type hist struct {
	// ref is a chain index, or -1-k for the k-th unnamed noun phrase.
	ref    int
	t0, t1 int // tokens [t0, t1)
	sent   int
	// weight is the salience of the mention: recency plus a bonus for its role.
	weight float64
	// np is the kind of an unnamed noun phrase (npMale, ...), 0 for chains.
	np npKind
}

// npKind classifies unnamed noun phrases by the pronouns that may refer to them.
type npKind uint8

const (
	npNone npKind = iota
	npMale
	npFemale
	npPerson // gender unknown: "the doctor"
	npThing  // "it"
	npPlural // "they" (not resolved): kept so that plurals do not count as things
)

// salienceBase is the weight of every mention (after Lappin and Leass 1994, without a
// parser); options.wSubj, wObj, wObl and wPoss add to it by grammatical role. A
// referent's salience is the sum over its mentions, halved for each sentence back.
const salienceBase = 100

// role is the grammatical role of a pronoun form.
type role uint8

const (
	roleSubject role = iota + 1
	roleObject
	rolePossessive
)

// references walks the tokens in order and resolves pronouns and definite nominals
// against the history of mentions that end before them.
func (d *doc) references() []Reference {
	ments := make([]*ment, 0, len(d.ments))
	for _, m := range d.ments {
		if m.valid && m.t1 > m.t0 && maskOf(m.typ) != 0 {
			ments = append(ments, m)
		}
	}
	sort.SliceStable(ments, func(i, j int) bool { return ments[i].t1 < ments[j].t1 })
	var (
		history []hist
		out     []Reference
		next    int
		nps     int
		npEnd   = -1
	)
	for i := 0; i < len(d.toks); i++ {
		for next < len(ments) && ments[next].t1 <= i {
			m := ments[next]
			history = append(history, hist{ref: m.chain, t0: m.t0, t1: m.t1, sent: d.sent[m.t0], weight: d.roleWeight(m.t0, m.t1)})
			next++
		}
		if d.cover[i] {
			continue
		}
		if !d.opt.noPronouns {
			if p, ok := d.pronounAt(i); ok {
				ref := d.antecedent(history, i, p)
				if ref >= 0 {
					ch := d.chains[ref]
					if d.opt.learnGender && ch.typ == span.PER && ch.gender == genderUnknown && p.gender != genderUnknown {
						ch.gender = p.gender
					}
					conf := confThingPronoun
					if ch.typ == span.PER {
						conf = confPersonPronoun
					}
					out = append(out, Reference{
						Span:  span.Span{Start: d.toks[i].Start, End: d.toks[i].End, Type: ch.typ, Confidence: conf, Source: span.SourceCoref},
						Chain: ref, Kind: KindPronoun,
					})
				}
				if ref != noRef {
					history = append(history, hist{ref: ref, t0: i, t1: i + 1, sent: d.sent[i], weight: salienceBase + d.roleBonus(p), np: d.npOf(history, ref)})
				}
				// A possessive opens a noun phrase ("his mother").
				if i > npEnd && d.lang.determiners != nil && !d.opt.noPseudo {
					if h, kind := d.nounPhraseAt(i); kind != npNone {
						history = append(history, hist{ref: -1 - nps, t0: i, t1: h + 1, sent: d.sent[i], weight: d.roleWeight(i, h+1), np: kind})
						nps++
						npEnd = h
					}
				}
				continue
			}
		}
		if !d.opt.noNominals {
			if head, typ, title, ok := d.nominalAt(i); ok {
				if c := d.nominalAntecedent(history, i, typ, title); c >= 0 {
					kind, conf := KindNominal, confNominal
					if title != "" {
						kind, conf = KindTitle, confTitle
					}
					out = append(out, Reference{
						Span:  span.Span{Start: d.toks[i].Start, End: d.toks[head].End, Type: d.chains[c].typ, Confidence: conf, Source: span.SourceCoref},
						Chain: c, Kind: kind,
					})
					history = append(history, hist{ref: c, t0: i, t1: head + 1, sent: d.sent[i], weight: d.roleWeight(i, head+1)})
					i = head
					continue
				}
			}
		}
		if i > npEnd && d.lang.determiners != nil && !d.opt.noPseudo {
			if h, kind := d.nounPhraseAt(i); kind != npNone {
				history = append(history, hist{ref: -1 - nps, t0: i, t1: h + 1, sent: d.sent[i], weight: d.roleWeight(i, h+1), np: kind})
				nps++
				npEnd = h
			}
		}
	}
	return out
}

// roleBonus is the salience bonus of a pronoun mention.
func (d *doc) roleBonus(p pronoun) float64 {
	switch p.role {
	case roleSubject:
		return d.opt.wSubj
	case roleObject:
		return d.opt.wObj
	}
	return d.opt.wPoss
}

// maxLookback bounds the history entries a reference looks at, so that text without
// sentence ends costs linear time.
const maxLookback = 128

// noRef is returned by antecedent when no referent at all is compatible.
const noRef = -1 << 30

// npOf returns the noun-phrase kind of an unnamed referent in the history.
func (d *doc) npOf(history []hist, ref int) npKind {
	if ref >= 0 {
		return npNone
	}
	for k := len(history) - 1; k >= 0; k-- {
		if history[k].ref == ref {
			return history[k].np
		}
	}
	return npNone
}

// roleWeight approximates the grammatical role of the mention on tokens [t0, t1):
// after a preposition it is oblique; at the start of its sentence or clause, or
// followed by a verb-like word, a subject; otherwise an object.
func (d *doc) roleWeight(t0, t1 int) float64 {
	l := d.lang
	w := float64(salienceBase)
	if l == nil {
		return w
	}
	k := t0 - 1
	for k >= 0 && d.sent[k] == d.sent[t0] && (l.determiners[d.low[k]] || isQuote(d.raw[k])) {
		k--
	}
	if k >= 0 && d.sent[k] == d.sent[t0] && l.prepositions[d.low[k]] {
		return w + d.opt.wObl
	}
	if k < 0 || d.sent[k] != d.sent[t0] || l.clauseStart[d.low[k]] {
		return w + d.opt.wSubj
	}
	if t1 < len(d.toks) && d.sent[t1] == d.sent[t0] && l.verbLike != nil && l.verbLike(d.low[t1]) {
		return w + d.opt.wSubj
	}
	return w + d.opt.wObj
}

func isQuote(s string) bool {
	switch s {
	case "\"", "'", "“", "”", "‘", "’", "«", "»", "„", "(", "[":
		return true
	}
	return false
}

// pronounAt returns the pronoun at token i, if it is one and is not pleonastic.
func (d *doc) pronounAt(i int) (pronoun, bool) {
	w := d.low[i]
	p, ok := d.lang.pronouns[w]
	if !ok {
		return p, false
	}
	if acc, ok := accentedOnly[d.code][w]; ok && lowerRunes(d.raw[i]) != acc {
		return p, false
	}
	if d.lang.lowerOnly[w] && startsUpper(d.raw[i]) && !(i == 0 || d.sent[i-1] != d.sent[i]) {
		return p, false
	}
	if p.subject {
		if i > 0 && d.sent[i-1] == d.sent[i] && !d.lang.clauseStart[d.low[i-1]] && !isQuote(d.raw[i-1]) {
			return p, false
		}
		// "it's" is mostly vague or deictic in speech and reviews.
		if i+1 < len(d.toks) && (d.low[i+1] == "'s" || d.low[i+1] == "'") {
			return p, false
		}
	}
	if p.pleonastic && d.lang.pleonastic != nil && d.lang.pleonastic(d.low, i) {
		return p, false
	}
	return p, true
}

func lowerRunes(s string) string {
	rs := []rune(s)
	for i, r := range rs {
		rs[i] = unicode.ToLower(r)
	}
	return string(rs)
}

func startsUpper(s string) bool {
	for _, r := range s {
		return unicode.IsUpper(r)
	}
	return false
}

// antecedent returns the chain of the most salient compatible referent of pronoun p
// at token i, -1-k when it is the unnamed noun phrase k, or noRef.
func (d *doc) antecedent(history []hist, i int, p pronoun) int {
	window := d.opt.thingWindow
	if p.types&maskPER != 0 {
		window = d.opt.personWindow
	}
	if p.reflexive {
		window = 0
	}
	return d.mostSalient(history, i, window, func(h hist) bool {
		if !d.compatible(h, p) {
			return false
		}
		// "Apple said it ...": a thing subject refers back to a subject only.
		if p.subject && h.weight < salienceBase+d.opt.wSubj {
			return false
		}
		// "Obama praised him": an object pronoun is not the subject of its clause.
		return !(p.object && h.sent == d.sent[i] && !d.clauseBetween(h.t1, i) && h.weight >= salienceBase+d.opt.wSubj)
	})
}

// mostSalient returns the referent with the highest salience among the history
// entries within window sentences before token i that ok accepts: the sum of their
// weights, halved per sentence back, plus the topic bonus per earlier name mention;
// ties go to the most recent. It returns noRef when none is accepted.
func (d *doc) mostSalient(history []hist, i, window int, ok func(hist) bool) int {
	s := d.sent[i]
	var refs []int
	var scores []float64
	for k := len(history) - 1; k >= 0 && k >= len(history)-maxLookback; k-- {
		h := history[k]
		if s-h.sent > window {
			break
		}
		if !ok(h) {
			continue
		}
		j := 0
		for j < len(refs) && refs[j] != h.ref {
			j++
		}
		if j == len(refs) {
			refs = append(refs, h.ref)
			scores = append(scores, 0)
			if h.ref >= 0 && d.opt.topic > 0 {
				scores[j] += d.opt.topic * float64(d.chains[h.ref].mentionsBefore(d.toks[i].Start))
			}
		}
		scores[j] += h.weight / float64(int(1)<<uint(s-h.sent))
	}
	best, bestScore := noRef, -1.0
	for j, ref := range refs { // refs are in order of recency: strict > keeps the most recent on ties
		if scores[j] > bestScore {
			best, bestScore = ref, scores[j]
		}
	}
	return best
}

// compatible reports whether the history entry may be the antecedent of p.
func (d *doc) compatible(h hist, p pronoun) bool {
	if h.ref < 0 {
		switch h.np {
		case npMale:
			return p.types&maskPER != 0 && p.gender != genderFemale
		case npFemale:
			return p.types&maskPER != 0 && p.gender != genderMale
		case npPerson:
			return p.types&maskPER != 0
		case npThing:
			return p.thing
		}
		return false
	}
	c := d.chains[h.ref]
	if maskOf(c.typ)&p.types == 0 {
		return false
	}
	if c.typ == span.PER && p.gender != genderUnknown && c.gender != genderUnknown && c.gender != p.gender {
		return false
	}
	return true
}

// clauseBetween reports whether a clause boundary lies in tokens [from, to).
func (d *doc) clauseBetween(from, to int) bool {
	for k := from; k < to && k < len(d.toks); k++ {
		if d.lang.clauseStart[d.low[k]] {
			return true
		}
	}
	return false
}

// nounPhraseAt recognises an unnamed noun phrase starting with a determiner at token
// i: up to four lower-case content words, the last being the head. It returns the
// head token and the phrase's kind, npNone when there is none.
func (d *doc) nounPhraseAt(i int) (int, npKind) {
	l := d.lang
	if !l.determiners[d.low[i]] {
		return 0, npNone
	}
	head := -1
	for k := i + 1; k < len(d.toks) && k <= i+4; k++ {
		if d.cover[k] || d.sent[k] != d.sent[i] || l.function[d.low[k]] || !isLowerWord(d.raw[k]) {
			break
		}
		head = k
	}
	if head < 0 {
		return 0, npNone
	}
	h := d.low[head]
	if g, ok := l.personNouns[h]; ok {
		switch g {
		case genderMale:
			return head, npMale
		case genderFemale:
			return head, npFemale
		}
		return head, npPerson
	}
	if l.isPlural != nil && l.isPlural(h) {
		return head, npPlural
	}
	return head, npThing
}

func isLowerWord(s string) bool {
	n := 0
	for _, r := range s {
		if !unicode.IsLower(r) && r != '-' {
			return false
		}
		n++
	}
	return n > 1
}

// nominalAt recognises a definite nominal at token i: article, optionally one
// lower-case modifier, and a head noun from the language's nominal or title list, not
// followed by a word that makes it a new description ("the city of", "the company
// Apple"). It returns the head token, the entity type and, for titles, the title.
func (d *doc) nominalAt(i int) (head int, typ, title string, ok bool) {
	if !d.lang.articles[d.low[i]] {
		return 0, "", "", false
	}
	for h := i + 1; h < len(d.toks) && h <= i+2; h++ {
		if d.cover[h] || d.sent[h] != d.sent[i] {
			return 0, "", "", false
		}
		f := d.fold[h]
		t, isNom := d.lang.nominals[f]
		_, isTitle := d.lang.titles[f]
		if !isNom && !isTitle {
			if !nominalModifiers[f] {
				return 0, "", "", false
			}
			continue
		}
		if h+1 < len(d.toks) {
			nx := d.low[h+1]
			if d.lang.blockAfter[nx] || d.cover[h+1] || (!d.lang.capsNouns && startsUpper(d.raw[h+1]) && d.sent[h+1] == d.sent[h]) {
				return 0, "", "", false
			}
		}
		if isTitle {
			return h, span.PER, f, true
		}
		return h, t, "", true
	}
	return 0, "", "", false
}

// nominalAntecedent returns the most salient chain of type typ (nomCountry, nomPlace:
// a place chain that is, is not, a country; with the title, for titles) mentioned
// within the window before token i, or -1.
func (d *doc) nominalAntecedent(history []hist, i int, typ, title string) int {
	window := d.opt.nominalWindow
	if title != "" {
		window = d.opt.titleWindow
	}
	ref := d.mostSalient(history, i, window, func(h hist) bool {
		if h.ref < 0 {
			return false
		}
		c := d.chains[h.ref]
		switch typ {
		case nomCountry:
			return c.typ == span.LOC && c.country
		case nomPlace:
			return c.typ == span.LOC && !c.country
		}
		return c.typ == typ && (title == "" || c.titles[title])
	})
	if ref < 0 {
		return -1
	}
	return ref
}
