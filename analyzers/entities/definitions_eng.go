package entities

import (
	"sort"
	"strings"

	"github.com/nomenhq/nomen/analyzers/entities/span"
	"github.com/nomenhq/nomen/analyzers/tokenize"
)

// English sentences in the encyclopaedia's defining style name what their subject is: "Kalvøya
// is a small island in the Oslofjord", "Henrik Aalto was a Finnish composer", "Quiet Harbour
// are an English indie rock band". The tagger, which learnt from little encyclopaedic text,
// calls many such unknown subjects persons or misses them. engDefinitions types the subject
// by the head noun of the definition. The head nouns are general knowledge, written for
// nomen.
var (
	defHeadsLOC = setOf(`village town city municipality commune frazione hamlet settlement suburb
		neighbourhood neighborhood district county province region island islet archipelago
		peninsula river stream tributary lake reservoir mountain peak hill volcano valley bay
		strait glacier country state capital parish locality borough township oblast raion
		prefecture canton department governorate emirate kingdom`)
	defHeadsORG = setOf(`company corporation firm band club team party organization organisation
		university college school academy label newspaper magazine agency charity orchestra
		choir ensemble broadcaster airline brewery publisher bank association federation
		league union manufacturer retailer carmaker conglomerate foundation institute
		society cooperative franchise`)
	defHeadsPER = setOf(`actor actress singer songwriter politician footballer player writer author
		poet novelist painter sculptor musician composer pianist guitarist drummer violinist
		conductor journalist director producer businessman businesswoman entrepreneur architect
		scientist physicist chemist biologist mathematician philosopher historian economist
		engineer lawyer judge soldier officer priest bishop cricketer boxer wrestler rapper
		model artist photographer activist diplomat athlete cyclist swimmer runner sprinter
		skier coach manager chef comedian presenter educator legislator
		statesman monarch explorer inventor astronaut shooter jockey golfer sailor rower
		dancer choreographer illustrator designer cartoonist screenwriter
		playwright translator teacher professor physician surgeon nurse mayor governor
		senator missionary theologian linguist geographer geologist botanist zoologist`)
)

// defMaxModifiers is the most words between the article and the head noun ("a small to
// medium - sized", "an English indie rock").
const defMaxModifiers = 6

// engDefinitions types the subject of English defining sentences: a sentence that opens with a
// run of capitalised words (with the inner words of names), optionally followed by a
// parenthesis ("( born 3 May 1971 )"), then "is", "was", "are" or "were", an article, at most
// defMaxModifiers modifiers and a head noun of defHeadsLOC, defHeadsORG or defHeadsPER
// (before any preposition or punctuation: "a species of butterfly" has no head of these). A
// tagged name of exactly the run gets the head's type; where no tagged name overlaps the run,
// or only names inside it ("[LOC Tarumanagara] Kingdom"), the run becomes a name of that type.
// Runs that open with "The", "A", "This", a pronoun and the like are left alone, as are runs
// whose tagged names cross them. spans are the tagger's, in increasing, non-overlapping order.
func engDefinitions(toks, sents []tokenize.Token, spans []span.Span) []span.Span {
	var ed nameEdits
	k := 0 // the first token of the current sentence
	for _, s := range sents {
		for k < len(toks) && toks[k].Start < s.Start {
			k++
		}
		e := k
		for e < len(toks) && toks[e].End <= s.End {
			e++
		}
		a := k
		k = e
		if e-a < 4 || !span.Capitalised(toks[a].Text) || inSetFold(defNotSubject, toks[a].Text) {
			continue
		}
		// The subject: capitalised words and inner words, ending on a capitalised word.
		j, last := a, a
		for j < e && j-a < 8 {
			w := toks[j].Text
			if span.Capitalised(w) {
				last = j
			} else if !engOrgInner[strings.ToLower(w)] && !kbExtendInner[strings.ToLower(w)] {
				break
			}
			j++
		}
		end := last + 1
		i := end
		if i < e && toks[i].Text == "(" { // a parenthesis: dates, another spelling
			for i < e && toks[i].Text != ")" && i-end < 40 {
				i++
			}
			i++
		}
		if i+2 >= e {
			continue
		}
		switch strings.ToLower(toks[i].Text) {
		case "is", "was", "are", "were":
		default:
			continue
		}
		switch strings.ToLower(toks[i+1].Text) {
		case "a", "an", "the":
		default:
			continue
		}
		typ := ""
		for h := i + 2; h < e && h <= i+2+defMaxModifiers && typ == ""; h++ {
			w := strings.ToLower(toks[h].Text)
			switch {
			case defHeadsLOC[w]:
				typ = span.LOC
			case defHeadsORG[w]:
				typ = span.ORG
			case defHeadsPER[w]:
				typ = span.PER
			case defStop[w] || !hasLetterOrDigit([]rune(w)) && w != "-":
				h = e // a preposition or punctuation ends the noun phrase
			}
		}
		if typ == "" {
			continue
		}
		ed.name(spans, toks[a].Start, toks[end-1].End, typ)
	}
	return ed.apply(spans)
}

// defOfHeads are the place nouns that announce a place's name after "of" ("the village of
// Baraut"; not "a stream of DH activities").
var defOfHeads = setOf(`village town city municipality commune frazione hamlet settlement suburb island
	province district county region parish borough township prefecture canton oblast governorate`)

// defPlurals are plural place nouns before "of" ("the towns of Tayum and Lagangilang").
var defPlurals = setOf(`villages towns cities municipalities communes islands provinces districts
	counties regions states countries parishes`)

// engNamedBy types the names that a place noun before "of" or a head noun right before them
// announces: "the village of Baraut", "the towns of Tayum and Lagangilang", "the province of
// Abra" (places), "the band Radiohead", "the river Volga", "the company Halvorsen" (the
// head's type). The name is a run of capitalised words (with the inner words of names) after
// "the"/"a" + head (+ "of"); plural place nouns take every name of a list joined by commas
// and "and". Tagged names of exactly a run are retyped; runs that no tagged name overlaps, or
// only names inside them, become names; runs crossing a tagged name are left alone.
func engNamedBy(toks []tokenize.Token, spans []span.Span) []span.Span {
	var ed nameEdits
	for i := 0; i+2 < len(toks); i++ {
		det := toks[i].Text
		if det != "the" && det != "The" && det != "a" && det != "A" {
			continue
		}
		det = strings.ToLower(det)
		head := strings.ToLower(toks[i+1].Text)
		j := i + 2
		typ := ""
		plural := false
		switch {
		case toks[j].Text == "of" && (defOfHeads[head] || defPlurals[head]):
			typ, plural, j = span.LOC, defPlurals[head], j+1
		case det == "the" && (head == "band" || head == "river" || head == "company" || head == "club" || head == "island" || head == "village" || head == "town"):
			typ = defHeadType(head)
		default:
			continue
		}
		for j < len(toks) && span.Capitalised(toks[j].Text) && !defNotSubject[strings.ToLower(toks[j].Text)] {
			e := capRunEnd(toks, j)
			if e == j {
				break
			}
			ed.name(spans, toks[j].Start, toks[e-1].End, typ)
			if !plural || e+1 >= len(toks) || (toks[e].Text != "," && toks[e].Text != "and") {
				break
			}
			j = e + 1
			if toks[j].Text == "and" && j+1 < len(toks) {
				j++
			}
		}
	}
	return ed.apply(spans)
}

// nameEdits collects the names a rule finds over the tagger's spans (sorted, not
// overlapping) and applies them at once.
type nameEdits struct {
	adds   []span.Span
	drop   map[int]bool   // indices of spans a new name replaces
	retype map[int]string // indices of spans that change type
}

// name records that code points [ra, rb) are a name of typ: a tagged PER, LOC or ORG name of
// exactly that extent takes the type; where no tagged name overlaps it, or only names inside
// it, it becomes a name (the ones inside give way); where a tagged name crosses it, nothing
// changes.
func (ed *nameEdits) name(spans []span.Span, ra, rb int, typ string) {
	inside := overlapping(spans, ra, rb)
	exact := -1
	for _, sp := range inside {
		if sp.Start < ra || sp.End > rb {
			return
		}
		if sp.Start == ra && sp.End == rb {
			exact = spanIndex(spans, sp.Start)
		}
	}
	if exact >= 0 {
		if t := spans[exact].Type; t != typ && (t == span.PER || t == span.LOC || t == span.ORG) {
			if ed.retype == nil {
				ed.retype = map[int]string{}
			}
			ed.retype[exact] = typ
		}
		return
	}
	if ed.drop == nil {
		ed.drop = map[int]bool{}
	}
	for _, sp := range inside {
		ed.drop[spanIndex(spans, sp.Start)] = true
	}
	ed.adds = append(ed.adds, span.Span{Start: ra, End: rb, Type: typ, Confidence: 0.7, Source: span.SourceDefinitions})
}

// apply returns spans with the recorded names, sorted; a new name that overlaps another one
// kept before it is left out.
func (ed *nameEdits) apply(spans []span.Span) []span.Span {
	if len(ed.adds) == 0 && len(ed.retype) == 0 {
		return spans
	}
	out := make([]span.Span, 0, len(spans)+len(ed.adds))
	for x, sp := range spans {
		if ed.drop[x] {
			continue
		}
		if t, ok := ed.retype[x]; ok {
			sp.Type = t
		}
		out = append(out, sp)
	}
	for _, a := range ed.adds {
		if !overlapsAny(a, out) {
			out = append(out, a)
			sort.Slice(out, func(i, j int) bool { return out[i].Start < out[j].Start })
		}
	}
	return out
}

// defHeadType returns the type a head noun announces.
func defHeadType(head string) string {
	switch {
	case defHeadsLOC[head]:
		return span.LOC
	case defHeadsORG[head]:
		return span.ORG
	case defHeadsPER[head]:
		return span.PER
	}
	return ""
}

// inSetFold reports whether the lower-case form of w is in set, without allocating for short
// ASCII words (a map index by string(bytes) does not copy).
func inSetFold(set map[string]bool, w string) bool {
	var b [24]byte
	if len(w) > len(b) {
		return set[strings.ToLower(w)]
	}
	for i := 0; i < len(w); i++ {
		c := w[i]
		if c >= 0x80 {
			return set[strings.ToLower(w)]
		}
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		b[i] = c
	}
	return set[string(b[:len(w)])]
}

// spanIndex returns the index of the span of spans (sorted) that starts at off.
func spanIndex(spans []span.Span, off int) int {
	return sort.Search(len(spans), func(i int) bool { return spans[i].Start >= off })
}

// defNotSubject are the capitalised sentence openers that are no name.
var defNotSubject = setOf(`the a an this that these those it he she they we i you there here his
	her its their our my your in on at for from after before during when while if although
	since as by with what which who where why how some many most all one each both another`)

// defStop end the noun phrase of a definition before its head.
var defStop = setOf(`of in on at for from by with to and or but that which who whose where as
	than like`)

// engDefinitionsOn, engNamedByOn and engHyphenOn turn engDefinitions, engNamedBy and
// engHyphenNames on (off only in development measurements).
var engDefinitionsOn, engNamedByOn, engHyphenOn = true, true, true

// hyphenConnectors are the lower-case words that hyphenated place names hold
// ("Saint-Gabriel-de-Kamouraska", "Stratford-upon-Avon", "Châlons-en-Champagne").
var hyphenConnectors = setOf("de du des la le les sur sous en lès aux upon on in under by the am an der")

// hyphenSaints open the hyphenated names of places named after a saint ("Saint-Denis",
// "Sainte-Foy").
var hyphenSaints = setOf("saint sainte st ste")

// engHyphenNames joins the pieces of a name written with hyphens that English tokenization
// (which splits hyphens, as English corpora do) leaves to the tagger apart: "Saint" LOC,
// "Gabriel" PER, "Kamouraska" LOC in "Saint-Gabriel-de-Kamouraska"; "Avon" alone in
// "Stratford-upon-Avon". A chain of capitalised words and connectors joined by hyphens
// written without spaces, that holds a connector or opens with a saint's name, and holds a
// tagged PER, LOC or ORG name, becomes one name, unless a tagged name crosses the chain's
// ends. Chains without them are left alone: "Bush-Cheney", "Google-Mozilla", "Paris-London"
// join two names, as does "Hesse-Darmstadt" for all the rule can tell. The name's type is LOC
// when one of the pieces is a place, else ORG when one is an organisation, else PER.
func engHyphenNames(toks []tokenize.Token, spans []span.Span) []span.Span {
	glued := func(i int) bool { // token i is a hyphen glued to both neighbours
		return i > 0 && i+1 < len(toks) && toks[i].Text == "-" && toks[i-1].End == toks[i].Start && toks[i].End == toks[i+1].Start
	}
	piece := func(i int) bool {
		w := toks[i].Text
		return span.Capitalised(w) || hyphenConnectors[strings.ToLower(w)]
	}
	var out []span.Span
	changed := false
	for i := 0; i < len(toks); i++ {
		if !glued(i) || !piece(i-1) || !piece(i+1) {
			continue
		}
		// The chain around the hyphen at i: extend left and right over glued hyphens.
		a := i - 1
		for a >= 2 && glued(a-1) && piece(a-2) {
			a -= 2
		}
		b := i + 1
		for b+2 < len(toks) && glued(b+1) && piece(b+2) {
			b += 2
		}
		i = b
		if !span.Capitalised(toks[a].Text) || !span.Capitalised(toks[b].Text) {
			continue
		}
		// One name, not two joined ("Bush-Cheney", "Paris-London"): a connector inside or a
		// saint's name.
		single := hyphenSaints[strings.ToLower(toks[a].Text)]
		for k := a + 2; k < b && !single; k += 2 {
			single = hyphenConnectors[strings.ToLower(toks[k].Text)]
		}
		if !single {
			continue
		}
		ra, rb := toks[a].Start, toks[b].End
		inside := overlapping(spans, ra, rb)
		typ, ok := "", len(inside) > 0
		for _, sp := range inside {
			if sp.Start < ra || sp.End > rb {
				ok = false // a tagged name crosses the chain ("Louis IX of Hesse-Darmstadt")
				break
			}
			switch sp.Type {
			case span.LOC:
				typ = span.LOC
			case span.ORG:
				if typ != span.LOC {
					typ = span.ORG
				}
			case span.PER:
				if typ == "" {
					typ = span.PER
				}
			}
		}
		if !ok || typ == "" || len(inside) == 1 && inside[0].Start == ra && inside[0].End == rb {
			continue
		}
		if !changed {
			out = append(out, spans...)
			changed = true
		}
		conf := 0.0
		keep := out[:0]
		for _, sp := range out {
			if sp.Start >= ra && sp.End <= rb {
				conf = max(conf, sp.Confidence)
				continue
			}
			keep = append(keep, sp)
		}
		out = append(keep, span.Span{Start: ra, End: rb, Type: typ, Confidence: conf, Source: span.SourceStatistical})
		sort.Slice(out, func(i, j int) bool { return out[i].Start < out[j].Start })
		spans = out
	}
	if !changed {
		return spans
	}
	return out
}
