package entities

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/nomenhq/nomen/analyzers/entities/span"
	"github.com/nomenhq/nomen/analyzers/tokenize"
	"github.com/nomenhq/nomen/internal/errs"
	"github.com/nomenhq/nomen/kb"
	"github.com/nomenhq/nomen/linking"
)

// Model types of Options.Model.
const (
	ModelStatistical = "statistical"
	ModelDNN         = "DNN"
)

// ErrUnsupported is returned (wrapped) when no extractor covers the language, or the asked
// model type has no model for it.
var ErrUnsupported = errors.New("entities: unsupported language")

// Options select what Extract computes.
type Options struct {
	// Model is ModelStatistical (the default when empty) or ModelDNN.
	Model string
	// Confidence adds each entity's extraction confidence.
	Confidence bool
	// Salience adds the 0/1 salience of each entity.
	Salience bool
	// Link links PER, ORG, LOC and PROD entities to the knowledge base.
	Link bool
	// LinkWhenReady, with Link, returns the entities unlinked (T ids) while the knowledge
	// base is not available yet, instead of failing.
	LinkWhenReady bool
	// OntologyTypes and ExternalID add the linked entity's ontology type paths and external
	// id; they need Link.
	OntologyTypes, ExternalID bool
	// Patterns returns the pattern types (EM, URL, TEL#, ...), which are off by default.
	Patterns bool
	// CurrencySplit is passed to the money pattern (the spec's regexCurrencySplit).
	CurrencySplit bool
	// Coref turns in-document coreference on.
	Coref bool
	// rawLinkConfidence reports the linker's confidence before calibrateLink (for fitting it).
	rawLinkConfidence bool
}

// Offset is one mention's position, in code points, end exclusive.
type Offset struct {
	Start int `json:"startOffset"`
	End   int `json:"endOffset"`
}

// Mention is one mention of an entity, with what found it.
type Mention struct {
	Offset
	Text string
	// Source is the extractor (span.SourceStatistical, ...).
	Source string
	// Kind is "name" for an extracted mention, or the coreference kind ("pronoun",
	// "nominal", "title") of an added reference.
	Kind       string
	Confidence float64
	// lookup is the form the knowledge base knows the name by, when it differs from Text
	// (span.Span.Lookup).
	lookup string
}

// Entity is one entity of the document with all its mentions.
type Entity struct {
	Type       string
	Mention    string
	Normalized string
	Mentions   []Mention
	// EntityID is the Q id when linked, else a T id.
	EntityID string
	// Linked reports that EntityID is a knowledge-base id.
	Linked bool
	// Confidence is the largest extraction confidence of the entity's mentions.
	Confidence float64
	// LinkingConfidence is the linker's confidence in EntityID (of its best candidate when
	// unlinked); only meaningful when Options.Link.
	LinkingConfidence float64
	OntologyTypes     []string
	ExternalID        string
	// Salience is 0 or 1 (Options.Salience).
	Salience float64
}

// Result is the outcome of Extract.
type Result struct {
	Entities []Entity
	// Tokens and Sentences are the tokenization the extractors saw (for ADM output).
	Tokens, Sentences []tokenize.Token
	// Linked reports that the entities went through linking (Options.Link, and the
	// knowledge base was available).
	Linked bool
}

// Extractor finds spans in a tokenized text.
type Extractor interface {
	Extract(text string, toks []tokenize.Token) []span.Span
}

// Reference is a coreferent expression added by the resolver.
type Reference struct {
	Span  span.Span
	Chain int
	Kind  string
}

// Modules are the extractors the pipeline calls; a nil field means that module is absent.
// Default returns the shipped modules; tests substitute their own.
type Modules struct {
	// Tagger returns the sequence tagger of the model type for the language, or an error
	// wrapping ErrUnsupported.
	Tagger func(model, lang string) (Extractor, error)
	// Gazetteer finds list entries (TTL, NAT, REL, user lists).
	Gazetteer func(text string, toks []tokenize.Token, lang string) []span.Span
	// UserTypes reports whether a gazetteer span came from a user list (it then wins overlaps).
	UserList func(s span.Span) bool
	// Patterns finds pattern entities.
	Patterns func(text, lang string, currencySplit bool) []span.Span
	// Coref chains the entities and adds references.
	Coref func(text, lang string, toks []tokenize.Token, ents []span.Span) (chain []int, extra []Reference)
	// KB returns the knowledge base, or an error while it is not ready.
	KB func() (*kb.KB, error)
	// Verbs marks the tokens that are verbs (for the subject-position salience rule); nil or
	// an error means the sentence-start rule alone.
	Verbs func(toks []string, lang string) ([]bool, error)
	// Morph returns the part of speech (UPOS) and the lemma of each token (for
	// knowledge-base names and proper-noun runs in languages without a tagger); nil or an
	// error means surface forms only.
	Morph func(toks []string, lang string) (pos, lemmas []string, err error)
	// Linking configures the linker.
	Linking linking.Options
	// Segment returns the tokens and sentences of a text; nil means tokenize.Segment. The
	// default cuts Chinese into the words of its treebank (segmentWords).
	Segment func(text, lang string) (toks, sents []tokenize.Token, err error)
	// Supported reports whether the pipeline serves a language; nil means every language
	// that some module covers. Default limits it to Languages(): knowledge-base names would
	// otherwise answer for any code, "zzz" included.
	Supported func(lang string) bool
}

// Pipeline extracts entities with a set of modules. It is safe for concurrent use.
type Pipeline struct {
	m Modules
	// noSupplement turns kbSupplement off, noCurated curatedNames and noRomanize the
	// romanized lookups of romanizations (development measurements).
	noSupplement, noCurated, noRomanize bool
}

// New returns a pipeline over the modules.
func New(m Modules) *Pipeline { return &Pipeline{m: m} }

// maxTokens bounds the work on one document.
const maxTokens = 200_000

// Extract finds the entities of text in language lang.
func (p *Pipeline) Extract(text, lang string, o Options) (Result, error) {
	if o.Model == "" {
		o.Model = ModelStatistical
	}
	if o.Model != ModelStatistical && o.Model != ModelDNN {
		return Result{}, fmt.Errorf("entities: model type %q: must be %s or %s", o.Model, ModelStatistical, ModelDNN)
	}
	if (o.OntologyTypes || o.ExternalID) && !o.Link {
		return Result{}, errors.New("entities: ontology types and external ids need linking")
	}
	if p.m.Supported != nil && !p.m.Supported(lang) {
		return Result{}, fmt.Errorf("%w %q", ErrUnsupported, lang)
	}
	var toks, sents []tokenize.Token
	if p.m.Segment != nil {
		var err error
		if toks, sents, err = p.m.Segment(text, lang); err != nil {
			return Result{}, fmt.Errorf("entities: %w", err)
		}
	} else {
		toks, sents = tokenize.Segment(text, lang)
	}
	if len(toks) > maxTokens {
		return Result{}, errs.E(errs.Invalid, "the content has %d tokens, more than the %d one document may have", len(toks), maxTokens)
	}
	res := Result{Tokens: toks, Sentences: sents}

	var tagger Extractor
	if p.m.Tagger != nil {
		t, err := p.m.Tagger(o.Model, lang)
		switch {
		case err == nil:
			tagger = t
		case o.Model == ModelDNN || !errors.Is(err, ErrUnsupported):
			return Result{}, err
		}
	}
	var k *kb.KB
	supplement := tagger != nil && kbSupplement[lang] && p.m.KB != nil
	curated := tagger != nil && p.m.KB != nil && !p.noCurated && hasCapitalized(toks)
	lowerPlaces := tagger != nil && lang == "eng" && engLowerPlacesOn && p.m.KB != nil && o.Model != ModelDNN
	if o.Link || supplement || curated || lowerPlaces || (tagger == nil && p.m.KB != nil) {
		if p.m.KB == nil {
			if o.Link && !o.LinkWhenReady {
				return Result{}, errors.New("entities: linking needs the knowledge base, which is not configured")
			}
			o.Link = false
		} else {
			var err error
			k, err = p.m.KB()
			if err != nil && o.Link {
				if !o.LinkWhenReady {
					return Result{}, fmt.Errorf("entities: linking: %w", err)
				}
				o.Link = false
			}
		}
	}
	if tagger == nil && k == nil && p.m.Gazetteer == nil {
		return Result{}, fmt.Errorf("%w %q", ErrUnsupported, lang)
	}

	runes := []rune(text)
	var cands []cand
	add := func(ss []span.Span, prec int) {
		for _, s := range ss {
			if s.Start < 0 || s.End <= s.Start || s.End > len(runes) || !hasLetterOrDigit(runes[s.Start:s.End]) {
				continue // a name of punctuation alone ("@" in "Warner@ENRON") is no name
			}
			pr := prec
			if s.Source == span.SourceGazetteer && p.m.UserList != nil && p.m.UserList(s) {
				pr = precUser
			}
			cands = append(cands, cand{Span: s, prec: pr})
		}
	}
	var pos, lemmas []string
	morphDone := false
	morphOf := func() ([]string, []string) {
		if !morphDone && p.m.Morph != nil {
			pos, lemmas = morphBySentence(p.m.Morph, toks, sents, lang)
		}
		morphDone = true
		return pos, lemmas
	}
	kbPath := func() []span.Span {
		pos, lemmas := morphOf()
		return kbNames(k, text, toks, sents, lang, pos, lemmas)
	}
	if tagger != nil {
		tagged := tagger.Extract(text, toks)
		if lang == "heb" && hebPOSFilter {
			pos, _ := morphOf()
			tagged = dropNonNameWords(tagged, toks, pos)
		}
		if lang == "nld" && nldOrgsOn {
			tagged = nldOrgPhrases(toks, sents, tagged)
		}
		if lang == "eng" && engOrgsOn {
			tagged = engOrgPhrases(toks, sents, tagged)
			tagged = engCallSigns(toks, tagged)
		}
		if lang == "eng" && engDefinitionsOn {
			tagged = engDefinitions(toks, sents, tagged)
		}
		if lang == "eng" && engNamedByOn {
			tagged = engNamedBy(toks, tagged)
		}
		if lang == "eng" && engHyphenOn {
			tagged = engHyphenNames(toks, tagged)
		}
		if lang == "eng" && engPlacesOn {
			tagged = engPlaces(toks, tagged)
		}
		if lang == "fra" && fraOrgsOn && hasFraOrgHead(toks) {
			pos, _ := morphOf() // only when a head noun may start a name: the tagger costs
			tagged = fraOrgPhrases(toks, pos, tagged)
		}
		add(tagged, precTagger)
		if supplement && k != nil && !p.noSupplement {
			add(outside(kbPath(), tagged), precKB)
		}
		if curated && k != nil {
			add(curatedNames(k, runes, toks, tagged), precKB)
			if kbExtend[lang] {
				add(kbExtensions(k, runes, toks, tagged), precKB)
			}
		}
		if lowerPlaces && k != nil {
			add(engLowerPlaces(k, runes, toks, tagged, func() []string { pos, _ := morphOf(); return pos }), precKB)
		}
	} else if k != nil {
		add(kbPath(), precKB)
	}
	if p.m.Gazetteer != nil {
		add(p.m.Gazetteer(text, toks, lang), precGazetteer)
	}
	if o.Patterns && p.m.Patterns != nil {
		add(p.m.Patterns(text, lang, o.CurrencySplit), precPattern)
	}
	if natOverTaggerOn {
		cands = natOverTagger(cands, runes)
	}
	titledRuns(cands, runes)
	trimTitleTails(cands, runes)
	splitTitles(cands, runes)
	spans := resolve(cands, len(runes))
	if mergePersonsOn && mergePersons[lang] {
		spans = mergeAdjacentPersons(spans, runes)
	}
	if lang == "heb" {
		hebCutCoordination(spans, toks)
	}
	if lang == "eng" && trimTheOn {
		trimLeadingThe(spans, runes)
	}
	if acronymOn && acronymLangs[lang] {
		spans = acronymNames(spans, runes, toks)
	}

	groups := p.group(text, runes, lang, toks, spans, o.Coref)
	if o.Link && k != nil {
		groups = p.link(k, text, runes, lang, groups, o)
		res.Linked = true
	}
	if o.Salience {
		p.salience(groups, toks, sents, lang)
	}
	res.Entities = finish(groups)
	return res, nil
}

func tokenTexts(toks []tokenize.Token) []string {
	out := make([]string, len(toks))
	for i, t := range toks {
		out[i] = t.Text
	}
	return out
}

// kbSupplement lists the languages whose tagger is supplemented by the knowledge-base path
// (kbNames): its names that overlap no tagged name are added. Hebrew's tagger learnt from 348
// Wikipedia sentences and misses names that are common in news (leave-one-document-out
// cross-validation on its training sentences and the hand-written Hebrew development sets;
// MODELS.md). While the knowledge base is still loading, the tagger's names come alone.
var kbSupplement = map[string]bool{"heb": true}

// kbExtend lists the languages whose tagged names are extended to the knowledge-base names
// that hold them (kbExtensions).
var kbExtend = map[string]bool{"eng": true}

// curatedSource is the knowledge-base layer of intergovernmental organizations, whose names
// and acronyms were written and checked for nomen.
const curatedSource = "nomen-orgs"

// hasCapitalized reports whether toks hold a capitalised word in text that also has
// lower-case letters (text in capitals only says nothing by its capitals).
func hasCapitalized(toks []tokenize.Token) bool {
	capital, lower := false, false
	for _, t := range toks {
		r, _ := utf8.DecodeRuneInString(t.Text)
		if unicode.IsUpper(r) {
			capital = true
		}
		if strings.ToUpper(t.Text) != t.Text {
			lower = true
		}
	}
	return capital && lower
}

// curatedNames returns the capitalised words and names outside the tagged spans that are a
// name of an organisation of the curated layer ("IMF", "WTO", "NATO", "Interpol", "International
// Monetary Fund", "Council of Europe"), written exactly so: the taggers learnt from corpora where
// they are rare and miss them.
func curatedNames(k *kb.KB, runes []rune, toks []tokenize.Token, tagged []span.Span) []span.Span {
	var out []span.Span
	capital := func(w string) bool {
		r, _ := utf8.DecodeRuneInString(w)
		return unicode.IsUpper(r)
	}
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		if !capital(t.Text) || utf8.RuneCountInString(t.Text) < 2 {
			continue
		}
		if acronym(t.Text) && (i > 0 && acronym(toks[i-1].Text) || i+1 < len(toks) && acronym(toks[i+1].Text)) {
			continue // words in capitals: "WHO WANTS TO HELP"
		}
		for n := min(curatedMaxTokens, len(toks)-i); n >= 1; n-- {
			last := toks[i+n-1]
			if !capital(last.Text) || n > 2 && !curatedInner(toks[i+1:i+n-1]) || last.End > len(runes) {
				continue
			}
			s := span.Span{Start: t.Start, End: last.End, Type: span.ORG, Source: span.SourceKB}
			if overlapsAny(s, tagged) {
				continue
			}
			name := string(runes[s.Start:s.End])
			cs := k.ExactCandidates(name, span.ORG, 1)
			if len(cs) == 0 || !slices.Contains(cs[0].Entity.Sources, curatedSource) || !namedExactly(cs[0].Entity, name) {
				continue // the lookup ignores case: "Who" is no WHO
			}
			c := cs[0]
			s.Confidence = math.Round((0.5*c.Prior+0.5*c.Entity.Popularity)*1000) / 1000 // as kbNames
			out = append(out, s)
			i += n - 1
			break
		}
	}
	return out
}

// curatedMaxTokens is the longest curated name tried, in tokens ("United Nations Security
// Council").
const curatedMaxTokens = 5

// curatedInner reports whether the inner words of a name are capitalised or one of the
// connectors names hold ("Council of Europe", "Food and Agriculture Organization").
func curatedInner(toks []tokenize.Token) bool {
	for _, t := range toks {
		r, _ := utf8.DecodeRuneInString(t.Text)
		if !unicode.IsUpper(r) && t.Text != "of" && t.Text != "and" && t.Text != "for" && t.Text != "the" {
			return false
		}
	}
	return true
}

// namedExactly reports whether w, letter case included, is a label or alias of e.
func namedExactly(e *kb.Entity, w string) bool {
	for _, l := range e.Labels {
		if l == w {
			return true
		}
	}
	for _, as := range e.Aliases {
		if slices.Contains(as, w) {
			return true
		}
	}
	return false
}

// outside returns the spans of ss that overlap none of by.
func outside(ss, by []span.Span) []span.Span {
	var out []span.Span
	for _, s := range ss {
		if !overlapsAny(s, by) {
			out = append(out, s)
		}
	}
	return out
}

// Source precedence for overlaps at equal length.
const (
	precKB = iota
	precGazetteer
	precTagger
	precPattern
	precUser
)

type cand struct {
	span.Span
	prec int
}

// trimTheOn turns trimLeadingThe on (off only in development measurements).
var trimTheOn = true

// trimLeadingThe moves the start of English person, place and organisation names that open
// with a lower-case "the" past it ("the Netherlands" → "Netherlands"): the corpora the
// interface's conventions follow leave it out (UNER EWT train: 767 names after a "the" that
// is not theirs, 12 with it), while "The Hague" keeps its capital.
func trimLeadingThe(spans []span.Span, runes []rune) {
	for i := range spans {
		s := &spans[i]
		if s.Type != span.PER && s.Type != span.LOC && s.Type != span.ORG || s.End-s.Start <= 4 {
			continue
		}
		if string(runes[s.Start:s.Start+4]) == "the " {
			s.Start += 4
			if s.Lookup != "" {
				s.Lookup = strings.TrimPrefix(s.Lookup, "the ")
			}
		}
	}
}

// natOverTaggerOn turns natOverTagger on (off only in development measurements).
var natOverTaggerOn = true

// natOverTagger drops the tagger's person, place or organisation names that a built-in
// gazetteer knows, with exactly the same extent, as a nationality or religion adjective: the
// taggers learnt from corpora that call "Israeli" or "Australian" a place now and then, where
// the interface's type is NAT ("Israeli" is no place; "Israel" is). Plural nouns ("Americans",
// "Muslims") stay the tagger's: some corpora annotate such groups as persons.
func natOverTagger(cs []cand, runes []rune) []cand {
	type ext struct{ a, b int }
	var nat map[ext]bool
	for _, c := range cs {
		if c.prec == precGazetteer && (c.Type == span.NAT || c.Type == span.REL) && c.End > c.Start && runes[c.End-1] != 's' {
			if nat == nil {
				nat = map[ext]bool{}
			}
			nat[ext{c.Start, c.End}] = true
		}
	}
	if nat == nil {
		return cs
	}
	out := cs[:0]
	for _, c := range cs {
		if c.prec == precTagger && (c.Type == span.PER || c.Type == span.LOC || c.Type == span.ORG) && nat[ext{c.Start, c.End}] {
			continue
		}
		out = append(out, c)
	}
	return out
}

// resolve keeps non-overlapping spans: longer first, then by precedence, then by position.
func resolve(cs []cand, n int) []span.Span {
	sort.SliceStable(cs, func(i, j int) bool {
		li, lj := cs[i].End-cs[i].Start, cs[j].End-cs[j].Start
		if li != lj {
			return li > lj
		}
		if cs[i].prec != cs[j].prec {
			return cs[i].prec > cs[j].prec
		}
		return cs[i].Start < cs[j].Start
	})
	var kept []span.Span
	taken := make([]bool, n) // the code points of the kept spans
	for _, c := range cs {
		if c.End > n || c.Start < 0 || c.Start >= c.End {
			continue
		}
		if slices.Contains(taken[c.Start:c.End], true) {
			continue
		}
		for x := c.Start; x < c.End; x++ {
			taken[x] = true
		}
		kept = append(kept, c.Span)
	}
	sort.Slice(kept, func(i, j int) bool { return kept[i].Start < kept[j].Start })
	return kept
}

// mergePersons lists the languages whose tagger's adjacent person names are joined
// (mergeAdjacentPersons): Dutch, whose tagger learnt from historical newspapers that print
// lists of names. Hand-written modern Dutch (MODELS.md) 0.667 -> 0.696 and 0.598 unchanged,
// the Europeana development tenth 0.4699 -> 0.4662; other languages' development splits
// unchanged or lower (Croatian 0.7479 -> 0.7468).
var mergePersons = map[string]bool{"nld": true}

// mergePersonsOn switches mergeAdjacentPersons off for development measurements.
var mergePersonsOn = true

// mergeAdjacentPersons joins two person names of the tagger that only white space separates
// ("Emmanuel" + "Macron"): a tagger trained on lists of names (the Dutch historical newspapers
// print "Westra, Nijhuis, ...") may tag each word of a name as a name of its own, while two
// persons written side by side without a comma or "and" are rare.
func mergeAdjacentPersons(spans []span.Span, runes []rune) []span.Span {
	out := spans[:0]
	for _, s := range spans {
		if n := len(out); n > 0 && s.Type == span.PER && out[n-1].Type == span.PER && taggerSource(s.Source) &&
			taggerSource(out[n-1].Source) && onlySpace(runes, out[n-1].End, s.Start) {
			out[n-1].End = s.End
			out[n-1].Confidence = min(out[n-1].Confidence, s.Confidence)
			continue
		}
		out = append(out, s)
	}
	return out
}

func taggerSource(src string) bool { return src == span.SourceStatistical || src == span.SourceDNN }

// onlySpace reports whether runes[a:b] is non-empty white space.
func onlySpace(runes []rune, a, b int) bool {
	if a >= b || b > len(runes) {
		return false
	}
	for _, r := range runes[a:b] {
		if !unicode.IsSpace(r) {
			return false
		}
	}
	return true
}

// splitTitles trims a leading title off tagger PER spans ("President Barack Obama" →
// TTL "President" + PER "Barack Obama") and off the name runs of the knowledge-base path
// ("Menteri Sri Mulyani"), as the interface returns titles as entities of their own; a span
// that is nothing but the title is left to the overlap rules.
func splitTitles(cs []cand, runes []rune) {
	byStart := map[int][]int{} // the titles' candidate indexes by start, in candidate order
	for x, t := range cs {
		if t.Type == span.TTL {
			byStart[t.Start] = append(byStart[t.Start], x)
		}
	}
	if len(byStart) == 0 {
		return
	}
	for i := range cs {
		if (cs[i].Type != span.PER || cs[i].prec != precTagger) && cs[i].Source != span.SourceNameRuns {
			continue
		}
		for _, x := range byStart[cs[i].Start] {
			t := cs[x]
			if t.End >= cs[i].End {
				continue
			}
			st := t.End
			for st < cs[i].End && unicode.IsSpace(runes[st]) {
				st++
			}
			if st < cs[i].End {
				cs[i].Start = st
			}
			break
		}
	}
}

// group is an entity under construction.
type group struct {
	Entity
	first int
	chain int
	// inflected reports that the representative mention is a form the knowledge base knows
	// by another (Mention.lookup): a later mention as the KB writes it replaces it.
	inflected bool
}

// normalize collapses runs of white space to one space and trims.
func normalize(s string) string {
	return strings.Join(strings.FieldsFunc(s, unicode.IsSpace), " ")
}

func (p *Pipeline) group(text string, runes []rune, lang string, toks []tokenize.Token, spans []span.Span, coref bool) []*group {
	var chain []int
	var extra []Reference
	if coref && p.m.Coref != nil {
		chain, extra = p.m.Coref(text, lang, toks, spans)
		if len(chain) != len(spans) {
			chain, extra = nil, nil
		}
	}
	var groups []*group
	byKey := map[string]*group{}
	byChain := map[int]*group{}
	for i, s := range spans {
		m := Mention{Offset: Offset{s.Start, s.End}, Text: string(runes[s.Start:s.End]), Source: s.Source, Kind: "name", Confidence: s.Confidence, lookup: s.Lookup}
		norm := normalize(m.Text)
		key := norm
		if s.Lookup != "" {
			key = normalize(s.Lookup) // "للمغرب" joins المغرب
		}
		var g *group
		if chain != nil {
			g = byChain[chain[i]]
		}
		if g == nil {
			g = byKey[s.Type+"\x00"+key]
		}
		if g == nil {
			g = &group{Entity: Entity{Type: s.Type, Mention: m.Text, Normalized: norm}, first: s.Start, chain: -1, inflected: s.Lookup != ""}
			groups = append(groups, g)
			byKey[s.Type+"\x00"+key] = g
		}
		if chain != nil {
			g.chain = chain[i]
			byChain[chain[i]] = g
		}
		g.Mentions = append(g.Mentions, m)
		// The longest name of a chain represents it, and a name as the knowledge base writes
		// it one it knows by another form ("Казань" rather than "в Казани").
		if g.Type == s.Type && (s.Lookup == "" || g.inflected) && (len([]rune(norm)) > len([]rune(g.Normalized)) || g.inflected && s.Lookup == "") {
			g.Mention, g.Normalized, g.inflected = m.Text, norm, s.Lookup != ""
		}
	}
	for _, r := range extra {
		g := byChain[r.Chain]
		s := r.Span
		if g == nil || s.Start < 0 || s.End > len(runes) || s.End <= s.Start || overlapsAny(s, spans) {
			continue
		}
		g.Mentions = append(g.Mentions, Mention{Offset: Offset{s.Start, s.End}, Text: string(runes[s.Start:s.End]), Source: span.SourceCoref, Kind: r.Kind, Confidence: s.Confidence})
	}
	return groups
}

func overlapsAny(s span.Span, spans []span.Span) bool {
	i := sort.Search(len(spans), func(i int) bool { return spans[i].End > s.Start })
	return i < len(spans) && spans[i].Start < s.End
}

// hasLetterOrDigit reports whether rs holds a letter or a digit.
func hasLetterOrDigit(rs []rune) bool {
	for _, r := range rs {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return true
		}
	}
	return false
}

// linkable are the types the linker handles.
var linkable = map[string]bool{span.PER: true, span.ORG: true, span.LOC: true, span.PROD: true}

// Linkable reports whether entities of the type are linked to the knowledge base.
func Linkable(typ string) bool { return linkable[typ] }

func (p *Pipeline) link(k *kb.KB, text string, runes []rune, lang string, groups []*group, o Options) []*group {
	var ms []linking.Mention
	var owner []int
	byteOff := byteOffsets(text, len(runes))
	for gi, g := range groups {
		if !linkable[g.Type] {
			continue
		}
		for _, m := range g.Mentions {
			if m.Kind != "name" {
				continue
			}
			t := m.Text
			if m.lookup != "" {
				t = m.lookup
			}
			ms = append(ms, linking.Mention{Text: t, Type: g.Type, Start: byteOff[m.Start], End: byteOff[m.End]})
			owner = append(owner, gi)
		}
	}
	if len(ms) == 0 {
		return groups
	}
	lo := p.m.Linking
	if lo.Alternatives == nil && !p.noRomanize {
		lo.Alternatives = romanizations(lang)
	}
	if lo.Variants == nil && lang == "rus" && !p.noRomanize {
		lo.Variants = rusVariants
	}
	links := linking.New(k, lo).Link(text, ms)
	// Each group takes the id its mentions vote for, weighted by confidence.
	type vote struct {
		conf, best float64
	}
	votes := make([]map[string]*vote, len(groups))
	for _, l := range links {
		gi := owner[l.Mention]
		g := groups[gi]
		if l.EntityID == "" {
			if l.Confidence > g.LinkingConfidence {
				g.LinkingConfidence = l.Confidence
			}
			continue
		}
		if votes[gi] == nil {
			votes[gi] = map[string]*vote{}
		}
		v := votes[gi][l.EntityID]
		if v == nil {
			v = &vote{}
			votes[gi][l.EntityID] = v
		}
		v.conf += l.Confidence
		if l.Confidence > v.best {
			v.best = l.Confidence
		}
	}
	for gi, g := range groups {
		var bestID string
		var best *vote
		for id, v := range votes[gi] {
			if best == nil || v.conf > best.conf || (v.conf == best.conf && id < bestID) {
				bestID, best = id, v
			}
		}
		if best == nil {
			continue
		}
		g.EntityID, g.Linked, g.LinkingConfidence = bestID, true, best.best
		if e, ok := k.Entity(bestID); ok {
			if o.OntologyTypes {
				g.OntologyTypes = append([]string(nil), e.OntologyTypes...)
			}
			if o.ExternalID {
				g.ExternalID = e.ExternalID
			}
		}
	}
	if !o.rawLinkConfidence {
		for _, g := range groups {
			g.LinkingConfidence = calibrateLink(g.LinkingConfidence)
		}
	}
	// Merge groups of one type linked to one id (U.S. and United States).
	var out []*group
	seen := map[string]*group{}
	for _, g := range groups {
		if g.Linked {
			key := g.Type + "\x00" + g.EntityID
			if h := seen[key]; h != nil {
				h.Mentions = append(h.Mentions, g.Mentions...)
				if h.inflected && !g.inflected {
					h.Mention, h.Normalized, h.inflected = g.Mention, g.Normalized, false
				}
				if g.LinkingConfidence > h.LinkingConfidence {
					h.LinkingConfidence = g.LinkingConfidence
				}
				continue
			}
			seen[key] = g
		}
		out = append(out, g)
	}
	return out
}

// byteOffsets maps each code-point offset 0..n to its byte offset in text.
func byteOffsets(text string, n int) []int {
	off := make([]int, 0, n+1)
	for i := range text {
		off = append(off, i)
	}
	for len(off) <= n {
		off = append(off, len(text))
	}
	return off
}

// finish sorts mentions and entities, assigns T ids and computes confidences.
func finish(groups []*group) []Entity {
	out := make([]Entity, 0, len(groups))
	for _, g := range groups {
		sort.Slice(g.Mentions, func(i, j int) bool { return g.Mentions[i].Start < g.Mentions[j].Start })
		g.first = g.Mentions[0].Start
		g.Confidence = 0
		for _, m := range g.Mentions {
			if m.Kind == "name" && m.Confidence > g.Confidence {
				g.Confidence = m.Confidence
			}
		}
	}
	sort.SliceStable(groups, func(i, j int) bool { return groups[i].first < groups[j].first })
	t := 0
	for _, g := range groups {
		if !g.Linked {
			g.EntityID = fmt.Sprintf("T%d", t)
			t++
		}
		out = append(out, g.Entity)
	}
	return out
}

// titledRuns makes a name run of the knowledge-base path that follows a title ("la ministra
// Teresa Ribera", "певица Алла Пугачёва") a person (development splits with the taggers
// switched off: sv 0.538 -> 0.540, fr 0.450 -> 0.453, the others unchanged).
func titledRuns(cs []cand, runes []rune) {
	ttlEnds := map[int]bool{}
	for _, t := range cs {
		if t.Type == span.TTL {
			ttlEnds[t.End] = true
		}
	}
	if len(ttlEnds) == 0 {
		return
	}
	for i := range cs {
		if cs[i].Source != span.SourceNameRuns || cs[i].Type == span.PER {
			continue
		}
		// A title ends in the white space right before the run (or at its start).
		for e := cs[i].Start; e >= 0; e-- {
			if ttlEnds[e] {
				cs[i].Type = span.PER
				break
			}
			if e == 0 || e > len(runes) || !unicode.IsSpace(runes[e-1]) {
				break
			}
		}
	}
}

// trimTitleTails ends a name run of the knowledge-base path before a title that begins inside
// it: "روبرت بوث | المدير التنفيذي" (the Arabic family-name rule had taken "المدير", the
// director, for a family name with the article).
func trimTitleTails(cs []cand, runes []rune) {
	starts := ttlStarts(cs)
	if len(starts) == 0 {
		return
	}
	for i := range cs {
		if cs[i].Source != span.SourceNameRuns {
			continue
		}
		// The first title that starts inside the run (after its first code point) ends it.
		k := sort.SearchInts(starts, cs[i].Start+1)
		if k == len(starts) || starts[k] >= cs[i].End {
			continue
		}
		end := starts[k]
		for end > cs[i].Start && unicode.IsSpace(runes[end-1]) {
			end--
		}
		cs[i].End = end
	}
}

// ttlStarts returns the sorted, distinct starts of the title candidates.
func ttlStarts(cs []cand) []int {
	var starts []int
	for _, t := range cs {
		if t.Type == span.TTL {
			starts = append(starts, t.Start)
		}
	}
	sort.Ints(starts)
	return slices.Compact(starts)
}
