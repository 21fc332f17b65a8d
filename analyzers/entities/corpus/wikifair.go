package corpus

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strings"
	"unicode"

	"github.com/ulikunitz/xz"

	"github.com/nomenhq/nomen/analyzers/entities/gazetteer"
	"github.com/nomenhq/nomen/analyzers/entities/span"
	"github.com/nomenhq/nomen/analyzers/tokenize"
)

const mapWikiFair = "Wiki-Fair v1 (English Wikipedia), the exhaustively annotated paragraphs only: " +
	"names (capitalised, not pronouns or 'The song') of type person or fictional character -> PER " +
	"(with organisation too, bands -> ORG); organisation and product -> ORG; geographic entity or fictional location -> LOC; " +
	"organisation or brand -> ORG; names of other types -> O and names inside them too; " +
	"nested names by their innermost parts ('Louis VIII' PER, 'Hesse-Darmstadt' LOC); " +
	"sentences with a name of unknown type (OTHER) are left out"

// Wikidata type ids of Wiki-Fair's coarse whitelist.
const (
	wfPerson    = "Q215627"
	wfFictional = "Q95074"
	wfGeo       = "Q27096213"
	wfFicLoc    = "Q3895768"
	wfOrg       = "Q43229"
	wfBrand     = "Q431289"
	wfProduct   = "Q2424752"
)

// wikiFairArticle is one line of a Wiki-Fair benchmark file.
type wikiFairArticle struct {
	Text   string `json:"text"`
	Eval   [2]int `json:"evaluation_span"`
	Labels []struct {
		ID       int    `json:"id"`
		Span     [2]int `json:"span"`
		EntityID string `json:"entity_id"`
		Type     string `json:"type"`
		Parent   *int   `json:"parent"`
		Children []int  `json:"children"`
	} `json:"labels"`
}

// wikiFairReader reads the Wiki-Fair v1 articles whose index modulo mod is rem (mod 1: all).
func wikiFairReader(mod, rem int) func(string, []string) ([]Sentence, error) {
	return func(dataDir string, files []string) ([]Sentence, error) {
		var out []Sentence
		for _, name := range files {
			rc, err := openData(dataDir, name)
			if err != nil {
				return nil, err
			}
			sents, err := readWikiFair(rc, mod, rem)
			rc.Close()
			if err != nil {
				return nil, fmt.Errorf("%s: %w", name, err)
			}
			out = append(out, sents...)
		}
		return out, nil
	}
}

// wikiFairType maps a label's "|"-joined whitelist types to PER, LOC, ORG, "" (another type) or
// "?" (unknown: OTHER).
func wikiFairType(t string) string {
	if t == "OTHER" {
		return "?"
	}
	has := map[string]bool{}
	for _, x := range strings.Split(t, "|") {
		has[x] = true
	}
	switch {
	case (has[wfPerson] || has[wfFictional]) && has[wfOrg]:
		return span.ORG
	case has[wfPerson] || has[wfFictional]:
		return span.PER
	case has[wfOrg] && has[wfProduct]:
		return span.ORG // companies that are also their product ("Via", "Bombardier")
	case has[wfGeo] || has[wfFicLoc]:
		return span.LOC
	case has[wfOrg] || has[wfBrand]:
		return span.ORG
	}
	return ""
}

var wikiFairPronouns = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields("he she it they we i you me him her his hers its their theirs them us our my your this that these those") {
		m[w] = true
	}
	return m
}()

// isWikiFairName reports whether a mention is a name: it starts with an upper-case letter, is
// no pronoun, and is not a description ("The song", "The train").
func isWikiFairName(m string) bool {
	f := strings.Fields(m)
	if len(f) == 0 {
		return false
	}
	r := []rune(f[0])
	if !unicode.IsUpper(r[0]) || wikiFairPronouns[strings.ToLower(f[0])] {
		return false
	}
	if strings.EqualFold(f[0], "the") || strings.EqualFold(f[0], "a") {
		for _, w := range f[1:] {
			if !unicode.IsUpper([]rune(w)[0]) {
				return false
			}
		}
		return len(f) > 1
	}
	return true
}

// isNationality reports whether the built-in gazetteer knows all of m as a nationality.
func isNationality(m string) bool {
	n := len([]rune(m))
	for _, sp := range gazetteer.Default().Find(m, nil, "eng") {
		if sp.Type == span.NAT && sp.Start == 0 && sp.End == n {
			return true
		}
	}
	return false
}

// readWikiFair turns the annotated paragraphs of each selected article into sentences.
// Offsets are code points.
func readWikiFair(r io.Reader, mod, rem int) ([]Sentence, error) {
	xr, err := xz.NewReader(bufio.NewReader(r))
	if err != nil {
		return nil, fmt.Errorf("xz: %w", err)
	}
	dec := json.NewDecoder(xr)
	var out []Sentence
	for idx := 0; ; idx++ {
		var a wikiFairArticle
		if err := dec.Decode(&a); err == io.EOF {
			return out, nil
		} else if err != nil {
			return nil, fmt.Errorf("article %d: %w", idx, err)
		}
		if idx%mod != rem {
			continue
		}
		sents := wikiFairSentences(&a)
		for i := range sents {
			sents[i].Doc = fmt.Sprintf("article-%d", idx)
		}
		out = append(out, sents...)
	}
}

func wikiFairSentences(a *wikiFairArticle) []Sentence {
	text := []rune(a.Text)
	if a.Eval[0] < 0 || a.Eval[1] > len(text) || a.Eval[0] >= a.Eval[1] {
		return nil
	}
	byID := make(map[int]int, len(a.Labels))
	for i, l := range a.Labels {
		byID[l.ID] = i
	}
	type ent struct {
		s, e int
		typ  string // PER, LOC, ORG, "" (a name of another type) or "?" (unknown)
	}
	var ents []ent
	for _, l := range a.Labels {
		s, e := l.Span[0], l.Span[1]
		if len(l.Children) > 0 || s < 0 || e > len(text) || s >= e {
			continue
		}
		if !isWikiFairName(string(text[s:e])) {
			continue
		}
		typ := wikiFairType(l.Type)
		if isNationality(string(text[s:e])) {
			typ = "" // "Polish", "Poles": Wiki-Fair types them as the country
		}
		// A name inside a name of another type belongs to it ("Paris" in "Treaty of Paris").
		for p, seen := l.Parent, 0; p != nil && seen < 8; seen++ {
			i, ok := byID[*p]
			if !ok {
				break
			}
			pl := a.Labels[i]
			ps, pe := pl.Span[0], pl.Span[1]
			if ps >= 0 && pe <= len(text) && ps < pe && isWikiFairName(string(text[ps:pe])) {
				if pt := wikiFairType(pl.Type); pt == "" || pt == "?" {
					typ = pt
				}
			}
			p = pl.Parent
		}
		ents = append(ents, ent{s, e, typ})
	}
	sort.SliceStable(ents, func(i, j int) bool { return ents[i].s < ents[j].s })

	var out []Sentence
	para := string(text[a.Eval[0]:a.Eval[1]])
	toks, sents := tokenize.Segment(para, "eng")
	for _, st := range sents {
		s := Sentence{Lang: "eng"}
		var ts []tokenize.Token
		for _, t := range toks {
			if t.Start >= st.Start && t.End <= st.End {
				ts = append(ts, t)
			}
		}
		if len(ts) == 0 {
			continue
		}
		for _, t := range ts {
			s.Words = append(s.Words, t.Text)
		}
		skip := false
		for _, e := range ents {
			es, ee := e.s-a.Eval[0], e.e-a.Eval[0]
			if ee <= st.Start || es >= st.End {
				continue
			}
			if e.typ == "?" {
				skip = true
				break
			}
			if e.typ == "" {
				continue
			}
			s.Spans = appendTokenSpan(s.Spans, ts, es, ee, e.typ)
		}
		if !skip {
			out = append(out, s)
		}
	}
	return out
}
