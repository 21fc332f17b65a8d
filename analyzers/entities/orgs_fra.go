package entities

import (
	"strings"

	"github.com/nomenhq/nomen/analyzers/entities/span"
	"github.com/nomenhq/nomen/analyzers/tokenize"
)

// fraOrgHeads are the nouns that head French names of institutions, which French writes with a
// capital on the first word only ("Commission européenne", "Cour de cassation", "Banque centrale
// européenne", "Organisation mondiale de la santé"). General knowledge, written for nomen.
var fraOrgHeads = setOf(`commission banque organisation conseil cour assemblée ministère agence office
	fonds parlement sénat université institut fédération union parti comité autorité tribunal caisse
	association syndicat mouvement ligue académie bibliothèque musée école observatoire préfecture
	chambre confédération collège armée gendarmerie police haut-commissariat régie compagnie société
	orchestre opéra théâtre fondation centre hôpital`)

// fraOrgLinks are the words that join a complement to such a name ("de la santé", "d' État",
// "des Nations unies").
var fraOrgLinks = map[string]bool{"de": true, "d'": true, "d’": true, "du": true, "des": true}

// fraFunctionWords end no name.
var fraFunctionWords = setOf("au aux du des de d' d’ la le les l' l’ et à en")

// hasFraOrgHead reports whether a capitalised word of toks is a head of fraOrgHeads.
func hasFraOrgHead(toks []tokenize.Token) bool {
	for _, t := range toks {
		if span.Capitalised(t.Text) && fraOrgHeads[strings.ToLower(t.Text)] {
			return true
		}
	}
	return false
}

// fraOrgPhrases adds to the tagger's spans the French names of institutions: a capitalised head
// noun of fraOrgHeads followed by lower-case adjectives, capitalised words, and complements
// introduced by de/du/des ("de la santé", "de France", "des Nations unies"; also after "et":
// "de l'informatique et des libertés"). A name has two words or more. The tagger's spans inside
// a name give way to it ("Banque de [LOC France]"); a complement that begins a person's name
// ends the name before it ("Parti de | Marine Le Pen"), and a name that crosses another span is
// not taken.
func fraOrgPhrases(toks []tokenize.Token, pos []string, spans []span.Span) []span.Span {
	if len(pos) != len(toks) {
		return spans
	}
	upper := func(i int) bool { return span.Capitalised(toks[i].Text) }
	lowerAdj := func(i int) bool { return pos[i] == "ADJ" && !upper(i) }
	personAt := func(i int) bool {
		for _, s := range spans {
			if s.Type == span.PER && s.Start <= toks[i].Start && toks[i].Start < s.End {
				return true
			}
		}
		return false
	}
	// complement returns the end of a complement that starts at j (a link word, an optional
	// article, then a lower-case noun or capitalised words), or j when there is none.
	complement := func(j int) int {
		if j >= len(toks) || !fraOrgLinks[strings.ToLower(toks[j].Text)] {
			return j
		}
		k := j + 1
		article := false
		for n := 0; n < 2 && k < len(toks); n++ {
			// "la", "les", "l'" (or "l" and the apostrophe as two tokens)
			switch strings.ToLower(toks[k].Text) {
			case "la", "l'", "l’", "les", "l", "'", "’":
				k++
				article = true
				continue
			}
			break
		}
		if k >= len(toks) || personAt(k) {
			return j
		}
		if upper(k) {
			for k < len(toks) && upper(k) && !personAt(k) && wordish(toks[k].Text) {
				k++
			}
			return k
		}
		if pos[k] == "NOUN" || article && (pos[k] == "ADJ" || pos[k] == "X") {
			return k + 1 // "de la santé", "de l' informatique" (which the tagger may call ADJ)
		}
		return j
	}
	set := newOrgPhraseSet(spans)
	for i := 0; i < len(toks); i++ {
		if !upper(i) || !fraOrgHeads[strings.ToLower(toks[i].Text)] || acronym(toks[i].Text) {
			continue // not in capitals: text in capitals says nothing by them ("SOCIÉTÉ DES ...")
		}
		j := i + 1
		for j < len(toks) {
			switch {
			case lowerAdj(j) || upper(j) && (pos[j] == "ADJ" || pos[j] == "PROPN") && !personAt(j):
				j++
				continue
			}
			if c := complement(j); c > j {
				j = c
				continue
			}
			if strings.ToLower(toks[j].Text) == "et" {
				if c := complement(j + 1); c > j+1 {
					j = c
					continue
				}
			}
			break
		}
		for j > i+1 && (pos[j-1] == "ADP" || pos[j-1] == "DET" || pos[j-1] == "CCONJ" || fraFunctionWords[strings.ToLower(toks[j-1].Text)]) {
			j-- // a name ends in a word of its own, not in "au", "de"
		}
		if j-i < 2 {
			continue
		}
		if set.add(toks[i].Start, toks[i].Start, toks[j-1].End) {
			i = j - 1
		}
	}
	return set.result()
}
