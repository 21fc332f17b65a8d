package entities

import (
	"strings"

	"github.com/nomenhq/nomen/analyzers/entities/span"
	"github.com/nomenhq/nomen/analyzers/tokenize"
)

// itaOrgHeads are the nouns that head Italian names of institutions, which Italian writes with
// a capital on the first word only ("Commissione europea", "Corte costituzionale", "Banca
// d'Italia", "Guardia di finanza"). General knowledge, written for nomen.
var itaOrgHeads = setOf(`commissione banca corte organizzazione partito consiglio camera senato ministero
	agenzia autorità tribunale università istituto fondazione federazione unione comitato assemblea
	parlamento fondo cassa guardia polizia procura protezione museo teatro accademia associazione
	confederazione lega movimento ospedale politecnico ufficio servizio sindacato biblioteca
	orchestra compagnia società ente azienda`)

// itaOrgLinks join a complement to such a name ("di finanza", "dei deputati", "dell'interno").
var itaOrgLinks = setOf("di d d' d’ del dello della dei degli delle dell dell' dell’ per")

// itaFunctionWords end a name: articles, prepositions, conjunctions, pronouns and the forms of
// essere and avere.
var itaFunctionWords = setOf(`il lo la i gli le l l' l’ un una uno un' e ed o che non si ci ne a ad in su con
	tra fra da al allo alla ai agli alle nel nello nella nei negli nelle sul sulla sui dal dalla dai
	è era sono sarà ha hanno aveva avevano ho abbiamo essere avere stato stata come anche più ma se
	questo questa quello quella suo sua loro ogni tutto tutti ' ’`)

// itaAdjEndings are endings of Italian adjectives ("europea", "costituzionale", "democratico",
// "italiana", "monetario", "civile").
var itaAdjEndings = []string{"ea", "eo", "ei", "ee", "ale", "ali", "ica", "ico", "ici", "iche", "ana", "ano",
	"ani", "ane", "ese", "esi", "ista", "isti", "ario", "aria", "ari", "arie", "ivo", "iva", "ivi", "ive",
	"ile", "ili", "ente", "enti", "ante", "anti", "ino", "ina", "ini", "ine", "ato", "ata"}

// itaOrgPhrases finds Italian names of institutions in the knowledge-base path: a capitalised
// head noun of itaOrgHeads followed by lower-case adjectives (by their ending) and complements
// introduced by di/del/della/... (capitalised words, or a lower-case word that is no function
// word): "Commissione europea", "Organizzazione mondiale della sanità", "Banca d'Italia",
// "Camera dei deputati". A name has two words or more; the spans inside it give way to it (the
// capitalised runs that took "Commissione" for a person), and one that crosses a span is not
// taken. Past participles in -ato/-ata count as adjectives only after the head and before a
// complement ("Comitato" heads, but "ha approvato" ends at "ha").
func itaOrgPhrases(toks []tokenize.Token, spans []span.Span) []span.Span {
	upper := func(i int) bool { return span.Capitalised(toks[i].Text) }
	lower := func(i int) string { return strings.ToLower(toks[i].Text) }
	adjective := func(i int) bool {
		w := toks[i].Text
		if upper(i) || itaFunctionWords[w] || !wordish(w) {
			return false
		}
		for _, e := range itaAdjEndings {
			if strings.HasSuffix(w, e) && len(w) > len(e)+2 {
				return true
			}
		}
		return false
	}
	complement := func(j int) int {
		if j >= len(toks) || !itaOrgLinks[lower(j)] {
			return j
		}
		k := j + 1
		for n := 0; n < 2 && k < len(toks) && (toks[k].Text == "'" || toks[k].Text == "’" || lower(k) == "l'" || lower(k) == "l"); n++ {
			k++ // "dell' interno", "d' Italia" written as separate tokens
		}
		if k >= len(toks) || !wordish(toks[k].Text) {
			return j
		}
		if upper(k) {
			for k < len(toks) && upper(k) && wordish(toks[k].Text) && !acronym(toks[k].Text) {
				k++
			}
			return k
		}
		if itaFunctionWords[lower(k)] {
			return j
		}
		return k + 1
	}
	set := newOrgPhraseSet(spans)
	for i := 0; i < len(toks); i++ {
		if !upper(i) || !itaOrgHeads[lower(i)] || acronym(toks[i].Text) {
			continue
		}
		j := i + 1
		for j < len(toks) {
			if adjective(j) {
				j++
				continue
			}
			if c := complement(j); c > j {
				j = c
				continue
			}
			break
		}
		for j > i+1 && !upper(j-1) && (itaOrgLinks[lower(j-1)] || itaFunctionWords[lower(j-1)]) {
			j--
		}
		if j-i < 2 {
			continue
		}
		from := toks[i].Start
		if i > 0 && itaFunctionWords[lower(i-1)] {
			// A capitalised run that took the article before the head ("Il Fondo") gives way
			// to the name too.
			from = toks[i-1].Start
		}
		if set.add(from, toks[i].Start, toks[j-1].End) {
			i = j - 1
		}
	}
	return set.result()
}

// itaOrgsOn turns itaOrgPhrases on (off only in development measurements).
var itaOrgsOn = true
