package address

import (
	"bufio"
	"compress/gzip"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// Lexicon classes: bits of a lexicon entry.
const (
	lexStreet        = 1 << iota // street type: street, st, straße, rue, 路
	lexUnit                      // unit designator: apt, suite, flat
	lexLevel                     // level designator: floor, fl, etage
	lexStair                     // staircase designator
	lexEntrance                  // entrance designator
	lexDir                       // directional: n, north, se
	lexPOBox                     // post office box words: po box, postfach
	lexCountry                   // country name or code
	lexState                     // first-level division name
	lexStateAbbr                 // first-level division code
	lexCity                      // settlement name
	lexHouse                     // building or venue word: centre, building, hotel
	lexHouseNo                   // house number marker: no, nr, n°
	lexStop                      // stop word: de, la, of
	lexPostWord                  // post code marker: cep, cp, plz
	lexSection                   // section of a place: neighbourhood, quarter (GeoNames PPLX)
	lexDistrict                  // large section of a place (≥ 100,000 people): borough, district
	lexRegion                    // world region: Europe, West Indies, Southeast Asia
	lexIsland                    // island: Isle of Wight, Mallorca, Sylt
	lexCountryRegion             // informal region of a country: Flanders, Nordeste, Kansai
	numLexClasses    = iota
)

var lexClassNames = [numLexClasses]string{"street", "unit", "level", "stair", "entrance", "dir", "pobox", "country", "state", "stateabbr", "city", "house", "houseno", "stop", "postword", "section", "district", "region", "island", "cregion"}

// lexicon maps normalized phrases (tokens joined by a space, or by nothing for Han/Kana) to
// class bits.
type lexicon struct {
	entries  map[string]uint32
	prefixes map[string]bool // proper token prefixes of multi-token phrases
	// index merges entries and prefixes for parsing (one map lookup per step): class bits,
	// plus prefixBit when a longer phrase starts with the key. Built by finish.
	index        map[string]uint32
	maxLen       int      // most tokens in one phrase
	cjkCountries []string // Han/Kana country names, longest first
	// stateCodes and placeCountries are the tables of stateCodeAfterCity (rules_statecode.go):
	// division codes that are also country codes, and the countries of place names.
	stateCodes     map[string]stateCode
	placeCountries map[string]string
}

func newLexicon() *lexicon {
	return &lexicon{entries: map[string]uint32{}, prefixes: map[string]bool{}, maxLen: 1,
		stateCodes: map[string]stateCode{}, placeCountries: map[string]string{}}
}

// prefixBit marks index keys that are proper prefixes of longer phrases.
const prefixBit = 1 << 31

// finish builds the parse-time index; call it once the lexicon is complete.
func (l *lexicon) finish() *lexicon {
	l.index = make(map[string]uint32, len(l.entries)+len(l.prefixes))
	for k, v := range l.entries {
		l.index[k] = v
	}
	for k := range l.prefixes {
		l.index[k] |= prefixBit
	}
	return l
}

// addPrefixes records the proper prefixes of phrase k (tokens joined by spaces).
func (l *lexicon) addPrefixes(k string) {
	for i := 0; i < len(k); i++ {
		if k[i] == ' ' {
			l.prefixes[k[:i]] = true
		}
	}
}

// add records phrase under class bits, normalizing it as tokens are.
// phraseKey joins the normalized tokens of a phrase as lexicon keys are written.
func phraseKey(toks []token) string {
	var b strings.Builder
	for i, t := range toks {
		if i > 0 && t.spaced {
			b.WriteByte(' ')
		}
		b.WriteString(normWord(t.text))
	}
	return b.String()
}

// clear removes the class bits from the entry of phrase, if any.
func (l *lexicon) clear(phrase string, bits uint32) {
	k := phraseKey(tokenize(phrase))
	if v, ok := l.entries[k]; ok {
		l.entries[k] = v &^ bits
	}
}

func (l *lexicon) add(phrase string, bits uint32) {
	toks := tokenize(phrase)
	if len(toks) == 0 || len(toks) > 5 {
		return
	}
	k := phraseKey(toks)
	if k == "" {
		return
	}
	l.entries[k] |= bits
	l.addPrefixes(k)
	if len(toks) > l.maxLen {
		l.maxLen = len(toks)
	}
	if bits&lexCountry != 0 && len(toks) == 1 && toks[0].cjk {
		l.addCJKCountry(phrase)
	}
}

func (l *lexicon) addCJKCountry(c string) {
	for _, x := range l.cjkCountries {
		if x == c {
			return
		}
	}
	l.cjkCountries = append(l.cjkCountries, c)
	sort.Slice(l.cjkCountries, func(i, j int) bool {
		a, b := l.cjkCountries[i], l.cjkCountries[j]
		if len(a) != len(b) {
			return len(a) > len(b)
		}
		return a < b
	})
}

// writeTo writes the lexicon as gzip-compressed lines "phrase\tbits", sorted, so that the
// same lexicon always gives the same bytes.
func (l *lexicon) writeTo(w io.Writer) error {
	keys := make([]string, 0, len(l.entries))
	for k := range l.entries {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	zw, err := gzip.NewWriterLevel(w, gzip.BestCompression)
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(zw)
	for _, c := range l.cjkCountries {
		fmt.Fprintf(bw, "#cjkcountry\t%s\n", c)
	}
	for _, k := range sortedKeys(l.stateCodes) {
		fmt.Fprintf(bw, "#statecode\t%s\t%s\t%s\n", k, l.stateCodes[k].named, l.stateCodes[k].holders)
	}
	for _, k := range sortedKeys(l.placeCountries) {
		fmt.Fprintf(bw, "#placecc\t%s\t%s\n", k, l.placeCountries[k])
	}
	for _, k := range keys {
		fmt.Fprintf(bw, "%s\t%d\n", k, l.entries[k])
	}
	if err := bw.Flush(); err != nil {
		return err
	}
	return zw.Close()
}

// readLexicon reads what writeTo wrote.
func readLexicon(r io.Reader) (*lexicon, error) {
	zr, err := gzip.NewReader(r)
	if err != nil {
		return nil, fmt.Errorf("address: lexicon: %w", err)
	}
	l := newLexicon()
	sc := bufio.NewScanner(zr)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		k, v, ok := strings.Cut(line, "\t")
		if !ok {
			return nil, fmt.Errorf("address: lexicon: bad line %q", line)
		}
		switch k {
		case "#cjkcountry":
			l.addCJKCountry(v)
			continue
		case "#statecode":
			f := strings.Split(v, "\t")
			if len(f) != 3 {
				return nil, fmt.Errorf("address: lexicon: bad line %q", line)
			}
			l.stateCodes[f[0]] = stateCode{named: f[1], holders: f[2]}
			continue
		case "#placecc":
			place, ccs, ok := strings.Cut(v, "\t")
			if !ok {
				return nil, fmt.Errorf("address: lexicon: bad line %q", line)
			}
			l.placeCountries[place] = ccs
			continue
		}
		bits, err := strconv.ParseUint(v, 10, 32)
		if err != nil {
			return nil, fmt.Errorf("address: lexicon: bad line %q", line)
		}
		l.entries[k] = uint32(bits)
		l.addPrefixes(k)
		if n := strings.Count(k, " ") + 1; n > l.maxLen {
			l.maxLen = n
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("address: lexicon: %w", err)
	}
	return l.finish(), nil
}

// normWord is the form of a token used for features and lexicon keys: lower case, without
// diacritics, dots, and surrounding brackets or quotes; full-width digits become ASCII.
func normWord(s string) string {
	ascii := true
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			ascii = false
			break
		}
	}
	if ascii {
		clean := true
		for i := 0; i < len(s); i++ {
			c := s[i]
			if (c >= 'A' && c <= 'Z') || c == '.' || c == '(' || c == ')' || c == '"' || c == '\'' {
				clean = false
				break
			}
		}
		if clean {
			return s
		}
		b := make([]byte, 0, len(s))
		for i := 0; i < len(s); i++ {
			c := s[i]
			switch {
			case c >= 'A' && c <= 'Z':
				b = append(b, c+'a'-'A')
			case c == '.' || c == '(' || c == ')' || c == '"':
			case c == '\'' && (len(b) == 0 || i == len(s)-1):
			default:
				b = append(b, c)
			}
		}
		return string(b)
	}
	var b strings.Builder
	for _, r := range norm.NFD.String(s) {
		switch {
		case unicode.Is(unicode.Mn, r) && r != 0x3099 && r != 0x309A: // keep kana voicing marks
		case r == '.' || r == '(' || r == ')' || r == '"' || r == '（' || r == '）':
		case r >= '０' && r <= '９':
			b.WriteRune(r - '０' + '0')
		case r == 'ß':
			b.WriteString("ss")
		case r == 'ø':
			b.WriteRune('o')
		case r == 'æ':
			b.WriteString("ae")
		case r == 'ł':
			b.WriteRune('l')
		default:
			b.WriteRune(unicode.ToLower(r))
		}
	}
	return norm.NFC.String(b.String())
}
