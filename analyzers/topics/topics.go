package topics

import (
	"errors"
	"fmt"
	"math"
	"os"
	"sort"
	"strings"
	"unicode"

	"github.com/nomenhq/nomen/analyzers/morph"
	"github.com/nomenhq/nomen/analyzers/tokenize"
)

// ErrUnsupported is returned (wrapped) for a language other than English.
var ErrUnsupported = errors.New("topics: unsupported language")

// Languages are the languages Extract supports (ISO 639-3).
func Languages() []string { return []string{"eng"} }

// Supports reports whether Extract supports lang.
func Supports(lang string) bool { return lang == "eng" }

// Span is a code-point span [Start, End) of the text.
type Span struct{ Start, End int }

// Keyphrase is a noun phrase of the text.
type Keyphrase struct {
	Phrase   string
	Salience float64
	Mentions []Span
}

// Concept is a knowledge-base entity of the text.
type Concept struct {
	// ID is the Q id; Phrase its English label.
	ID, Phrase string
	Salience   float64
	Mentions   []Span
}

// Entity is an entity that an entity linker found in the text and linked.
type Entity struct {
	ID, Label string
	Mentions  []Span
}

// Names looks a phrase up in a knowledge base: the Q id and English label of the entity that
// has the phrase as an exact name, if any.
type Names func(phrase string) (id, label string, ok bool)

// Input is what Extract needs beyond the text. Both fields are optional: without them there
// are no concepts.
type Input struct {
	Entities []Entity
	Names    Names
}

// Result holds the keyphrases and concepts, by decreasing salience (ties by first mention).
type Result struct {
	Keyphrases []Keyphrase
	Concepts   []Concept
}

// Extractor finds topics with the embedded model. The zero value is not usable: call Load.
type Extractor struct{ m *model }

// Load returns the extractor of the embedded model, reading the model on the first call.
func Load() (*Extractor, error) {
	m, err := loadModel()
	if err != nil {
		return nil, err
	}
	return &Extractor{m}, nil
}

// Extract returns the keyphrases and concepts of an English text with the embedded model.
func Extract(text, lang string, in Input) (Result, error) {
	x, err := Load()
	if err != nil {
		return Result{}, err
	}
	return x.Extract(text, lang, in)
}

// Extract returns the keyphrases and concepts of an English text. It returns ErrUnsupported
// (wrapped) for another language.
func (x *Extractor) Extract(text, lang string, in Input) (Result, error) {
	if !Supports(lang) {
		return Result{}, fmt.Errorf("%w: %q", ErrUnsupported, lang)
	}
	m := x.m
	d, err := analyze(text)
	if err != nil {
		return Result{}, err
	}
	cands := d.candidates()
	res := Result{Keyphrases: make([]Keyphrase, 0, len(cands)), Concepts: []Concept{}}
	for _, c := range cands {
		res.Keyphrases = append(res.Keyphrases, Keyphrase{Phrase: c.phrase, Salience: m.prob(d.features(c)), Mentions: c.spans(d)})
	}
	sort.SliceStable(res.Keyphrases, func(i, j int) bool { return res.Keyphrases[i].Salience > res.Keyphrases[j].Salience })

	// Concepts: the linked entities, then the keyphrases that are knowledge-base names.
	byID := map[string]*conceptAcc{}
	var order []string
	add := func(id, label string, toks []occurrence) {
		a := byID[id]
		if a == nil {
			a = &conceptAcc{label: label}
			byID[id] = a
			order = append(order, id)
		}
		for _, o := range toks {
			if !a.seen[o] {
				if a.seen == nil {
					a.seen = map[occurrence]bool{}
				}
				a.seen[o] = true
				a.occ = append(a.occ, o)
			}
		}
	}
	for _, e := range in.Entities {
		if e.ID == "" {
			continue
		}
		var occ []occurrence
		for _, s := range e.Mentions {
			if o, ok := d.occurrenceOf(s); ok {
				occ = append(occ, o)
			}
		}
		if len(occ) > 0 {
			add(e.ID, e.Label, occ)
		}
	}
	if in.Names != nil {
		for _, c := range cands {
			if !d.nameLike(c) {
				continue
			}
			if id, label, ok := in.Names(c.phrase); ok && id != "" {
				add(id, label, c.occ)
			}
		}
	}
	for _, id := range order {
		a := byID[id]
		sort.Slice(a.occ, func(i, j int) bool { return a.occ[i].start < a.occ[j].start })
		c := candidate{occ: a.occ}
		res.Concepts = append(res.Concepts, Concept{ID: id, Phrase: a.label, Salience: m.prob(d.features(c)), Mentions: c.spans(d)})
	}
	sort.SliceStable(res.Concepts, func(i, j int) bool { return res.Concepts[i].Salience > res.Concepts[j].Salience })
	return res, nil
}

type conceptAcc struct {
	label string
	occ   []occurrence
	seen  map[occurrence]bool
}

// document is the tagged text: one entry per word.
type document struct {
	text   []rune
	words  []string
	lemmas []string
	pos    []string
	offs   []Span
	sent   []int // sentence index of each word
	// nominal counts the nouns and proper nouns of each lower-cased lemma (see headFreq).
	nominal map[string]int
}

// headFreq returns the number of nouns and proper nouns of each lower-cased lemma.
func (d *document) headFreq() map[string]int {
	if d.nominal == nil {
		d.nominal = map[string]int{}
		for k := range d.words {
			if isNominal(d.pos[k]) {
				d.nominal[strings.ToLower(d.lemmas[k])]++
			}
		}
	}
	return d.nominal
}

// analyze tags text with the English tagger and assigns each word its sentence.
func analyze(text string) (*document, error) {
	a, err := morph.Analyze(text, "eng", []string{morph.FeatureLemmas, morph.FeaturePartsOfSpeech}, morph.Options{Disambiguate: true})
	if err != nil {
		return nil, fmt.Errorf("topics: %w", err)
	}
	d := &document{text: []rune(text), words: a.Tokens, lemmas: a.Lemmas, pos: a.PosTags, sent: make([]int, len(a.Tokens))}
	d.offs = make([]Span, len(a.Offsets))
	for i, o := range a.Offsets {
		d.offs[i] = Span{o[0], o[1]}
	}
	sents := tokenize.Sentences(text, "eng")
	k := 0
	for i, o := range d.offs {
		for k+1 < len(sents) && o.Start >= sents[k].End {
			k++
		}
		d.sent[i] = k
	}
	return d, nil
}

// occurrence is one occurrence of a phrase: words [start, end) with head word head.
type occurrence struct{ start, end, head int }

// candidate is a phrase with all its occurrences.
type candidate struct {
	key, phrase string
	occ         []occurrence
}

func (c candidate) spans(d *document) []Span {
	out := make([]Span, len(c.occ))
	for i, o := range c.occ {
		out[i] = Span{d.offs[o.start].Start, d.offs[o.end-1].End}
	}
	return out
}

// minDocWords is the smallest document length (in words) the length features use.
const minDocWords = 400

// maxWords bounds the length of a keyphrase.
const maxWords = 5

// leadStop are adjectives that quantify rather than describe; a phrase does not start with one.
var leadStop = map[string]bool{"other": true, "such": true, "many": true, "much": true, "few": true, "several": true,
	"same": true, "own": true, "various": true, "certain": true, "more": true, "most": true, "less": true, "least": true,
	"whole": true, "entire": true, "main": true, "able": true}

func isNominal(p string) bool { return p == "NOUN" || p == "PROPN" }

func hasLetter(s string) bool {
	for _, r := range s {
		if unicode.IsLetter(r) {
			return true
		}
	}
	return false
}

// content reports whether word i can be part of a noun phrase.
func (d *document) content(i int) bool {
	p := d.pos[i]
	return (p == "ADJ" || p == "NOUN" || p == "PROPN") && hasLetter(d.words[i]) && len([]rune(d.words[i])) < 40
}

// joins reports whether word i (not content) may join words i-1 and i+1 of a phrase: "of"
// between proper nouns, a hyphen written without spaces.
func (d *document) joins(i int) bool {
	if i == 0 || i+1 >= len(d.words) || d.sent[i-1] != d.sent[i+1] || !d.content(i-1) || !d.content(i+1) {
		return false
	}
	switch {
	case d.words[i] == "of" || d.words[i] == "Of":
		return d.pos[i-1] == "PROPN" && d.pos[i+1] == "PROPN"
	case d.words[i] == "-":
		return d.offs[i-1].End == d.offs[i].Start && d.offs[i].End == d.offs[i+1].Start
	}
	return false
}

// phrases returns the noun-phrase occurrences of the document, in text order.
func (d *document) phrases() []occurrence {
	var out []occurrence
	for i := 0; i < len(d.words); {
		if !d.content(i) {
			i++
			continue
		}
		j := i + 1
		for j < len(d.words) && d.sent[j] == d.sent[i] && (d.content(j) || d.joins(j)) {
			j++
		}
		s, e := i, j
		for e > s && !isNominal(d.pos[e-1]) {
			e--
		}
		for s < e && (!d.content(s) || (d.pos[s] == "ADJ" && leadStop[strings.ToLower(d.words[s])])) {
			s++
		}
		if e-s > maxWords {
			s = e - maxWords
			for s < e && !d.content(s) {
				s++
			}
		}
		if e > s {
			h := e - 1
			// "University of Portsmouth": the head is the last word before "of".
			for k := s + 1; k < e; k++ {
				if d.words[k] == "of" || d.words[k] == "Of" {
					h = k - 1
					break
				}
			}
			out = append(out, occurrence{s, e, h})
		}
		i = j
	}
	return out
}

// key is the lemma-normalised form of words [s, e).
func (d *document) key(o occurrence) string {
	var b strings.Builder
	for k := o.start; k < o.end; k++ {
		if k > o.start && d.offs[k-1].End != d.offs[k].Start {
			b.WriteByte(' ')
		}
		l := d.lemmas[k]
		if l == "" || d.pos[k] == "PROPN" {
			l = d.words[k]
		}
		b.WriteString(strings.ToLower(l))
	}
	return b.String()
}

func (d *document) surface(o occurrence) string {
	return string(d.text[d.offs[o.start].Start:d.offs[o.end-1].End])
}

// candidates groups the noun-phrase occurrences by key, in order of first occurrence.
func (d *document) candidates() []candidate {
	idx := map[string]int{}
	var out []candidate
	for _, o := range d.phrases() {
		k := d.key(o)
		i, ok := idx[k]
		if !ok {
			i = len(out)
			idx[k] = i
			out = append(out, candidate{key: k})
		}
		out[i].occ = append(out[i].occ, o)
	}
	for i := range out {
		out[i].phrase = d.mostFrequentSurface(out[i].occ)
	}
	if mergeShortNames {
		out = d.mergeShortNames(out)
	}
	return out
}

// mergeShortNames folds a one-word proper-noun candidate into the one longer proper-noun
// candidate whose first or last word it is ("Einstein" into "Albert Einstein"), so that a
// name and its short form are one keyphrase. A short form that fits several longer names, or
// none, stays on its own.
func (d *document) mergeShortNames(cands []candidate) []candidate {
	isName := func(c candidate) bool {
		o := c.occ[0]
		for k := o.start; k < o.end; k++ {
			if d.pos[k] != "PROPN" {
				return false
			}
		}
		return true
	}
	into := make([]int, len(cands))
	for i := range into {
		into[i] = -1
	}
	for i, c := range cands {
		if len(strings.Fields(c.key)) != 1 || !isName(c) {
			continue
		}
		target := -1
		for j, l := range cands {
			f := strings.Fields(l.key)
			if j == i || len(f) < 2 || !isName(l) || (f[0] != c.key && f[len(f)-1] != c.key) {
				continue
			}
			if target >= 0 {
				target = -2
				break
			}
			target = j
		}
		if target >= 0 {
			into[i] = target
		}
	}
	var out []candidate
	pos := make([]int, len(cands))
	for i, c := range cands {
		if into[i] < 0 {
			pos[i] = len(out)
			out = append(out, c)
		}
	}
	for i, c := range cands {
		if t := into[i]; t >= 0 {
			k := pos[t]
			out[k].occ = append(out[k].occ, c.occ...)
			sort.Slice(out[k].occ, func(a, b int) bool { return out[k].occ[a].start < out[k].occ[b].start })
		}
	}
	return out
}

// mergeShortNames switches mergeShortNames on (NOMEN_TOPICS_NOMERGE=1 switches it off, to
// compare).
var mergeShortNames = os.Getenv("NOMEN_TOPICS_NOMERGE") != "1"

// headLemma is the lower-cased lemma (else word) of an occurrence's head.
func (d *document) headLemma(o occurrence) string {
	if l := d.lemmas[o.head]; l != "" {
		return strings.ToLower(l)
	}
	return strings.ToLower(d.words[o.head])
}

func (d *document) mostFrequentSurface(occ []occurrence) string {
	n := map[string]int{}
	best, bn := "", 0
	for _, o := range occ {
		s := d.surface(o)
		n[s]++
		if n[s] > bn {
			best, bn = s, n[s]
		}
	}
	return best
}

// nameLike reports whether a candidate may be looked up as a knowledge-base name: it has two
// words or more, and its head is a proper noun or every word is capitalised. (On GUM dev,
// looking single words up added wrong concepts and found no salient one that the entity
// linker had missed.)
func (d *document) nameLike(c candidate) bool {
	o := c.occ[0]
	if o.end-o.start < 2 {
		return false
	}
	if d.pos[o.head] == "PROPN" {
		return true
	}
	for k := o.start; k < o.end; k++ {
		r := []rune(d.words[k])
		if len(r) == 0 || !unicode.IsUpper(r[0]) || d.sent[k] == 0 {
			return false
		}
	}
	return true
}

// occurrenceOf maps a code-point span of the text to the words it covers; the head is the
// last nominal word (else the last word).
func (d *document) occurrenceOf(s Span) (occurrence, bool) {
	i := sort.Search(len(d.offs), func(k int) bool { return d.offs[k].End > s.Start })
	j := i
	for j < len(d.offs) && d.offs[j].Start < s.End {
		j++
	}
	if j <= i {
		return occurrence{}, false
	}
	h := j - 1
	for k := j - 1; k >= i; k-- {
		if isNominal(d.pos[k]) {
			h = k
			break
		}
	}
	return occurrence{i, j, h}, true
}

// Feature names, in the order of the model's weights (after the bias).
var featureNames = []string{"logFreq", "logHeadFreq", "firstPos", "spread", "firstSentence", "oneWord", "twoWords",
	"propnHead", "headRarity", "logDocLen", "capitalised", "logFreqPerLen"}

// features returns the feature vector of a candidate (without the bias).
func (d *document) features(c candidate) []float64 {
	n := float64(max(len(d.words), 1))
	f := make([]float64, len(featureNames))
	first, last := c.occ[0], c.occ[len(c.occ)-1]
	o := first
	freq := float64(len(c.occ))
	f[0] = math.Log1p(freq)
	head := d.headLemma(o)
	f[1] = math.Log1p(float64(d.headFreq()[head]))
	f[2] = float64(first.start) / n
	f[3] = float64(last.start-first.start) / n
	for _, x := range c.occ {
		if d.sent[x.start] == 0 {
			f[4] = 1
			break
		}
	}
	switch o.end - o.start {
	case 1:
		f[5] = 1
	case 2:
		f[6] = 1
	}
	if d.pos[o.head] == "PROPN" {
		f[7] = 1
	}
	f[8] = rarity(strings.ToLower(d.words[o.head]), head)
	// Short texts read as GUM-sized ones (GUM documents have 500 to 1,500 words), so that the
	// length-normalised features do not extrapolate far outside the training range.
	nl := math.Max(n, minDocWords)
	f[9] = math.Log(nl) / 10
	if r := []rune(d.words[o.head]); len(r) > 0 && unicode.IsUpper(r[0]) {
		f[10] = 1
	}
	f[11] = math.Log1p(freq * 1000 / nl)
	return f
}
