package entities

import (
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/nomenhq/nomen/analyzers/entities/span"
	"github.com/nomenhq/nomen/analyzers/tokenize"
)

// engOrgHeads are the nouns that end English names of organisations ("Sub Pop Records",
// "Long Beach High School", "Warsaw Pact", "Chicago Tribune", "Georgetown University"), where
// the tagger often finds only the place or person inside, or calls the whole name a place.
// General knowledge, written for nomen.
var engOrgHeads = setOf(`company corporation corp inc ltd llc plc group holdings industries partners
	records books press publishing publishers studios pictures entertainment media airlines airways
	railway railroad motors university college academy school institute institution council
	committee commission authority agency department ministry government parliament senate
	assembly party club league federation orchestra police fund trust pact alliance coalition
	army navy tribune times post herald gazette journal chronicle telegraph bulletin
	broadcasting library railways systems technologies communications laboratories`)

// engOrgWeakHeads end organisation names too, but also places ("West Bank", "Oval Office",
// "Soviet Union", "Earls Court"): a name they end is taken only where the tagger did not find
// its exact words.
var engOrgWeakHeads = setOf(`bank office board bureau service court union society association foundation
	network energy insurance`)

// engOrgOfHeads head a name when "of" follows them ("Bank of England", "Housing Authority of
// New Orleans", "House of Representatives", "Court of Appeal").
var engOrgOfHeads = setOf(`bank university college academy institute society association council committee
	commission authority agency department ministry office board bureau court party league
	federation union house chamber church`)

// engClubPrefixes open the names of football and sports clubs ("FC Zenit", "AC Milan").
var engClubPrefixes = setOf("fc ac sc cf cd ad ud sd afc ssc")

// engClubSuffixes end the names of football clubs ("Chelsea FC", "Levante UD", "Valencia CF").
var engClubSuffixes = setOf("fc cf ud afc f.c a.f.c")

// engOrgInner are the lower-case words (and the hyphen) an English organisation name may hold
// between capitalised words.
var engOrgInner = setOf("of the for & de - on")

// engOrgPhrases adds to the tagger's spans the English organisation names that a head noun
// marks: a run of two or more capitalised words (with of, the, for, & ... inside) whose last
// word is a head of engOrgHeads or engOrgWeakHeads, that holds a head of engOrgOfHeads
// followed by "of", or that starts with a club prefix. A sentence's first word, whose capital says nothing, starts the
// run only when the tagger found a name there, or when it is a club prefix or a head before
// "of" ("Shares of Rolls-Royce Holdings" starts at "Rolls"); a run never starts with "The".
// Sentences in title case ("Great Service") and runs that hold a person ("Anthony Shadid of
// the Washington Post") are left alone. spans are the tagger's, in increasing,
// non-overlapping order. The tagger's spans inside a name give way to it
// ("[LOC El Paso] Energy", "[LOC Georgetown University]"); a name that crosses another span,
// that the tagger found as an organisation, or that ends in a weak head and the tagger found
// with another type ("West Bank", "Oval Office" LOC) is not taken.
func engOrgPhrases(toks, sents []tokenize.Token, spans []span.Span) []span.Span {
	upper := func(i int) bool { return span.Capitalised(toks[i].Text) }
	lows := make([]string, len(toks)) // each word lower-cased once, when first needed
	lower := func(i int) string {
		if lows[i] == "" {
			lows[i] = strings.TrimSuffix(strings.ToLower(toks[i].Text), ".")
		}
		return lows[i]
	}
	inner := func(i int) bool { return engOrgInner[strings.ToLower(toks[i].Text)] }
	set := newOrgPhraseSet(spans)
	si, titled := 0, -1 // titled: sentence si is in title case (1) or not (0); -1 unknown
	for i := 0; i < len(toks); i++ {
		for si < len(sents) && sents[si].End <= toks[i].Start {
			si++
			titled = -1
		}
		if !upper(i) {
			continue
		}
		sentenceFirst := i == 0 || si < len(sents) && toks[i-1].End <= sents[si].Start
		start := i
		if lower(i) == "the" || sentenceFirst && !engClubPrefixes[lower(i)] && !engOrgOfHeads[lower(i)] && !inSpan(spans, toks[i].Start) {
			start = i + 1
			if start >= len(toks) || !upper(start) {
				continue
			}
		}
		// The run of capitalised words from start, with inner connectors.
		hasOfHead := false
		j := start
		for j < len(toks) {
			if upper(j) {
				if engOrgOfHeads[lower(j)] && j+2 < len(toks) && toks[j+1].Text == "of" && upper(j+2) {
					hasOfHead = true
				}
				j++
				continue
			}
			if !inner(j) || j+1 >= len(toks) || !(upper(j+1) || toks[j+1].Text == "the" && j+2 < len(toks) && upper(j+2)) {
				break
			}
			j++
		}
		end := -1
		last := lower(j - 1)
		club := engClubPrefixes[lower(start)] || engClubSuffixes[last]
		strong := engOrgHeads[last] || club
		if j-start >= 2 && (hasOfHead || strong || engOrgWeakHeads[last]) {
			end = j
		}
		if end < 0 && engOrgRetry {
			// A name that ends in a strong head before "on" ("Relapse Records on October 5";
			// "of", "for" and hyphens go on inside names: "Medical Journal of Australia").
			for k := j - 2; k > start; k-- {
				if upper(k) && toks[k+1].Text == "on" && engOrgHeads[lower(k)] {
					end, strong = k+1, true
					break
				}
			}
		}
		if end >= 0 && titled < 0 {
			titled = 0
			if titleCase(toks, sents, si) {
				titled = 1
			}
		}
		if end < 0 || titled == 1 || personInside(spans, toks[start].Start, toks[end-1].End) {
			i = max(i, j-1)
			if titled != 1 && engOrgRetry {
				// The run may hold a name after one of its inner words ("John on DJM Records",
				// "National League for FC Amur"): look again from there.
				for q := start + 1; q < j; q++ {
					if inner(q) {
						i = q
						break
					}
				}
			}
			continue
		}
		a, b := toks[start].Start, toks[end-1].End
		found, split := false, false
		k := start
		for _, s := range overlapping(spans, a, b) {
			// The tagger found the whole name: an organisation, or a place the head does not
			// make an organisation ("West Bank").
			if s.Start == a && s.End == b && (s.Type == span.ORG || !strong) {
				found = true
			}
			// The tagger ended an organisation before a connector of the run: two names
			// ("[Budd Company] for the [Canadian Pacific Railway]", "[Westchester Knicks] of
			// the [NBA Development League]").
			if engOrgSplit && s.Type == span.ORG && s.End < b {
				for k < end && toks[k].Start < s.End {
					k++
				}
				if k < end && engOrgSplitters[strings.ToLower(toks[k].Text)] {
					split = true
				}
			}
		}
		if split {
			i = end - 1
			continue
		}
		if !found && set.add(a, a, b) {
			i = end - 1
		}
	}
	return set.result()
}

// titleCase reports whether sentence si of toks is written in title case (a headline, a
// review's title: "Great Service", "Thanks For The Prompt Service"): three in five of its
// words, and at least two, start with a capital, and at most one lower-case word has four
// letters or more ("The band Radiohead released OK Computer on Parlophone Records" is no
// title: its names make three in five).
func titleCase(toks, sents []tokenize.Token, si int) bool {
	if si >= len(sents) {
		return false
	}
	words, caps, longLower := 0, 0, 0
	k := sort.Search(len(toks), func(k int) bool { return toks[k].Start >= sents[si].Start })
	for _, t := range toks[k:] {
		if t.End > sents[si].End {
			break
		}
		r, _ := utf8.DecodeRuneInString(t.Text)
		if !unicode.IsLetter(r) {
			continue
		}
		words++
		if unicode.IsUpper(r) {
			caps++
		} else if utf8.RuneCountInString(t.Text) >= 4 {
			longLower++
		}
	}
	return words >= 2 && caps >= 2 && caps*5 >= words*3 && longLower < 2
}

// overlapping returns the spans (in increasing, non-overlapping order) that overlap [a, b).
func overlapping(spans []span.Span, a, b int) []span.Span {
	i := sort.Search(len(spans), func(i int) bool { return spans[i].End > a })
	j := i
	for j < len(spans) && spans[j].Start < b {
		j++
	}
	return spans[i:j]
}

// inSpan reports whether a span holds the code point at off.
func inSpan(spans []span.Span, off int) bool { return len(overlapping(spans, off, off+1)) > 0 }

// personInside reports whether a person's span lies in [a, b) ("Anthony Shadid of the
// Washington Post" is a person and an organisation).
func personInside(spans []span.Span, a, b int) bool {
	for _, s := range overlapping(spans, a, b) {
		if s.Type == span.PER {
			return true
		}
	}
	return false
}

// engOrgsOn turns engOrgPhrases on, and engOrgRetry its second look inside a run that is no
// name (off only in development measurements).
var engOrgsOn, engOrgRetry = true, true

// engOrgSplit keeps two organisations the tagger found apart when a word of engOrgSplitters
// separates them (off only in development measurements). A hyphen or "&" joins the parts
// of one name more often ("FC Mashuk-KMV Pyatigorsk", "Marks & Spencer").
var engOrgSplit = true

var engOrgSplitters = setOf("of for the on")

// callSignBands are the suffixes of North American broadcast call signs ("WFGI-FM",
// "KIIS-FM", "WNBC-TV").
var callSignBands = setOf("fm am tv dt lp ld cd")

// engCallSigns marks North American radio and television call signs written with their band,
// "WFGI-FM", "KIIS-FM", "WNBC-TV", as organisations: four (or three) capitals starting with K
// or W, a hyphen and the band, without spaces. Tagged names inside give way; a tagged name
// crossing it keeps the place.
func engCallSigns(toks []tokenize.Token, spans []span.Span) []span.Span {
	var adds []span.Span
	for i := 0; i+2 < len(toks); i++ {
		w := toks[i].Text
		if len(w) < 3 || len(w) > 4 || (w[0] != 'K' && w[0] != 'W') || strings.ToUpper(w) != w || !isLetters(w) {
			continue
		}
		if toks[i+1].Text != "-" || toks[i].End != toks[i+1].Start || toks[i+1].End != toks[i+2].Start || !callSignBands[strings.ToLower(toks[i+2].Text)] {
			continue
		}
		a, b := toks[i].Start, toks[i+2].End
		crosses := false
		for _, sp := range overlapping(spans, a, b) {
			if sp.Start < a || sp.End > b {
				crosses = true
			}
		}
		if !crosses {
			adds = append(adds, span.Span{Start: a, End: b, Type: span.ORG, Confidence: 0.8, Source: span.SourceOrgPhrases})
		}
		i += 2
	}
	if len(adds) == 0 {
		return spans
	}
	out := make([]span.Span, 0, len(spans)+len(adds))
	for _, sp := range spans {
		inside := false
		for _, a := range adds {
			if sp.Start >= a.Start && sp.End <= a.End {
				inside = true
			}
		}
		if !inside {
			out = append(out, sp)
		}
	}
	out = append(out, adds...)
	sort.Slice(out, func(i, j int) bool { return out[i].Start < out[j].Start })
	return out
}

// isLetters reports whether s is made of ASCII letters only.
func isLetters(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i] | 0x20; c < 'a' || c > 'z' {
			return false
		}
	}
	return s != ""
}
