package langid

import (
	"strings"
	"unicode"

	lingua "github.com/pemistahl/lingua-go"
)

// script is one of the 18 writing systems lingua's rules distinguish.
type script uint8

const (
	scriptNone script = iota
	scriptArabic
	scriptArmenian
	scriptBengali
	scriptCyrillic
	scriptDevanagari
	scriptGeorgian
	scriptGreek
	scriptGujarati
	scriptGurmukhi
	scriptHan
	scriptHangul
	scriptHebrew
	scriptHiragana
	scriptKatakana
	scriptLatin
	scriptTamil
	scriptTelugu
	scriptThai
	numScripts
)

// scriptTables maps each script to its Unicode range table, in lingua's
// alphabet order (the order matters for filterByRules, which takes the first
// script a word wholly belongs to).
var scriptTables = [numScripts]*unicode.RangeTable{
	scriptArabic:     unicode.Arabic,
	scriptArmenian:   unicode.Armenian,
	scriptBengali:    unicode.Bengali,
	scriptCyrillic:   unicode.Cyrillic,
	scriptDevanagari: unicode.Devanagari,
	scriptGeorgian:   unicode.Georgian,
	scriptGreek:      unicode.Greek,
	scriptGujarati:   unicode.Gujarati,
	scriptGurmukhi:   unicode.Gurmukhi,
	scriptHan:        unicode.Han,
	scriptHangul:     unicode.Hangul,
	scriptHebrew:     unicode.Hebrew,
	scriptHiragana:   unicode.Hiragana,
	scriptKatakana:   unicode.Katakana,
	scriptLatin:      unicode.Latin,
	scriptTamil:      unicode.Tamil,
	scriptTelugu:     unicode.Telugu,
	scriptThai:       unicode.Thai,
}

// scriptOf returns the script of r, or scriptNone.
func scriptOf(r rune) script {
	if r < 0x80 {
		if ('a' <= r && r <= 'z') || ('A' <= r && r <= 'Z') {
			return scriptLatin
		}
		return scriptNone
	}
	for s := scriptArabic; s < numScripts; s++ {
		if unicode.Is(scriptTables[s], r) {
			return s
		}
	}
	return scriptNone
}

// iso15924 is the ISO 15924 code reported for each script.
var iso15924 = [numScripts]string{
	scriptArabic: "Arab", scriptArmenian: "Armn", scriptBengali: "Beng", scriptCyrillic: "Cyrl",
	scriptDevanagari: "Deva", scriptGeorgian: "Geor", scriptGreek: "Grek", scriptGujarati: "Gujr",
	scriptGurmukhi: "Guru", scriptHan: "Hani", scriptHangul: "Hang", scriptHebrew: "Hebr",
	scriptHiragana: "Jpan", scriptKatakana: "Jpan", scriptLatin: "Latn", scriptTamil: "Taml",
	scriptTelugu: "Telu", scriptThai: "Thai",
}

// langInfo describes one model language. Index 0..74 are lingua's languages
// in lingua.Language order; srpLatn is nomen's derived Latin-script Serbian.
type langInfo struct {
	code     string   // ISO 639-3 code reported to callers
	iso1     string   // ISO 639-1 code naming lingua's model folder
	scripts  []script // scripts the language is written in
	unique   string   // characters that identify the language (lingua's rule table)
	srcIdx   int      // index of the lingua language whose models this one is built from
	translit bool     // models are transliterated Serbian Cyrillic → Latin
}

// numLingua is the number of lingua-go v1.4.0 languages.
const numLingua = 75

// srpLatn is the index of Latin-script Serbian, derived from lingua's
// Cyrillic Serbian models by transliteration.
const srpLatn = numLingua

// numLangs is the number of model languages (lingua's 75 plus Latin Serbian).
const numLangs = numLingua + 1

// langs is the model language table, indexed by language index.
var langs = buildLangTable()

// codeToIdx maps an ISO 639-3 code to the language index ("srp" maps to
// Cyrillic Serbian; Latin Serbian follows it unless its weight is zero).
var codeToIdx = func() map[string]int {
	m := make(map[string]int, numLangs)
	for i := 0; i < numLingua; i++ {
		m[langs[i].code] = i
	}
	return m
}()

func buildLangTable() []langInfo {
	t := make([]langInfo, numLangs)
	for i, l := range lingua.AllLanguages() {
		if i >= numLingua {
			break
		}
		t[i] = langInfo{
			code:    strings.ToLower(l.IsoCode639_3().String()),
			iso1:    strings.ToLower(l.IsoCode639_1().String()),
			scripts: linguaScripts(l),
			unique:  linguaUnique(l),
			srcIdx:  i,
		}
	}
	sr := int(lingua.Serbian)
	t[srpLatn] = langInfo{code: "srp", iso1: "sr", scripts: []script{scriptLatin}, srcIdx: sr, translit: true}
	return t
}

// linguaScripts mirrors lingua's Language.alphabets (unexported there).
func linguaScripts(l lingua.Language) []script {
	switch l {
	case lingua.Belarusian, lingua.Bulgarian, lingua.Kazakh, lingua.Macedonian, lingua.Mongolian,
		lingua.Russian, lingua.Serbian, lingua.Ukrainian:
		return []script{scriptCyrillic}
	case lingua.Arabic, lingua.Persian, lingua.Urdu:
		return []script{scriptArabic}
	case lingua.Hindi, lingua.Marathi:
		return []script{scriptDevanagari}
	case lingua.Armenian:
		return []script{scriptArmenian}
	case lingua.Bengali:
		return []script{scriptBengali}
	case lingua.Chinese:
		return []script{scriptHan}
	case lingua.Georgian:
		return []script{scriptGeorgian}
	case lingua.Greek:
		return []script{scriptGreek}
	case lingua.Gujarati:
		return []script{scriptGujarati}
	case lingua.Hebrew:
		return []script{scriptHebrew}
	case lingua.Japanese:
		return []script{scriptHiragana, scriptKatakana, scriptHan}
	case lingua.Korean:
		return []script{scriptHangul}
	case lingua.Punjabi:
		return []script{scriptGurmukhi}
	case lingua.Tamil:
		return []script{scriptTamil}
	case lingua.Telugu:
		return []script{scriptTelugu}
	case lingua.Thai:
		return []script{scriptThai}
	default:
		return []script{scriptLatin}
	}
}

// linguaUnique mirrors lingua's Language.uniqueCharacters.
func linguaUnique(l lingua.Language) string {
	switch l {
	case lingua.Azerbaijani:
		return "Əə"
	case lingua.Catalan:
		return "Ïï"
	case lingua.Czech:
		return "ĚěŘřŮů"
	case lingua.Esperanto:
		return "ĈĉĜĝĤĥĴĵŜŝŬŭ"
	case lingua.German:
		return "ß"
	case lingua.Hungarian:
		return "ŐőŰű"
	case lingua.Kazakh:
		return "ӘәҒғҚқҢңҰұ"
	case lingua.Latvian:
		return "ĢģĶķĻļŅņ"
	case lingua.Lithuanian:
		return "ĖėĮįŲų"
	case lingua.Macedonian:
		return "ЃѓЅѕЌќЏџ"
	case lingua.Marathi:
		return "ळ"
	case lingua.Mongolian:
		return "ӨөҮү"
	case lingua.Polish:
		return "ŁłŃńŚśŹź"
	case lingua.Romanian:
		return "Țţ"
	case lingua.Serbian:
		return "ЂђЋћ"
	case lingua.Slovak:
		return "ĹĺĽľŔŕ"
	case lingua.Spanish:
		return "¿¡"
	case lingua.Ukrainian:
		return "ҐґЄєЇї"
	case lingua.Vietnamese:
		return "ẰằẦầẲẳẨẩẴẵẪẫẮắẤấẠạẶặẬậỀềẺẻỂểẼẽỄễẾếỆệỈỉĨĩỊịƠơỒồỜờỎỏỔổỞởỖỗỠỡỐốỚớỘộỢợƯưỪừỦủỬửŨũỮữỨứỤụỰựỲỳỶỷỸỹỴỵ"
	case lingua.Yoruba:
		return "ŌōṢṣ"
	}
	return ""
}

// charGroups mirrors lingua's charsToLanguagesMapping: characters shared by a
// few languages, used to narrow the candidates. Latin Serbian is added
// wherever Bosnian appears (same Gaj alphabet).
var charGroups = []struct {
	chars string
	langs []lingua.Language
}{
	{"Ãã", []lingua.Language{lingua.Portuguese, lingua.Vietnamese}},
	{"ĄąĘę", []lingua.Language{lingua.Lithuanian, lingua.Polish}},
	{"Żż", []lingua.Language{lingua.Polish, lingua.Romanian}},
	{"Îî", []lingua.Language{lingua.French, lingua.Romanian}},
	{"Ññ", []lingua.Language{lingua.Basque, lingua.Spanish}},
	{"ŇňŤť", []lingua.Language{lingua.Czech, lingua.Slovak}},
	{"Ăă", []lingua.Language{lingua.Romanian, lingua.Vietnamese}},
	{"İıĞğ", []lingua.Language{lingua.Azerbaijani, lingua.Turkish}},
	{"ЈјЉљЊњ", []lingua.Language{lingua.Macedonian, lingua.Serbian}},
	{"ẸẹỌọ", []lingua.Language{lingua.Vietnamese, lingua.Yoruba}},
	{"ÐðÞþ", []lingua.Language{lingua.Icelandic, lingua.Turkish}},
	{"Ûû", []lingua.Language{lingua.French, lingua.Hungarian}},
	{"Ōō", []lingua.Language{lingua.Maori, lingua.Yoruba}},
	{"ĀāĒēĪī", []lingua.Language{lingua.Latvian, lingua.Maori, lingua.Yoruba}},
	{"Şş", []lingua.Language{lingua.Azerbaijani, lingua.Romanian, lingua.Turkish}},
	{"Ďď", []lingua.Language{lingua.Czech, lingua.Romanian, lingua.Slovak}},
	{"Ćć", []lingua.Language{lingua.Bosnian, lingua.Croatian, lingua.Polish}},
	{"Đđ", []lingua.Language{lingua.Bosnian, lingua.Croatian, lingua.Vietnamese}},
	{"Іі", []lingua.Language{lingua.Belarusian, lingua.Kazakh, lingua.Ukrainian}},
	{"Ìì", []lingua.Language{lingua.Italian, lingua.Vietnamese, lingua.Yoruba}},
	{"Øø", []lingua.Language{lingua.Bokmal, lingua.Danish, lingua.Nynorsk}},
	{"Ūū", []lingua.Language{lingua.Latvian, lingua.Lithuanian, lingua.Maori, lingua.Yoruba}},
	{"Ëë", []lingua.Language{lingua.Afrikaans, lingua.Albanian, lingua.Dutch, lingua.French}},
	{"ÈèÙù", []lingua.Language{lingua.French, lingua.Italian, lingua.Vietnamese, lingua.Yoruba}},
	{"Êê", []lingua.Language{lingua.Afrikaans, lingua.French, lingua.Portuguese, lingua.Vietnamese}},
	{"Õõ", []lingua.Language{lingua.Estonian, lingua.Hungarian, lingua.Portuguese, lingua.Vietnamese}},
	{"Ôô", []lingua.Language{lingua.French, lingua.Portuguese, lingua.Slovak, lingua.Vietnamese}},
	{"ЁёЫыЭэ", []lingua.Language{lingua.Belarusian, lingua.Kazakh, lingua.Mongolian, lingua.Russian}},
	{"ЩщЪъ", []lingua.Language{lingua.Bulgarian, lingua.Kazakh, lingua.Mongolian, lingua.Russian}},
	{"Òò", []lingua.Language{lingua.Catalan, lingua.Italian, lingua.Vietnamese, lingua.Yoruba}},
	{"Ææ", []lingua.Language{lingua.Bokmal, lingua.Danish, lingua.Icelandic, lingua.Nynorsk}},
	{"Åå", []lingua.Language{lingua.Bokmal, lingua.Danish, lingua.Nynorsk, lingua.Swedish}},
	{"Ýý", []lingua.Language{lingua.Czech, lingua.Icelandic, lingua.Slovak, lingua.Turkish, lingua.Vietnamese}},
	{"Ää", []lingua.Language{lingua.Estonian, lingua.Finnish, lingua.German, lingua.Slovak, lingua.Swedish}},
	{"Àà", []lingua.Language{lingua.Catalan, lingua.French, lingua.Italian, lingua.Portuguese, lingua.Vietnamese}},
	{"Ââ", []lingua.Language{lingua.French, lingua.Portuguese, lingua.Romanian, lingua.Turkish, lingua.Vietnamese}},
	{"Üü", []lingua.Language{lingua.Azerbaijani, lingua.Catalan, lingua.Estonian, lingua.German, lingua.Hungarian, lingua.Spanish, lingua.Turkish}},
	{"ČčŠšŽž", []lingua.Language{lingua.Bosnian, lingua.Czech, lingua.Croatian, lingua.Latvian, lingua.Lithuanian, lingua.Slovak, lingua.Slovene}},
	{"Çç", []lingua.Language{lingua.Albanian, lingua.Azerbaijani, lingua.Basque, lingua.Catalan, lingua.French, lingua.Portuguese, lingua.Turkish}},
	{"Öö", []lingua.Language{lingua.Azerbaijani, lingua.Estonian, lingua.Finnish, lingua.German, lingua.Hungarian, lingua.Icelandic, lingua.Swedish, lingua.Turkish}},
	{"Óó", []lingua.Language{lingua.Catalan, lingua.Hungarian, lingua.Icelandic, lingua.Irish, lingua.Polish, lingua.Portuguese, lingua.Slovak, lingua.Spanish, lingua.Vietnamese, lingua.Yoruba}},
	{"ÁáÍíÚú", []lingua.Language{lingua.Catalan, lingua.Czech, lingua.Icelandic, lingua.Irish, lingua.Hungarian, lingua.Portuguese, lingua.Slovak, lingua.Spanish, lingua.Vietnamese, lingua.Yoruba}},
	{"Éé", []lingua.Language{lingua.Catalan, lingua.Czech, lingua.French, lingua.Hungarian, lingua.Icelandic, lingua.Irish, lingua.Italian, lingua.Portuguese, lingua.Slovak, lingua.Spanish, lingua.Vietnamese, lingua.Yoruba}},
}

// charGroupIdx is charGroups compiled to language-index masks, lower-cased
// characters only (the rules see lower-cased words).
type charGroup struct {
	chars []rune
	mask  langSet
}

var compiledCharGroups = func() []charGroup {
	out := make([]charGroup, 0, len(charGroups))
	for _, g := range charGroups {
		var cg charGroup
		for _, r := range g.chars {
			cg.chars = append(cg.chars, r)
		}
		for _, l := range g.langs {
			cg.mask.add(int(l))
			if l == lingua.Bosnian {
				cg.mask.add(srpLatn)
			}
		}
		out = append(out, cg)
	}
	return out
}()

// charGroupOf maps each character of charGroups to its languages.
var charGroupOf = func() map[rune]langSet {
	m := make(map[rune]langSet)
	for _, g := range compiledCharGroups {
		for _, r := range g.chars {
			m[r] = g.mask
		}
	}
	return m
}()

// uniqueCharLang maps a character to the one language it identifies.
var uniqueCharLang = func() map[rune]int {
	m := make(map[rune]int)
	for i := 0; i < numLingua; i++ {
		for _, r := range langs[i].unique {
			m[r] = i
		}
	}
	return m
}()

// singleLangScript maps a script to the only language written in it among
// all of lingua's languages, or -1 (Hiragana and Katakana → Japanese).
var singleLangScript = func() [numScripts]int {
	var count [numScripts]int
	var which [numScripts]int
	for i := 0; i < numLingua; i++ {
		for _, s := range langs[i].scripts {
			count[s]++
			which[s] = i
		}
	}
	var out [numScripts]int
	for s := range out {
		out[s] = -1
		if count[s] == 1 {
			out[s] = which[s]
		}
	}
	return out
}()

// langSet is a set of language indices.
type langSet [2]uint64

func (s *langSet) add(i int)            { s[i>>6] |= 1 << (uint(i) & 63) }
func (s *langSet) remove(i int)         { s[i>>6] &^= 1 << (uint(i) & 63) }
func (s langSet) has(i int) bool        { return s[i>>6]&(1<<(uint(i)&63)) != 0 }
func (s langSet) empty() bool           { return s[0]|s[1] == 0 }
func (s langSet) and(o langSet) langSet { return langSet{s[0] & o[0], s[1] & o[1]} }

func (s langSet) count() int {
	n := 0
	for i := 0; i < numLangs; i++ {
		if s.has(i) {
			n++
		}
	}
	return n
}

// each calls f for every member in increasing order.
func (s langSet) each(f func(i int)) {
	for i := 0; i < numLangs; i++ {
		if s.has(i) {
			f(i)
		}
	}
}

// scriptLangs returns the set of languages written in sc.
func scriptLangs(sc script) langSet {
	var s langSet
	for i := range langs {
		for _, x := range langs[i].scripts {
			if x == sc {
				s.add(i)
			}
		}
	}
	return s
}

// Language is one supported language with its script.
type Language struct {
	Language string `json:"language"`
	Script   string `json:"script"`
}

// SupportedLanguages lists the languages Detect can return, with their
// ISO 15924 scripts: lingua's 75 languages, Latin-script Serbian, uen
// (English without case distinctions), qkp and qkr (North and South Korean,
// with Options.KoreanDialects). Japanese is listed once as Jpan.
func SupportedLanguages() []Language {
	out := make([]Language, 0, numLangs+3)
	for i := range langs {
		sc := langs[i].scripts[0]
		out = append(out, Language{Language: langs[i].code, Script: iso15924[sc]})
	}
	out = append(out,
		Language{Language: "uen", Script: "Latn"},
		Language{Language: "qkp", Script: "Hang"},
		Language{Language: "qkr", Script: "Hang"},
	)
	return out
}
