package langid

import (
	"errors"
	"fmt"
	"math"
	"runtime/debug"
	"slices"
	"sort"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	lingua "github.com/pemistahl/lingua-go"
)

// Unknown is the code returned when no language can be detected.
const Unknown = "xxx"

// ShortTextRunes is the length (in code points) up to which the
// short-string path is used.
const ShortTextRunes = 140

// longTextLetters is lingua's threshold: from this many letters on, the
// normal path scores trigrams only (as lingua's high-accuracy mode does).
const longTextLetters = 120

// maxScoredLetters bounds the letters scored for one text: beyond this many
// the ranking no longer changes in practice, and the bound keeps a call's
// scratch memory small for very large documents.
const maxScoredLetters = 20000

// MaxResults is the maximum number of detections returned.
const MaxResults = 5

// maxSerbianLatinWeight bounds Options.SerbianLatinWeight.
const maxSerbianLatinWeight = 1e6

// ErrUnknownLanguage is returned for a language code Detect does not know.
var ErrUnknownLanguage = errors.New("langid: unknown language code")

// ErrInvalidOption is returned for an option value out of range.
var ErrInvalidOption = errors.New("langid: invalid option")

// Options selects optional behaviour of Detect. The zero value is the default.
type Options struct {
	// Multilingual also returns Regions: the text split into runs of one
	// language each.
	Multilingual bool `json:"multilingual"`
	// KoreanDialects reports Korean as qkp (North) or qkr (South).
	KoreanDialects bool `json:"koreanDialects"`
	// Languages restricts the candidates to these ISO 639-3 codes (empty:
	// all). "srp" covers both scripts; "uen" means "eng"; "qkp"/"qkr" mean
	// "kor".
	Languages []string `json:"languages,omitempty"`
	// SerbianLatinWeight enables Latin-script Serbian in the normal path
	// (text longer than ShortTextRunes) when positive; 100 is neutral, 1000
	// multiplies its likelihood by 10, 10 divides it by 10. 0 (default)
	// leaves it off there. The short-string path always considers Latin
	// Serbian, with this weight when positive and 100 otherwise. Range
	// [0, 1e6].
	SerbianLatinWeight float64 `json:"serbianLatinWeight,omitempty"`
}

// Detection is one candidate language with its confidence in [0, 1]; the
// confidences of one result sum to at most 1.
type Detection struct {
	Language   string  `json:"language"`
	Confidence float64 `json:"confidence"`
}

// Region is a run of the text in one language. Offsets count Unicode code
// points, EndOffset exclusive.
type Region struct {
	StartOffset int         `json:"startOffset"`
	EndOffset   int         `json:"endOffset"`
	Language    string      `json:"language"`
	Detections  []Detection `json:"detections"`
}

// Result is the outcome of Detect: whole-text detections, best first, and
// with Options.Multilingual the regions in text order.
type Result struct {
	Detections []Detection `json:"languageDetections"`
	Regions    []Region    `json:"regions,omitempty"`
}

// Detector identifies languages. It is safe for concurrent use; models are
// built on first use (or by Load) and shared afterwards. The zero value
// covers all languages, like New.
type Detector struct {
	set  langSet
	once sync.Once
	m    *model
	err  error
}

// New returns a detector for all supported languages. It is cheap: the
// models (about 160 MB) are built on the first Detect or Load call.
func New() *Detector { return &Detector{set: allLangs()} }

func allLangs() langSet {
	var s langSet
	for i := 0; i < numLangs; i++ {
		s.add(i)
	}
	return s
}

// languages returns the detector's model languages (all for the zero value).
func (d *Detector) languages() langSet {
	if d.set.empty() {
		return allLangs()
	}
	return d.set
}

// NewForLanguages returns a detector whose models cover only the given
// ISO 639-3 codes, which saves memory and load time.
func NewForLanguages(codes []string) (*Detector, error) {
	s, err := parseLanguages(codes)
	if err != nil {
		return nil, err
	}
	if s.empty() {
		return nil, fmt.Errorf("%w: empty language list", ErrInvalidOption)
	}
	return &Detector{set: s}, nil
}

// Load builds the models now (Detect does it on first use) and reports a
// failure to read lingua's model data.
func (d *Detector) Load() error {
	d.once.Do(func() {
		d.m, d.err = buildModel(d.languages())
		debug.FreeOSMemory() // return the build's scratch to the OS
	})
	return d.err
}

// ModelBytes returns the size of the model arrays, loading them if needed
// (0 if they cannot be loaded).
func (d *Detector) ModelBytes() int {
	if d.Load() != nil {
		return 0
	}
	return d.m.bytes()
}

// parseLanguages maps ISO 639-3 codes to a language set.
func parseLanguages(codes []string) (langSet, error) {
	var s langSet
	for _, c := range codes {
		c = strings.ToLower(strings.TrimSpace(c))
		switch c {
		case "uen":
			c = "eng"
		case "qkp", "qkr":
			c = "kor"
		}
		i, ok := codeToIdx[c]
		if !ok {
			return s, fmt.Errorf("%w: %q", ErrUnknownLanguage, c)
		}
		s.add(i)
		if i == int(lingua.Serbian) {
			s.add(srpLatn)
		}
	}
	return s, nil
}

// Detect identifies the language of text. It returns an error only for
// invalid options or when the model data cannot be read.
func (d *Detector) Detect(text string, opt Options) (Result, error) {
	if math.IsNaN(opt.SerbianLatinWeight) || opt.SerbianLatinWeight < 0 || opt.SerbianLatinWeight > maxSerbianLatinWeight {
		return Result{}, fmt.Errorf("%w: serbianLatinWeight %v outside [0, %g]", ErrInvalidOption, opt.SerbianLatinWeight, maxSerbianLatinWeight)
	}
	cand := d.languages()
	if len(opt.Languages) > 0 {
		s, err := parseLanguages(opt.Languages)
		if err != nil {
			return Result{}, err
		}
		cand = cand.and(s)
		if cand.empty() {
			return Result{}, fmt.Errorf("%w: no requested language is loaded in this detector", ErrInvalidOption)
		}
	}
	if strings.IndexFunc(text, unicode.IsLetter) < 0 {
		// No letters, nothing to score: answer without loading the models.
		return Result{Detections: []Detection{{Language: Unknown, Confidence: 1}}}, nil
	}
	if err := d.Load(); err != nil {
		return Result{}, err
	}
	sc := getScratch()
	defer putScratch(sc)

	uen := caseless(text)
	res := Result{Detections: d.detect(sc, text, cand, opt, uen)}
	if opt.Multilingual {
		res.Regions = d.regions(sc, text, cand, opt, uen)
		if mix := regionMixture(res.Regions); mix != nil {
			res.Detections = mix
		}
	}
	return res, nil
}

// regionMixture returns the whole-text detections of a text whose regions are in more than
// one language: each region's detections weighted by its share of the text's code points, so
// that a text one third English, German and French reads about a third each, where scoring the
// text as one language gave German 0.99995. nil when the regions agree on one language.
func regionMixture(regions []Region) []Detection {
	if len(regions) < 2 {
		return nil
	}
	mixed := false
	total := 0
	for _, r := range regions {
		mixed = mixed || r.Language != regions[0].Language
		total += r.EndOffset - r.StartOffset
	}
	if !mixed || total <= 0 {
		return nil
	}
	conf := map[string]float64{}
	for _, r := range regions {
		w := float64(r.EndOffset-r.StartOffset) / float64(total)
		for _, d := range r.Detections {
			conf[d.Language] += w * d.Confidence
		}
	}
	out := make([]Detection, 0, len(conf))
	for l, c := range conf {
		out = append(out, Detection{Language: l, Confidence: c})
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Confidence != out[j].Confidence {
			return out[i].Confidence > out[j].Confidence
		}
		return out[i].Language < out[j].Language
	})
	if len(out) > MaxResults {
		out = out[:MaxResults]
	}
	return out
}

// detect runs the whole pipeline on text: candidates, scoring, the
// English-case and Korean-dialect post-steps; uen reports English as uen.
func (d *Detector) detect(sc *scratch, text string, cand langSet, opt Options, uen bool) []Detection {
	short := utf8.RuneCountInString(text) <= ShortTextRunes
	w := opt.SerbianLatinWeight
	if short && w == 0 {
		w = 100
	}
	if w == 0 {
		cand.remove(srpLatn)
	}
	sc.split(text)
	dets := d.rank(sc, cand, short, w)
	return postProcess(dets, text, opt, uen)
}

// postProcess applies the uen and Korean-dialect rules and trims to MaxResults.
func postProcess(dets []Detection, text string, opt Options, uen bool) []Detection {
	if len(dets) == 0 {
		return []Detection{{Language: Unknown, Confidence: 1}}
	}
	if uen {
		for i := range dets {
			if dets[i].Language == "eng" {
				dets[i].Language = "uen"
			}
		}
	}
	if opt.KoreanDialects {
		for i := range dets {
			if dets[i].Language == "kor" {
				pn := NorthKoreanProbability(text)
				c := dets[i].Confidence
				dets[i] = Detection{Language: "qkr", Confidence: c * (1 - pn)}
				dets = append(dets, Detection{Language: "qkp", Confidence: c * pn})
				sortDetections(dets)
				break
			}
		}
	}
	if len(dets) > MaxResults {
		dets = dets[:MaxResults]
	}
	return dets
}

// caseless reports whether text has letters with case and all of them are
// lower case, or all upper case.
func caseless(text string) bool {
	lower, upper := 0, 0
	for _, r := range text {
		if unicode.IsUpper(r) {
			upper++
		} else if unicode.IsLower(r) {
			lower++
		}
	}
	return (lower == 0) != (upper == 0)
}

func sortDetections(d []Detection) {
	slices.SortStableFunc(d, func(a, b Detection) int {
		switch {
		case a.Confidence > b.Confidence:
			return -1
		case a.Confidence < b.Confidence:
			return 1
		}
		return strings.Compare(a.Language, b.Language)
	})
}

// scratch is per-call working memory, pooled.
type scratch struct {
	runes  []rune
	words  [][2]int // rune ranges of words in runes
	chains [maxOrder + 1][]chain
	sums   [maxOrder + 1][numLangs]int64
	uni    [numLangs]int32
	scores [numLangs]float64
	has    [numLangs]bool
	wcount [numLangs + 1]int
	tcount [numLangs + 2]int
}

// chain holds the keys of an n-gram's prefixes: keys[k-1] is the key of
// its first k characters (lingua's back-off order).
type chain [maxOrder]uint64

var scratchPool = sync.Pool{New: func() any { return new(scratch) }}

func getScratch() *scratch  { return scratchPool.Get().(*scratch) }
func putScratch(s *scratch) { scratchPool.Put(s) }

// isCJKChar reports whether r forms a word on its own (lingua: Han, Hangul,
// Hiragana and Katakana characters are single-character words).
func isCJKChar(r rune) bool {
	if r < 0x1100 {
		return false
	}
	return unicode.In(r, unicode.Han, unicode.Hangul, unicode.Hiragana, unicode.Katakana)
}

// split lower-cases text and splits it into words as lingua does
// (\p{Han}|\p{Hangul}|\p{Hiragana}|\p{Katakana}|\p{L}+).
func (sc *scratch) split(text string) {
	sc.runes = sc.runes[:0]
	sc.words = sc.words[:0]
	inWord := false
	for _, r := range text {
		if len(sc.runes) >= maxScoredLetters && !inWord {
			break
		}
		if !unicode.IsLetter(r) {
			inWord = false
			continue
		}
		r = unicode.ToLower(r)
		if !inWord && isCJKChar(r) {
			sc.words = append(sc.words, [2]int{len(sc.runes), len(sc.runes) + 1})
			sc.runes = append(sc.runes, r)
			continue
		}
		if !inWord {
			sc.words = append(sc.words, [2]int{len(sc.runes), len(sc.runes)})
			inWord = true
		}
		sc.runes = append(sc.runes, r)
		sc.words[len(sc.words)-1][1] = len(sc.runes)
	}
}

func (sc *scratch) word(i int) []rune { return sc.runes[sc.words[i][0]:sc.words[i][1]] }

// rank returns the candidates with non-zero confidence, best first.
func (d *Detector) rank(sc *scratch, cand langSet, short bool, serbianLatinWeight float64) []Detection {
	if len(sc.words) == 0 {
		return nil
	}
	if l := sc.detectWithRules(cand); l >= 0 {
		return []Detection{{Language: langs[l].code, Confidence: 1}}
	}
	filtered := sc.filterByRules(cand)
	if filtered.count() == 1 {
		var l int
		filtered.each(func(i int) { l = i })
		return []Detection{{Language: langs[l].code, Confidence: 1}}
	}
	letters := len(sc.runes)
	lo, hi := 1, maxOrder
	if letters >= longTextLetters && !short {
		lo, hi = 3, 3
	}
	sc.score(d.m, filtered, lo, hi)
	if filtered.has(srpLatn) && sc.has[srpLatn] {
		sc.scores[srpLatn] += math.Log(serbianLatinWeight / 100)
	}
	return sc.confidences(filtered)
}

// detectWithRules is lingua's rule engine: a language identified by a script
// only it uses, or by characters only it uses, in most words. It returns -1
// when the rules do not decide.
func (sc *scratch) detectWithRules(cand langSet) int {
	const unknownIdx = numLangs
	zh, ja := int(lingua.Chinese), int(lingua.Japanese)
	tc := &sc.tcount
	*tc = [numLangs + 2]int{}
	for wi := range sc.words {
		wc := &sc.wcount
		*wc = [numLangs + 1]int{}
		distinct := 0
		bump := func(l int) {
			if wc[l] == 0 {
				distinct++
			}
			wc[l]++
		}
		for _, c := range sc.word(wi) {
			s := scriptOf(c)
			if l := singleLangScript[s]; l >= 0 && cand.has(l) {
				bump(l)
				continue
			}
			switch {
			case s == scriptHan:
				bump(zh)
			case s == scriptHiragana || s == scriptKatakana:
				bump(ja)
			case s == scriptLatin || s == scriptCyrillic || s == scriptDevanagari:
				if l, ok := uniqueCharLang[c]; ok && cand.has(l) {
					bump(l)
				}
			}
		}
		switch {
		case distinct == 0:
			tc[unknownIdx]++
		case distinct == 1:
			l := slices.IndexFunc(wc[:], func(n int) bool { return n > 0 })
			if cand.has(l) {
				tc[l]++
			} else {
				tc[unknownIdx]++
			}
		case wc[zh] > 0 && wc[ja] > 0:
			tc[ja]++
		default:
			best, bestN, secondN := -1, 0, 0
			for l, n := range wc[:numLangs] {
				if n > bestN {
					best, secondN, bestN = l, bestN, n
				} else if n > secondN {
					secondN = n
				}
			}
			if bestN > secondN && cand.has(best) {
				tc[best]++
			} else {
				tc[unknownIdx]++
			}
		}
	}
	if float64(tc[unknownIdx]) < float64(len(sc.words))*0.5 {
		tc[unknownIdx] = 0
	}
	best, bestN, secondN, nonzero := -1, 0, 0, 0
	for l, n := range tc[:numLangs+1] {
		if n == 0 {
			continue
		}
		nonzero++
		if n > bestN {
			best, secondN, bestN = l, bestN, n
		} else if n > secondN {
			secondN = n
		}
	}
	switch {
	case nonzero == 0:
		return -1
	case nonzero == 2 && tc[zh] > 0 && tc[ja] > 0:
		return ja
	case nonzero > 1 && bestN == secondN:
		return -1
	case best == unknownIdx:
		return -1
	}
	return best
}

// filterByRules is lingua's candidate filter: keep the languages of the
// script most words are written in, then those whose characteristic
// characters occur in at least half the words.
func (sc *scratch) filterByRules(cand langSet) langSet {
	var counts [numScripts]int
	for wi := range sc.words {
		w := sc.word(wi)
		// Unicode scripts are disjoint: a word wholly in one script is in
		// the script of its first character.
		s := scriptOf(w[0])
		if s == scriptNone {
			continue
		}
		all := true
		for _, r := range w[1:] {
			if r < 0x80 && s == scriptLatin {
				if !(('a' <= r && r <= 'z') || ('A' <= r && r <= 'Z')) {
					all = false
					break
				}
				continue
			}
			if !unicode.Is(scriptTables[s], r) {
				all = false
				break
			}
		}
		if all {
			counts[s]++
		}
	}
	best, bestN, kinds := scriptNone, 0, 0
	first := -1
	equal := true
	for s, n := range counts {
		if n == 0 {
			continue
		}
		kinds++
		if first < 0 {
			first = n
		} else if n != first {
			equal = false
		}
		if n > bestN {
			best, bestN = script(s), n
		}
	}
	if kinds == 0 || (kinds > 1 && equal) {
		return cand
	}
	filtered := cand.and(scriptLangs(best))
	var lc [numLangs]int
	for wi := range sc.words {
		w := sc.word(wi)
		for i, c := range w {
			if c < 0x80 {
				continue
			}
			g, ok := charGroupOf[c]
			if !ok || slices.Contains(w[:i], c) {
				continue // each distinct character counts once per word
			}
			g.and(filtered).each(func(l int) { lc[l]++ })
		}
	}
	var subset langSet
	half := float64(len(sc.words)) * 0.5
	for l, n := range lc {
		if n > 0 && float64(n) >= half {
			subset.add(l)
		}
	}
	if !subset.empty() {
		return subset
	}
	return filtered
}

// score fills sc.score/sc.has with lingua's summed log-probabilities for
// orders lo..hi over the distinct n-grams of the words: each n-gram counts
// once, backing off to its prefixes when a language lacks it; with unigrams,
// the sum is divided by the number of the text's distinct characters the
// language knows.
func (sc *scratch) score(m *model, filtered langSet, lo, hi int) {
	for n := lo; n <= hi; n++ {
		sc.chains[n] = sc.chains[n][:0]
	}
	for wi := range sc.words {
		w := sc.word(wi)
		for i := range w {
			var c chain
			h := uint64(fnvOffset)
			for k := 1; k <= maxOrder && i+k <= len(w); k++ {
				h = hashStep(h, w[i+k-1])
				c[k-1] = hashKey(h, k)
				if k >= lo && k <= hi {
					sc.chains[k] = append(sc.chains[k], c)
				}
			}
		}
	}
	sc.uni = [numLangs]int32{}
	for n := lo; n <= hi; n++ {
		cs := sc.chains[n]
		slices.SortFunc(cs, func(a, b chain) int {
			switch {
			case a[n-1] < b[n-1]:
				return -1
			case a[n-1] > b[n-1]:
				return 1
			}
			return 0
		})
		cs = slices.CompactFunc(cs, func(a, b chain) bool { return a[n-1] == b[n-1] })
		sums := &sc.sums[n]
		*sums = [numLangs]int64{}
		for ci := range cs {
			rem := filtered
			for k := n; k >= 1 && !rem.empty(); k-- {
				t := m.tables[k]
				pl, ph := t.find(cs[ci][k-1])
				for p := pl; p < ph; p++ {
					l := int(t.lang[p])
					if rem.has(l) {
						sums[l] += int64(t.logp[p])
						rem.remove(l)
					}
				}
			}
			if n == 1 {
				t := m.tables[1]
				pl, ph := t.find(cs[ci][0])
				for p := pl; p < ph; p++ {
					sc.uni[t.lang[p]]++
				}
			}
		}
	}
	// lingua divides by unigram counts only for languages with a non-zero
	// unigram sum (or for all, when none has one).
	anyUni := false
	if lo == 1 {
		filtered.each(func(l int) {
			if sc.sums[1][l] > 0 {
				anyUni = true
			}
		})
	}
	for l := range sc.has {
		sc.has[l] = false
	}
	filtered.each(func(l int) {
		var total int64
		for n := lo; n <= hi; n++ {
			if v := sc.sums[n][l]; v > 0 {
				total += v
			}
		}
		s := -float64(total) / logScale
		if lo == 1 && (!anyUni || sc.sums[1][l] > 0) && sc.uni[l] > 0 {
			s /= float64(sc.uni[l])
		}
		if s != 0 {
			sc.scores[l] = s
			sc.has[l] = true
		}
	})
}

// confidences turns sc.score into softmax confidences, merging the two
// Serbian scripts, best first, dropping zeros.
func (sc *scratch) confidences(filtered langSet) []Detection {
	maxS := math.Inf(-1)
	filtered.each(func(l int) {
		if sc.has[l] && sc.scores[l] > maxS {
			maxS = sc.scores[l]
		}
	})
	if math.IsInf(maxS, -1) {
		return nil
	}
	var z float64
	filtered.each(func(l int) {
		if sc.has[l] {
			z += math.Exp(sc.scores[l] - maxS)
		}
	})
	out := make([]Detection, 0, 8)
	srp := -1
	filtered.each(func(l int) {
		if !sc.has[l] {
			return
		}
		c := math.Exp(sc.scores[l]-maxS) / z
		if c < 1e-9 {
			return
		}
		code := langs[l].code
		if code == "srp" {
			if srp >= 0 {
				out[srp].Confidence += c
				return
			}
			srp = len(out)
		}
		out = append(out, Detection{Language: code, Confidence: c})
	})
	sortDetections(out)
	return out
}
