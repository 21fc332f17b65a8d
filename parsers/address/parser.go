package address

import (
	"bytes"
	"embed"
	"errors"
	"fmt"
	"strings"
	"sync"
	"unicode"
)

//go:embed data/*
var dataFS embed.FS

// Files of the committed model in data/.
const (
	modelFile   = "model.bin"
	lexiconFile = "lexicon.txt.gz"
)

// ErrEmpty is returned for input without any letter or digit.
var ErrEmpty = errors.New("address: empty address")

// Parser is a loaded model and lexicon. It is safe for concurrent use.
type Parser struct {
	model *scorer
	lex   *lexicon
	other int // class index of "O"
	pool  sync.Pool
}

type scratch struct {
	st     sentence
	toks   []token
	labels []int
	feats  []uint64
	scores []int32
	// beam search
	static           []int32
	prev             []int32 // static + prevFeatures scores per previous label ((nc+1)×nc)
	prevSet          []bool  // which rows of prev are filled at the current position
	beams, cur, next []hyp
	offs             []int // start of each position's beam in beams
}

var (
	defaultOnce   sync.Once
	defaultParser *Parser
	defaultErr    error
)

// Default returns the parser built from the committed model in data/.
func Default() (*Parser, error) {
	defaultOnce.Do(func() {
		m, err1 := dataFS.ReadFile("data/" + modelFile)
		l, err2 := dataFS.ReadFile("data/" + lexiconFile)
		if err := errors.Join(err1, err2); err != nil {
			defaultErr = fmt.Errorf("address: committed model missing (run nomen train address): %w", err)
			return
		}
		defaultParser, defaultErr = Load(m, l)
	})
	return defaultParser, defaultErr
}

// Load builds a parser from a serialized model and lexicon (the files Train writes).
func Load(model, lex []byte) (*Parser, error) {
	sc, classes, err := newScorer(model)
	if err != nil {
		return nil, err
	}
	l, err := readLexicon(bytes.NewReader(lex))
	if err != nil {
		return nil, err
	}
	return newParser(classes, sc, l)
}

func newParser(classes []string, sc *scorer, l *lexicon) (*Parser, error) {
	want := classNames()
	if len(classes) != len(want) {
		return nil, fmt.Errorf("address: model classes %v do not match the fields", classes)
	}
	for i, c := range want {
		if classes[i] != c {
			return nil, fmt.Errorf("address: model class %d is %q, want %q", i, classes[i], c)
		}
	}
	p := &Parser{model: sc, lex: l, other: len(want) - 1}
	p.pool.New = func() any { return &scratch{scores: make([]int32, len(classes))} }
	return p, nil
}

// Parse parses s with the committed model. It returns ErrEmpty when s has no letter or digit
// and an error when the committed model cannot be loaded.
func Parse(s string) (Fields, error) {
	p, err := Default()
	if err != nil {
		return Fields{}, err
	}
	return p.Parse(s)
}

// Parse splits s into address fields.
func (p *Parser) Parse(s string) (Fields, error) {
	if !hasAlnum(s) {
		return Fields{}, ErrEmpty
	}
	sc := p.pool.Get().(*scratch)
	defer p.pool.Put(sc)
	sc.toks = appendTokens(sc.toks[:0], s, p.lex.cjkCountries)
	if len(sc.toks) == 0 {
		return Fields{}, ErrEmpty
	}
	labels := p.tag(sc)
	fixRuns(&sc.st, labels)
	return assemble(s, sc.toks, labels, p.other), nil
}

// fixRuns applies two rules to the tagged sentence st. A road run followed by a house number
// and another road run is a venue name ("Planned Parenthood, 44 Court St"), which the tagger
// cannot see ahead for. A city run that the lexicon knows only as a district (a borough:
// Brooklyn, not a city of its own) is the city district. A city run made of a place and a
// city is split at the place (neighbourhood), and so, when hoodRule is on, is one made of
// unknown capitalized words and a city (splitUnknownHood). Two city runs written alike are
// the city and its state ("Salzburg, Salzburg"), and a number read as the postcode right
// after a unit word is the unit's ("Oficina 501"; rules_state.go).
func fixRuns(st *sentence, labels []int) {
	toks := st.toks
	type run struct{ label, start, end int }
	var buf [maxTokens]run
	runs := buf[:0]
	for i := 0; i < len(toks); {
		j := i + 1
		for j < len(toks) && labels[j] == labels[i] && !toks[j-1].sepAfter {
			j++
		}
		runs = append(runs, run{labels[i], i, j})
		i = j
	}
	set := func(r run, l int) {
		for k := r.start; k < r.end; k++ {
			labels[k] = l
		}
	}
	for i := 0; i+2 < len(runs); i++ {
		if runs[i].label == int(Road) && runs[i+1].label == int(HouseNumber) && runs[i+2].label == int(Road) {
			set(runs[i], int(House))
		}
	}
	for _, r := range runs {
		if r.label != int(City) {
			continue
		}
		if st.districtOnly(r.start, r.end) {
			set(r, int(CityDistrict))
			continue
		}
		if stateRule && st.splitDoubledCity(labels, r.start, r.end) { // rules_state.go
			continue
		}
		// Two places read as one city ("Carroll Gardens Brooklyn", "Covent Garden London"):
		// the first is the neighbourhood.
		for k := r.start + 1; k < r.end; k++ {
			if !st.phraseAt(r.start, k, placeBits) {
				continue
			}
			switch {
			case st.districtOnly(k, r.end):
				set(run{label: int(Suburb), start: r.start, end: k}, int(Suburb))
				set(run{start: k, end: r.end}, int(CityDistrict))
			case st.phraseAt(k, r.end, lexCity) && !st.phraseAt(r.start, r.end, placeBits):
				set(run{start: r.start, end: k}, int(Suburb))
			}
			break
		}
		if hoodRule {
			st.splitUnknownHood(labels, r.start, r.end) // rules_hood.go
		}
	}
	if stateRule {
		st.splitRepeatedCity(labels) // rules_state.go
	}
	if hoodCityRule {
		st.hoodBeforeCity(labels) // rules_hoodcity.go
	}
	if unitRule {
		st.unitNumbers(labels) // rules_state.go
	}
	if districtRule {
		st.numberedDistricts(labels) // rules_district.go
	}
	if venueRule {
		st.venueBeforeGluedRoad(labels) // rules_venue.go
	}
	if placeRoadRule {
		st.placeNamedRoad(labels) // rules_placeroad.go
	}
	if roadHoodRule {
		st.hoodAfterRoad(labels) // rules_roadhood.go
	}
	if roadNumberRule {
		st.roadNumber(labels) // rules_roadnumber.go
	}
	if jpPostcodeRule {
		st.japanesePostcode(labels) // rules_jppost.go
	}
	if roadPrefixRule {
		st.roadFirstWord(labels) // rules_roadprefix.go
	}
	if roadTailRule {
		st.roadTail(labels) // rules_roadtail.go
	}
	if stateCityRule {
		st.stateAsCity(labels) // rules_roadnumber.go
	}
	if gridRule {
		st.gridNumber(labels) // rules_grid.go
	}
	if venueNameRule {
		st.venueName(labels) // rules_venueroad.go
	}
	if stateCodeRule {
		st.stateCodeAfterCity(labels) // rules_statecode.go
	}
}

// placeBits are the lexicon classes of populated places.
const placeBits = lexCity | lexSection | lexDistrict

// phraseAt reports whether tokens [i, j) are exactly one lexicon phrase with one of the
// classes in bits.
func (st *sentence) phraseAt(i, j int, bits uint32) bool {
	if st.lexB[i]&bits == 0 {
		return false
	}
	for k := i + 1; k < j; k++ {
		if st.lexI[k]&bits == 0 || st.toks[k-1].sepAfter {
			return false
		}
	}
	// The phrase must end at j: a longer phrase from i would also mark token j.
	return j == len(st.toks) || st.lexI[j]&bits == 0
}

// districtOnly reports whether tokens [i, j) are one lexicon phrase that is a district and
// not a city.
func (st *sentence) districtOnly(i, j int) bool {
	if b := st.lexB[i]; b&lexDistrict == 0 || b&lexCity != 0 {
		return false
	}
	for k := i + 1; k < j; k++ {
		if st.lexI[k]&lexDistrict == 0 || st.lexB[k] != 0 {
			return false
		}
	}
	return j == len(st.toks) || st.lexI[j]&lexDistrict == 0
}

func hasAlnum(s string) bool {
	for _, r := range s {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return true
		}
	}
	return false
}

// beamWidth is the number of label sequences kept while tagging (1 = greedy; at most 32,767).
// For the greedily trained models before 2026-11-23 two was best on the generated dev split
// (whole-address 0.860 greedy, 0.876 with 2). The committed structured model (trained with a
// beam of trainBeam = 8) scores generated dev / hand-written 0.9177 / 0.9410 with 3, 0.9230 /
// 0.9458 with 4, 0.9260 / 0.9474 with 6 and 0.9257 / 0.9474 with 8; four keeps parsing at ~10 µs
// (MODELS.md).
var beamWidth = 4

// hyp is one partial label sequence of the beam.
type hyp struct {
	score  int64  // sum of the chosen classes' scores
	seen   uint32 // fields seen so far (addSeen)
	back   int16  // index of the hypothesis it extends, in the previous position's beam
	p1, p2 int8   // last two labels
}

// tag labels sc.toks left to right, greedily or with a beam.
func (p *Parser) tag(sc *scratch) []int {
	if beamWidth > 1 {
		return p.tagBeam(sc, beamWidth)
	}
	return p.tagGreedy(sc)
}

// tagBeam keeps the k best label sequences by summed class scores; the static features of a
// token are scored once for every hypothesis.
func (p *Parser) tagBeam(sc *scratch, k int) []int {
	sc.st.analyze(sc.toks, p.lex)
	n, nc := len(sc.toks), p.model.nc
	if cap(sc.static) < nc {
		sc.static = make([]int32, nc)
	}
	static := sc.static[:nc]
	if len(sc.prev) < (nc+1)*nc {
		sc.prev = make([]int32, (nc+1)*nc)
		sc.prevSet = make([]bool, nc+1)
	}
	acc := sc.scores[:nc]
	sc.beams = sc.beams[:0]
	cur := append(sc.cur[:0], hyp{p1: -1, p2: -1, back: -1})
	next := sc.next[:0]
	for i := 0; i < n; i++ {
		for c := range static {
			static[c] = 0
		}
		p.model.add(sc.st.static[i], static)
		for j := range sc.prevSet {
			sc.prevSet[j] = false
		}
		next = next[:0]
		for hi, h := range cur {
			// The features of the previous label are scored once per label (row p1+1).
			p1 := int(h.p1)
			row := sc.prev[(p1+1)*nc : (p1+2)*nc]
			if !sc.prevSet[p1+1] {
				copy(row, static)
				sc.feats = sc.st.prevFeatures(sc.feats[:0], i, p1)
				p.model.add(sc.feats, row)
				sc.prevSet[p1+1] = true
			}
			copy(acc, row)
			sc.feats = sc.st.hypFeatures(sc.feats[:0], i, p1, int(h.p2), h.seen)
			p.model.add(sc.feats, acc)
			for c, v := range acc {
				score := h.score + int64(v)
				// Insert into next, kept sorted by score (best first, earlier first on ties).
				j := len(next)
				if j == k && next[k-1].score >= score {
					continue
				}
				cand := hyp{p1: int8(c), p2: h.p1, seen: addSeen(h.seen, c), score: score, back: int16(hi)}
				if j < k {
					next = append(next, cand)
				} else {
					j = k - 1
				}
				for j > 0 && next[j-1].score < score {
					next[j] = next[j-1]
					j--
				}
				next[j] = cand
			}
		}
		sc.beams = append(sc.beams, next...)
		sc.offs = append(sc.offs[:min(i, len(sc.offs))], len(sc.beams)-len(next))
		cur, next = next, cur
	}
	sc.cur, sc.next = cur, next
	// Follow the back pointers from the best final hypothesis.
	sc.labels = append(sc.labels[:0], make([]int, n)...)
	b := 0
	for i := n - 1; i >= 0; i-- {
		h := sc.beams[sc.offs[i]+b]
		sc.labels[i] = int(h.p1)
		b = int(h.back)
	}
	return sc.labels
}

// tagGreedy labels sc.toks greedily, left to right.
func (p *Parser) tagGreedy(sc *scratch) []int {
	sc.st.analyze(sc.toks, p.lex)
	sc.labels = sc.labels[:0]
	for i := range sc.toks {
		sc.feats = append(sc.feats[:0], sc.st.static[i]...)
		sc.feats = sc.st.dynFeatures(sc.feats, i, sc.labels)
		sc.labels = append(sc.labels, p.model.predict(sc.feats, sc.scores))
	}
	return sc.labels
}

// assemble joins runs of equally labelled tokens into fields. A run ends at a label change or
// a separator; a field met twice gets its runs joined by a space.
func assemble(s string, toks []token, labels []int, other int) Fields {
	var f Fields
	for i := 0; i < len(toks); {
		j := i + 1
		for j < len(toks) && labels[j] == labels[i] && !toks[j-1].sepAfter {
			j++
		}
		if labels[i] != other {
			v := strings.TrimSpace(s[toks[i].start:toks[j-1].end])
			fld := Field(labels[i])
			if old := f.Get(fld); old != "" {
				v = old + " " + v
			}
			f.Set(fld, v)
		}
		i = j
	}
	return f
}

// Tokens returns the tokens of s as the tagger sees them, for diagnostics.
func Tokens(s string) []string {
	p, _ := Default()
	var cc []string
	if p != nil {
		cc = p.lex.cjkCountries
	}
	toks := appendTokens(nil, s, cc)
	out := make([]string, len(toks))
	for i, t := range toks {
		out[i] = t.text
	}
	return out
}
