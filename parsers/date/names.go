package date

import (
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// monthNames lists, per month, its names in the supported languages: full, genitive and
// abbreviated forms, written with their diacritics (folding removes them, so both spellings
// match). Order: English, German, French, Spanish, Italian, Portuguese, Dutch, Swedish, Polish,
// Russian.
var monthNames = [12][]string{
	{"january", "jan", "januar", "jänner", "jän", "janvier", "janv", "enero", "ene", "gennaio", "gen", "janeiro", "januari", "styczeń", "stycznia", "sty", "январь", "января", "янв"},
	{"february", "feb", "febr", "februar", "février", "févr", "fév", "febrero", "febbraio", "fevereiro", "fev", "februari", "luty", "lutego", "lut", "февраль", "февраля", "фев", "февр"},
	{"march", "mar", "märz", "maerz", "mär", "mars", "marzo", "março", "maart", "mrt", "marzec", "marca", "март", "марта", "мар"},
	{"april", "apr", "avril", "avr", "abril", "abr", "aprile", "kwiecień", "kwietnia", "kwi", "апрель", "апреля", "апр"},
	{"may", "mai", "mayo", "may", "maggio", "mag", "maio", "mei", "maj", "maja", "май", "мая"},
	{"june", "jun", "juni", "juin", "junio", "giugno", "giu", "junho", "czerwiec", "czerwca", "cze", "июнь", "июня", "июн"},
	{"july", "jul", "juli", "juillet", "juil", "julio", "luglio", "lug", "julho", "lipiec", "lipca", "lip", "июль", "июля", "июл"},
	{"august", "aug", "août", "aout", "agosto", "ago", "augustus", "augusti", "sierpień", "sierpnia", "sie", "август", "августа", "авг"},
	{"september", "sep", "sept", "septembre", "septiembre", "setiembre", "settembre", "set", "setembro", "wrzesień", "września", "wrz", "сентябрь", "сентября", "сен", "сент"},
	{"october", "oct", "oktober", "okt", "octobre", "octubre", "ottobre", "ott", "outubro", "out", "październik", "października", "paź", "октябрь", "октября", "окт"},
	{"november", "nov", "novembre", "noviembre", "novembro", "listopad", "listopada", "lis", "ноябрь", "ноября", "ноя", "нояб"},
	{"december", "dec", "dezember", "dez", "décembre", "déc", "diciembre", "dic", "dicembre", "dezembro", "grudzień", "grudnia", "gru", "декабрь", "декабря", "дек"},
}

// englishAbbrev is what Format writes for MMM.
var englishAbbrev = [12]string{"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"}

// fillerWords are words skipped by the free-form parser: articles and prepositions ("4th of
// March", "4 de marzo de 2020"), year markers ("2020 г.", "2020 r.") and weekday names in the
// supported languages. Stored folded.
var fillerWords = foldSet(
	"of", "the", "on", "de", "del", "da", "do", "di", "du", "le", "la", "el", "il", "den", "der", "am", "im", "van",
	"г", "гг", "год", "года", "r", "rok", "roku",
	"monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
	"mon", "tue", "tues", "wed", "thu", "thur", "thurs", "fri", "sat", "sun",
	"montag", "dienstag", "mittwoch", "donnerstag", "freitag", "samstag", "sonnabend", "sonntag",
	"lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche",
	"lunes", "martes", "miércoles", "jueves", "viernes", "sábado", "domingo",
	"lunedì", "martedì", "mercoledì", "giovedì", "venerdì", "sabato", "domenica",
	"segunda", "terça", "quarta", "quinta", "sexta", "feira",
	"maandag", "dinsdag", "woensdag", "donderdag", "vrijdag", "zaterdag", "zondag",
	"måndag", "tisdag", "onsdag", "torsdag", "fredag", "lördag", "söndag",
	"poniedziałek", "wtorek", "środa", "czwartek", "piątek", "sobota", "niedziela",
	"понедельник", "вторник", "среда", "четверг", "пятница", "суббота", "воскресенье",
)

// ordinalSuffixes may follow a day number directly: 4th, 1st, 1er, 2e, 4º, 4-го (Russian).
var ordinalSuffixes = foldSet("st", "nd", "rd", "th", "er", "re", "e", "eme", "ème", "ieme", "o", "a", "º", "ª", "го", "е", "ое")

// monthIndex maps a folded month name to its number 1..12.
var monthIndex = func() map[string]int {
	m := map[string]int{}
	for i, names := range monthNames {
		for _, n := range names {
			m[fold(n)] = i + 1
		}
	}
	return m
}()

func foldSet(words ...string) map[string]bool {
	m := make(map[string]bool, len(words))
	for _, w := range words {
		m[fold(w)] = true
	}
	return m
}

// lookupMonth returns the month named by the folded word w, or 0. A word that is not a listed
// form matches when it has at least three letters and is a prefix of listed forms of one
// month only ("sept", "febr", "octob").
func lookupMonth(w string) int {
	if m, ok := monthIndex[w]; ok {
		return m
	}
	if len([]rune(w)) < 3 {
		return 0
	}
	found := 0
	for name, m := range monthIndex {
		if len(name) > len(w) && strings.HasPrefix(name, w) {
			if found != 0 && found != m {
				return 0
			}
			found = m
		}
	}
	return found
}

// fold lowercases s and removes diacritics; letters without a decomposition that are commonly
// written without their stroke are mapped by hand (ł→l, ø→o, đ→d, ß→ss).
func fold(s string) string {
	ascii := true
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			ascii = false
			break
		}
	}
	if ascii {
		return strings.ToLower(s)
	}
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range norm.NFD.String(s) {
		if unicode.Is(unicode.Mn, r) {
			continue
		}
		r = unicode.ToLower(r)
		switch r {
		case 'ł':
			r = 'l'
		case 'ø':
			r = 'o'
		case 'đ':
			r = 'd'
		case 'ß':
			b.WriteString("ss")
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}
