package entities

import (
	"math"
	"slices"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/nomenhq/nomen/analyzers/entities/coref"
	"github.com/nomenhq/nomen/analyzers/entities/span"
	"github.com/nomenhq/nomen/analyzers/morph"
	"github.com/nomenhq/nomen/analyzers/tokenize"
	"github.com/nomenhq/nomen/analyzers/translit"
	"github.com/nomenhq/nomen/kb"
)

// KB-name matching stands in for a tagger in languages that have none: a run of one to
// kbMaxTokens tokens is an entity when it is a name of a knowledge-base entity whose alias
// prior is at least kbMinPrior, and, in scripts with letter case, starts with a capital
// letter; single tokens of caseless scripts also need the entity's popularity to reach
// kbMinPopularity and two or more letters. The longest match wins. Where the morphology
// lemmatizer covers the language, a run that is no name as written is tried again as its
// lemmas ("в Берлине" → "Берлин"). A single word that begins a sentence and is one of the
// language's common words (commonWords: "La", "En", "Il") is no name. Runs of proper nouns
// (or of capitalised words) add the names the knowledge base lacks (properNounRuns).
const (
	kbMaxTokens     = 5
	kbMinPrior      = 0.5
	kbMinPopularity = 0.35
	// kbMaxCandidates bounds the entities of one name whose priors are summed per type.
	kbMaxCandidates = 16
	// kbGivenNamePER is the share of a name's prior that people must hold for a name of two or
	// more words that begins with a given name to be a person's (hand-written Spanish dev
	// 0.829 -> 0.843, the same from 0.1 to 0.25; the development splits unchanged).
	kbGivenNamePER = 0.25
	// kbRealNameScore is the lowest kb.Candidate score of an exact match of a real name (a
	// weak alias alone scores 0.1-0.35).
	kbRealNameScore = 0.5
)

// kbNames finds the names of a text in a language without a tagger; pos and lemmas are the
// morphology tagger's parts of speech and lemmas of toks, nil where it has no model.
func kbNames(k *kb.KB, text string, toks []tokenize.Token, sents []tokenize.Token, lang string, pos, lemmas []string) []span.Span {
	runes := []rune(text)
	common := commonWords(lang)
	si := 0
	if len(lemmas) != len(toks) {
		lemmas = nil
	}
	if len(pos) != len(toks) {
		pos = nil
	}
	var nameTok []bool
	if pos != nil || !capNouns[lang] {
		nameTok = nameTokens(toks, sents, pos, lang)
	}
	// basesOf caches the base forms of a token: the spans ending at it are tried from every
	// start before it.
	bases := make(map[int][]string)
	basesOf := func(t int) []string {
		b, ok := bases[t]
		if !ok {
			b = nameBases(toks[t].Text, lang)
			bases[t] = b
		}
		return b
	}
	var out []span.Span
	for i := 0; i < len(toks); {
		first, _ := utf8.DecodeRuneInString(toks[i].Text)
		if !unicode.IsLetter(first) || (isCased(first) && !unicode.IsUpper(first)) {
			i++
			continue
		}
		for si < len(sents) && sents[si].End <= toks[i].Start {
			si++
		}
		sentenceFirst := i == 0 || si < len(sents) && toks[i-1].End <= sents[si].Start
		matched := 0
		for n := min(kbMaxTokens, len(toks)-i); n >= 1; n-- {
			// A common word is no name where letter case says nothing of it: at a sentence's
			// start, and anywhere in a script without case (Arabic بن, Korean 해방).
			if n == 1 && ((sentenceFirst || !isCased(first)) && common[strings.ToLower(toks[i].Text)] || utf8.RuneCountInString(toks[i].Text) < 2) {
				continue
			}
			start, end := toks[i].Start, toks[i+n-1].End
			if last, _ := utf8.DecodeRuneInString(toks[i+n-1].Text); end > len(runes) || !unicode.IsLetter(last) && !unicode.IsDigit(last) {
				continue // a name ends in a letter or digit, not in punctuation that normalization drops
			}
			if n >= 2 && !isCased(first) && allCommon && allCommonWords(toks[i:i+n], common) {
				continue // Persian "از آن" (from it), "آن را": common words only, in a script without case
			}
			mention := string(runes[start:end])
			cs := k.ExactCandidates(mention, "", kbMaxCandidates)
			typ, prior, e := kbNameType(cs)
			found := mention // the form the knowledge base knows the name by
			if prior < kbMinPrior && lemmas != nil {
				lemma := strings.Join(lemmas[i:i+n], " ")
				cs = k.ExactCandidates(lemma, "", kbMaxCandidates)
				typ, prior, e = kbNameType(cs)
				found = lemma
				if lang == "kor" && prior >= kbMinPrior && len(lemma) < len(mention) && strings.HasPrefix(mention, lemma) {
					// The mention leaves the particle out: "서울에서" → 서울.
					end = start + utf8.RuneCountInString(lemma)
					mention = lemma
				}
			}
			if prior < kbMinPrior && nameTok != nil && nameTok[i+n-1] {
				// An inflected last word: the nouns' ending rules of the morphology model,
				// checked against the KB ("в Казани" → Казань, "из Китая" → Китай).
				head := string(runes[start:toks[i+n-1].Start])
				for _, b := range basesOf(i + n - 1) {
					cs2 := k.ExactCandidates(head+b, "", kbMaxCandidates)
					if t2, p2, e2 := kbNameType(cs2); p2 >= kbMinPrior {
						cs, typ, prior, e, found = cs2, t2, p2, e2, head+b
						break
					}
				}
			}
			if prior < kbMinPrior && prefixLetters[lang] != "" {
				// Prefixes written on the name: Hebrew "בירושלים" (in Jerusalem) is ירושלים,
				// "ובתל אביב" תל אביב; Arabic "وبغداد" (and Baghdad) بغداد.
				for _, pf := range namePrefixes(toks[i].Text, lang) {
					stripped := pf.article + string(runes[start+pf.skip:end])
					if n == 1 && common[stripped] {
						continue
					}
					cs2 := k.ExactCandidates(stripped, "", kbMaxCandidates)
					if t2, p2, e2 := kbNameType(cs2); p2 >= kbMinPrior {
						cs, typ, prior, e, mention, found = cs2, t2, p2, e2, stripped, stripped
						if pf.article == "" {
							start += pf.skip // the mention leaves the prefix out
						}
						break
					}
				}
			}
			if prior < kbMinPrior && lang == "kor" {
				// A particle the lemmatizer left on the last word: "캐나다로" (to Canada).
				if stem := korStripParticle(toks[i+n-1].Text); stem != toks[i+n-1].Text && utf8.RuneCountInString(stem) >= 2 {
					stripped := string(runes[start:toks[i+n-1].Start]) + stem
					cs2 := k.ExactCandidates(stripped, "", kbMaxCandidates)
					if t2, p2, e2 := kbNameType(cs2); p2 >= kbMinPrior {
						cs, typ, prior, e, mention, found = cs2, t2, p2, e2, stripped, stripped
						end = start + utf8.RuneCountInString(stripped)
					}
				}
			}
			if prior < kbMinPrior {
				continue
			}
			if n == 1 && !isCased(first) && (e.Popularity < kbMinPopularity || utf8.RuneCountInString(mention) < 2 || weakOnly(cs)) {
				continue
			}
			if pos != nil && isCased(first) && !slices.Contains(nameTok[i:i+n], true) {
				continue // no word of it is a proper noun: "Will", "Service", "Det"
			}
			if n >= 2 && typ != span.PER && givenName(toks[i].Text) && typeShare(cs, span.PER) >= kbGivenNamePER {
				typ = span.PER // "Pedro Sánchez": the Spanish prime minister, not the Dominican town
			}
			sp := span.Span{Start: start, End: end, Type: typ, Confidence: math.Round((0.5*prior+0.5*e.Popularity)*1000) / 1000, Source: span.SourceKB}
			if found != string(runes[start:end]) {
				sp.Lookup = found // "للمغرب" is known as المغرب, "в Казани" as Казань
			}
			out = append(out, sp)
			matched = n
			break
		}
		if matched == 0 {
			matched = 1
		}
		i += matched
	}
	if nameTok != nil {
		out = properNounRuns(k, lang, toks, nameTok, pos, lemmas, out, common)
	}
	out = knownNameRuns(toks, lang, out, common, pos)
	if lang == "rus" && rusOrgsOn {
		out = rusOrgPhrases(toks, sents, pos, lemmas, out)
	}
	if lang == "ita" && itaOrgsOn {
		sort.SliceStable(out, func(i, j int) bool { return out[i].Start < out[j].Start })
		out = itaOrgPhrases(toks, out)
	}
	if lang == "ara" && araOrgsOn {
		out = araOrgPhrases(toks, out)
	}
	if lang == "heb" && hebOrgsOn {
		out = hebOrgPhrases(toks, pos, out, func(w string) bool {
			typ, prior, _ := kbNameType(k.ExactCandidates(w, "", kbMaxCandidates))
			return typ == span.LOC && prior >= kbMinPrior
		})
	}
	if lang == "kor" {
		if korOrgsOn {
			sort.SliceStable(out, func(i, j int) bool { return out[i].Start < out[j].Start })
			out = korOrgs(toks, out, common)
		}
		out = append(out, korTitled(toks, out)...)
		sort.SliceStable(out, func(i, j int) bool { return out[i].Start < out[j].Start })
	}
	return out
}

// persianFamilySuffixes are the endings of Persian family names: -ی (احمدی), -یان
// (پزشکیان), -زاده, -پور, -نژاد, -فر, -‌ای (خامنه‌ای). General knowledge, written for nomen.
var persianFamilySuffixes = []string{"یان", "زاده", "پور", "نژاد", "فر", "ای", "ی"}

// persianFamilyName reports whether w, no common word, has the form of a Persian family name.
func persianFamilyName(w string, common map[string]bool) bool {
	if common[w] || utf8.RuneCountInString(w) < 4 {
		return false
	}
	for _, suf := range persianFamilySuffixes {
		if strings.HasSuffix(w, suf) {
			return true
		}
	}
	return false
}

// persianLightVerbs follow the noun of a compound verb ("معرفی کرد", introduced), which has a
// family name's ending but is none.
var persianLightVerbs = map[string]bool{"کرد": true, "کردند": true, "کند": true, "کنند": true, "می\u200cکند": true,
	"می\u200cکنند": true, "شد": true, "شدند": true, "شود": true, "داد": true, "دادند": true, "نمود": true, "کرده": true, "شده": true}

// prefixLetters are the letters that Hebrew and Arabic write as one-letter words on the next
// word: Hebrew ו ה ב ל מ ש כ ("and", "the", "in", "to", "from", "that", "as"), Arabic و ف ب ل ك
// ("and", "so", "in", "to", "like").
var prefixLetters = map[string]string{"heb": morph.HebrewPrefixLetters, "ara": "وفبلك"}

// namePrefix is one reading of a word as prefixes + name: skip letters left out, and article
// put before the rest (Arabic ل before the article drops its alif: للمغرب is ل + المغرب).
type namePrefix struct {
	skip    int
	article string
}

// namePrefixes returns the readings of word with one or two prefix letters of lang, leaving
// at least two letters.
func namePrefixes(word, lang string) []namePrefix {
	letters := prefixLetters[lang]
	rs := []rune(word)
	var out []namePrefix
	for k := 1; k <= 2 && k+2 <= len(rs); k++ {
		if !strings.ContainsRune(letters, rs[k-1]) {
			break
		}
		out = append(out, namePrefix{skip: k})
		if lang == "ara" && rs[k-1] == 'ل' && rs[k] == 'ل' {
			out = append(out, namePrefix{skip: k + 1, article: "ال"})
		}
	}
	return out
}

// kbNameType returns the type whose entities hold the largest share of a name's prior, that
// share (at most 1), and the first (best-scored) of those entities. Whether a string names a
// place is decided by all the places of that name: "Milano" is Milan's name with prior 0.48,
// under the 0.5 that a name needs, but a LOC name with prior 0.78 (Milan and two smaller
// places; the rest is a brand).
func kbNameType(cs []kb.Candidate) (typ string, prior float64, best *kb.Entity) {
	var shares [8]struct {
		typ   string
		prior float64
		best  *kb.Entity
	}
	n := 0
	for _, c := range cs {
		j := 0
		for j < n && shares[j].typ != c.Entity.Type {
			j++
		}
		if j == n {
			if n == len(shares) {
				continue
			}
			shares[j].typ = c.Entity.Type
			n++
		}
		shares[j].prior += c.Prior
		if shares[j].best == nil {
			shares[j].best = c.Entity
		}
	}
	for _, sh := range shares[:n] {
		if sh.prior > prior {
			typ, prior, best = sh.typ, sh.prior, sh.best
		}
	}
	return typ, min(prior, 1), best
}

// weakOnly reports that no candidate matches a real name, only weak aliases (machine
// translations of city names). In a script without letter case that is no evidence that a
// word is a name: Pashto دی ("is") is one. (In cased scripts the capital letter is, and
// there the translations help: on the Croatian and Slovak development splits dropping them
// lost 0.01-0.02 F1.)
func weakOnly(cs []kb.Candidate) bool {
	for _, c := range cs {
		if c.Score >= kbRealNameScore {
			return false
		}
	}
	return true
}

// isCased reports whether r belongs to a script with upper and lower case.
func isCased(r rune) bool {
	return unicode.IsUpper(r) || unicode.IsLower(r) && unicode.ToUpper(r) != r
}

// capNouns are the languages whose capital letters mark more than names: German and
// Luxembourgish nouns, English months, weekdays, languages and titles.
var capNouns = map[string]bool{"deu": true, "ltz": true, "eng": true}

// nameTokens marks the tokens that may be part of a name: the tagger's proper nouns (not in
// lower case: Spanish "corresponsal" tagged PROPN is no name) and, in cased scripts of
// languages that write common nouns in lower case, capitalised words (nouns, adjectives and
// foreign words; any, when pos is nil) that do not begin a sentence, since the taggers trained
// on small treebanks call many names nouns (Swedish "Stockholm", Russian "Владимир"). Such a
// word at a sentence's start is one when a name token of its script follows, unless it is a
// common word ("Вчера Игорь Сечин") or, in Cyrillic, no known given or family name
// (firstJoinOK).
func nameTokens(toks, sents []tokenize.Token, pos []string, lang string) []bool {
	out := make([]bool, len(toks))
	firsts := make([]bool, len(toks))
	capital := func(i int) bool {
		first, _ := utf8.DecodeRuneInString(toks[i].Text)
		return !capNouns[lang] && unicode.IsUpper(first) && wordish(toks[i].Text) &&
			(pos == nil || pos[i] == "NOUN" || pos[i] == "ADJ" || pos[i] == "X")
	}
	si := 0
	for i, t := range toks {
		for si < len(sents) && sents[si].End <= t.Start {
			si++
		}
		firsts[i] = i == 0 || si < len(sents) && toks[i-1].End <= sents[si].Start
		f, _ := utf8.DecodeRuneInString(t.Text)
		out[i] = pos != nil && pos[i] == "PROPN" && !unicode.IsLower(f) || !firsts[i] && capital(i)
	}
	common := commonWords(lang)
	for i := 0; i+1 < len(toks); i++ {
		if firsts[i] && !out[i] && out[i+1] && !firsts[i+1] && capital(i) && (!common[strings.ToLower(toks[i].Text)] || familyName(toks[i].Text, lang)) && firstJoinOK(toks[i].Text) &&
			latinWord(toks[i].Text) == latinWord(toks[i+1].Text) {
			out[i] = true
		}
	}
	return out
}

// wordish reports a word of letters (inner hyphens, apostrophes and periods allowed) with a
// lower-case letter: no abbreviation ("M."), no acronym ("MM").
func wordish(w string) bool {
	lower := false
	for i, r := range w {
		switch {
		case unicode.IsLower(r):
			lower = true
		case unicode.IsLetter(r), r == '-', r == '\'', r == '’':
		case r == '.' && i+1 < len(w): // "Яндекс.Маркет", "Booking.com"; not "M."
		default:
			return false
		}
	}
	return lower
}

// Typing of proper-noun runs the knowledge base does not name: naive Bayes over the types of
// the KB entities whose names hold each word (kb.WordTypes), with a bias per type, a vote for
// the type of KB names inside the run and one for organisations when the run is one acronym.
// Chosen on development splits with their taggers switched off (TestKBNamesDevManual: UNER
// English EWT and Portuguese Bosque dev, GermEval dev, UNER Swedish Talbanken train,
// Europeana French train; see MODELS.md).
const (
	runBiasPER, runBiasLOC, runBiasORG = 2, -1, 1
	// runKBVote weighs the share of the run that KB names of a type cover.
	runKBVote = 2
	// runAcronymORG is the vote for ORG of a run that is one acronym ("PSDB", "NATO").
	runAcronymORG = 3
	// runForeignLatinORG is the vote for ORG of a run of Latin words in a language of another
	// script (foreignLatin; hand-written rus: 0.820 -> 0.872 with the runs themselves).
	runForeignLatinORG = 3
	// runNameVote is the vote for PER of each word of the run that is a known Cyrillic given
	// or family name (personWord), chosen on testdata/kbpath_dev_rus.txt (2 and 4 tie).
	runNameVote = 2
	// runLocPrepVote is the vote for LOC of a run after a locative preposition (locPreps),
	// chosen on the development splits (span F1 with 0 / 2 / 4 / 5: hr 0.358 / 0.362 / 0.441 /
	// 0.442, sk 0.398 / 0.411 / 0.475 / 0.478, da 0.525 / 0.533 / 0.541 / 0.538, deu 0.399 /
	// 0.401 / 0.417 / 0.417) and the hand-written sets (rus 0.872 -> 0.885, spa 0.843 -> 0.857).
	runLocPrepVote = 4
	// runOrgNounVote is the vote for ORG of a run right after an organisation noun (orgNouns):
	// hand-written ita 0.876 -> 0.891, eng EWT dev 0.528 -> 0.530, the rest unchanged (the
	// same from 2 to 6).
	runOrgNounVote = 2
	// runFamilyNameVote is the vote for PER of a run of two or more words that begins with a
	// family name that opens names in its language (familyName: Vietnamese Nguyễn, Trần, ...).
	runFamilyNameVote = 4
	// runSmoothing is the add-α smoothing of the word counts.
	runSmoothing = 1
	// runConfidence is the precision of the typed runs on those development splits
	// (0.28-0.48).
	runConfidence = 0.4
)

var runTypes = [3]string{span.PER, span.LOC, span.ORG}

// properNounRuns adds the maximal runs of name tokens as entities: a run that only a
// knowledge-base name covers stays that name; shorter KB names inside or across a run give
// way to the run ("José" inside "José Sócrates", "El Banco" across "Banco de España"); a run
// crossing a KB name at least as long is left out. A
// run is left out, too, when it is one common word or when it is a single word that the
// tagger does not call a proper noun and that is no KB name (without a tagger, pos nil,
// capitalised words are kept; runs of two or more capitalised words are kept: "Parlamento
// Europeo", development splits sv 0.540 -> 0.552, pt 0.604 -> 0.603, the rest unchanged). Its
// type comes from runType.
func properNounRuns(k *kb.KB, lang string, toks []tokenize.Token, nameTok []bool, pos, lemmas []string, kbSpans []span.Span, common map[string]bool) []span.Span {
	drop := make([]bool, len(kbSpans))
	var extra []span.Span
	var inside []int
	sorted := increasing(kbSpans)
	for i := 0; i < len(toks); {
		if !nameTok[i] {
			i++
			continue
		}
		n, j := i, i+1
		for j < len(toks) {
			if caseEnding(toks[j-1].Text, lang) {
				break // Hungarian "Budapesten | Kovács": a case ending closes a name
			}
			if caseEnding(toks[j].Text, lang) && kbSpanAt(kbSpans, sorted, toks[j]) {
				break // "Kovács Péter | Debrecenből": an inflected KB name stands alone
			}
			if nameTok[j] && latinWord(toks[j].Text) != latinWord(toks[j-1].Text) {
				break // "Tesla | Илон Маск": a name does not change script
			}
			if nameTok[j] {
				j++
				continue
			}
			if j+1 < len(toks) && nameTok[j+1] && connectors[lang][toks[j].Text] {
				j += 2
				continue
			}
			break
		}
		i = j
		first, _ := utf8.DecodeRuneInString(toks[n].Text)
		if !unicode.IsUpper(first) || utf8.RuneCountInString(toks[n].Text) < 2 {
			// Scripts without letter case get no runs: on Japanese development data they lost
			// (span F1 0.127 -> 0.121, 5 % of them right), and Hebrew runs swallow prefixed
			// words ("אנגלה מרקל בברלין").
			continue
		}
		start, end := toks[n].Start, toks[j-1].End
		inside = inside[:0]
		crossing := false
		var kbVotes [3]float64
		lo, hi := overlapRange(kbSpans, sorted, start, end)
		for x := lo; x < hi; x++ {
			s := kbSpans[x]
			if s.End <= start || end <= s.Start {
				continue
			}
			if (s.Start < start || s.End > end) && s.End-s.Start < end-start {
				// A shorter KB name crossing the run gives way too ("[El Banco] de España").
				inside = append(inside, x)
				continue
			}
			if s.Start < start || s.End > end || s.End-s.Start == end-start {
				crossing = true
				break
			}
			inside = append(inside, x)
			if t := slices.Index(runTypes[:], s.Type); t >= 0 {
				kbVotes[t] += float64(s.End-s.Start) / float64(end-start)
			}
		}
		if crossing ||
			len(inside) == 0 && j-n == 1 && common[strings.ToLower(toks[n].Text)] ||
			pos != nil && len(inside) == 0 && !slices.Contains(pos[n:j], "PROPN") && !foreignLatin(lang, toks[n].Text) && j-n < 2 {
			continue
		}
		for _, x := range inside {
			drop[x] = true
		}
		var lem []string
		if lemmas != nil {
			lem = lemmas[n:j]
		}
		if n > 0 && locPreps[lang][strings.ToLower(toks[n-1].Text)] {
			kbVotes[1] += runLocPrepVote / runKBVote // "en Vallecas", "в Тольятти"
		}
		if n > 0 && orgNouns[lang][strings.ToLower(toks[n-1].Text)] {
			kbVotes[2] += runOrgNounVote / runKBVote // "la società Enel", "компания Газпром"
		}
		extra = append(extra, span.Span{Start: start, End: end, Type: runType(k, lang, toks[n:j], lem, kbVotes),
			Confidence: runConfidence, Source: span.SourceNameRuns})
	}
	return replaceSpans(kbSpans, drop, extra)
}

// runType types a proper-noun run by the KB entities whose names hold its words (or, for a
// word no name holds, its lemma: Russian "Путина").
func runType(k *kb.KB, lang string, toks []tokenize.Token, lemmas []string, kbVotes [3]float64) string {
	score := [3]float64{runBiasPER, runBiasLOC, runBiasORG}
	for t := range score {
		score[t] += runKBVote * kbVotes[t]
	}
	if len(toks) == 1 && acronym(toks[0].Text) {
		score[2] += runAcronymORG
	}
	if foreignLatin(lang, toks[0].Text) {
		score[2] += runForeignLatinORG
	}
	if len(toks) >= 2 && familyName(toks[0].Text, lang) {
		score[0] += runFamilyNameVote // "Nguyễn Văn An"
	}
	for x, tok := range toks {
		if personWord(tok.Text) || lemmas != nil && personWord(lemmas[x]) {
			score[0] += runNameVote
		}
		c, ok := k.WordTypes(tok.Text)
		if !ok && lemmas != nil {
			c, ok = k.WordTypes(lemmas[x])
		}
		if !ok {
			for _, b := range nameBases(tok.Text, lang) {
				if c, ok = k.WordTypes(b); ok {
					break
				}
			}
		}
		if !ok {
			continue
		}
		tot := float64(c[0]+c[1]+c[2]) + runSmoothing
		for t := range score {
			score[t] += math.Log((float64(c[t]) + runSmoothing/3.0) / tot)
		}
	}
	best := 0
	for t := range score {
		if score[t] > score[best] {
			best = t
		}
	}
	return runTypes[best]
}

// acronym reports a word of two or more capital letters.
func acronym(w string) bool {
	n := 0
	for _, r := range w {
		if !unicode.IsUpper(r) {
			return false
		}
		n++
	}
	return n >= 2
}

// personWord reports a Cyrillic given or family name of Wikidata's person labels (the
// Russian transliteration model's lookup table): "Сергей", "Смирнов".
func personWord(w string) bool {
	r, _ := utf8.DecodeRuneInString(w)
	return unicode.Is(unicode.Cyrillic, r) && translit.KnownName(w, "Cyrl", "rus")
}

// firstJoinOK reports whether a capitalised word at a sentence's start may join the name
// that follows it: in Cyrillic only a known given or family name ("Владимир Путин", not
// "Акции Сбербанка"); elsewhere any word but the common ones.
func firstJoinOK(w string) bool {
	if r, _ := utf8.DecodeRuneInString(w); unicode.Is(unicode.Cyrillic, r) {
		return personWord(w)
	}
	return true
}

// connectors are the lower-case words that join two parts of a name in Romance languages
// ("Banco do Brasil", "Universidad de Salamanca", "Banca d'Italia"): on the development splits with the tagger
// switched off, span F1 Portuguese Bosque dev 0.588 -> 0.606, French Europeana train 0.418 ->
// 0.421 (joining across any adposition or article had lost in English and German).
var connectors = map[string]map[string]bool{
	"spa": {"de": true, "del": true},
	"por": {"de": true, "do": true, "da": true, "dos": true, "das": true},
	"ita": {"di": true, "del": true, "della": true, "dello": true, "dei": true, "degli": true, "delle": true,
		"d'": true, "d’": true, "dell'": true, "dell’": true},
	"fra": {"de": true, "du": true, "des": true, "d'": true, "d’": true},
	// Tagalog "ng" (of): "Bangko Sentral ng Pilipinas", "Unibersidad ng Pilipinas".
	"tgl": {"ng": true, "de": true},
}

// foreignLatin reports a Latin word in a language of another script: Russian text keeps
// the Latin names of companies and brands ("Microsoft", "Netflix") and writes people's names
// in Cyrillic ("Илон Маск"), so such a run is a name even when the tagger calls it a foreign
// word (X), and it leans to ORG (runForeignLatinORG).
func foreignLatin(lang, w string) bool { return langScript(lang) != "Latn" && latinWord(w) }

// latinWord reports a word that begins with a Latin letter.
func latinWord(w string) bool {
	r, _ := utf8.DecodeRuneInString(w)
	return unicode.Is(unicode.Latin, r)
}

// arabicLetters maps the Persian and Urdu forms of letters to the Arabic ones.
var arabicLetters = strings.NewReplacer("ی", "ي", "ک", "ك", "ے", "ي", "ہ", "ه")

// knownNameRuns adds, in the Arabic and Hebrew scripts (no letter case, no proper-noun
// runs), the runs of two or more words that are given or family names of Wikidata's person
// labels in that script (translit.KnownName) and no common words, as PER: "محمد بن سلمان",
// "משה כהן"; in Arabic a following word with the article joins as the family name ("عبد
// الفتاح السيسي"). A shorter KB name inside or across such a run gives way to it. Chosen on
// hand-written sentences (testdata/kbpath_dev_ara.txt: span F1 0.604 -> 0.750, with the
// article 0.786; kbpath_dev_heb.txt: 0.514 -> 0.810).
func knownNameRuns(toks []tokenize.Token, lang string, kbSpans []span.Span, common map[string]bool, pos []string) []span.Span {
	if len(pos) != len(toks) {
		pos = nil
	}
	sorted := increasing(kbSpans)
	knownAny := func(i int, commonOK bool) bool {
		w := toks[i].Text
		if !commonOK && common[strings.ToLower(w)] || utf8.RuneCountInString(w) < 2 {
			return false
		}
		r, _ := utf8.DecodeRuneInString(w)
		switch {
		case unicode.Is(unicode.Arabic, r):
			// The table holds Arabic spellings: Persian and Urdu ی and ک are Arabic ي and ك.
			return translit.KnownName(arabicLetters.Replace(w), "Arab", lang)
		case unicode.Is(unicode.Hebrew, r):
			return translit.KnownName(w, "Hebr", lang)
		case unicode.Is(unicode.Hangul, r) && korKnownNames:
			// Foreign names in Hangul ("도널드 트럼프가"): the name table holds Wikidata's
			// Korean spellings of given and family names, without the particle.
			return translit.KnownName(w, "Hang", lang) || translit.KnownName(korStripParticle(w), "Hang", lang)
		}
		return false
	}
	known := func(i int) bool { return knownAny(i, false) }
	drop := make([]bool, len(kbSpans))
	var extra []span.Span
	for i := 0; i < len(toks); {
		if !known(i) || knownRunPOS && pos != nil && !nameTag(pos[i]) {
			// A word the tagger reads as a function word, verb or adjective opens no name,
			// though the name table knows it (Persian "وی", he; "میان", between).
			i++
			continue
		}
		j := i + 1
		// After a name that is no common word, a common word of three letters or more that is
		// also a name continues it: "أحمد حسن" (حسن is also "good"); not "في" (in).
		for j < len(toks) && (known(j) || nameAfterName && lang == "ara" && j-i < 3 && utf8.RuneCountInString(toks[j].Text) >= 3 && knownAny(j, true)) {
			j++
		}
		n := i
		if lang == "ara" && j-n >= 2 && j < len(toks) && strings.HasPrefix(toks[j].Text, "ال") && utf8.RuneCountInString(toks[j].Text) > 3 && !common[toks[j].Text] {
			j++ // a family name with the article: "عبد الفتاح السيسي"
		}
		if lang == "fas" && j < len(toks) && persianFamilyName(toks[j].Text, common) && (j+1 == len(toks) || !persianLightVerbs[toks[j+1].Text]) {
			j++ // a family name by its ending: "مسعود پزشکیان", "رضا احمدی"
		}
		i = j
		if j-n < 2 {
			continue
		}
		start, end := toks[n].Start, toks[j-1].End
		if last := toks[j-1].Text; lang == "kor" && !translit.KnownName(last, "Hang", lang) {
			end = toks[j-1].Start + utf8.RuneCountInString(korStripParticle(last)) // "트럼프가" → 트럼프
		}
		keep := true
		var inside []int
		lo, hi := overlapRange(kbSpans, sorted, start, end)
		for x := lo; x < hi; x++ {
			s := kbSpans[x]
			if s.End <= start || end <= s.Start {
				continue
			}
			if s.End-s.Start >= end-start {
				keep = false
				break
			}
			inside = append(inside, x)
		}
		if !keep {
			continue
		}
		for _, x := range inside {
			drop[x] = true
		}
		extra = append(extra, span.Span{Start: start, End: end, Type: span.PER, Confidence: runConfidence, Source: span.SourceNameRuns})
	}
	return replaceSpans(kbSpans, drop, extra)
}

// givenName reports a known given name: in Cyrillic one of Wikidata's person-name tokens
// (personWord), elsewhere one of the coreference resolver's given names.
func givenName(w string) bool {
	if r, _ := utf8.DecodeRuneInString(w); unicode.Is(unicode.Cyrillic, r) {
		return personWord(w)
	}
	return coref.GivenName(w)
}

// typeShare is the summed prior of the candidates of type typ.
func typeShare(cs []kb.Candidate, typ string) float64 {
	sum := 0.0
	for _, c := range cs {
		if c.Entity.Type == typ {
			sum += c.Prior
		}
	}
	return sum
}

// locPreps are the locative prepositions after which a run leans LOC (runLocPrepVote): "in",
// "at", "from" and their kin; not "de"/"of" nor, but in Italian, "a".
var locPreps = map[string]map[string]bool{
	"eng": {"in": true, "at": true, "from": true, "to": true, "near": true},
	"por": {"em": true, "no": true, "na": true, "nos": true, "nas": true, "para": true},
	"spa": {"en": true, "desde": true, "hacia": true, "hasta": true},
	"ita": {"in": true, "verso": true, "a": true},
	"fra": {"à": true, "en": true},
	"swe": {"i": true, "från": true, "till": true},
	"dan": {"i": true, "fra": true, "til": true},
	"deu": {"in": true, "aus": true, "nach": true},
	"hrv": {"u": true, "iz": true},
	"slk": {"v": true, "z": true, "do": true},
	"rus": {"в": true, "во": true, "из": true},
}

// orgNouns are the nouns that introduce an organisation's name (company, party, club, bank
// and their kin); a run right after one leans ORG (runOrgNounVote).
var orgNouns = map[string]map[string]bool{
	"eng": {"company": true, "firm": true, "group": true, "club": true, "party": true, "team": true, "band": true, "agency": true, "bank": true},
	"spa": {"empresa": true, "compañía": true, "grupo": true, "club": true, "partido": true, "equipo": true, "banco": true, "firma": true},
	"ita": {"società": true, "azienda": true, "gruppo": true, "squadra": true, "partito": true, "banca": true, "compagnia": true},
	"por": {"empresa": true, "companhia": true, "grupo": true, "clube": true, "partido": true, "banco": true},
	"fra": {"société": true, "entreprise": true, "groupe": true, "club": true, "parti": true, "banque": true},
	"rus": {"компания": true, "компании": true, "фирма": true, "группа": true, "клуб": true, "партия": true, "банк": true, "концерн": true, "корпорация": true},
	"swe": {"företaget": true, "bolaget": true, "klubben": true, "partiet": true, "banken": true, "koncernen": true},
	"dan": {"firmaet": true, "selskabet": true, "klubben": true, "partiet": true, "banken": true, "koncernen": true},
	"hrv": {"tvrtka": true, "tvrtke": true, "klub": true, "stranka": true, "banka": true},
	"slk": {"spoločnosť": true, "firma": true, "klub": true, "strana": true, "banka": true},
	// Vietnamese "công ty" (company), "tập đoàn" (group): the second syllable.
	"vie": {"ty": true, "đoàn": true},
}

// nameBases returns the candidate base forms of an inflected name: the morphology model's
// noun ending rules (morph.NounBases) or, for Hungarian, which has no model, its case endings
// (hungarianBases).
func nameBases(w, lang string) []string {
	if lang == "hun" {
		return hungarianBases(w)
	}
	return morph.NounBases(w, lang)
}

// hungarianCases are the Hungarian case endings of names, longest first within each group:
// "Budapesten", "Bécsbe", "Londonból", "Győrt", "Pécsett".
var hungarianCases = []string{"ból", "ből", "ban", "ben", "ról", "ről", "hoz", "hez", "höz", "nál",
	"nél", "tól", "től", "val", "vel", "nak", "nek", "ért", "ett", "ba", "be", "ra", "re", "on",
	"en", "ön", "et", "ot", "öt", "at", "ig", "n", "t"}

// hungarianBases returns w without each Hungarian case ending it has (a stem of at least three
// letters), with a final á or é before the ending restored to a or e ("Szlovákiában" →
// Szlovákia).
func hungarianBases(w string) []string {
	var out []string
	for _, c := range hungarianCases {
		stem, ok := strings.CutSuffix(w, c)
		if !ok || utf8.RuneCountInString(stem) < 3 {
			continue
		}
		out = append(out, stem)
		if r, size := utf8.DecodeLastRuneInString(stem); r == 'á' || r == 'é' {
			out = append(out, stem[:len(stem)-size]+map[rune]string{'á': "a", 'é': "e"}[r])
		}
	}
	return out
}

// caseEnding reports a Hungarian word with a case ending of two or more letters: a name ends
// with it.
func caseEnding(w, lang string) bool {
	if lang != "hun" {
		return false
	}
	for _, c := range hungarianCases {
		if utf8.RuneCountInString(c) >= 2 && strings.HasSuffix(w, c) && utf8.RuneCountInString(w)-utf8.RuneCountInString(c) >= 3 {
			return true
		}
	}
	return false
}

// kbSpanAt reports whether one of spans covers exactly the token t.
func kbSpanAt(spans []span.Span, sorted bool, t tokenize.Token) bool {
	lo, hi := overlapRange(spans, sorted, t.Start, t.End)
	for _, s := range spans[lo:hi] {
		if s.Start == t.Start && s.End == t.End {
			return true
		}
	}
	return false
}

// increasing reports whether spans are in increasing, non-overlapping order, so that
// overlapRange can search them.
func increasing(spans []span.Span) bool {
	for i := 1; i < len(spans); i++ {
		if spans[i].Start < spans[i-1].End {
			return false
		}
	}
	return true
}

// overlapRange returns the index range of spans that holds every span overlapping [a, b):
// found by binary search when spans are sorted (increasing), else all of them.
func overlapRange(spans []span.Span, sorted bool, a, b int) (lo, hi int) {
	if !sorted {
		return 0, len(spans)
	}
	lo = sort.Search(len(spans), func(i int) bool { return spans[i].End > a })
	hi = lo
	for hi < len(spans) && spans[hi].Start < b {
		hi++
	}
	return lo, hi
}

// vietnameseFamilyNames are the most frequent Vietnamese family names, which open a person's
// name (Nguyễn Văn An); ambiguous syllables such as Hà (Hà Nội) and Mai are left out.
var vietnameseFamilyNames = map[string]bool{"Nguyễn": true, "Trần": true, "Lê": true, "Phạm": true,
	"Hoàng": true, "Huỳnh": true, "Phan": true, "Vũ": true, "Võ": true, "Đặng": true, "Bùi": true,
	"Đỗ": true, "Hồ": true, "Ngô": true, "Dương": true, "Lý": true, "Đinh": true, "Trịnh": true,
	"Đoàn": true, "Lương": true}

// familyName reports a family name that opens a person's name in lang.
func familyName(w, lang string) bool {
	return lang == "vie" && vietnameseFamilyNames[w]
}

// replaceSpans returns the spans that drop does not mark, followed by extra.
func replaceSpans(spans []span.Span, drop []bool, extra []span.Span) []span.Span {
	out := make([]span.Span, 0, len(spans)+len(extra))
	for x, s := range spans {
		if !drop[x] {
			out = append(out, s)
		}
	}
	return append(out, extra...)
}

// morphBySentence tags and lemmatizes toks one sentence of sents at a time, as the
// morphology models were trained: tagged as one sequence, a capitalised noun that begins a
// sentence reads as a proper noun in the middle of one ("дома . Концерт Аллы Пугачёвой").
// It returns nil slices when a sentence fails.
func morphBySentence(morph func(toks []string, lang string) (pos, lemmas []string, err error), toks, sents []tokenize.Token, lang string) (pos, lemmas []string) {
	pos, lemmas = make([]string, 0, len(toks)), make([]string, 0, len(toks))
	words := make([]string, 0, len(toks))
	si := 0
	for i := 0; i < len(toks); {
		for si < len(sents) && sents[si].End <= toks[i].Start {
			si++
		}
		j := i + 1
		if si < len(sents) && toks[i].Start >= sents[si].Start {
			for j < len(toks) && toks[j].Start < sents[si].End {
				j++
			}
		} else {
			// A token outside every sentence goes with those up to the next sentence.
			for j < len(toks) && (si >= len(sents) || toks[j].Start < sents[si].Start) {
				j++
			}
		}
		words = words[:0]
		for _, t := range toks[i:j] {
			words = append(words, t.Text)
		}
		p, l, err := morph(words, lang)
		if err != nil || len(p) != j-i || len(l) != j-i {
			return nil, nil
		}
		pos, lemmas = append(pos, p...), append(lemmas, l...)
		i = j
	}
	return pos, lemmas
}

// allCommon turns the all-common-words test of kbNames on (off only in experiments).
var allCommon = true

// allCommonWords reports whether every token of toks is one of the common words.
func allCommonWords(toks []tokenize.Token, common map[string]bool) bool {
	for _, t := range toks {
		if !common[strings.ToLower(t.Text)] {
			return false
		}
	}
	return len(toks) > 0
}

// nameAfterName turns on the Arabic continuation of knownNameRuns by names that are also
// common words (off only in experiments).
var nameAfterName = true

// korKnownNames turns on Korean runs of known names in knownNameRuns (off only in experiments).
var korKnownNames = true

// knownRunPOS turns the part-of-speech test of knownNameRuns on (off only in experiments).
var knownRunPOS = true

// nameTag reports whether a word tagged pos may open a person's name: a noun, a proper noun
// or an unknown word, not a pronoun, adposition, determiner, adjective, adverb, verb,
// auxiliary, conjunction or number.
func nameTag(pos string) bool {
	switch pos {
	case "PRON", "ADP", "DET", "ADJ", "ADV", "VERB", "AUX", "CCONJ", "SCONJ", "NUM", "PART", "PUNCT":
		return false
	}
	return true
}
