package pairgen

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"text/tabwriter"
)

// Quotas of the evaluation set (per label, so each category has twice as
// many pairs) and of the dev set.
type quotas struct {
	xscript, fullname, nickname, typo, order, org, randomNeg int
	// xscriptHeldOut is the dev quota of scripts whose dev pairs come from
	// rows kept out of the transliteration model's training (splitDev).
	xscriptHeldOut int
}

var (
	evalQuotas = quotas{xscript: 125, fullname: 200, nickname: 200, typo: 250, order: 250, org: 250, randomNeg: 400}
	devQuotas  = quotas{xscript: 63, xscriptHeldOut: 125, fullname: 0, nickname: 150, typo: 175, order: 175, org: 175, randomNeg: 200}
)

// Generate builds the EVALUATION pair set from the HELD-OUT sources under
// dataDir and writes it to w as JSON lines.
func Generate(dataDir string, w io.Writer) error {
	pairs, err := EvalPairs(dataDir)
	if err != nil {
		return err
	}
	return WritePairs(w, pairs)
}

// GenerateDev builds the DEV pair set from the TRAIN sources under dataDir
// and writes it to w as JSON lines.
func GenerateDev(dataDir string, w io.Writer) error {
	pairs, err := DevPairs(dataDir)
	if err != nil {
		return err
	}
	return WritePairs(w, pairs)
}

// titlePersons title-cases febrl-style lower-case persons and drops those
// whose parts are not plain words, keeping the first of each full name.
func titlePersons(in []person) []person {
	seen := map[string]bool{}
	var out []person
	for _, p := range in {
		if !isWord(p.given) || !isWord(p.family) || runeLen(p.given) < 2 || runeLen(p.family) < 2 {
			continue
		}
		p.given, p.family = title(p.given), title(p.family)
		k := p.given + " " + p.family
		if seen[k] {
			continue
		}
		seen[k] = true
		out = append(out, p)
	}
	return out
}

// partsOf returns the distinct given and family names of persons, in
// first-seen order.
func partsOf(persons []person) (givens, families []string) {
	sg, sf := map[string]bool{}, map[string]bool{}
	for _, p := range persons {
		if !sg[p.given] {
			sg[p.given] = true
			givens = append(givens, p.given)
		}
		if !sf[p.family] {
			sf[p.family] = true
			families = append(families, p.family)
		}
	}
	return givens, families
}

// EvalPairs builds the evaluation set from HELD-OUT sources: the `_20` and
// full-name transliteration files, febrl, dedupe-chicago, and the
// odd-numbered lines of the SEC company list.
func EvalPairs(dataDir string) ([]Pair, error) {
	ps := newPairSet()
	q := evalQuotas
	tdir := filepath.Join(dataDir, "wikidata-name-transliteration")
	for _, sc := range scripts {
		rows, err := loadTranslit(filepath.Join(tdir, "wd_"+sc.file+"_20.tsv.xz"), sc)
		if err != nil {
			return nil, err
		}
		// The TRAIN split only vetoes negatives that are in fact valid
		// renderings; it contributes no pair.
		train, err := loadTranslit(filepath.Join(tdir, "wd_"+sc.file+"_80.tsv.xz"), sc)
		if err != nil {
			return nil, err
		}
		genXscript(ps, sc, rows, train, q.xscript)
	}
	for _, sc := range scripts {
		if sc.name != "hebrew" && sc.name != "korean" {
			continue
		}
		rows, err := loadFullnames(filepath.Join(tdir, "wd_"+sc.file+"_fullnames.tsv.xz"), sc)
		if err != nil {
			return nil, err
		}
		genFullname(ps, sc, rows, q.fullname)
	}

	recs, err := loadFebrl(filepath.Join(dataDir, "febrl"), "dataset1.csv", "dataset2.csv", "dataset3.csv", "dataset4a.csv")
	if err != nil {
		return nil, err
	}
	var raw []person
	orig := map[string]person{}
	for _, r := range recs {
		if !r.dup {
			raw = append(raw, person{given: r.given, family: r.family, id: r.orig})
			orig[r.orig] = person{given: r.given, family: r.family, id: r.orig}
		}
	}
	persons := titlePersons(raw)
	givens, families := partsOf(persons)
	var natural [][2]person
	for _, r := range recs {
		o, ok := orig[r.orig]
		if !r.dup || !ok || o.given == "" || o.family == "" || r.given == "" || r.family == "" {
			continue
		}
		if (o.given == r.given && o.family == r.family) || r.given == o.family || !isWord(o.given+o.family) {
			continue
		}
		if !different(o.given, r.given) && !different(o.family, r.family) && strings.TrimSpace(r.given+r.family) != "" {
			d := person{given: title(r.given), family: title(r.family), id: r.orig}
			natural = append(natural, [2]person{{given: title(o.given), family: title(o.family), id: o.id}, d})
		}
	}

	tab := newNickTable(evalNicknames)
	genNickname(ps, tab, families, givens, q.nickname)
	genTypo(ps, tab, persons, natural, q.typo)
	genOrder(ps, tab, persons, givens, q.order)

	chicago, err := loadChicago(filepath.Join(dataDir, "dedupe-chicago-early-childhood", "csv_example_input_with_true_ids.csv"))
	if err != nil {
		return nil, err
	}
	sec, err := loadSEC(filepath.Join(dataDir, "cleanco", "sec_foreign_companies_2002.csv"), 1)
	if err != nil {
		return nil, err
	}
	genOrg(ps, append(uniqueOrgs(chicago), sec...), chicagoNatural(chicago), q.org)
	genRandomNeg(ps, q.randomNeg)
	return ps.pairs, nil
}

// uniqueOrgs keeps the first occurrence of each name text.
func uniqueOrgs(in []orgName) []orgName {
	seen := map[string]bool{}
	var out []orgName
	for _, o := range in {
		if !seen[o.text] {
			seen[o.text] = true
			out = append(out, o)
		}
	}
	return out
}

// DevPairs builds the dev set from TRAIN sources only: the `_80`
// transliteration files, the nicknames table, probablepeople's labelled
// person and company train files (given and family names, company names), and the even-numbered lines of the SEC
// company list. It has no full-name categories (there is no TRAIN full-name
// file).
func DevPairs(dataDir string) ([]Pair, error) {
	ps := newPairSet()
	q := devQuotas
	tdir := filepath.Join(dataDir, "wikidata-name-transliteration")
	for _, sc := range scripts {
		rows, err := loadTranslit(filepath.Join(tdir, "wd_"+sc.file+"_80.tsv.xz"), sc)
		if err != nil {
			return nil, err
		}
		// Where the learned transliteration model keeps part of its file out of
		// training (translit.DevHeldOut), the pairs come from that part only, and
		// the rest only vetoes negatives, as the `_80` rows do for the evaluation set.
		dev, train := splitDev(sc, rows)
		quota := q.xscript
		if len(train) > 0 {
			quota = q.xscriptHeldOut
		}
		genXscript(ps, sc, dev, train, quota)
	}

	pp, err := loadProbablePeople(filepath.Join(dataDir, "probablepeople", "person_labeled.xml"))
	if err != nil {
		return nil, err
	}
	var givens, families []string
	for _, e := range pp {
		for i, t := range e.tokens {
			t = strings.Trim(t, ",.")
			if !isWord(t) || runeLen(t) < 2 || particles[strings.ToLower(t)] {
				continue
			}
			switch e.labels[i] {
			case "GivenName":
				givens = append(givens, title(t))
			case "Surname":
				families = append(families, title(t))
			}
		}
	}
	slices.Sort(givens)
	givens = slices.Compact(givens)
	slices.Sort(families)
	families = slices.Compact(families)
	if len(givens) == 0 || len(families) == 0 {
		return nil, errors.New("pairgen: dev: no given or family names")
	}
	// Dev persons are random combinations of TRAIN given and family names.
	rng := newRand("dev-persons")
	var raw []person
	for i := range 4000 {
		raw = append(raw, person{given: pick(rng, givens), family: pick(rng, families), id: fmt.Sprintf("dev/%d", i)})
	}
	persons := titlePersons(raw)

	table, err := loadNicknameTable(filepath.Join(dataDir, "nicknames", "names.csv"))
	if err != nil {
		return nil, err
	}
	tab := newNickTable(table)
	genNickname(ps, tab, families, givens, q.nickname)
	genTypo(ps, tab, persons, nil, q.typo)
	genOrder(ps, tab, persons, givens, q.order)

	sec, err := loadSEC(filepath.Join(dataDir, "cleanco", "sec_foreign_companies_2002.csv"), 0)
	if err != nil {
		return nil, err
	}
	companies, err := loadProbablePeople(filepath.Join(dataDir, "probablepeople", "company_labeled.xml"))
	if err != nil {
		return nil, err
	}
	var orgs []orgName
	for i, e := range companies {
		// Keep plain company names: a name, optional organisation words,
		// "& Co" parts and a legal type, in source order.
		ok := e.has("CorporationName")
		for _, l := range e.labels {
			switch l {
			case "CorporationName", "CorporationNameOrganization", "CorporationNameAndCompany", "CorporationLegalType":
			default:
				ok = false
			}
		}
		text := title(strings.Join(e.tokens, " "))
		if ok && runeLen(text) >= 4 && !strings.ContainsAny(text, "()/") {
			orgs = append(orgs, orgName{text: text, id: fmt.Sprintf("pp/%d", i)})
		}
	}
	genOrg(ps, append(sec, uniqueOrgs(orgs)...), nil, q.org)
	genRandomNeg(ps, q.randomNeg)
	return ps.pairs, nil
}

// particles are surname particles that are not family names on their own.
var particles = map[string]bool{"de": true, "la": true, "van": true, "von": true, "du": true, "da": true, "di": true, "le": true, "del": true, "st": true, "mc": true, "mac": true, "der": true, "den": true}

// genRandomNeg adds n random unrelated pairs: name1 of one pair against
// name2 of another, with the same entity type and no word in common.
func genRandomNeg(ps *pairSet, n int) {
	const cat = "random-neg"
	rng := newRand(cat)
	base := slices.Clone(ps.pairs)
	if len(base) < 2 {
		return
	}
	for tries := 0; ps.count(cat, false) < n && tries < 100*n; tries++ {
		a, b := pick(rng, base), pick(rng, base)
		x, y := a.Name1, b.Name2
		if rng.IntN(2) == 0 {
			y = b.Name1
		}
		if a.Category == b.Category && a.Name1 == b.Name1 || x.EntityType != y.EntityType || shareWord(x.Text, y.Text) {
			continue
		}
		ps.add(Pair{Name1: x, Name2: y, Match: false, Category: cat})
	}
}

// shareWord reports whether two texts have a word in common, ignoring case
// and punctuation.
func shareWord(a, b string) bool {
	wb := strings.Fields(strings.ToLower(stripPunct(b)))
	for _, w := range strings.Fields(strings.ToLower(stripPunct(a))) {
		if slices.Contains(wb, w) {
			return true
		}
	}
	return false
}

// Small returns a stratified subset of about n pairs: from every
// (category, label) stratum the same fraction (at least one pair), chosen
// with a fixed seed and kept in input order.
func Small(pairs []Pair, n int) []Pair {
	if n >= len(pairs) || n <= 0 {
		return slices.Clone(pairs)
	}
	strata := map[string][]int{}
	for i, p := range pairs {
		k := fmt.Sprintf("%s/%t", p.Category, p.Match)
		strata[k] = append(strata[k], i)
	}
	rng := newRand("small")
	var keep []int
	for _, k := range sortedKeys(strata) {
		idx := strata[k]
		m := max(1, (len(idx)*n+len(pairs)/2)/len(pairs))
		for _, j := range rng.Perm(len(idx))[:min(m, len(idx))] {
			keep = append(keep, idx[j])
		}
	}
	slices.Sort(keep)
	out := make([]Pair, len(keep))
	for i, j := range keep {
		out[i] = pairs[j]
	}
	return out
}

// Counts tabulates pairs per category as [matches, non-matches].
func Counts(pairs []Pair) map[string][2]int {
	out := map[string][2]int{}
	for _, p := range pairs {
		c := out[p.Category]
		if p.Match {
			c[0]++
		} else {
			c[1]++
		}
		out[p.Category] = c
	}
	return out
}

// writeCounts prints a per-category count table.
func writeCounts(w io.Writer, title string, pairs []Pair) error {
	fmt.Fprintf(w, "%s: %d pairs\n", title, len(pairs))
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "category\tmatch\tnon-match\ttotal\t")
	c := Counts(pairs)
	var tp, tn int
	for _, k := range sortedKeys(c) {
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t\n", k, c[k][0], c[k][1], c[k][0]+c[k][1])
		tp += c[k][0]
		tn += c[k][1]
	}
	fmt.Fprintf(tw, "all\t%d\t%d\t%d\t\n", tp, tn, tp+tn)
	return tw.Flush()
}

// RunGenerate is the CLI entry point: it writes pairs.jsonl,
// pairs-small.jsonl (about 300 stratified pairs) and pairs-dev.jsonl into
// --out (default testdata/names) from --data (default ../shared/data), and
// prints the counts per category to stdout.
func RunGenerate(ctx context.Context, args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("pairgen", flag.ContinueOnError)
	fs.SetOutput(stdout)
	dataDir := fs.String("data", "../shared/data", "data directory")
	outDir := fs.String("out", "testdata/names", "output directory")
	small := fs.Int("small", 300, "size of the stratified small subset")
	if err := fs.Parse(args); err != nil {
		return fmt.Errorf("pairgen: %w", err)
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("pairgen: unexpected arguments %q", fs.Args())
	}
	if err := os.MkdirAll(*outDir, 0o755); err != nil {
		return fmt.Errorf("pairgen: %w", err)
	}
	eval, err := EvalPairs(*dataDir)
	if err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	dev, err := DevPairs(*dataDir)
	if err != nil {
		return err
	}
	sets := []struct {
		file  string
		pairs []Pair
	}{
		{"pairs.jsonl", eval},
		{"pairs-small.jsonl", Small(eval, *small)},
		{"pairs-dev.jsonl", dev},
	}
	for _, s := range sets {
		if err := writeFile(filepath.Join(*outDir, s.file), s.pairs); err != nil {
			return err
		}
		if err := writeCounts(stdout, s.file, s.pairs); err != nil {
			return fmt.Errorf("pairgen: %w", err)
		}
		fmt.Fprintln(stdout)
	}
	return nil
}

// writeFile writes pairs to path atomically.
func writeFile(path string, pairs []Pair) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), ".pairs-*")
	if err != nil {
		return fmt.Errorf("pairgen: %w", err)
	}
	defer os.Remove(tmp.Name())
	if err := WritePairs(tmp, pairs); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("pairgen: %w", err)
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		return fmt.Errorf("pairgen: %w", err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("pairgen: %w", err)
	}
	return nil
}
