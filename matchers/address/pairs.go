package address

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"math/rand"
	"os"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/nomenhq/nomen/internal/evalmetrics"
	addr "github.com/nomenhq/nomen/parsers/address"
)

// Pair is one labelled address pair of testdata/addresses/pairs.jsonl.
type Pair struct {
	Address1 string `json:"address1"`
	Address2 string `json:"address2"`
	Match    bool   `json:"match"`
	Category string `json:"category"`
}

// pairSeed fixes the addresses and edits of the generated pair set.
const pairSeed = 4242

// numberFirst lists countries that write the house number before the road.
var numberFirst = map[string]bool{"US": true, "CA": true, "GB": true, "IE": true, "AU": true, "NZ": true, "FR": true, "IN": true,
	"ZA": true, "JM": true, "KE": true, "NG": true, "MY": true, "SG": true, "PH": true, "LU": true, "IL": true, "SA": true, "AE": true, "PK": true, "BD": true}

// postcodeAfterCity lists countries that write the post code after the city.
var postcodeAfterCity = map[string]bool{"US": true, "CA": true, "GB": true, "IE": true, "AU": true, "NZ": true, "IN": true, "BR": true,
	"KR": true, "JP": true, "JM": true, "KE": true, "NG": true, "ZA": true, "SG": true}

// format writes fields as one line in a country's usual order; swap reverses the
// number/road and post code/city orders.
func format(cc string, f addr.Fields, swap bool) string { return formatOrder(cc, f, swap, false) }

// formatOrder is format with, when unitFirst is set, the unit and level written first.
func formatOrder(cc string, f addr.Fields, swap, unitFirst bool) string {
	var parts []string
	add := func(s ...string) {
		var nonEmpty []string
		for _, x := range s {
			if x != "" {
				nonEmpty = append(nonEmpty, x)
			}
		}
		if len(nonEmpty) > 0 {
			parts = append(parts, strings.Join(nonEmpty, " "))
		}
	}
	if unitFirst {
		add(f.Unit)
		add(f.Level)
		f.Unit, f.Level = "", ""
	}
	add(f.PoBox)
	add(f.House)
	if numberFirst[cc] != swap {
		add(f.HouseNumber, f.Road)
	} else {
		add(f.Road, f.HouseNumber)
	}
	add(f.Unit)
	add(f.Level)
	add(f.Suburb)
	add(f.CityDistrict)
	if postcodeAfterCity[cc] != swap {
		add(f.City)
		add(f.StateDistrict)
		add(f.State, f.PostCode)
	} else {
		add(f.PostCode, f.City)
		add(f.StateDistrict)
		add(f.State)
	}
	add(f.Country)
	return strings.Join(parts, ", ")
}

type pairGen struct {
	rng *rand.Rand
	tab *tables
	// Reverse maps of the tables: canonical street type → its abbreviations, state id →
	// names, country code → names.
	streetAbbr map[string][]string
	stateNames map[string][]string
	countries  map[string][]string
	placeNames map[string][]string // GeoNames id → names
}

func newPairGen(t *tables) *pairGen {
	g := &pairGen{rng: rand.New(rand.NewSource(pairSeed)), tab: t,
		streetAbbr: map[string][]string{}, stateNames: map[string][]string{}, countries: map[string][]string{}, placeNames: map[string][]string{}}
	for _, k := range sortedKeys(t.places) {
		for _, id := range t.places[k] {
			g.placeNames[id] = append(g.placeNames[id], k)
		}
	}
	for _, k := range sortedKeys(t.abbr) {
		for _, e := range t.abbr[k] {
			if (e.concept == conStreet || e.concept == conDir) && k != e.canon {
				g.streetAbbr[e.canon] = append(g.streetAbbr[e.canon], k)
			}
		}
	}
	for _, k := range sortedKeys(t.states) {
		for _, id := range t.states[k] {
			g.stateNames[id] = append(g.stateNames[id], k)
		}
	}
	for _, k := range sortedKeys(t.countries) {
		g.countries[t.countries[k]] = append(g.countries[t.countries[k]], k)
	}
	return g
}

func (g *pairGen) pick(xs []string) string { return xs[g.rng.Intn(len(xs))] }

func titleWord(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[n:]
}

// abbreviate swaps one road token between its canonical and abbreviated form, or a state or
// country between name and code.
func (g *pairGen) abbreviate(cc string, f addr.Fields) (addr.Fields, bool) {
	words := strings.Fields(f.Road)
	for _, i := range g.rng.Perm(len(words)) {
		w := normalize(words[i])
		if ab := g.streetAbbr[w]; len(ab) > 0 {
			words[i] = titleWord(g.pick(ab))
			f.Road = strings.Join(words, " ")
			return f, true
		}
		for _, e := range g.tab.abbr[w] {
			if (e.concept == conStreet || e.concept == conDir) && e.canon != w {
				words[i] = titleWord(e.canon)
				f.Road = strings.Join(words, " ")
				return f, true
			}
		}
	}
	if ids := g.tab.states[normalize(f.State)]; f.State != "" && len(ids) > 0 {
		if names := g.stateNames[ids[0]]; len(names) > 1 {
			for _, n := range names {
				if n != normalize(f.State) {
					f.State = strings.ToUpper(n)
					if len(n) > 3 {
						f.State = titleWord(n)
					}
					return f, true
				}
			}
		}
	}
	return f, false
}

func (g *pairGen) typo(s string) string {
	rs := []rune(s)
	var letters []int
	for i, r := range rs {
		if unicode.IsLetter(r) && i > 0 {
			letters = append(letters, i)
		}
	}
	if len(letters) == 0 {
		return s
	}
	i := letters[g.rng.Intn(len(letters))]
	switch g.rng.Intn(3) {
	case 0: // deletion
		rs = append(rs[:i], rs[i+1:]...)
	case 1: // transposition
		if i+1 < len(rs) && unicode.IsLetter(rs[i+1]) && rs[i+1] != rs[i] {
			rs[i], rs[i+1] = rs[i+1], rs[i]
		} else {
			rs = append(rs[:i], rs[i+1:]...)
		}
	default: // substitution
		c := rune('a' + g.rng.Intn(26))
		if c == unicode.ToLower(rs[i]) {
			c = 'x'
		}
		rs[i] = c
	}
	return string(rs)
}

func bumpNumber(s string, d int) string {
	i := strings.IndexAny(s, "0123456789")
	if i < 0 {
		return s
	}
	j := i
	for j < len(s) && s[j] >= '0' && s[j] <= '9' {
		j++
	}
	n, _ := strconv.Atoi(s[i:j])
	if n+d <= 0 {
		d = -d
	}
	return s[:i] + strconv.Itoa(n+d) + s[j:]
}

// positive returns a true-match variant of sample s and its category.
func (g *pairGen) positive(s addr.Sample, other addr.Sample) (string, string) {
	f := s.Fields
	cats := []string{"abbreviation", "unit_format", "missing_parts", "typo", "reordering", "other_language", "case_punctuation"}
	for _, k := range g.rng.Perm(len(cats)) {
		switch cats[k] {
		case "abbreviation":
			if v, ok := g.abbreviate(s.Country, f); ok {
				return format(s.Country, v, false), "abbreviation"
			}
		case "unit_format":
			if f.Unit != "" {
				id := f.Unit[strings.LastIndexAny(f.Unit, " #")+1:]
				v := f
				v.Unit = g.pick([]string{"#" + id, "Apt " + id, "Unit " + id, "Suite " + id, id})
				if strings.EqualFold(v.Unit, f.Unit) {
					v.Unit = "No. " + id
				}
				return format(s.Country, v, false), "unit_format"
			}
		case "missing_parts":
			v := f
			dropped := 0
			for _, fd := range g.rng.Perm(4) {
				p := []*string{&v.PostCode, &v.Country, &v.State, &v.Unit}[fd]
				if *p != "" && dropped < 2 {
					*p = ""
					dropped++
				}
			}
			if dropped > 0 && (v.City != "" || v.PostCode != "") {
				return format(s.Country, v, false), "missing_parts"
			}
		case "typo":
			v := f
			if g.rng.Intn(2) == 0 && v.City != "" {
				v.City = g.typo(v.City)
			} else if v.Road != "" {
				v.Road = g.typo(v.Road)
			}
			if v != f {
				return format(s.Country, v, false), "typo"
			}
		case "reordering":
			// Orders seen in the wild: road/number and post code/city swapped where the
			// country writes either way, the secondary unit written first elsewhere.
			if f.HouseNumber != "" && f.Road != "" && !numberFirst[s.Country] {
				return format(s.Country, f, true), "reordering"
			}
			if f.Unit != "" || f.Level != "" {
				return formatOrder(s.Country, f, false, true), "reordering"
			}
		case "other_language":
			if ids := g.tab.places[normalize(f.City)]; len(ids) == 1 && g.rng.Intn(2) == 0 {
				var alts []string
				for _, n := range g.placeNames[ids[0]] {
					if n != normalize(f.City) && !strings.EqualFold(strings.ReplaceAll(n, " ", ""), strings.ReplaceAll(normalize(f.City), " ", "")) {
						alts = append(alts, n)
					}
				}
				if len(alts) > 0 {
					v := f
					v.City = titleWord(g.pick(alts))
					return format(s.Country, v, false), "other_language"
				}
			}
			if code := g.tab.countries[normalize(f.Country)]; code != "" || f.Country == "" {
				if code == "" {
					code = s.Country
				}
				if names := g.countries[code]; len(names) > 1 {
					v := f
					for tries := 0; tries < 5 && normalize(v.Country) == normalize(f.Country); tries++ {
						v.Country = titleWord(g.pick(names))
					}
					if len(v.Country) <= 3 {
						v.Country = strings.ToUpper(v.Country)
					}
					if v.Country != f.Country {
						return format(s.Country, v, false), "other_language"
					}
				}
			}
		case "case_punctuation":
			return strings.ReplaceAll(strings.ToUpper(format(s.Country, f, false)), ",", ""), "case_punctuation"
		}
	}
	return format(s.Country, f, false), "reformatted"
}

// negative returns a hard non-match variant of sample s and its category.
func (g *pairGen) negative(s addr.Sample, other addr.Sample) (string, string) {
	f := s.Fields
	cats := []string{"neighbour_number", "different_unit", "other_city", "different_street"}
	for _, k := range g.rng.Perm(len(cats)) {
		v := f
		switch cats[k] {
		case "neighbour_number":
			if f.HouseNumber != "" {
				v.HouseNumber = bumpNumber(f.HouseNumber, []int{1, 2, 2, 4, 10}[g.rng.Intn(5)])
				return format(s.Country, v, false), "neighbour_number"
			}
		case "different_unit":
			if f.Unit != "" {
				v.Unit = bumpNumber(f.Unit, []int{1, 2, 3, 10}[g.rng.Intn(4)])
				if v.Unit != f.Unit {
					return format(s.Country, v, false), "different_unit"
				}
			}
		case "other_city":
			if other.Fields.City != "" && !strings.EqualFold(other.Fields.City, f.City) && f.Road != "" {
				v.City, v.PostCode, v.State, v.Suburb = other.Fields.City, other.Fields.PostCode, other.Fields.State, other.Fields.Suburb
				return format(s.Country, v, false), "same_street_other_city"
			}
		case "different_street":
			if other.Fields.Road != "" && !strings.EqualFold(other.Fields.Road, f.Road) && f.HouseNumber != "" {
				v.Road = other.Fields.Road
				return format(s.Country, v, false), "different_street"
			}
		}
	}
	v := f
	v.HouseNumber = bumpNumber(f.HouseNumber+"1", 1)
	return format(s.Country, v, false), "neighbour_number"
}

// GeneratePairs writes the labelled pair set (JSON lines) built from TRAIN addresses only:
// usaddress training/labeled.xml and OpenCage-template addresses. Each address gives one true
// variant and one hard negative. The output is deterministic.
func GeneratePairs(dataDir string, w io.Writer) error {
	t, err := defaultTables()
	if err != nil {
		return err
	}
	samples, err := addr.SampleAddresses(dataDir, 320, pairSeed)
	if err != nil {
		return err
	}
	g := newPairGen(t)
	units := []string{"Apt", "Unit", "Suite", "Flat", "#", "Apartment"}
	for i := range samples {
		s := &samples[i]
		if i%4 == 1 && s.Fields.Unit == "" && s.Fields.Road != "" && s.Fields.HouseNumber != "" && s.Country != "CN" && s.Country != "JP" && s.Country != "TW" && s.Country != "KR" {
			u := units[g.rng.Intn(len(units))]
			sep := " "
			if u == "#" {
				sep = ""
			}
			s.Fields.Unit = u + sep + strconv.Itoa(1+g.rng.Intn(40)) + string(rune('A'+g.rng.Intn(4)))
			s.Text = format(s.Country, s.Fields, false)
		}
	}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	for i, s := range samples {
		// A partner from the same country for the negatives that borrow a city or street.
		other := samples[(i+1)%len(samples)]
		for k := 1; k < len(samples); k++ {
			o := samples[(i+k)%len(samples)]
			if o.Country == s.Country {
				other = o
				break
			}
		}
		p2, cat := g.positive(s, other)
		if err := enc.Encode(Pair{Address1: s.Text, Address2: p2, Match: true, Category: cat}); err != nil {
			return fmt.Errorf("address: %w", err)
		}
		n2, cat := g.negative(s, other)
		if err := enc.Encode(Pair{Address1: s.Text, Address2: n2, Match: false, Category: cat}); err != nil {
			return fmt.Errorf("address: %w", err)
		}
	}
	return nil
}

// ReadPairs reads a pair file written by GeneratePairs.
func ReadPairs(path string) ([]Pair, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("address: %w", err)
	}
	defer f.Close()
	var out []Pair
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	for n := 1; sc.Scan(); n++ {
		if strings.TrimSpace(sc.Text()) == "" {
			continue
		}
		var p Pair
		if err := json.Unmarshal(sc.Bytes(), &p); err != nil {
			return nil, fmt.Errorf("address: %s:%d: %w", path, n, err)
		}
		out = append(out, p)
	}
	return out, sc.Err()
}

// ScorePairs scores every pair with options opt.
func ScorePairs(pairs []Pair, opt Options) []evalmetrics.Scored {
	m := New(opt)
	out := make([]evalmetrics.Scored, len(pairs))
	for i, p := range pairs {
		r, err := m.CompareStrings(p.Address1, p.Address2)
		s := r.Score
		if err != nil {
			s = 0
		}
		out[i] = evalmetrics.Scored{Score: s, Match: p.Match, Category: p.Category}
	}
	return out
}

// EvalPairs scores the pairs in pairsFile with options opt and prints ROC AUC, the best-F1
// threshold and per-category figures to stdout.
func EvalPairs(pairsFile string, opt Options, stdout io.Writer) error {
	pairs, err := ReadPairs(pairsFile)
	if err != nil {
		return err
	}
	scored := ScorePairs(pairs, opt)
	if err := evalmetrics.WriteReport(stdout, "address pairs ("+pairsFile+")", scored, 0.75); err != nil {
		return err
	}
	// Each category holds one class only; its AUC is taken against all pairs of the other class.
	cats := map[string]bool{}
	var pos, neg []evalmetrics.Scored
	for _, x := range scored {
		cats[x.Category] = x.Match
		if x.Match {
			pos = append(pos, x)
		} else {
			neg = append(neg, x)
		}
	}
	fmt.Fprintf(stdout, "\nper category AUC against every pair of the other class\n%24s %5s %7s %8s\n", "category", "n", "class", "AUC")
	for _, c := range sortedKeys(cats) {
		var set []evalmetrics.Scored
		n := 0
		for _, x := range scored {
			if x.Category == c {
				set = append(set, x)
				n++
			}
		}
		class := "match"
		if cats[c] {
			set = append(set, neg...)
		} else {
			class = "non"
			set = append(set, pos...)
		}
		if _, err := fmt.Fprintf(stdout, "%24s %5d %7s %8.4f\n", c, n, class, evalmetrics.AUC(set)); err != nil {
			return err
		}
	}
	return nil
}
