package address

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"gopkg.in/yaml.v3"
)

// Score is an accuracy tally of one evaluation set.
type Score struct {
	Set              string
	Addresses        int
	Tokens           int
	TokensCorrect    int
	AddressesCorrect int
	// Confusion counts tokens by gold and predicted class (classNames order), for the
	// aggregated error report; individual addresses are never printed.
	Confusion map[[2]int]int
}

// TokenAccuracy is the share of tokens tagged with their gold field.
func (s Score) TokenAccuracy() float64 { return ratio(s.TokensCorrect, s.Tokens) }

// AddressAccuracy is the share of addresses with every field right.
func (s Score) AddressAccuracy() float64 { return ratio(s.AddressesCorrect, s.Addresses) }

func ratio(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}

// EvalParser measures the committed parser on the HELD-OUT sets under dataDir (usaddress
// test, libpostal parser cases, OpenCage test cases) and on the generated test split, and
// prints a table to stdout.
func EvalParser(dataDir string, stdout io.Writer) error {
	p, err := Default()
	if err != nil {
		return err
	}
	scores, byCountry, err := p.evaluate(dataDir)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%-34s %9s %9s %10s\n", "set", "addresses", "token acc", "whole acc")
	for _, s := range scores {
		fmt.Fprintf(stdout, "%-34s %9d %9.4f %10.4f\n", s.Set, s.Addresses, s.TokenAccuracy(), s.AddressAccuracy())
	}
	fmt.Fprintf(stdout, "\ngenerated test split by country\n%-8s %9s %9s %10s\n", "country", "addresses", "token acc", "whole acc")
	for _, cc := range sortedKeys(byCountry) {
		s := byCountry[cc]
		fmt.Fprintf(stdout, "%-8s %9d %9.4f %10.4f\n", cc, s.Addresses, s.TokenAccuracy(), s.AddressAccuracy())
	}
	for _, s := range scores {
		printConfusion(stdout, s, 12)
	}
	return nil
}

func (p *Parser) evaluate(dataDir string) ([]Score, map[string]Score, error) {
	var out []Score
	us, err := p.evalUSAddress(dataDir)
	if err != nil {
		return nil, nil, err
	}
	out = append(out, us)
	lp, err := p.evalLibpostal(filepath.Join(dataDir, "libpostal", "tests", "address_parser_cases.jsonl"))
	if err != nil {
		return nil, nil, err
	}
	out = append(out, lp)
	oc, err := p.evalOpenCage(filepath.Join(dataDir, "opencage-address-formatting", "testcases"))
	if err != nil {
		return nil, nil, err
	}
	out = append(out, oc)
	r, err := loadResources(dataDir)
	if err != nil {
		return nil, nil, err
	}
	// The test split uses the shipped lexicon's tokenization, as parsing does.
	g := Score{Set: "generated test split (seed 77001)"}
	byCountry := map[string]Score{}
	for _, ex := range generatedTestSet(r, p.lex) {
		var one Score
		p.scoreTokens(&one, ex.toks, ex.labels)
		g.add(one)
		c := byCountry[ex.cc]
		c.add(one)
		byCountry[ex.cc] = c
	}
	out = append(out, g)
	return out, byCountry, nil
}

func (s *Score) add(o Score) {
	s.Addresses += o.Addresses
	s.AddressesCorrect += o.AddressesCorrect
	s.Tokens += o.Tokens
	s.TokensCorrect += o.TokensCorrect
	s.addConfusion(o.Confusion)
}

func (s *Score) addConfusion(c map[[2]int]int) {
	for k, v := range c {
		if s.Confusion == nil {
			s.Confusion = map[[2]int]int{}
		}
		s.Confusion[k] += v
	}
}

// printConfusion writes the most frequent token errors (gold → predicted) of s.
func printConfusion(w io.Writer, s Score, top int) {
	type cell struct {
		k [2]int
		n int
	}
	var cs []cell
	for k, n := range s.Confusion {
		cs = append(cs, cell{k, n})
	}
	sort.Slice(cs, func(i, j int) bool {
		if cs[i].n != cs[j].n {
			return cs[i].n > cs[j].n
		}
		return cs[i].k[0] < cs[j].k[0] || cs[i].k[0] == cs[j].k[0] && cs[i].k[1] < cs[j].k[1]
	})
	names := classNames()
	fmt.Fprintf(w, "\n%s: token errors (gold -> predicted)\n", s.Set)
	for i, c := range cs {
		if i == top {
			break
		}
		fmt.Fprintf(w, "  %-14s -> %-14s %5d\n", names[c.k[0]], names[c.k[1]], c.n)
	}
}

// scoreTokens tags toks and compares with gold; gold -1 marks tokens left out of the count.
func (p *Parser) scoreTokens(s *Score, toks []token, gold []int) {
	sc := p.pool.Get().(*scratch)
	defer p.pool.Put(sc)
	sc.toks = append(sc.toks[:0], toks...)
	pred := p.tag(sc)
	fixRuns(&sc.st, pred)
	ok := true
	for i, g := range gold {
		if g < 0 {
			continue
		}
		s.Tokens++
		if pred[i] == g {
			s.TokensCorrect++
		} else {
			ok = false
			if s.Confusion == nil {
				s.Confusion = map[[2]int]int{}
			}
			s.Confusion[[2]int{g, pred[i]}]++
		}
	}
	s.Addresses++
	if ok {
		s.AddressesCorrect++
	}
}

func (p *Parser) evalUSAddress(dataDir string) (Score, error) {
	s := Score{Set: "usaddress test (held-out)"}
	files, err := usaddressFiles(dataDir, "test")
	if err != nil {
		return s, err
	}
	for _, f := range files {
		addrs, err := readUSAddress(f)
		if err != nil {
			return s, err
		}
		for _, a := range addrs {
			ex := buildExample(a, p.lex)
			p.scoreTokens(&s, ex.toks, ex.labels)
		}
	}
	return s, nil
}

// libpostalField maps libpostal labels to fields; labels without a field map to fieldOther.
var libpostalField = map[string]int{
	"house": int(House), "house_number": int(HouseNumber), "road": int(Road), "unit": int(Unit), "level": int(Level),
	"staircase": int(Staircase), "entrance": int(Entrance), "po_box": int(PoBox), "suburb": int(Suburb),
	"city_district": int(CityDistrict), "city": int(City), "island": int(Island), "state_district": int(StateDistrict),
	"state": int(State), "country_region": int(CountryRegion), "postcode": int(PostCode), "country": int(Country),
	"world_region": int(WorldRegion),
}

// libpostalIgnored are libpostal labels of query words that are not part of an address
// ("restaurants" as a category, "near"): their tokens belong to no field, so the gold
// label is "O" and the parse must leave them out of every field.
var libpostalIgnored = map[string]bool{"category": true, "near": true}

// openCageField maps an OpenCage test-case component to a field: the components of the
// formatter's conf/components.yaml by their aliases, and any other component (a venue
// type such as bank, hotel, restaurant, which the formatter prints first as "attention")
// to house. Codes that the formatter does not print as such map to nothing.
func openCageField(k string) (Field, bool) {
	if f, ok := componentField[k]; ok {
		return f, true
	}
	switch k {
	case "country_code", "county_code", "partial_postcode", "road_reference", "road_reference_intl", "address", "unknown", "name":
		return 0, false
	case "housenumber", "street_number":
		return HouseNumber, true
	case "building", "public_building", "isolated_dwelling", "attention":
		return House, true
	case "footway", "street", "street_name", "path", "pedestrian", "square":
		return Road, true
	case "locality", "croft", "township", "local_administrative_area", "area", "subcounty":
		return City, true
	case "district", "commune", "borough", "city_block", "residential", "commercial", "industrial", "houses",
		"subdistrict", "subdivision", "ward":
		return Suburb, true
	case "department":
		return StateDistrict, true
	case "province", "territory":
		return State, true
	case "oblast", "raion":
		return CountryRegion, true
	case "country_name":
		return Country, true
	case "postal_code":
		return PostCode, true
	case "continent":
		return WorldRegion, true
	}
	if strings.HasPrefix(k, "address") {
		return 0, false
	}
	return House, true
}

type goldComponent struct {
	field int
	value string
}

// goldLabels assigns gold fields to the tokens of text by finding each component's tokens,
// in order, from a moving cursor (or anywhere unassigned when ordered is false). Tokens not
// covered get fieldOther.
func (p *Parser) goldLabels(text string, comps []goldComponent, ordered bool) ([]token, []int) {
	toks := appendTokens(nil, text, p.lex.cjkCountries)
	gold := make([]int, len(toks))
	for i := range gold {
		gold[i] = fieldOther
	}
	assigned := make([]bool, len(toks))
	cursor := 0
	for _, c := range comps {
		ct := appendTokens(nil, c.value, p.lex.cjkCountries)
		field := c.field
		if field == fieldIgnored {
			field = fieldOther
		}
		if len(ct) == 0 {
			continue
		}
		from := 0
		if ordered {
			from = cursor
		}
	search:
		for i := from; i+len(ct) <= len(toks); i++ {
			for k := range ct {
				if assigned[i+k] || !strings.EqualFold(normWord(toks[i+k].text), normWord(ct[k].text)) {
					continue search
				}
			}
			for k := range ct {
				gold[i+k] = field
				assigned[i+k] = true
			}
			cursor = i + len(ct)
			break
		}
	}
	return toks, gold
}

// fieldsMatch compares parsed fields with gold components case-insensitively; components of
// the same field are joined with a space.
func fieldsMatch(f Fields, comps []goldComponent, strict bool) bool {
	want := map[Field]string{}
	for _, c := range comps {
		if c.field == fieldIgnored {
			continue // in no field: a field holding it differs from its gold value
		}
		if c.field == fieldOther {
			return false // a label the model cannot produce
		}
		fd := Field(c.field)
		if want[fd] != "" {
			want[fd] += " "
		}
		want[fd] += c.value
	}
	for fd := Field(0); fd < NumFields; fd++ {
		w, ok := want[fd]
		got := f.Get(fd)
		if !ok && (got == "" || !strict) {
			continue
		}
		if !strings.EqualFold(strings.Join(strings.Fields(got), " "), strings.Join(strings.Fields(w), " ")) {
			return false
		}
	}
	return true
}

func (p *Parser) evalLibpostal(path string) (Score, error) {
	s := Score{Set: "libpostal parser cases (held-out)"}
	f, err := os.Open(path)
	if err != nil {
		return s, fmt.Errorf("address: %w", err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	for sc.Scan() {
		var c struct {
			Input      string     `json:"input"`
			Components [][]string `json:"components"`
		}
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			return s, fmt.Errorf("address: %s: %w", path, err)
		}
		input := strings.ReplaceAll(c.Input, "&amp;", "&")
		var comps []goldComponent
		for _, kv := range c.Components {
			if len(kv) != 2 {
				continue
			}
			fd, ok := libpostalField[kv[0]]
			if !ok {
				fd = fieldOther
			}
			if libpostalIgnored[kv[0]] {
				fd = fieldIgnored
			}
			comps = append(comps, goldComponent{fd, kv[1]})
		}
		toks, gold := p.goldLabels(input, comps, true)
		tmp := Score{}
		p.scoreTokens(&tmp, toks, gold)
		s.Tokens += tmp.Tokens
		s.TokensCorrect += tmp.TokensCorrect
		s.addConfusion(tmp.Confusion)
		s.Addresses++
		parsed, err := p.Parse(input)
		if err == nil && fieldsMatch(parsed, comps, true) {
			s.AddressesCorrect++
		} else if debugFail != nil {
			debugFail(input, comps, parsed)
		}
	}
	return s, sc.Err()
}

func (p *Parser) evalOpenCage(dir string) (Score, error) {
	s := Score{Set: "OpenCage testcases (held-out)"}
	files, err := filepath.Glob(filepath.Join(dir, "countries", "*.yaml"))
	if err != nil || len(files) == 0 {
		return s, fmt.Errorf("address: no OpenCage test cases in %s", dir)
	}
	sort.Strings(files)
	for _, file := range files {
		b, err := os.ReadFile(file)
		if err != nil {
			return s, fmt.Errorf("address: %w", err)
		}
		dec := yaml.NewDecoder(bytes.NewReader(b))
		for {
			var tc struct {
				Components map[string]any `yaml:"components"`
				Expected   string         `yaml:"expected"`
			}
			if err := dec.Decode(&tc); err != nil {
				if errors.Is(err, io.EOF) {
					break
				}
				break // a malformed document ends the file
			}
			text := strings.TrimSpace(tc.Expected)
			if text == "" {
				continue
			}
			var comps []goldComponent
			keys := make([]string, 0, len(tc.Components))
			for k := range tc.Components {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			for _, k := range keys {
				fd, ok := openCageField(k)
				v, isStr := tc.Components[k].(string)
				if !ok || !isStr {
					if n, isInt := tc.Components[k].(int); isInt && ok {
						v = fmt.Sprint(n)
					} else {
						continue
					}
				}
				v = strings.TrimSpace(v)
				if v == "" || !strings.Contains(strings.ToLower(text), strings.ToLower(v)) {
					continue // the formatter left it out or rewrote it
				}
				comps = append(comps, goldComponent{int(fd), v})
			}
			if len(comps) == 0 {
				continue
			}
			toks, gold := p.goldLabels(text, comps, false)
			tmp := Score{}
			p.scoreTokens(&tmp, toks, gold)
			s.Tokens += tmp.Tokens
			s.TokensCorrect += tmp.TokensCorrect
			s.addConfusion(tmp.Confusion)
			s.Addresses++
			parsed, err := p.Parse(text)
			if err == nil && fieldsMatch(parsed, dedupe(comps), false) {
				s.AddressesCorrect++
			} else if debugFail != nil {
				debugFail(text, comps, parsed)
			}
		}
	}
	return s, nil
}

// fieldIgnored marks gold components that belong to no field (libpostalIgnored).
const fieldIgnored = -2

// debugFail, when set by a test, receives each failed address.
var debugFail func(text string, comps []goldComponent, got Fields)

// dedupe keeps the first component of each field (OpenCage lists city and town, say, of
// which the formatter prints one).
func dedupe(cs []goldComponent) []goldComponent {
	seen := map[int]bool{}
	var out []goldComponent
	for _, c := range cs {
		if !seen[c.field] {
			seen[c.field] = true
			out = append(out, c)
		}
	}
	return out
}
