package coref

import (
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"github.com/nomenhq/nomen/analyzers/entities/span"
	"github.com/nomenhq/nomen/analyzers/tokenize"
)

// Kinds of extended references.
const (
	KindPronoun = "pronoun" // he, she, it, its, they, er, sie, il, elle, él, ela ...
	KindNominal = "nominal" // "the company", "the city", "die Stadt", "la société" ...
	KindTitle   = "title"   // "the president", "der Kanzler" ...: a person introduced with that title
)

// Confidence of extended references by kind: the precision measured on GUM train+dev
// (RunEval --split train,dev), rounded down to a tenth; titles, too rare there to
// measure, get 0.5.
const (
	confPersonPronoun = 0.8
	confThingPronoun  = 0.5
	confNominal       = 0.6
	confTitle         = 0.5
)

// Result is the coreference of one document.
type Result struct {
	// Chain[i] is the chain id of ents[i]; entities of one chain refer to the same thing.
	// Ids are 0..n-1 in order of first appearance in ents.
	Chain []int
	// Extra are additional referring expressions (pronouns, "the president", "the
	// company") resolved to a chain, in text order; Span.Type is the type of the chain's
	// entities, Span.Source is span.SourceCoref. They never overlap each other or ents.
	Extra []Reference
}

// Reference is one extended reference.
type Reference struct {
	Span  span.Span
	Chain int
	// Kind is KindPronoun, KindNominal or KindTitle.
	Kind string
}

// Languages returns the ISO 639-3 codes whose pronouns, nominals and titles are
// resolved (name chaining works for any language whose names are written with spaces).
func Languages() []string {
	out := make([]string, 0, len(languages))
	for l := range languages {
		out = append(out, l)
	}
	sort.Strings(out)
	return out
}

// options are the resolver's design choices; defaults are fixed on the GUM dev split.
type options struct {
	// personWindow and thingWindow are how many sentences back a pronoun looks for a
	// person / an organisation, place or product.
	personWindow, thingWindow int
	// nominalWindow is the same for "the company", "the city"; titleWindow for "the president".
	nominalWindow, titleWindow int
	// ambiguousNearest chains a short name compatible with several chains ("Clinton"
	// after Bill and Hillary Clinton) to the most recently mentioned; false leaves it alone.
	ambiguousNearest bool
	// noPronouns and noNominals switch off extended references (baselines in RunEval).
	noPronouns, noNominals bool
	// wSubj, wObj, wObl and wPoss are the salience bonuses of subject-like, object-like,
	// oblique (after a preposition) mentions and possessive pronouns over a base of 100.
	wSubj, wObj, wObl, wPoss float64
	// topic is added per earlier name mention of a chain, anywhere in the document.
	topic float64
	// locPrefix chains place names by word prefix too ("New York" ↔ "New York City").
	locPrefix bool
	// learnGender gives a person chain of unknown gender the gender of the first
	// gendered pronoun resolved to it.
	learnGender bool
	// noPseudo drops unnamed noun phrases as competing antecedents.
	noPseudo bool
	// exactOnly chains only identical normalised names (baseline in RunEval).
	exactOnly bool
}

var defaultOptions = options{
	personWindow:     10,
	thingWindow:      1,
	nominalWindow:    3,
	titleWindow:      10,
	wSubj:            210,
	wObj:             130,
	wObl:             40,
	wPoss:            80,
	topic:            20,
	ambiguousNearest: true,
	learnGender:      true,
}

// Resolve chains the entity mentions ents of text and finds pronouns and definite
// descriptions referring to them. toks are the tokens of text (tokenize.Tokens); when
// empty they are computed. lang is an ISO 639-3 code; languages outside Languages()
// get name chaining only. Resolve never panics: invalid spans get chains of their own.
func Resolve(text, lang string, toks []tokenize.Token, ents []span.Span) Result {
	return resolve(text, lang, toks, ents, defaultOptions)
}

// doc is the per-call working state.
type doc struct {
	runes  []rune
	toks   []tokenize.Token
	raw    []string // token text
	low    []string // lower-cased, diacritics removed, dots kept
	fold   []string // as low, dots removed
	sent   []int    // sentence index of each token
	cover  []bool   // token overlaps an entity
	lang   *language
	code   string
	opt    options
	ments  []*ment
	chains []*chain
	idx    chainIndex
}

type ment struct {
	idx        int
	start, end int // code points
	t0, t1     int // tokens inside: [t0, t1)
	typ        string
	orig       []string // words as written, titles stripped
	norm       []string // folded words
	gender     gender
	titles     []string
	// titleOnly is the title of a mention that is nothing but a title ("President").
	titleOnly string
	chain     int
	valid     bool
}

type chain struct {
	typ      string
	names    [][]string
	origs    [][]string
	longest  []string
	gender   gender
	titles   map[string]bool
	lastTok  int
	mentions int
	// country marks place chains named like a country.
	country bool
	// titleOnly marks chains opened by a bare title ("the President").
	titleOnly bool
	// starts are the start offsets of the chain's entity mentions, in text order.
	starts []int
}

func resolve(text, lang string, toks []tokenize.Token, ents []span.Span, opt options) Result {
	d := &doc{runes: []rune(text), lang: languages[lang], code: lang, opt: opt}
	if len(toks) == 0 {
		toks = tokenize.Tokens(text, lang)
	}
	d.setTokens(toks)
	d.setMentions(ents)
	d.chainNames()
	res := Result{Chain: make([]int, len(ents))}
	// Renumber chains in order of first appearance in ents.
	ids := make(map[int]int, len(d.chains))
	for i, m := range d.ments {
		_ = i
		if _, ok := ids[m.chain]; !ok {
			ids[m.chain] = len(ids)
		}
	}
	for _, m := range d.ments {
		res.Chain[m.idx] = ids[m.chain]
	}
	if d.lang != nil {
		for _, r := range d.references() {
			r.Chain = ids[r.Chain]
			res.Extra = append(res.Extra, r)
		}
	}
	return res
}

// setTokens keeps the tokens that lie inside the text, in order and non-overlapping,
// and computes their normalised forms and sentence numbers.
func (d *doc) setTokens(in []tokenize.Token) {
	n := len(d.runes)
	last := 0
	for _, t := range in {
		if t.Start < last || t.End <= t.Start || t.End > n {
			continue
		}
		d.toks = append(d.toks, t)
		last = t.End
	}
	d.raw = make([]string, len(d.toks))
	d.low = make([]string, len(d.toks))
	d.fold = make([]string, len(d.toks))
	d.sent = make([]int, len(d.toks))
	d.cover = make([]bool, len(d.toks))
	s := 0
	for i, t := range d.toks {
		// Token.Text is the text between the offsets (package tokenize); a token whose
		// text does not fit its offsets is read from the document instead.
		raw := t.Text
		if utf8.RuneCountInString(raw) != t.End-t.Start {
			raw = string(d.runes[t.Start:t.End])
		}
		d.raw[i] = raw
		d.low[i] = lower(raw)
		d.fold[i] = strings.ReplaceAll(d.low[i], ".", "")
		if i > 0 {
			if isTerminal(d.raw[i-1]) || hasNewline(d.runes[d.toks[i-1].End:t.Start]) {
				s++
			}
		}
		d.sent[i] = s
	}
}

func isTerminal(s string) bool {
	switch s {
	case ".", "!", "?", "。", "！", "？", "…", "...", "?!", "!?":
		return true
	}
	return false
}

func hasNewline(rs []rune) bool {
	for _, r := range rs {
		if r == '\n' || r == '\r' || r == '\u2029' {
			return true
		}
	}
	return false
}

// tokenAt returns the index of the first token starting at or after cp.
func (d *doc) tokenAt(cp int) int {
	return sort.Search(len(d.toks), func(i int) bool { return d.toks[i].Start >= cp })
}

func (d *doc) setMentions(ents []span.Span) {
	n := len(d.runes)
	d.ments = make([]*ment, len(ents))
	for i, e := range ents {
		m := &ment{idx: i, start: e.Start, end: e.End, typ: e.Type, chain: -1}
		d.ments[i] = m
		if e.Start < 0 || e.End <= e.Start || e.End > n {
			continue
		}
		m.valid = true
		m.t0 = d.tokenAt(e.Start)
		m.t1 = d.tokenAt(e.End)
		// Tokens overlapping the entity cannot be references.
		for k := m.t0 - 1; k >= 0 && d.toks[k].End > e.Start; k-- {
			d.cover[k] = true
		}
		for k := m.t0; k < len(d.toks) && d.toks[k].Start < e.End; k++ {
			d.cover[k] = true
		}
		d.words(m)
	}
}

// words splits the mention text into words, strips leading honorifics and titles
// (recording gender and title) and, for persons, generational suffixes; the title
// may also come from the tokens just before the mention ("President Obama") or an
// apposition after it ("Obama, the president").
func (d *doc) words(m *ment) {
	ws := splitWords(d.runes[m.start:m.end])
	if m.typ == span.PER {
		for len(ws) > 1 {
			f := fold(ws[0])
			g, ok := honorifics[f]
			if !ok {
				break
			}
			if g != genderUnknown {
				m.gender = g
			}
			if d.lang != nil {
				if _, ok := d.lang.titles[f]; ok {
					m.titles = append(m.titles, f)
				}
			}
			ws = ws[1:]
		}
		for len(ws) > 1 {
			switch fold(ws[len(ws)-1]) {
			case "jr", "sr", "ii", "iii", "iv", "junior", "senior":
				ws = ws[:len(ws)-1]
				continue
			}
			break
		}
		// Context before: up to two tokens ("Prime Minister", "former President").
		for k := m.t0 - 1; k >= 0 && k >= m.t0-2; k-- {
			f := d.fold[k]
			g, isHon := honorifics[f]
			var isTitle bool
			if d.lang != nil {
				_, isTitle = d.lang.titles[f]
			}
			if !isHon && !isTitle {
				break
			}
			if isHon && g != genderUnknown && m.gender == genderUnknown {
				m.gender = g
			}
			if isTitle {
				m.titles = append(m.titles, f)
			}
		}
		// Apposition after: ", the president", ", a senator", ", President of ...".
		if d.lang != nil && m.t1 < len(d.toks) && d.raw[m.t1] == "," {
			for k := m.t1 + 1; k < len(d.toks) && k <= m.t1+3; k++ {
				if _, ok := d.lang.titles[d.fold[k]]; ok {
					m.titles = append(m.titles, d.fold[k])
					break
				}
			}
		}
		if m.gender == genderUnknown && len(ws) >= 2 {
			m.gender = givenGender(fold(ws[0]))
		}
	}
	if m.typ == span.PER && len(ws) == 1 && d.lang != nil {
		if _, ok := d.lang.titles[fold(ws[0])]; ok {
			m.titleOnly = fold(ws[0])
		}
	}
	if m.typ == span.ORG || m.typ == span.LOC {
		ws = stripArticle(ws)
	}
	if m.typ == span.LOC && len(ws) > 2 && placeHeads[fold(ws[0])] {
		switch fold(ws[1]) {
		case "of", "de", "von", "di", "du", "do", "da", "del":
			ws = stripArticle(ws[2:])
		}
	}
	if m.typ == span.ORG {
		for len(ws) > 1 && orgLegalForms[fold(ws[len(ws)-1])] {
			ws = ws[:len(ws)-1]
		}
	}
	m.orig = ws
	m.norm = make([]string, len(ws))
	for i, w := range ws {
		m.norm[i] = fold(w)
	}
}

func stripArticle(ws []string) []string {
	if len(ws) > 1 {
		switch fold(ws[0]) {
		case "the", "die", "der", "das", "le", "la", "les", "el", "los", "las", "o", "a", "os", "as", "il", "lo", "het", "de":
			return ws[1:]
		}
		if f := fold(ws[0]); f == "l'" {
			return ws[1:]
		}
	}
	return ws
}

// splitWords splits a mention into words: white space and punctuation separate words,
// except dots, apostrophes, hyphens and ampersands inside a word; a final possessive
// "'s" is dropped.
func splitWords(rs []rune) []string {
	var out []string
	var cur []rune
	flush := func() {
		w := strings.TrimFunc(string(cur), func(r rune) bool {
			return r == '-' || r == '\'' || r == '’' || r == '&'
		})
		cur = cur[:0]
		if w != "" {
			out = append(out, w)
		}
	}
	for _, r := range rs {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r):
			cur = append(cur, r)
		case (r == '.' || r == '\'' || r == '’' || r == '-' || r == '&') && len(cur) > 0:
			cur = append(cur, r)
		default:
			flush()
		}
	}
	flush()
	if n := len(out); n > 0 {
		w := out[n-1]
		for _, suf := range []string{"'s", "’s", "'", "’"} {
			if strings.HasSuffix(w, suf) && len(w) > len(suf) {
				out[n-1] = strings.TrimSuffix(w, suf)
				break
			}
		}
	}
	return out
}

// lower lower-cases s and removes diacritics; "’" becomes "'".
func lower(s string) string {
	ascii := true
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			ascii = false
			break
		}
	}
	if ascii {
		return strings.ToLower(s)
	}
	var b strings.Builder
	for _, r := range norm.NFD.String(s) {
		switch {
		case unicode.Is(unicode.Mn, r):
		case r == '’' || r == 'ʼ':
			b.WriteByte('\'')
		case r == 'ß':
			b.WriteString("ss")
		default:
			b.WriteRune(unicode.ToLower(r))
		}
	}
	return b.String()
}

// fold is lower without dots: "U.S." → "us", "Mr." → "mr".
func fold(s string) string {
	return strings.ReplaceAll(lower(s), ".", "")
}
