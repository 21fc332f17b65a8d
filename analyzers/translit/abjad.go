package translit

// Abjads (Arabic, Persian, Urdu, Hebrew) do not write short vowels. The
// schemes below map letters to consonants or long vowels and insert an
// optional short vowel between two consonants, so محمد yields mahamad,
// mohamad, muhammad-like variants; the learned layer and its lookup table
// rank the conventional spellings of frequent names.

type unitKind uint8

const (
	kCons   unitKind = iota // a consonant: a short vowel may follow
	kVowel                  // a long vowel or vowel carrier
	kMarked                 // a vowel written with a diacritic
	kPrefix                 // a prefix such as al-, no vowel inserted after
)

type unit struct {
	sg   seg
	kind unitKind
}

// abjadSegs turns units into segments, inserting the short-vowel segment
// ins between two consonants.
func abjadSegs(us []unit, ins seg) []seg {
	segs := make([]seg, 0, 2*len(us))
	for i, u := range us {
		segs = append(segs, u.sg)
		if u.kind == kCons && i+1 < len(us) && us[i+1].kind == kCons {
			segs = append(segs, ins)
		}
	}
	return segs
}

var arabicCons = map[rune]seg{
	'ب': {o("b", 1)},
	'ت': {o("t", 1)},
	'ث': {o("th", 1), o("s", 0.5), o("t", 0.2)},
	'ج': {o("j", 1), o("g", 0.4), o("dj", 0.3)},
	'ح': {o("h", 1)},
	'خ': {o("kh", 1), o("h", 0.3), o("ch", 0.2)},
	'د': {o("d", 1)},
	'ذ': {o("dh", 1), o("z", 0.6), o("th", 0.3)},
	'ر': {o("r", 1)},
	'ز': {o("z", 1)},
	'س': {o("s", 1)},
	'ش': {o("sh", 1), o("ch", 0.3)},
	'ص': {o("s", 1)},
	'ض': {o("d", 1), o("dh", 0.4)},
	'ط': {o("t", 1)},
	'ظ': {o("z", 1), o("dh", 0.4)},
	'غ': {o("gh", 1), o("g", 0.4)},
	'ف': {o("f", 1)},
	'ق': {o("q", 1), o("k", 0.6), o("g", 0.3)},
	'ك': {o("k", 1)},
	'ک': {o("k", 1)},
	'ل': {o("l", 1)},
	'م': {o("m", 1)},
	'ن': {o("n", 1)},
	'ه': {o("h", 1)},
	'پ': {o("p", 1)},
	'چ': {o("ch", 1)},
	'ژ': {o("zh", 1), o("j", 0.5)},
	'گ': {o("g", 1)},
	'ڤ': {o("v", 1)},
	'ٹ': {o("t", 1)},
	'ڈ': {o("d", 1)},
	'ڑ': {o("r", 1)},
	'ں': {o("n", 1)},
	'ھ': {o("h", 1)},
	'ہ': {o("h", 1)},
}

var persianCons = map[rune]seg{
	'ث': {o("s", 1)},
	'ذ': {o("z", 1)},
	'ض': {o("z", 1)},
	'ظ': {o("z", 1)},
	'ق': {o("gh", 1), o("q", 0.6)},
	'غ': {o("gh", 1)},
	'ج': {o("j", 1)},
	'ح': {o("h", 1)},
}

var arabicHarakat = map[rune]seg{
	'\u064E': {o("a", 1)},              // fatha
	'\u0650': {o("i", 1), o("e", 0.4)}, // kasra
	'\u064F': {o("u", 1), o("o", 0.5)}, // damma
	'\u064B': {o("an", 1)},             // fathatan
	'\u064D': {o("in", 1)},             // kasratan
	'\u064C': {o("un", 1)},             // dammatan
	'\u0670': {o("a", 1)},              // superscript alef
}

// arabicSegs romanizes Arabic-script tokens; lang fas/per/urd selects the
// Persian/Urdu values.
func arabicSegs(rs []rune, lang string) []seg {
	persian := lang == "fas" || lang == "per" || lang == "urd" || lang == "pus"
	us := make([]unit, 0, len(rs)+1)
	start, end := 0, len(rs)
	var suffix *unit
	if n := len(rs); n > 4 && string(rs[n-4:]) == "الله" {
		suffix = &unit{seg{o("allah", 1), o("ullah", 0.8), o("ulla", 0.3), o("alla", 0.3)}, kPrefix}
		end = n - 4
	} else if n > 5 && string(rs[n-5:]) == "الدين" {
		suffix = &unit{seg{o("uddin", 1), o("aldin", 0.8), o("eddine", 0.6), o("eddin", 0.5), o("addin", 0.4)}, kPrefix}
		end = n - 5
	}
	if end >= 3 && string(rs[:3]) == "عبد" {
		if end > 5 && rs[3] == 'ا' && rs[4] == 'ل' {
			us = append(us, unit{seg{o("abdul", 1), o("abdel", 0.8), o("abdal", 0.6), o("abd", 0.3)}, kPrefix})
			start = 5
		} else {
			us = append(us, unit{seg{o("abd", 1), o("abdu", 0.4), o("abdo", 0.3)}, kPrefix})
			start = 3
		}
	} else if end > 3 && rs[0] == 'ا' && rs[1] == 'ل' {
		us = append(us, unit{seg{o("al", 1), o("el", 0.6), o("", 0.3)}, kPrefix})
		start = 2
	}
	for i := start; i < end; i++ {
		r := rs[i]
		first := i == 0
		last := i+1 == len(rs)
		if sg, ok := arabicHarakat[r]; ok {
			us = append(us, unit{sg, kMarked})
			continue
		}
		switch r {
		case '\u0652': // sukun: no vowel
			us = append(us, unit{seg{o("", 1)}, kMarked})
			continue
		case '\u0651': // shadda: double the last consonant, before its vowel
			for j := len(us) - 1; j >= 0 && j >= len(us)-2; j-- {
				if us[j].kind == kCons && us[j].sg[0].s != "" {
					d := unit{seg{o(us[j].sg[0].s[:1], 1), o("", 0.3)}, kMarked}
					us = append(us[:j+1], append([]unit{d}, us[j+1:]...)...)
					break
				}
			}
			continue
		case 'ا':
			if first {
				us = append(us, unit{seg{o("a", 1), o("e", 0.4), o("i", 0.3)}, kVowel})
			} else {
				us = append(us, unit{seg{o("a", 1), o("aa", 0.15)}, kVowel})
			}
			continue
		case 'أ':
			if first {
				us = append(us, unit{seg{o("a", 1), o("o", 0.3), o("u", 0.2)}, kVowel})
			} else {
				us = append(us, unit{seg{o("a", 1), o("", 0.4)}, kVowel})
			}
			continue
		case 'إ':
			us = append(us, unit{seg{o("i", 1), o("e", 0.6)}, kVowel})
			continue
		case 'آ':
			us = append(us, unit{seg{o("a", 1), o("aa", 0.3)}, kVowel})
			continue
		case 'ء':
			us = append(us, unit{seg{o("", 1), o("a", 0.2)}, kVowel})
			continue
		case 'ؤ':
			us = append(us, unit{seg{o("u", 1), o("o", 0.5), o("", 0.3)}, kVowel})
			continue
		case 'ئ':
			us = append(us, unit{seg{o("i", 1), o("", 0.5), o("e", 0.3)}, kVowel})
			continue
		case 'ع':
			if first {
				us = append(us, unit{seg{o("a", 1), o("", 0.4), o("e", 0.3), o("o", 0.2)}, kVowel})
			} else {
				us = append(us, unit{seg{o("", 1), o("a", 0.6), o("e", 0.2)}, kVowel})
			}
			continue
		case 'و':
			switch {
			case first:
				us = append(us, unit{seg{o("w", 1), o("v", 0.3)}, kCons})
			case persian:
				us = append(us, unit{seg{o("v", 1), o("o", 0.8), o("u", 0.7), o("ou", 0.3)}, kVowel})
			default:
				us = append(us, unit{seg{o("u", 1), o("o", 0.8), o("w", 0.4), o("ou", 0.3), o("oo", 0.2)}, kVowel})
			}
			continue
		case 'ي', 'ی', 'ى', 'ے':
			switch {
			case first:
				us = append(us, unit{seg{o("y", 1), o("i", 0.3)}, kCons})
			case r == 'ى':
				us = append(us, unit{seg{o("a", 1), o("y", 0.3), o("i", 0.3)}, kVowel})
			case r == 'ے':
				us = append(us, unit{seg{o("e", 1), o("ay", 0.4)}, kVowel})
			case last:
				us = append(us, unit{seg{o("i", 1), o("y", 0.5), o("ee", 0.2), o("ey", 0.2)}, kVowel})
			default:
				us = append(us, unit{seg{o("i", 1), o("y", 0.5), o("ee", 0.25), o("ei", 0.2), o("ai", 0.15)}, kVowel})
			}
			continue
		case 'ة':
			us = append(us, unit{seg{o("a", 1), o("ah", 0.6), o("e", 0.3), o("at", 0.2)}, kVowel})
			continue
		case 'ه', 'ہ':
			if last && !first {
				if persian {
					us = append(us, unit{seg{o("e", 1), o("eh", 0.6), o("a", 0.5), o("ah", 0.3)}, kVowel})
				} else {
					us = append(us, unit{seg{o("h", 1), o("a", 0.5), o("ah", 0.4), o("e", 0.3)}, kVowel})
				}
				continue
			}
		case 'ـ': // tatweel
			continue
		}
		if persian {
			if sg, ok := persianCons[r]; ok {
				us = append(us, unit{sg, kCons})
				continue
			}
		}
		if sg, ok := arabicCons[r]; ok {
			us = append(us, unit{sg, kCons})
			continue
		}
		if sg := passThrough(r); sg != nil {
			us = append(us, unit{sg, kMarked})
		}
	}
	if suffix != nil {
		us = append(us, *suffix)
	}
	ins := seg{o("a", 1), o("", 0.5), o("e", 0.35), o("i", 0.3), o("u", 0.3), o("o", 0.25)}
	if persian {
		ins = seg{o("a", 1), o("e", 0.8), o("", 0.6), o("o", 0.4), o("i", 0.2)}
	}
	return abjadSegs(us, ins)
}

var hebrewCons = map[rune]seg{
	'ב': {o("b", 1), o("v", 0.7)},
	'ג': {o("g", 1)},
	'ד': {o("d", 1)},
	'ז': {o("z", 1)},
	'ח': {o("ch", 1), o("h", 0.8), o("kh", 0.5)},
	'ט': {o("t", 1)},
	'כ': {o("k", 1), o("ch", 0.6), o("kh", 0.5)},
	'ך': {o("kh", 1), o("ch", 0.8), o("k", 0.5)},
	'ל': {o("l", 1)},
	'מ': {o("m", 1)},
	'ם': {o("m", 1)},
	'נ': {o("n", 1)},
	'ן': {o("n", 1)},
	'ס': {o("s", 1)},
	'פ': {o("p", 1), o("f", 0.7)},
	'ף': {o("f", 1), o("ph", 0.3)},
	'צ': {o("tz", 1), o("ts", 0.8), o("z", 0.4), o("c", 0.2)},
	'ץ': {o("tz", 1), o("ts", 0.8), o("z", 0.4)},
	'ק': {o("k", 1), o("q", 0.2)},
	'ר': {o("r", 1)},
	'ש': {o("sh", 1), o("s", 0.7)},
	'ת': {o("t", 1), o("th", 0.2)},
}

// hebrewGeresh gives the values of letters followed by a geresh (׳ or ').
var hebrewGeresh = map[rune]seg{
	'ג': {o("j", 1), o("g", 0.3)},
	'ז': {o("zh", 1), o("j", 0.6)},
	'צ': {o("ch", 1), o("tsh", 0.2)},
	'ץ': {o("ch", 1)},
	'ת': {o("th", 1), o("t", 0.3)},
	'ד': {o("th", 1), o("d", 0.3)},
}

var hebrewPoints = map[rune]seg{
	'\u05B0': {o("e", 1), o("", 0.8)}, // shva
	'\u05B1': {o("e", 1)},
	'\u05B2': {o("a", 1)},
	'\u05B3': {o("o", 1)},
	'\u05B4': {o("i", 1)},
	'\u05B5': {o("e", 1)},
	'\u05B6': {o("e", 1)},
	'\u05B7': {o("a", 1)},
	'\u05B8': {o("a", 1), o("o", 0.2)},
	'\u05B9': {o("o", 1)},
	'\u05BA': {o("o", 1)},
	'\u05BB': {o("u", 1)},
}

// hebrewSegs romanizes a Hebrew token (with or without niqqud).
func hebrewSegs(rs []rune) []seg {
	us := make([]unit, 0, len(rs))
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		first := len(us) == 0
		var next rune
		if i+1 < len(rs) {
			next = rs[i+1]
		}
		last := i+1 == len(rs) || (i+2 == len(rs) && (next == '׳' || next == '\''))
		if sg, ok := hebrewPoints[r]; ok {
			us = append(us, unit{sg, kMarked})
			continue
		}
		if r >= 0x0591 && r <= 0x05C7 { // other points and cantillation
			continue
		}
		if next == '׳' || next == '\'' || next == '`' {
			if sg, ok := hebrewGeresh[r]; ok {
				us = append(us, unit{sg, kCons})
				i++
				continue
			}
		}
		switch r {
		case 'א', 'ע':
			if first {
				us = append(us, unit{seg{o("a", 1), o("e", 0.6), o("", 0.4), o("i", 0.2), o("o", 0.2)}, kVowel})
			} else {
				us = append(us, unit{seg{o("a", 1), o("", 0.7), o("e", 0.4)}, kVowel})
			}
			continue
		case 'ה':
			if last && !first {
				us = append(us, unit{seg{o("a", 1), o("ah", 0.6), o("", 0.3), o("e", 0.3), o("h", 0.3)}, kVowel})
			} else {
				us = append(us, unit{seg{o("h", 1)}, kCons})
			}
			continue
		case 'ו':
			switch {
			case next == 'ו':
				us = append(us, unit{seg{o("v", 1), o("w", 0.5)}, kCons})
				i++
			case first:
				us = append(us, unit{seg{o("v", 1), o("w", 0.3)}, kCons})
			default:
				us = append(us, unit{seg{o("o", 1), o("u", 0.8), o("v", 0.6), o("av", 0.4), o("ev", 0.3), o("w", 0.2)}, kVowel})
			}
			continue
		case 'י':
			switch {
			case next == 'י':
				us = append(us, unit{seg{o("y", 1), o("ei", 0.5), o("ai", 0.4), o("yi", 0.3)}, kVowel})
				i++
			case first:
				us = append(us, unit{seg{o("y", 1), o("i", 0.3), o("j", 0.2)}, kCons})
			default:
				us = append(us, unit{seg{o("i", 1), o("y", 0.5), o("e", 0.3), o("ei", 0.25)}, kVowel})
			}
			continue
		case '׳', '״', '\'', '"', '`':
			continue
		}
		if sg, ok := hebrewCons[r]; ok {
			us = append(us, unit{sg, kCons})
			continue
		}
		if sg := passThrough(r); sg != nil {
			us = append(us, unit{sg, kMarked})
		}
	}
	ins := seg{o("a", 1), o("e", 0.9), o("", 0.6), o("i", 0.3), o("o", 0.3)}
	return abjadSegs(us, ins)
}
