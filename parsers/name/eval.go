package name

import (
	"context"
	"encoding/xml"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// probablepeople label → roles that count as correct. Labels missing
// here (Nickname, And, AKA, CareOf, ...) exclude the whole name.
var personGold = map[string][]Role{
	"GivenName":          {Given},
	"MiddleName":         {Given, Unknown, Initial},
	"Surname":            {Family, Particle},
	"FirstInitial":       {Initial},
	"MiddleInitial":      {Initial},
	"LastInitial":        {Initial},
	"PrefixMarital":      {Title},
	"PrefixOther":        {Title},
	"SuffixGenerational": {Suffix},
	"SuffixOther":        {Suffix},
}

// neutralOrgWords are words probablepeople labels as part of the name
// (CorporationNameOrganization, CorporationNameAndCompany) that nomen
// treats as legal forms by design (Co. = Company, Corp. = Corporation);
// they are left out of the legal-form count.
var neutralOrgWords = map[string]bool{
	"co": true, "company": true, "corp": true, "corporation": true, "and": true, "&": true, "": true,
	"cos": true, "companies": true, "inc": true, "incorporated": true, "ltd": true, "limited": true,
}

// goldName is one labelled name of a probablepeople XML file.
type goldName struct {
	Tokens []struct {
		XMLName xml.Name
		Text    string `xml:",chardata"`
	} `xml:",any"`
}

// EvalReport holds the figures of Evaluate.
type EvalReport struct {
	// Person token role accuracy over names of two or more labelled words
	// (single words carry no order information and are counted apart).
	PersonNames, PersonTokens, PersonCorrect int
	// PerLabel maps a probablepeople label to [correct, total].
	PerLabel map[string][2]int
	// Single-word person names: how many got the gold role.
	SingleNames, SingleCorrect int
	// Organization legal-form detection, counted per labelled word:
	// true positives, false positives, false negatives.
	OrgNames, LegalTP, LegalFP, LegalFN int
	// Skipped names (labels outside the mapping, parse errors).
	Skipped int
}

// PersonAccuracy is PersonCorrect / PersonTokens.
func (r EvalReport) PersonAccuracy() float64 { return ratio(r.PersonCorrect, r.PersonTokens) }

// LegalF1 is the F1 score of legal-form detection.
func (r EvalReport) LegalF1() float64 {
	p, rc := ratio(r.LegalTP, r.LegalTP+r.LegalFP), ratio(r.LegalTP, r.LegalTP+r.LegalFN)
	if p+rc == 0 {
		return 0
	}
	return 2 * p * rc / (p + rc)
}

func ratio(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}

// String renders the report.
func (r EvalReport) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "person names (2+ words): %d, token role accuracy %.4f (%d/%d)\n",
		r.PersonNames, r.PersonAccuracy(), r.PersonCorrect, r.PersonTokens)
	labels := make([]string, 0, len(r.PerLabel))
	for l := range r.PerLabel {
		labels = append(labels, l)
	}
	sort.Strings(labels)
	for _, l := range labels {
		c := r.PerLabel[l]
		fmt.Fprintf(&b, "  %-20s %.4f (%d/%d)\n", l, ratio(c[0], c[1]), c[0], c[1])
	}
	fmt.Fprintf(&b, "single-word person names: %d, role accuracy %.4f\n", r.SingleNames, ratio(r.SingleCorrect, r.SingleNames))
	fmt.Fprintf(&b, "organization names: %d, legal-form P %.4f R %.4f F1 %.4f (tp %d fp %d fn %d)\n",
		r.OrgNames, ratio(r.LegalTP, r.LegalTP+r.LegalFP), ratio(r.LegalTP, r.LegalTP+r.LegalFN), r.LegalF1(),
		r.LegalTP, r.LegalFP, r.LegalFN)
	fmt.Fprintf(&b, "skipped: %d\n", r.Skipped)
	return b.String()
}

// EvaluateXML scores Parse against probablepeople-style labelled names
// read from r (parserator XML), adding to rep.
func EvaluateXML(r io.Reader, rep *EvalReport) error {
	var coll struct {
		Names []goldName `xml:"Name"`
	}
	if err := xml.NewDecoder(r).Decode(&coll); err != nil {
		return fmt.Errorf("name: eval: %w", err)
	}
	if rep.PerLabel == nil {
		rep.PerLabel = map[string][2]int{}
	}
	for _, g := range coll.Names {
		evalOne(g, rep)
	}
	return nil
}

func evalOne(g goldName, rep *EvalReport) {
	if len(g.Tokens) == 0 {
		rep.Skipped++
		return
	}
	isOrg := strings.HasPrefix(g.Tokens[0].XMLName.Local, "Corporation")
	var text strings.Builder
	starts := make([]int, len(g.Tokens))
	for i, t := range g.Tokens {
		label := t.XMLName.Local
		if !isOrg {
			if _, ok := personGold[label]; !ok {
				rep.Skipped++
				return
			}
		} else if !strings.HasPrefix(label, "Corporation") {
			rep.Skipped++
			return
		}
		if i > 0 {
			text.WriteByte(' ')
		}
		starts[i] = text.Len()
		text.WriteString(strings.TrimSpace(t.Text))
	}
	typ := Person
	if isOrg {
		typ = Organization
	}
	n, err := Parse(text.String(), typ, "")
	if err != nil {
		rep.Skipped++
		return
	}
	// roleAt returns the role of the token covering the first word
	// character of gold token i (or ok=false when it has none).
	s := text.String()
	roleAt := func(i int) (Role, bool) {
		end := len(s)
		if i+1 < len(starts) {
			end = starts[i+1]
		}
		for _, t := range n.Tokens {
			if t.End > starts[i] && t.Start < end {
				return t.Role, true
			}
		}
		return 0, false
	}
	if isOrg {
		rep.OrgNames++
		for i, t := range g.Tokens {
			r, ok := roleAt(i)
			label := t.XMLName.Local
			if (label == "CorporationNameOrganization" || label == "CorporationNameAndCompany") &&
				neutralOrgWords[Fold(t.Text)] {
				continue
			}
			gold := label == "CorporationLegalType"
			pred := ok && r == LegalForm
			switch {
			case gold && pred:
				rep.LegalTP++
			case pred:
				rep.LegalFP++
			case gold:
				rep.LegalFN++
			}
		}
		return
	}
	single := len(g.Tokens) == 1
	if single {
		rep.SingleNames++
	} else {
		rep.PersonNames++
	}
	for i, t := range g.Tokens {
		label := t.XMLName.Local
		r, ok := roleAt(i)
		correct := false
		for _, want := range personGold[label] {
			correct = correct || (ok && r == want)
		}
		// A one-letter given name is an initial ("R.M. Beall").
		if label == "GivenName" && len(Fold(t.Text)) == 1 {
			correct = ok && r == Initial
		}
		if single {
			if correct {
				rep.SingleCorrect++
			}
			continue
		}
		c := rep.PerLabel[label]
		c[1]++
		rep.PersonTokens++
		if correct {
			c[0]++
			rep.PersonCorrect++
		}
		rep.PerLabel[label] = c
	}
}

// Evaluate scores Parse on the probablepeople data in dataDir. split
// "train" uses person_labeled.xml and company_labeled.xml (TRAIN data,
// used while developing the rules); "heldout" uses test_data_labeled.xml
// (HELD-OUT: never used to tune anything).
func Evaluate(dataDir, split string) (EvalReport, error) {
	var files []string
	switch split {
	case "train":
		files = []string{"person_labeled.xml", "company_labeled.xml"}
	case "heldout":
		files = []string{"test_data_labeled.xml"}
	default:
		return EvalReport{}, fmt.Errorf("name: eval: unknown split %q (want train or heldout)", split)
	}
	var rep EvalReport
	for _, f := range files {
		fh, err := os.Open(filepath.Join(dataDir, "probablepeople", f))
		if err != nil {
			return rep, fmt.Errorf("name: eval: %w", err)
		}
		err = EvaluateXML(fh, &rep)
		fh.Close()
		if err != nil {
			return rep, fmt.Errorf("name: eval %s: %w", f, err)
		}
	}
	return rep, nil
}

// RunEval is the CLI entry point "nomen eval names": flags -data (the
// shared data directory, default ../shared/data) and -split (heldout or
// train, default heldout). It prints the EvalReport.
func RunEval(ctx context.Context, args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("eval names", flag.ContinueOnError)
	fs.SetOutput(stdout)
	dataDir := fs.String("data", filepath.Join("..", "shared", "data"), "shared data directory")
	split := fs.String("split", "heldout", "heldout (probablepeople test_data_labeled.xml) or train")
	if err := fs.Parse(args); err != nil {
		return fmt.Errorf("name: eval: %w", err)
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	rep, err := Evaluate(*dataDir, *split)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "parsers/name on probablepeople (%s)\n%s", *split, rep)
	return nil
}

// RunBuildTables is the CLI entry point "nomen train names": flags -data
// (default ../shared/data) and -out (default parsers/name/data); it calls
// BuildTables.
func RunBuildTables(ctx context.Context, args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("train names", flag.ContinueOnError)
	fs.SetOutput(stdout)
	dataDir := fs.String("data", filepath.Join("..", "shared", "data"), "shared data directory")
	out := fs.String("out", filepath.Join("parsers", "name", "data"), "output directory for the tables")
	if err := fs.Parse(args); err != nil {
		return fmt.Errorf("name: build tables: %w", err)
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	if err := BuildTables(*dataDir, *out); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "wrote name tables to %s\n", *out)
	return nil
}
