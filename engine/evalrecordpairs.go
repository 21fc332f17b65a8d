package engine

import (
	"bufio"
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"unicode"

	"github.com/nomenhq/nomen/internal/evalmetrics"
)

// LabelledRecordPair is one line of a labelled record-pair file (JSON lines): the field
// declarations as in the API's records request, the two records, the label and a category.
type LabelledRecordPair struct {
	Fields   map[string]FieldSpec       `json:"fields"`
	Left     map[string]json.RawMessage `json:"left"`
	Right    map[string]json.RawMessage `json:"right"`
	Match    bool                       `json:"match"`
	Category string                     `json:"category"`
}

// ReadRecordPairs reads a JSON-lines file of labelled record pairs. Every pair must declare
// at least one field, of a known type, and both records.
func ReadRecordPairs(path string) ([]LabelledRecordPair, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("engine: %w", err)
	}
	defer f.Close()
	var out []LabelledRecordPair
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for line := 1; sc.Scan(); line++ {
		if strings.TrimSpace(sc.Text()) == "" {
			continue
		}
		var p LabelledRecordPair
		if err := json.Unmarshal(sc.Bytes(), &p); err != nil {
			return nil, fmt.Errorf("engine: %s:%d: %w", path, line, err)
		}
		if len(p.Fields) == 0 || p.Left == nil || p.Right == nil {
			return nil, fmt.Errorf("engine: %s:%d: a record pair needs fields, left and right", path, line)
		}
		for n, fs := range p.Fields {
			if !knownFieldType(fs.Type) {
				return nil, fmt.Errorf("engine: %s:%d: field %s: unknown type %q", path, line, n, fs.Type)
			}
		}
		out = append(out, p)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("engine: %s: %w", path, err)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("engine: %s: no pairs", path)
	}
	return out, nil
}

// ScoreRecordPairs scores every pair through RecordSimilarity under a universe and request
// parameters; a pair that cannot be scored (a value its matcher cannot read) scores 0.
func (e *Engine) ScoreRecordPairs(ctx context.Context, pairs []LabelledRecordPair, universe string, params map[string]string) ([]evalmetrics.Scored, error) {
	if _, _, err := e.settings(universe, "", "", "", params); err != nil {
		return nil, err
	}
	out := make([]evalmetrics.Scored, len(pairs))
	for i, p := range pairs {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		out[i] = e.scoreRecordPair(ctx, p, universe, params, false).Scored
	}
	return out, nil
}

// EvalRecordPairs scores a labelled record-pair file under opt.Universe and writes the report
// of EvalNames: AUC, best F1, figures at the universe's threshold, the sweep, per-category
// figures, the worst errors with each field's raw score, and an optional SVG.
func (e *Engine) EvalRecordPairs(ctx context.Context, pairsPath string, opt EvalNamesOptions, w io.Writer) error {
	pairs, err := ReadRecordPairs(pairsPath)
	if err != nil {
		return err
	}
	score := func() ([]evalmetrics.Scored, error) { return e.ScoreRecordPairs(ctx, pairs, opt.Universe, nil) }
	return e.evalReport(w, "records", pairsPath, len(pairs), opt, score, func(i int) {
		p := pairs[i]
		r := e.scoreRecordPair(ctx, p, opt.Universe, nil, true)
		fmt.Fprintf(w, "  %.3f  %s | %s  [%s]\n", r.Score, recordText(p.Left), recordText(p.Right), p.Category)
		fmt.Fprintf(w, "         %s\n", recordExplainLine(r))
	})
}

func universeName(u string) string {
	if u == "" {
		return DefaultUniverse
	}
	return u
}

// writeWorstIdx writes the worst false positives (highest scores) and false negatives
// (lowest) at threshold th, n of each, calling show for every pair written.
func writeWorstIdx(w io.Writer, scored []evalmetrics.Scored, th float64, n int, show func(i int)) {
	var fp, fn []int
	for i, s := range scored {
		switch {
		case !s.Match && s.Score >= th:
			fp = append(fp, i)
		case s.Match && s.Score < th:
			fn = append(fn, i)
		}
	}
	sort.SliceStable(fp, func(a, b int) bool { return scored[fp[a]].Score > scored[fp[b]].Score })
	sort.SliceStable(fn, func(a, b int) bool { return scored[fn[a]].Score < scored[fn[b]].Score })
	for _, g := range []struct {
		title string
		idx   []int
	}{{"worst false positives", fp}, {"worst false negatives", fn}} {
		fmt.Fprintf(w, "\n%s (%d in all):\n", g.title, len(g.idx))
		for _, i := range g.idx[:min(n, len(g.idx))] {
			show(i)
		}
	}
}

// writePlot writes the SVG of the scores to path when path is set.
func writePlot(w io.Writer, path string, scored []evalmetrics.Scored) error {
	if path == "" {
		return nil
	}
	if err := WriteScorePlot(path, scored); err != nil {
		return err
	}
	_, err := fmt.Fprintf(w, "\nplot written to %s\n", path)
	return err
}

// recordExplainLine renders a record explanation on one line: each scored field's raw score
// and calculated weight, then the fields left out.
func recordExplainLine(r scoredRecordPair) string {
	if r.Error != "" {
		return "error: " + r.Error
	}
	x := r.Explain
	if x == nil {
		return "(no explanation)"
	}
	names := make([]string, 0, len(x.ScoredFields))
	for n := range x.ScoredFields {
		names = append(names, n)
	}
	sort.Strings(names)
	var b strings.Builder
	for _, n := range names {
		sf := x.ScoredFields[n]
		fmt.Fprintf(&b, "%s raw %.3f × %.2f; ", n, sf.RawScore, sf.CalculatedWeight)
	}
	for _, g := range []struct {
		what string
		fs   []string
	}{{"left only", x.LeftOnlyFields}, {"right only", x.RightOnlyFields}, {"null", x.NullFields}} {
		if len(g.fs) > 0 {
			fmt.Fprintf(&b, "%s: %s; ", g.what, strings.Join(g.fs, ","))
		}
	}
	return strings.TrimSuffix(b.String(), "; ")
}

// recordPairSeed fixes the generated record-pair set.
const recordPairSeed = 20261122

// GenerateRecordPairs writes a labelled record-pair set built deterministically from TRAIN
// data under dataDir only: given names and their nicknames from nicknames/names.csv, surnames
// from probablepeople/person_labeled.xml, street addresses from usaddress/training/labeled.xml;
// dates of birth and counts are generated. Each of n persons gives one matching and one
// non-matching pair; categories cycle through the kinds of variation listed in
// testdata/records/README.md.
func GenerateRecordPairs(dataDir string, n int, w io.Writer) error {
	src, err := loadRecordSources(dataDir)
	if err != nil {
		return err
	}
	rng := rand.New(rand.NewPCG(recordPairSeed, 1))
	g := &recordGen{src: src, rng: rng}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	matchCats := []string{"nickname", "name_typo", "date_typo", "address_abbreviation", "missing_address", "moved", "name_order", "reformatted_date"}
	nonCats := []string{"same_name_other_person", "relative_same_address", "similar_name", "random", "twin", "same_birthday"}
	for i := range n {
		p := g.person()
		for _, c := range []struct {
			cat   string
			match bool
		}{{matchCats[i%len(matchCats)], true}, {nonCats[i%len(nonCats)], false}} {
			l, r := g.variant(p, c.cat)
			pair := LabelledRecordPair{Fields: recordFields(), Left: l.json(), Right: r.json(), Match: c.match, Category: c.cat}
			if err := enc.Encode(pair); err != nil {
				return fmt.Errorf("engine: record pairs: %w", err)
			}
		}
	}
	return nil
}

func recordFields() map[string]FieldSpec {
	w := func(x float64) *float64 { return &x }
	return map[string]FieldSpec{
		"name":     {Type: FieldName, Weight: w(3)},
		"dob":      {Type: FieldDate, Weight: w(2)},
		"address":  {Type: FieldAddress, Weight: w(2)},
		"children": {Type: FieldNumber, Weight: w(0.5)},
		"member":   {Type: FieldBoolean, Weight: w(0.5)},
	}
}

type recordSources struct {
	given     []string
	nicknames map[string][]string
	surnames  []string
	addresses []string
}

var xmlTag = regexp.MustCompile(`<[^>]+>`)

func loadRecordSources(dataDir string) (*recordSources, error) {
	src := &recordSources{nicknames: map[string][]string{}}
	f, err := os.Open(filepath.Join(dataDir, "nicknames", "names.csv"))
	if err != nil {
		return nil, fmt.Errorf("engine: record pairs: %w", err)
	}
	rows, err := csv.NewReader(f).ReadAll()
	f.Close()
	if err != nil {
		return nil, fmt.Errorf("engine: record pairs: nicknames: %w", err)
	}
	for _, r := range rows[1:] {
		if len(r) == 3 && r[1] == "has_nickname" && len(r[0]) > 2 && len(r[2]) > 1 {
			if _, ok := src.nicknames[r[0]]; !ok {
				src.given = append(src.given, r[0])
			}
			src.nicknames[r[0]] = append(src.nicknames[r[0]], r[2])
		}
	}
	seen := map[string]bool{}
	b, err := os.ReadFile(filepath.Join(dataDir, "probablepeople", "person_labeled.xml"))
	if err != nil {
		return nil, fmt.Errorf("engine: record pairs: %w", err)
	}
	for _, m := range regexp.MustCompile(`<Surname>([A-Za-z]{3,})</Surname>`).FindAllStringSubmatch(string(b), -1) {
		s := titleCase(m[1])
		if !seen[s] {
			seen[s] = true
			src.surnames = append(src.surnames, s)
		}
	}
	b, err = os.ReadFile(filepath.Join(dataDir, "usaddress", "training", "labeled.xml"))
	if err != nil {
		return nil, fmt.Errorf("engine: record pairs: %w", err)
	}
	for _, m := range regexp.MustCompile(`<AddressString>(.*?)</AddressString>`).FindAllStringSubmatch(string(b), -1) {
		if !strings.Contains(m[1], "<AddressNumber>") || !strings.Contains(m[1], "<StreetName>") || !strings.Contains(m[1], "<PlaceName>") {
			continue
		}
		a := strings.Join(strings.Fields(xmlTag.ReplaceAllString(m[1], "")), " ")
		if !seen[a] && strings.ContainsFunc(a, unicode.IsDigit) {
			seen[a] = true
			src.addresses = append(src.addresses, a)
		}
	}
	if len(src.given) < 50 || len(src.surnames) < 50 || len(src.addresses) < 50 {
		return nil, fmt.Errorf("engine: record pairs: too little source data (%d given names, %d surnames, %d addresses)", len(src.given), len(src.surnames), len(src.addresses))
	}
	return src, nil
}

func titleCase(s string) string {
	s = strings.ToLower(s)
	return strings.ToUpper(s[:1]) + s[1:]
}

type recordGen struct {
	src *recordSources
	rng *rand.Rand
}

// person is one generated record.
type person struct {
	given, surname string
	year, month    int
	day            int
	address        string // "" = null
	children       int
	member         bool
	dateUS         bool // write the date as MM/DD/YYYY
	surnameFirst   bool
}

func (p person) json() map[string]json.RawMessage {
	m := map[string]json.RawMessage{}
	put := func(k string, v any) {
		b, _ := json.Marshal(v)
		m[k] = b
	}
	name := titleCase(p.given) + " " + p.surname
	if p.surnameFirst {
		name = p.surname + ", " + titleCase(p.given)
	}
	put("name", name)
	if p.dateUS {
		put("dob", fmt.Sprintf("%02d/%02d/%04d", p.month, p.day, p.year))
	} else {
		put("dob", fmt.Sprintf("%04d-%02d-%02d", p.year, p.month, p.day))
	}
	if p.address == "" {
		m["address"] = json.RawMessage("null")
	} else {
		put("address", p.address)
	}
	put("children", p.children)
	put("member", p.member)
	return m
}

func (g *recordGen) pick(xs []string) string { return xs[g.rng.IntN(len(xs))] }

func (g *recordGen) person() person {
	return person{given: g.pick(g.src.given), surname: g.pick(g.src.surnames), year: 1940 + g.rng.IntN(65),
		month: 1 + g.rng.IntN(12), day: 1 + g.rng.IntN(28), address: g.pick(g.src.addresses), children: g.rng.IntN(5), member: g.rng.IntN(2) == 0}
}

// typo replaces, deletes or swaps one inner letter of s.
func (g *recordGen) typo(s string) string {
	r := []rune(s)
	if len(r) < 4 {
		return s + "e"
	}
	i := 1 + g.rng.IntN(len(r)-2)
	switch g.rng.IntN(3) {
	case 0:
		r[i] = rune('a' + g.rng.IntN(26))
	case 1:
		r = append(r[:i], r[i+1:]...)
	default:
		r[i], r[i+1] = r[i+1], r[i]
	}
	return string(r)
}

var streetAbbr = [][2]string{{" Street", " St"}, {" Avenue", " Ave"}, {" Road", " Rd"}, {" Drive", " Dr"}, {" Boulevard", " Blvd"},
	{" North ", " N "}, {" South ", " S "}, {" West ", " W "}, {" East ", " E "}, {" St", " Street"}, {" Ave", " Avenue"}, {" Rd", " Road"}}

func (g *recordGen) abbreviate(a string) string {
	for _, k := range g.rng.Perm(len(streetAbbr)) {
		if strings.Contains(a, streetAbbr[k][0]) {
			return strings.Replace(a, streetAbbr[k][0], streetAbbr[k][1], 1)
		}
	}
	return strings.ToUpper(a)
}

// otherAddress returns an address other than a.
func (g *recordGen) otherAddress(a string) string {
	for {
		if b := g.pick(g.src.addresses); b != a {
			return b
		}
	}
}

// variant returns the left and right records of a pair of category cat built around p.
func (g *recordGen) variant(p person, cat string) (person, person) {
	q := p
	switch cat {
	case "nickname":
		q.given = g.pick(g.src.nicknames[p.given])
	case "name_typo":
		q.surname = g.typo(p.surname)
	case "date_typo":
		q.day = p.day%28 + 1 // off by one day
		if g.rng.IntN(2) == 0 {
			q.day, q.month = p.day, p.month%12+1
		}
	case "address_abbreviation":
		q.address = g.abbreviate(p.address)
	case "missing_address":
		q.address = ""
	case "moved":
		q.address = g.otherAddress(p.address)
		q.children = p.children + 1
	case "name_order":
		q.surnameFirst = true
	case "reformatted_date":
		q.dateUS = true
		q.member = !p.member
	case "same_name_other_person":
		q = g.person()
		q.given, q.surname = p.given, p.surname
	case "relative_same_address":
		q = g.person()
		q.surname, q.address = p.surname, p.address
	case "similar_name":
		q = g.person()
		q.given, q.surname = p.given, g.typo(p.surname)
	case "random":
		q = g.person()
	case "twin":
		q.given = g.pick(g.src.given)
		for q.given == p.given {
			q.given = g.pick(g.src.given)
		}
	case "same_birthday":
		q = g.person()
		q.year, q.month, q.day = p.year, p.month, p.day
	}
	return p, q
}
