package name

import (
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"unicode"
	"unicode/utf8"

	"github.com/nomenhq/nomen/analyzers/script"
	"github.com/nomenhq/nomen/analyzers/translit"
	"github.com/nomenhq/nomen/internal/phonetic"
	pname "github.com/nomenhq/nomen/parsers/name"
)

// Input is a name to compare, as given by the caller.
type Input struct {
	Text       string
	Language   string // ISO 639-3, "" when unknown
	EntityType string // PERSON (default), LOCATION, ORGANIZATION
	Script     string // ISO 15924, "" to detect
	Gender     string // MALE, FEMALE, NONBINARY or ""
}

// variant is one Latin rendering of a token with its probability weight.
type variant struct {
	text string
	w    float64
}

// token is one prepared token.
type token struct {
	raw, norm, fold string
	role            pname.Role
	latin           bool
	cjk             bool // Han or Hangul written natively
	phonetic        bool // Double Metaphone keys apply (not numbers, legal forms, stop words)
	first           byte // first letter of the first variant
	// fit is set for a Han token read as Chinese: the learned model scores Latin spellings of
	// it directly (translit.FitFrom with fitModel), against the reference log-probability
	// fitRef.
	fit    bool
	fitRef float32
	// lattices hold every rule-based rendering of a Hangul, kana or Han token
	// (translit.Lattice; a Japanese name's Han token has its Japanese and its Chinese one): a
	// Latin spelling is also scored against all their combinations (Jong Un for 정은).
	lattices lattices
	pos      int // canonical position: given names before family names
	variants []variant
	freq     float64 // log-frequency in [0,1] (0 = rare/unknown)
}

// fitModel is the learned model of the fit tokens.
const fitModel = "chinese"

// Prepared is a parsed name ready for comparison. It is immutable.
type Prepared struct {
	in        Input
	text      string // the original text, trimmed
	norm      string // normalised full text (for name-pair overrides)
	parsed    pname.Name
	tokens    []token
	lang      string
	latin     bool // all content in Latin script
	gender    byte // 'm', 'f' or 0
	titleSex  byte // gender implied by the title
	suffix    string
	legalForm string
	acronyms  []string // initials of content words; of all words but legal forms; of all words
	numbers   []string
	// whole is the same name with each unspaced Han or Hangul run kept as one token, for names
	// the parser split into family and given name (毛泽东 → 毛 泽东) that may instead be one
	// transliterated foreign name (沃德 = Warder); nil when nothing was split.
	whole *Prepared
}

// Text returns the original text of the name.
func (p *Prepared) Text() string { return p.text }

// Lang returns the given or guessed language of the name ("" when unknown).
func (p *Prepared) Lang() string { return p.lang }

// EntityType returns the name's entity type.
func (p *Prepared) EntityType() string { return p.parsed.EntityType }

var titleGender = map[string]byte{"mr": 'm', "mrs": 'f', "ms": 'f', "miss": 'f', "sir": 'm', "madam": 'f', "mme": 'f', "mlle": 'f', "herr": 'm', "frau": 'f', "sr": 'm', "sra": 'f', "srta": 'f', "lord": 'm', "lady": 'f', "dame": 'f', "signor": 'm', "signora": 'f', "senhor": 'm', "senhora": 'f'}

// scriptLang guesses a language from a script when none was given.
var scriptLang = map[string]string{"Cyrl": "rus", "Arab": "ara", "Hebr": "heb", "Grek": "ell", "Deva": "hin", "Thai": "tha", "Hang": "kor", "Kore": "kor", "Hani": "zho", "Jpan": "jpn", "Hira": "jpn", "Kana": "jpn"}

// Prepare parses and transliterates a name once. The error is that of parsers/name.Parse.
func (m *Matcher) Prepare(in Input) (*Prepared, error) {
	text := strings.TrimSpace(in.Text)
	parseText := text
	split := japaneseSplit(text, in)
	if split != nil {
		parseText = split.parts[0] + " " + split.parts[1]
	}
	parsed, err := pname.Parse(parseText, in.EntityType, in.Language)
	if err != nil {
		return nil, err
	}
	p := &Prepared{in: in, text: text, parsed: parsed, lang: parsed.Lang}
	if len(m.lists.pairs) > 0 {
		p.norm = pname.Fold(text) // only the universe's namePairs read it
	}
	scr := in.Script
	if scr == "" {
		scr = parsed.Script
	}
	if p.lang == "" {
		p.lang = scriptLang[scr]
	}
	p.latin = scr == "Latn" || scr == script.Common || scr == ""
	p.suffix = parsed.Suffix
	p.legalForm = parsed.LegalForm
	switch in.Gender {
	case "MALE":
		p.gender = 'm'
	case "FEMALE":
		p.gender = 'f'
	}
	if parsed.Title != "" {
		for _, t := range strings.Fields(parsed.Title) {
			if g, ok := titleGender[t]; ok {
				p.titleSex = g
			}
		}
	}
	k := m.opt.TranslitVariants
	toks := make([]token, 0, len(parsed.Tokens))
	latinVars := make([]variant, 0, len(parsed.Tokens)) // one backing array for Latin tokens
	for _, t := range parsed.Tokens {
		if t.Role == pname.Title || t.Role == pname.Suffix {
			continue
		}
		if len(toks) >= m.opt.MaxTokens {
			break
		}
		tk := token{raw: t.Raw, norm: t.Norm, fold: t.Fold, role: t.Role}
		ts := script.Detect(t.Norm)
		tk.latin = ts == "Latn" || ts == script.Common
		tk.cjk = ts == "Hani" || ts == "Hang" || ts == "Kore"
		if tk.latin {
			latinVars = append(latinVars, variant{t.Fold, 1})
			tk.variants = latinVars[len(latinVars)-1 : len(latinVars) : len(latinVars)]
		} else {
			// The language of use says little about a name's origin (a Korean text writes
			// George Washington in Hangul), so the transliterator weighs native and foreign
			// readings alike.
			tk.variants = latinVariants(nativeForm(t.Raw, t.Norm), ts, "", k)
			if split != nil {
				// The readings of the part in the whole name come first (五十六 is Isoroku in
				// 山本五十六, not the number gojūroku).
				for i, part := range split.parts {
					if t.Norm == part {
						tk.variants = mergeVariants(split.latin[i], tk.variants)
					}
				}
			}
			if ts == "Hani" && p.lang == "jpn" {
				// Han characters are read differently in Japanese (田中 is Tanaka, not
				// Tianzhong): a name given as Japanese, or written with kana, gets the
				// Japanese readings first and keeps the others (Japanese writes Chinese and
				// Korean names in Han characters too).
				tk.variants = mergeVariants(latinVariants(nativeForm(t.Raw, t.Norm), ts, "jpn", k), tk.variants)
			}
			if len(tk.variants) == 0 {
				tk.variants = []variant{{t.Fold, 1}}
			}
			tk.setFit(ts, p.lang)
			nf := nativeForm(t.Raw, t.Norm)
			if ts == "Hani" && (p.lang == "jpn" || split != nil || (in.Language == "" && utf8.RuneCountInString(nf) >= 4)) {
				// Without a language a Han name of four characters or more is most often
				// Japanese (Chinese personal names have two or three).
				tk.lattices.add(ruleLattice(nf, ts, "jpn"))
			}
			lang := p.lang
			if ts == "Hani" {
				lang = "" // read as Chinese; the Japanese lattice is above
			}
			tk.lattices.add(ruleLattice(nf, ts, lang))
			if ts == "Cyrl" && in.Language == "" && lang != "ukr" {
				// Without a language a Cyrillic name may be Ukrainian too (и is y there:
				// Volodymyr).
				tk.lattices.add(ruleLattice(nf, ts, "ukr"))
			}
		}
		v0 := tk.variants[0].text
		if v0 != "" {
			tk.first = v0[0]
		}
		tk.phonetic = t.Role != pname.Number && t.Role != pname.LegalForm && t.Role != pname.StopWord
		if tk.role == pname.Number {
			p.numbers = append(p.numbers, tk.fold)
		}
		tk.freq = tokenFreq(v0)
		toks = append(toks, tk)
	}
	// Canonical positions: given names (and unknowns) before family names for family-first
	// names, so that 毛泽东 and Zedong Mao align without a reorder penalty.
	for i := range toks {
		toks[i].pos = i
	}
	// A middle dot between the parts (布魯默·拉西, ジョン・スミス) marks a foreign name written in its
	// own given-then-family order, not a Chinese or Japanese one.
	foreignOrder := strings.ContainsAny(text, "·・‧•")
	if parsed.FamilyFirst && m.opt.FamilyFirstTolerance && !foreignOrder {
		pos := 0
		for i := range toks {
			if toks[i].role != pname.Family {
				toks[i].pos = pos
				pos++
			}
		}
		for i := range toks {
			if toks[i].role == pname.Family {
				toks[i].pos = pos
				pos++
			}
		}
	}
	p.tokens = toks
	if split != nil {
		// The name split at its family name is also compared unsplit, read without a
		// language, as other unspaced runs are (Japanese writes Chinese and Korean names in
		// Han characters too).
		w := *p
		w.whole = nil
		w.tokens = []token{m.wholeToken(text, p.lang)}
		p.whole = &w
	} else if w := m.wholeRuns(p, parsed); w != nil {
		p.whole = w
	}
	if parsed.EntityType == pname.Organization {
		for _, keep := range []func(pname.Role) bool{
			func(r pname.Role) bool { return r == pname.Word || r == pname.Unknown },
			func(r pname.Role) bool { return r != pname.LegalForm && r != pname.Number },
			func(r pname.Role) bool { return r != pname.Number },
		} {
			var b strings.Builder
			for _, t := range toks {
				if keep(t.role) && t.first != 0 {
					b.WriteByte(t.first)
				}
			}
			if b.Len() >= 2 && !slices.Contains(p.acronyms, b.String()) {
				p.acronyms = append(p.acronyms, b.String())
			}
		}
	}
	if p.gender == 0 && parsed.EntityType == pname.Person {
		p.gender = p.titleSex
		if p.gender == 0 {
			p.gender = m.inferGender(toks)
		}
	}
	return p, nil
}

// inferGender guesses the gender from the first given name when the tables are confident.
func (m *Matcher) inferGender(toks []token) byte {
	for _, t := range toks {
		if t.role != pname.Given && t.role != pname.Unknown {
			continue
		}
		if !t.latin || utf8.RuneCountInString(t.fold) < 2 {
			return 0
		}
		male, female := pname.Gender(t.fold)
		switch {
		case male >= m.opt.GenderMinConfidence:
			return 'm'
		case female >= m.opt.GenderMinConfidence:
			return 'f'
		}
		return 0
	}
	return 0
}

// translitCache memoises Latin variants of non-Latin tokens; it is bounded by resetting when
// full, which keeps memory flat under adversarial input.
var translitCache struct {
	m sync.Map
	n atomic.Int64
}

const translitCacheMax = 200_000

// jpSplit is a Japanese personal name written without a space, split at the family name.
type jpSplit struct {
	parts [2]string
	latin [2][]variant
}

// japaneseSplit splits a person's name written in kanji or kana without a space into family and
// given name where kagome's dictionary reads its first word as a family name
// (translit.JapaneseFamilySplitLoose: 黒澤明 is 黒澤 + 明, not the Chinese 黒 + 澤明; 稲盛和夫 is
// 稲盛 + 和夫), when the name is given as Japanese or mixes Han with kana, or is written in Han
// only without a language and its family name has two characters or more (Chinese family
// names mostly have one); nil otherwise. The name is also compared unsplit.
func japaneseSplit(text string, in Input) *jpSplit {
	if in.EntityType != "" && in.EntityType != "PERSON" {
		return nil
	}
	scr := script.Detect(text)
	noLang := in.Language == "" && scr == "Hani"
	if in.Language != "jpn" && scr != "Jpan" && !noLang {
		return nil
	}
	if text == "" || strings.ContainsFunc(text, func(r rune) bool { return unicode.IsSpace(r) || strings.ContainsRune("·・‧•", r) }) {
		return nil
	}
	if v, ok := jpSplitCache.m.Load(text); ok {
		sp := v.(*jpSplit)
		if sp != nil && noLang && utf8.RuneCountInString(sp.parts[0]) < 2 {
			return nil
		}
		return sp
	}
	var sp *jpSplit
	if parts, latin, ok := translit.JapaneseFamilySplitLoose(text, 4); ok && script.Detect(parts[0]) == "Hani" {
		sp = &jpSplit{parts: parts}
		for i := range latin {
			for _, v := range latin[i] {
				sp.latin[i] = append(sp.latin[i], variant{v.Text, v.Weight})
			}
		}
	}
	if jpSplitCache.n.Add(1) > translitCacheMax {
		jpSplitCache.m.Clear()
		jpSplitCache.n.Store(0)
	}
	jpSplitCache.m.Store(text, sp)
	if sp != nil && noLang && utf8.RuneCountInString(sp.parts[0]) < 2 {
		return nil
	}
	return sp
}

// jpSplitCache memoises japaneseSplit's dictionary analysis per text (nil: no split), bounded
// like translitCache.
var jpSplitCache struct {
	m sync.Map
	n atomic.Int64
}

// mergeVariants returns a's variants, then b's that a lacks (a new slice).
func mergeVariants(a, b []variant) []variant {
	out := make([]variant, 0, len(a)+len(b))
	out = append(out, a...)
	for _, v := range b {
		dup := false
		for _, w := range a {
			if w.text == v.text {
				dup = true
				break
			}
		}
		if !dup {
			out = append(out, v)
		}
	}
	return out
}

func latinVariants(tok, scr, lang string, k int) []variant {
	key := tok + "\x00" + scr + "\x00" + lang + "\x00" + string(rune('0'+k))
	if v, ok := translitCache.m.Load(key); ok {
		return v.([]variant)
	}
	vs := translit.ToLatin(tok, scr, lang, k)
	if lang == "" && (scr == "Hani" || scr == "Hang" || scr == "Kore" || script.Detect(tok) == "Hani" || script.Detect(tok) == "Hang") {
		// A name's origin is unknown: for Han and Hangul the transliterator weighs native and
		// foreign readings alike, so the k best mix both; add the k best foreign readings
		// (learned from Wikidata) so that a foreign name written in Han or Hangul keeps them.
		vs = append(vs, translit.ToLatin(tok, scr, "eng", k)...)
	}
	out := make([]variant, 0, len(vs))
	seen := make(map[string]int, len(vs))
	for _, v := range vs {
		if v.Text == "" {
			continue
		}
		if i, dup := seen[v.Text]; dup {
			out[i].w = max(out[i].w, v.Weight)
			continue
		}
		seen[v.Text] = len(out)
		out = append(out, variant{v.Text, v.Weight})
	}
	if translitCache.n.Add(1) > translitCacheMax {
		translitCache.m.Clear()
		translitCache.n.Store(0)
	}
	translitCache.m.Store(key, out)
	return out
}

// nativeForm returns the token as written, lower-cased, when it carries marks that
// normalisation drops but transliteration needs (the Hebrew geresh of ג'ורג', an apostrophe in
// a Latin-script loan); otherwise the normalised form.
func nativeForm(raw, norm string) string {
	if strings.ContainsAny(raw, "'’׳״\"") {
		return strings.ToLower(raw)
	}
	return norm
}

// wholeRuns returns a copy of p whose adjacent CJK tokens with no gap between them are merged
// back into one token, or nil when there are none.
func (m *Matcher) wholeRuns(p *Prepared, parsed pname.Name) *Prepared {
	ptoks := parsed.Tokens
	split := false
	for i := 1; i < len(ptoks) && i < len(p.tokens); i++ {
		if ptoks[i].Start == ptoks[i-1].End && p.tokens[i].cjk && p.tokens[i-1].cjk {
			split = true
		}
	}
	if !split || len(ptoks) != len(p.tokens) {
		return nil
	}
	w := *p
	w.whole = nil
	w.tokens = nil
	for i := 0; i < len(p.tokens); i++ {
		t := p.tokens[i]
		j := i
		for j+1 < len(p.tokens) && ptoks[j+1].Start == ptoks[j].End && p.tokens[j+1].cjk && t.cjk {
			j++
		}
		if j > i {
			t = m.wholeToken(p.text[ptoks[i].Start:ptoks[j].End], w.lang)
		}
		t.pos = len(w.tokens)
		w.tokens = append(w.tokens, t)
		i = j
	}
	return &w
}

// wholeToken is an unspaced Han or Hangul run as one token, read without a language.
func (m *Matcher) wholeToken(raw, lang string) token {
	norm := pname.Normalize(raw)
	t := token{raw: raw, norm: norm, fold: pname.Fold(raw), role: pname.Unknown, cjk: true}
	t.variants = latinVariants(norm, "", "", m.opt.TranslitVariants)
	if len(t.variants) == 0 {
		t.variants = []variant{{t.fold, 1}}
	}
	t.first = t.variants[0].text[0]
	t.setFit(script.Detect(norm), lang)
	t.phonetic = true
	t.freq = tokenFreq(t.variants[0].text)
	return t
}

// dmKeys returns the Double Metaphone keys of the token's first Latin variant, or "" when
// phonetic keys do not apply. They are computed on demand: most comparisons are decided
// before phonetic evidence is consulted.
func (t *token) dmKeys() (string, string) {
	if !t.phonetic || len(t.variants) == 0 {
		return "", ""
	}
	return phonetic.DoubleMetaphone(t.variants[0].text)
}

// setFit prepares the direct scoring of Latin spellings (translit.FitFrom) for a Han token
// read as Chinese: the n-best list of a transliterated foreign name often misses the
// spelling at hand (洛朗 gives lolang, loran, luolang... for Laurent).
func (t *token) setFit(scr, lang string) {
	if scr != "Hani" || lang == "jpn" || lang == "kor" {
		return
	}
	if ref, ok := fitRef(t.norm); ok {
		t.fit, t.fitRef = true, float32(ref)
	}
}

// latticeCache memoises translit.RuleLattice per script and language, then per token, bounded
// like translitCache (one map per script and language, so that no key is built per lookup).
var latticeCache struct {
	maps sync.Map // [2]string{scr, lang} → *sync.Map (token → *translit.Lattice)
	n    atomic.Int64
}

func ruleLattice(tok, scr, lang string) *translit.Lattice {
	switch scr {
	case "Hang", "Hira", "Kana", "Hani", "Arab", "Hebr", "Cyrl", "Grek", "Deva", "Thai":
	default:
		return nil
	}
	byTok := latticeMap(scr, lang)
	if v, ok := byTok.Load(tok); ok {
		return v.(*translit.Lattice)
	}
	l := translit.RuleLattice(tok, scr, lang)
	if latticeCache.n.Add(1) > translitCacheMax {
		latticeCache.maps.Range(func(_, v any) bool { v.(*sync.Map).Clear(); return true })
		latticeCache.n.Store(0)
	}
	byTok.Store(tok, l)
	return l
}

// latticeMap returns the token map of one script and language.
func latticeMap(scr, lang string) *sync.Map {
	k := [2]string{scr, lang}
	if v, ok := latticeCache.maps.Load(k); ok {
		return v.(*sync.Map)
	}
	v, _ := latticeCache.maps.LoadOrStore(k, new(sync.Map))
	return v.(*sync.Map)
}

// lattices holds up to two lattices of a token without allocating (a Japanese name's Han token
// has a Japanese and a Chinese one; a Cyrillic one without a language a Russian and a
// Ukrainian one).
type lattices struct {
	l [2]*translit.Lattice
	n int
}

// add adds l unless it is nil or both places are taken.
func (ls *lattices) add(l *translit.Lattice) {
	if l != nil && ls.n < len(ls.l) {
		ls.l[ls.n] = l
		ls.n++
	}
}

// all returns the lattices.
func (ls *lattices) all() []*translit.Lattice { return ls.l[:ls.n] }

// fitRefCache memoises translit.FitRef per Han token, bounded like translitCache.
var fitRefCache struct {
	m sync.Map
	n atomic.Int64
}

func fitRef(tok string) (float64, bool) {
	if v, ok := fitRefCache.m.Load(tok); ok {
		r := v.(fitRefEntry)
		return r.ref, r.ok
	}
	ref, ok := translit.FitRef(tok, fitModel)
	if fitRefCache.n.Add(1) > translitCacheMax {
		fitRefCache.m.Clear()
		fitRefCache.n.Store(0)
	}
	fitRefCache.m.Store(tok, fitRefEntry{ref, ok})
	return ref, ok
}

type fitRefEntry struct {
	ref float64
	ok  bool
}
