package coref

import (
	"context"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"sort"
	"strings"

	"github.com/nomenhq/nomen/analyzers/entities/corpus"
	"github.com/nomenhq/nomen/analyzers/entities/span"
	"github.com/nomenhq/nomen/analyzers/tokenize"
)

// gumTypes maps GUM entity types to nomen's.
var gumTypes = map[string]string{"person": span.PER, "organization": span.ORG, "place": span.LOC}

// englishPronouns are the third-person pronouns scored by the evaluation.
var englishPronouns = set("he", "him", "his", "himself", "she", "her", "hers", "herself",
	"it", "its", "itself", "they", "them", "their", "theirs", "themselves")

// nameWord reports whether a GUM word belongs to a name's run (corpus.NameWord), as the
// entity taggers' training layer reads GUM.
func nameWord(w gumWord) bool { return corpus.NameWord(w.upos, w.form, w.first) }

// namedMentions derives the flat named-entity layer of a GUM document: mentions of
// persons, organisations and places whose head (minspan) has a PROPN word, cut to the
// run of name words (nameWord) around the first such head word (joined by "of", "'s", "&", "-",
// "de", "von", "van", "da", "du", "la", "del"); of identical spans the innermost
// mention wins, overlapping spans keep the earlier one. It returns the spans in text
// order and the coreference group of each.
func namedMentions(d *gumDoc) ([]span.Span, []string) {
	type cand struct {
		s, e  int // words, inclusive
		typ   string
		group string
		size  int
	}
	var cands []cand
	for _, m := range d.mentions {
		typ, ok := gumTypes[m.etype]
		if !ok {
			continue
		}
		head := -1
		for _, w := range m.minspan {
			if d.words[w].upos == "PROPN" {
				head = w
				break
			}
		}
		if head < 0 {
			continue
		}
		s, e := head, head
		name := func(w int) bool { return nameWord(d.words[w]) }
		for s-1 >= m.start && (name(s-1) || (s-2 >= m.start && joiner(d.words[s-1].form) && name(s-2))) {
			if name(s - 1) {
				s--
			} else {
				s -= 2
			}
		}
		for e+1 <= m.end && (name(e+1) || (e+2 <= m.end && joiner(d.words[e+1].form) && name(e+2))) {
			if name(e + 1) {
				e++
			} else {
				e += 2
			}
		}
		cands = append(cands, cand{s: s, e: e, typ: typ, group: m.group, size: m.end - m.start})
	}
	sort.SliceStable(cands, func(i, j int) bool {
		if cands[i].s != cands[j].s {
			return cands[i].s < cands[j].s
		}
		if cands[i].e != cands[j].e {
			return cands[i].e > cands[j].e
		}
		return cands[i].size < cands[j].size
	})
	var spans []span.Span
	var groups []string
	last := -1
	for _, c := range cands {
		if c.s <= last {
			continue
		}
		last = c.e
		spans = append(spans, span.Span{Start: d.words[c.s].start, End: d.words[c.e].end, Type: c.typ, Confidence: 1, Source: "gold"})
		groups = append(groups, c.group)
	}
	return spans, groups
}

func joiner(form string) bool {
	switch strings.ToLower(form) {
	case "of", "'s", "&", "-", "de", "von", "van", "da", "du", "la", "del":
		return true
	}
	return false
}

// evalCounts accumulates the scores of one run over many documents.
type evalCounts struct {
	docs, ents                        int
	mucNum, mucNumP, mucDenR, mucDenP float64
	b3R, b3P                          float64
	pronEligible, pronPred, pronOK    int
	perEligible, perPred, perOK       int
	thingEligible, thingPred, thingOK int
	nonRefIt, nonRefItResolved        int
	nomPred, nomOK                    int
	titlePred, titleOK                int
	// byForm counts eligible, resolved and correct pronouns per lower-cased form.
	byForm map[string]*[3]int
}

func (c *evalCounts) score(d *gumDoc, opt options) {
	ents, groups := namedMentions(d)
	toks := tokenize.Tokens(d.text, "eng")
	res := resolve(d.text, "eng", toks, ents, opt)
	c.docs++
	c.ents += len(ents)
	c.addChains(groups, res.Chain)

	// Gold mentions by code-point span, and the groups of each predicted chain.
	goldAt := map[[2]int]string{}
	goldStart := map[int][]gumMention{}
	for _, m := range d.mentions {
		goldAt[[2]int{d.words[m.start].start, d.words[m.end].end}] = m.group
		goldStart[d.words[m.start].start] = append(goldStart[d.words[m.start].start], m)
	}
	chainGroups := map[int]map[string]bool{}
	firstNamed := map[string]int{} // group → start of its first named mention
	for i, e := range ents {
		if chainGroups[res.Chain[i]] == nil {
			chainGroups[res.Chain[i]] = map[string]bool{}
		}
		chainGroups[res.Chain[i]][groups[i]] = true
		if s, ok := firstNamed[groups[i]]; !ok || e.Start < s {
			firstNamed[groups[i]] = e.Start
		}
	}
	entTypeOfGroup := map[string]string{}
	for i, e := range ents {
		entTypeOfGroup[groups[i]] = e.Type
	}
	// Eligible pronouns: gold one-word pronoun mentions whose group has a named mention before.
	for _, m := range d.mentions {
		if m.start != m.end {
			continue
		}
		w := d.words[m.start]
		if !englishPronouns[strings.ToLower(w.form)] {
			continue
		}
		if s, ok := firstNamed[m.group]; ok && s < w.start {
			c.form(w.form)[0]++
			c.pronEligible++
			if entTypeOfGroup[m.group] == span.PER {
				c.perEligible++
			} else {
				c.thingEligible++
			}
		}
	}
	// Non-referential "it": "it" words that are no gold mention.
	for _, w := range d.words {
		if strings.ToLower(w.form) == "it" {
			if _, ok := goldAt[[2]int{w.start, w.end}]; !ok {
				c.nonRefIt++
			}
		}
	}
	for _, x := range res.Extra {
		g, isGold := goldAt[[2]int{x.Span.Start, x.Span.End}]
		switch x.Kind {
		case KindPronoun:
			ok := isGold && chainGroups[x.Chain][g]
			form := string([]rune(d.text)[x.Span.Start:x.Span.End])
			c.form(form)[1]++
			c.pronPred++
			if ok {
				c.pronOK++
				c.form(form)[2]++
			}
			if x.Span.Type == span.PER {
				c.perPred++
				if ok {
					c.perOK++
				}
			} else {
				c.thingPred++
				if ok {
					c.thingOK++
				}
			}
			if !isGold && strings.EqualFold(string([]rune(d.text)[x.Span.Start:x.Span.End]), "it") {
				c.nonRefItResolved++
			}
		default:
			// A nominal is right when a gold mention starts with it, covers it and
			// belongs to a group of the chain.
			ok := false
			for _, m := range goldStart[x.Span.Start] {
				if d.words[m.end].end >= x.Span.End && chainGroups[x.Chain][m.group] {
					ok = true
				}
			}
			if x.Kind == KindTitle {
				c.titlePred++
				if ok {
					c.titleOK++
				}
			} else {
				c.nomPred++
				if ok {
					c.nomOK++
				}
			}
		}
	}
}

func (c *evalCounts) form(f string) *[3]int {
	f = strings.ToLower(f)
	if c.byForm == nil {
		c.byForm = map[string]*[3]int{}
	}
	if c.byForm[f] == nil {
		c.byForm[f] = new([3]int)
	}
	return c.byForm[f]
}

// addChains adds the MUC and B³ counts of one document (Vilain et al. 1995; Bagga and
// Baldwin 1998), gold and predicted partitions over the same mentions.
func (c *evalCounts) addChains(gold []string, pred []int) {
	gSets := map[string][]int{}
	pSets := map[int][]int{}
	for i := range gold {
		gSets[gold[i]] = append(gSets[gold[i]], i)
		pSets[pred[i]] = append(pSets[pred[i]], i)
	}
	// MUC recall: for each gold set, |S| - |partitions of S by pred|.
	for _, s := range gSets {
		parts := map[int]bool{}
		for _, i := range s {
			parts[pred[i]] = true
		}
		c.mucNum += float64(len(s) - len(parts))
		c.mucDenR += float64(len(s) - 1)
	}
	var pNum float64
	for _, s := range pSets {
		parts := map[string]bool{}
		for _, i := range s {
			parts[gold[i]] = true
		}
		pNum += float64(len(s) - len(parts))
		c.mucDenP += float64(len(s) - 1)
	}
	_ = pNum
	c.mucNumP += pNum
	for i := range gold {
		g, p := gSets[gold[i]], pSets[pred[i]]
		inter := 0
		for _, j := range p {
			if gold[j] == gold[i] {
				inter++
			}
		}
		c.b3R += float64(inter) / float64(len(g))
		c.b3P += float64(inter) / float64(len(p))
	}
}

func ratio(a, b float64) float64 {
	if b == 0 {
		return 0
	}
	return a / b
}

func f1(p, r float64) float64 {
	if p+r == 0 {
		return 0
	}
	return 2 * p * r / (p + r)
}

func (c *evalCounts) report(w io.Writer, name string, verbose bool) {
	mr, mp := ratio(c.mucNum, c.mucDenR), ratio(c.mucNumP, c.mucDenP)
	br, bp := ratio(c.b3R, float64(c.ents)), ratio(c.b3P, float64(c.ents))
	fmt.Fprintf(w, "%-14s named chains (%d mentions, %d docs): MUC P %.3f R %.3f F1 %.3f | B3 P %.3f R %.3f F1 %.3f\n",
		name, c.ents, c.docs, mp, mr, f1(mp, mr), bp, br, f1(bp, br))
	pr := func(label string, ok, pred, elig int) {
		p, r := ratio(float64(ok), float64(pred)), ratio(float64(ok), float64(elig))
		fmt.Fprintf(w, "%-14s   %-18s resolved %4d correct %4d eligible %4d: P %.3f R %.3f F1 %.3f\n", "", label, pred, ok, elig, p, r, f1(p, r))
	}
	pr("pronouns", c.pronOK, c.pronPred, c.pronEligible)
	pr("  PER antecedent", c.perOK, c.perPred, c.perEligible)
	pr("  ORG/LOC antecedent", c.thingOK, c.thingPred, c.thingEligible)
	if verbose {
		forms := make([]string, 0, len(c.byForm))
		for f := range c.byForm {
			forms = append(forms, f)
		}
		sort.Strings(forms)
		for _, f := range forms {
			v := c.byForm[f]
			pr("    "+f, v[2], v[1], v[0])
		}
	}
	fmt.Fprintf(w, "%-14s   non-referential it: %d, resolved %d\n", "", c.nonRefIt, c.nonRefItResolved)
	fmt.Fprintf(w, "%-14s   nominals resolved %d correct %d (P %.3f); titles resolved %d correct %d (P %.3f)\n", "",
		c.nomPred, c.nomOK, ratio(float64(c.nomOK), float64(c.nomPred)), c.titlePred, c.titleOK, ratio(float64(c.titleOK), float64(c.titlePred)))
}

// RunEval scores the resolver on English GUM (ner-en-gum-open): given the gold named
// mentions of persons, organisations and places, MUC and B³ of the named chains against
// GUM's coreference groups, with an exact-string baseline; precision and recall of
// pronouns whose gold antecedent group has a named mention before them; precision of
// nominal and title references. Flags: --data (the shared data folder, default
// ../shared/data), --split dev|test (test is held out: report it, never tune on it).
func RunEval(ctx context.Context, args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("eval coref", flag.ContinueOnError)
	fs.SetOutput(stdout)
	dataDir := fs.String("data", "../shared/data", "shared data folder")
	split := fs.String("split", "dev", "GUM split: dev or test (held out)")
	ablate := fs.Bool("ablate", false, "also score the design alternatives")
	if err := fs.Parse(args); err != nil {
		return fmt.Errorf("coref: eval: %w", err)
	}
	var docs []*gumDoc
	for _, sp := range strings.Split(*split, ",") {
		if sp != "dev" && sp != "test" && sp != "train" {
			return fmt.Errorf("coref: eval: unknown split %q (train, dev, test)", sp)
		}
		path := filepath.Join(*dataDir, "ner-en-gum-open", "gum-open-"+sp+".conllu.gz")
		ds, err := readGUM(path)
		if err != nil {
			return fmt.Errorf("coref: eval: %w", err)
		}
		docs = append(docs, ds...)
	}
	fmt.Fprintf(stdout, "GUM %s: %d documents\n", *split, len(docs))
	runs := []struct {
		name string
		opt  options
	}{
		{"exact-string", options{exactOnly: true, noPronouns: true, noNominals: true}},
		{"nomen", defaultOptions},
	}
	if *ablate {
		alt := func(name string, f func(o *options)) {
			o := defaultOptions
			f(&o)
			runs = append(runs, struct {
				name string
				opt  options
			}{name, o})
		}
		alt("no-learn-gender", func(o *options) { o.learnGender = false })
		alt("loc-prefix", func(o *options) { o.locPrefix = true })
		alt("flat-roles", func(o *options) { o.wSubj, o.wObj, o.wObl, o.wPoss = 0, 0, 0, 0 })
		alt("no-topic", func(o *options) { o.topic = 0 })
		alt("no-unnamed-np", func(o *options) { o.noPseudo = true })
		alt("ambig-unchain", func(o *options) { o.ambiguousNearest = false })
		alt("perWin3", func(o *options) { o.personWindow = 3 })
		alt("perWin5", func(o *options) { o.personWindow = 5 })
		alt("thingWin0", func(o *options) { o.thingWindow = 0 })
		alt("nomWin1", func(o *options) { o.nominalWindow = 1 })
	}
	for _, r := range runs {
		if err := ctx.Err(); err != nil {
			return fmt.Errorf("coref: eval: %w", err)
		}
		var c evalCounts
		for _, d := range docs {
			c.score(d, r.opt)
		}
		c.report(stdout, r.name, *ablate)
	}
	return nil
}
