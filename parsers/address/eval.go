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
}

// scoreTokens tags toks and compares with gold; gold -1 marks tokens left out of the count.
func (p *Parser) scoreTokens(s *Score, toks []token, gold []int) {
	sc := p.pool.Get().(*scratch)
	defer p.pool.Put(sc)
	sc.toks = append(sc.toks[:0], toks...)
	pred := p.tag(sc)
	fixRuns(sc.toks, pred)
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
				gold[i+k] = c.field
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
			comps = append(comps, goldComponent{fd, kv[1]})
		}
		toks, gold := p.goldLabels(input, comps, true)
		tmp := Score{}
		p.scoreTokens(&tmp, toks, gold)
		s.Tokens += tmp.Tokens
		s.TokensCorrect += tmp.TokensCorrect
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
				fd, ok := componentField[k]
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
