package address

import (
	"strconv"
	"strings"

	"github.com/nomenhq/nomen/internal/strsim"
	addr "github.com/nomenhq/nomen/parsers/address"
)

var (
	houseNumberReplacer = strings.NewReplacer("#", "", "no ", "", "nr ", "", "n° ", "", "nº ", "", "д ", "", "番", "-", "号", "", "號", "")
	joinerReplacer      = strings.NewReplacer(" - ", "-", " -", "-", "- ", "-", ".", "", ",", "")
	designatorReplacer  = strings.NewReplacer("#", " ", "号室", " ", "室", " ", "階", " ", "楼", " ", "樓", " ", "º", " ", "°", " ")
)

// houseNumberParts splits a normalized house number into its number, suffix and the end of
// a range ("100-106" → 100, "", 106; "12a" → 12, "a", 0).
func houseNumberParts(s string) (n int, suffix string, hi int, ok bool) {
	s = houseNumberReplacer.Replace(s)
	s = strings.TrimSpace(s)
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	if i == 0 {
		return 0, s, 0, false
	}
	n, err := strconv.Atoi(s[:i])
	if err != nil {
		return 0, s, 0, false
	}
	rest := strings.TrimSpace(s[i:])
	if strings.HasPrefix(rest, "-") || strings.HasPrefix(rest, " ") {
		r := strings.TrimSpace(strings.TrimLeft(rest, "- "))
		if h, err := strconv.Atoi(r); err == nil {
			return n, "", h, true
		}
	}
	return n, strings.TrimSpace(rest), 0, true
}

func (m *Matcher) houseNumber(a, b string) FieldScore {
	fs := FieldScore{Field: addr.HouseNumber.String(), Left: a, Right: b, Method: "numeric"}
	na, nb := normalizeNumber(a), normalizeNumber(b)
	if na == nb {
		fs.Score = 1
		if !strings.EqualFold(a, b) {
			fs.Score = m.opt.AbbreviationScore // equal once punctuation is ignored
		}
		return fs
	}
	xa, sa, ha, oka := houseNumberParts(na)
	xb, sb, hb, okb := houseNumberParts(nb)
	switch {
	case !oka || !okb:
		fs.Score = m.named(addr.HouseNumber, a, b).Score
	case xa == xb && ha == hb:
		fs.Score = m.opt.HouseNumberSuffixScore
		if sa == sb {
			fs.Score = m.opt.AbbreviationScore
		}
	case ha > xa && xb >= xa && xb <= ha && hb == 0, hb > xb && xa >= xb && xa <= hb && ha == 0:
		fs.Score = m.opt.HouseNumberRangeScore
	case isTypo(strconv.Itoa(xa), strconv.Itoa(xb)):
		fs.Score = m.opt.HouseNumberTypoScore
	}
	return fs
}

// normalizeNumber lower-cases s and removes spaces around joiners, keeping letters and digits.
func normalizeNumber(s string) string {
	s = strings.ToLower(strings.TrimSpace(s))
	s = joinerReplacer.Replace(s)
	return strings.Join(strings.Fields(s), " ")
}

// postCodeKey is the comparable form of a post code: upper case letters and digits only,
// without a leading "CEP", "〒" or country prefix such as "D-".
func postCodeKey(s string) string {
	s = strings.ToUpper(strings.TrimSpace(s))
	for _, p := range []string{"CEP", "CP", "PLZ", "〒", "ZIP"} {
		s = strings.TrimPrefix(s, p)
	}
	var b strings.Builder
	for _, r := range s {
		if r >= '0' && r <= '9' || r >= 'A' && r <= 'Z' {
			b.WriteRune(r)
		} else if r >= '０' && r <= '９' {
			b.WriteRune(r - '０' + '0')
		}
	}
	return b.String()
}

func (m *Matcher) postCode(a, b string) FieldScore {
	fs := FieldScore{Field: addr.PostCode.String(), Left: a, Right: b, Method: "numeric"}
	ka, kb := postCodeKey(a), postCodeKey(b)
	if ka == "" || kb == "" {
		fs.Score = m.named(addr.PostCode, a, b).Score
		return fs
	}
	if ka == kb {
		fs.Score = 1
		if !strings.EqualFold(a, b) {
			fs.Score = m.opt.AbbreviationScore
		}
		return fs
	}
	short, long := ka, kb
	if len(short) > len(long) {
		short, long = long, short
	}
	if strings.HasPrefix(long, short) && len(short) >= 5 {
		fs.Score = m.opt.PostCodeExtensionScore
		return fs
	}
	k := 0
	for k < len(short) && short[k] == long[k] {
		k++
	}
	score := 0.0
	if k >= m.opt.PostCodeMinPrefix {
		score = m.opt.PostCodePrefixScore * float64(k) / float64(len(long))
	}
	if len(ka) == len(kb) && isTypo(ka, kb) {
		score = max(score, m.opt.PostCodeTypoScore)
	}
	fs.Score = score
	return fs
}

// numberMarkers are words that introduce a number ("No. 3A", "Nr. 5").
var numberMarkers = map[string]bool{"no": true, "nr": true, "n": true, "num": true, "number": true, "nummer": true, "numero": true, "número": true, "nº": true, "n°": true}

// ordinals maps spelled-out ordinals to numbers for levels.
var ordinals = map[string]string{"first": "1", "second": "2", "third": "3", "fourth": "4", "fifth": "5", "sixth": "6",
	"seventh": "7", "eighth": "8", "ninth": "9", "tenth": "10", "ground": "0", "g": "0", "rdc": "0", "eg": "0", "erdgeschoss": "0"}

// designated splits a unit/level/staircase/entrance/PO box value into its designator words
// and identifier ("Apt 4B" → [apartment], "4b").
func (m *Matcher) designated(f addr.Field, a, b string) FieldScore {
	fs := FieldScore{Field: f.String(), Left: a, Right: b, Method: "numeric"}
	da, ia := m.designator(f, a)
	db, ib := m.designator(f, b)
	switch {
	case ia == "" || ib == "":
		fs.Score = m.named(f, a, b).Score
		fs.Method = "named"
	case ia != ib:
		fs.Score = 0
	case da == db || da == "" || db == "":
		fs.Score = m.opt.AbbreviationScore
		if normalize(a) == normalize(b) {
			fs.Score = 1
		}
	default:
		fs.Score = m.opt.UnitDesignatorScore
	}
	return fs
}

func (m *Matcher) designator(f addr.Field, s string) (designator, id string) {
	concepts := fieldConcepts(f)
	var des, ids []string
	toks := strings.Fields(normalize(designatorReplacer.Replace(s)))
	for i, t := range toks {
		isDes := false
		for _, e := range m.tab.abbr[t] {
			if strings.IndexByte(concepts, e.concept) >= 0 {
				des = append(des, e.canon)
				isDes = true
				break
			}
		}
		if isDes {
			continue
		}
		if numberMarkers[t] && i < len(toks)-1 {
			continue // "No. 3A" is 3A
		}
		if f == addr.Level {
			if o, ok := ordinals[t]; ok {
				ids = append(ids, o)
				continue
			}
			if n := leadingNumber(t); n != "" || strings.Trim(t, "0") == "" && t != "" {
				if n == "" {
					n = "0"
				}
				ids = append(ids, n) // 3rd → 3
				continue
			}
		}
		if f == addr.PoBox && !isNumeric(t) && i < len(toks)-1 {
			des = append(des, t) // p o box, postfach ...
			continue
		}
		ids = append(ids, strings.TrimLeft(t, "0"))
	}
	return strings.Join(des, " "), strings.Join(ids, " ")
}

func (m *Matcher) country(a, b string) FieldScore {
	fs := FieldScore{Field: addr.Country.String(), Left: a, Right: b, Method: "code"}
	ca, cb := m.tab.countries[normalize(a)], m.tab.countries[normalize(b)]
	if ca != "" && cb != "" {
		switch {
		case normalize(a) == normalize(b):
			fs.Score = 1
		case ca == cb:
			fs.Score = m.opt.CountryCodeScore
		}
		return fs
	}
	return m.named(addr.Country, a, b)
}

// worldRegion compares world regions by the regions their names stand for ("W.I." and "West
// Indies", "Europa" and "Europe"); names the parser's table does not know are compared as
// named fields.
func (m *Matcher) worldRegion(a, b string) FieldScore {
	if same, known := addr.SameWorldRegion(a, b); known {
		fs := FieldScore{Field: addr.WorldRegion.String(), Left: a, Right: b, Method: "code"}
		if same {
			fs.Score = 1
		}
		return fs
	}
	return m.named(addr.WorldRegion, a, b)
}

func (m *Matcher) state(a, b string) FieldScore {
	fs := FieldScore{Field: addr.State.String(), Left: a, Right: b, Method: "code"}
	na, nb := normalize(a), normalize(b)
	if na == nb {
		fs.Score = 1
		return fs
	}
	ia, ib := m.tab.states[na], m.tab.states[nb]
	for _, x := range ia {
		for _, y := range ib {
			if x == y {
				fs.Score = m.opt.StateCodeScore
				return fs
			}
		}
	}
	return m.named(addr.State, a, b)
}

// isTypo reports numbers one insertion, deletion or transposition apart: 1600 / 160 and
// 1600 / 6100 are typos; a substituted digit (1600 / 1602, 1250 / 1260) more often means
// another building and is not.
func isTypo(a, b string) bool {
	if strsim.DamerauOSA(a, b) != 1 {
		return false
	}
	return len(a) != len(b) || strsim.Levenshtein(a, b) == 2
}
