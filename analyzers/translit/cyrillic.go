package translit

// cyrBase is the Russian BGN/PCGN-style table (diacritics dropped) with
// the English spellings in common use as lower-weighted alternatives.
var cyrBase = map[rune]seg{
	'а': {o("a", 1)},
	'б': {o("b", 1)},
	'в': {o("v", 1), o("w", 0.15)},
	'г': {o("g", 1)},
	'д': {o("d", 1)},
	'е': {o("e", 1)},
	'ё': {o("yo", 1), o("e", 0.7), o("io", 0.25)},
	'ж': {o("zh", 1), o("j", 0.2)},
	'з': {o("z", 1)},
	'и': {o("i", 1)},
	'й': {o("y", 1), o("i", 0.5), o("j", 0.15)},
	'к': {o("k", 1)},
	'л': {o("l", 1)},
	'м': {o("m", 1)},
	'н': {o("n", 1)},
	'о': {o("o", 1)},
	'п': {o("p", 1)},
	'р': {o("r", 1)},
	'с': {o("s", 1)},
	'т': {o("t", 1)},
	'у': {o("u", 1), o("ou", 0.1)},
	'ф': {o("f", 1)},
	'х': {o("kh", 1), o("h", 0.6), o("ch", 0.15)},
	'ц': {o("ts", 1), o("tz", 0.2), o("c", 0.15)},
	'ч': {o("ch", 1), o("tch", 0.1)},
	'ш': {o("sh", 1), o("sch", 0.1)},
	'щ': {o("shch", 1), o("sch", 0.35), o("sh", 0.25)},
	'ъ': {o("", 1)},
	'ы': {o("y", 1), o("i", 0.4)},
	'ь': {o("", 1), o("i", 0.1)},
	'э': {o("e", 1)},
	'ю': {o("yu", 1), o("iu", 0.35), o("ju", 0.15)},
	'я': {o("ya", 1), o("ia", 0.4), o("ja", 0.15)},
	// Letters of other Cyrillic alphabets, used when lang does not say.
	'і': {o("i", 1)},
	'ї': {o("yi", 1), o("i", 0.5)},
	'є': {o("ye", 1), o("ie", 0.5)},
	'ґ': {o("g", 1)},
	'ў': {o("w", 1), o("u", 0.6)},
	'ђ': {o("dj", 1), o("d", 0.4)},
	'ј': {o("j", 1), o("y", 0.3)},
	'љ': {o("lj", 1), o("l", 0.3)},
	'њ': {o("nj", 1), o("n", 0.3)},
	'ћ': {o("c", 1), o("ch", 0.7)},
	'џ': {o("dz", 1), o("dzh", 0.5), o("j", 0.3)},
	'ѓ': {o("gj", 1), o("g", 0.4)},
	'ќ': {o("kj", 1), o("k", 0.4)},
	'ѕ': {o("dz", 1)},
	'ә': {o("a", 1), o("e", 0.5)},
	'ғ': {o("gh", 1), o("g", 0.5)},
	'қ': {o("q", 1), o("k", 0.6)},
	'ң': {o("ng", 1), o("n", 0.5)},
	'ө': {o("o", 1)},
	'ұ': {o("u", 1)},
	'ү': {o("u", 1), o("ue", 0.3)},
	'һ': {o("h", 1)},
}

// cyrLang holds per-language overrides of cyrBase.
var cyrLang = map[string]map[rune]seg{
	"ukr": {
		'г': {o("h", 1), o("g", 0.4)},
		'и': {o("y", 1), o("i", 0.5)},
		'е': {o("e", 1)},
		'х': {o("kh", 1), o("h", 0.5)},
		'й': {o("i", 1), o("y", 0.8)},
		'ю': {o("iu", 1), o("yu", 0.9)},
		'я': {o("ia", 1), o("ya", 0.9)},
	},
	"bel": {
		'г': {o("h", 1), o("g", 0.4)},
		'ы': {o("y", 1)},
		'и': {o("i", 1)},
	},
	"bul": {
		'ъ': {o("a", 1), o("u", 0.4)},
		'щ': {o("sht", 1), o("sh", 0.3)},
		'х': {o("h", 1), o("kh", 0.4)},
		'й': {o("y", 1), o("i", 0.4)},
		'ю': {o("yu", 1), o("iu", 0.3)},
		'я': {o("ya", 1), o("ia", 0.3)},
	},
	"srp": {
		'ж': {o("z", 1), o("zh", 0.6)},
		'ш': {o("s", 1), o("sh", 0.7)},
		'ч': {o("c", 1), o("ch", 0.8)},
		'ћ': {o("c", 1), o("ch", 0.6)},
		'ц': {o("c", 1), o("ts", 0.3)},
		'х': {o("h", 1)},
		'ђ': {o("dj", 1), o("d", 0.5)},
		'џ': {o("dz", 1), o("dzh", 0.3)},
		'ј': {o("j", 1)},
	},
	"mkd": {
		'ж': {o("zh", 1), o("z", 0.5)},
		'ш': {o("sh", 1), o("s", 0.5)},
		'ч': {o("ch", 1), o("c", 0.5)},
		'ц': {o("c", 1), o("ts", 0.4)},
		'х': {o("h", 1)},
		'ј': {o("j", 1)},
	},
}

func isCyrVowel(r rune) bool {
	switch r {
	case 'а', 'е', 'ё', 'и', 'о', 'у', 'ы', 'э', 'ю', 'я', 'і', 'ї', 'є':
		return true
	}
	return false
}

// cyrillicSegs builds the option lattice for a Cyrillic token.
func cyrillicSegs(rs []rune, lang string) []seg {
	over := cyrLang[lang]
	segs := make([]seg, 0, len(rs))
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		var prev, next rune
		if i > 0 {
			prev = rs[i-1]
		}
		if i+1 < len(rs) {
			next = rs[i+1]
		}
		final := i+1 == len(rs)
		// Digraphs with conventional English spellings.
		switch {
		case r == 'к' && next == 'с':
			segs = append(segs, seg{o("ks", 1), o("x", 0.6)})
			i++
			continue
		case (r == 'и' || r == 'ы') && next == 'й' && i+2 == len(rs) && lang != "ukr":
			if r == 'и' {
				segs = append(segs, seg{o("iy", 1), o("y", 0.9), o("ii", 0.5), o("i", 0.45), o("ij", 0.2)})
			} else {
				segs = append(segs, seg{o("yy", 1), o("y", 0.9), o("iy", 0.4)})
			}
			i++
			continue
		case r == 'д' && next == 'р' && i+2 == len(rs) && i > 0 && !isCyrVowel(prev):
			// Александр → aleksandr, alexander.
			segs = append(segs, seg{o("dr", 1), o("der", 0.6)})
			i++
			continue
		case r == 'ь' && (next == 'е' || next == 'ё' || next == 'ю' || next == 'я' || next == 'и'):
			segs = append(segs, seg{o("", 1), o("i", 0.2)})
			continue
		}
		if r == 'е' && lang != "ukr" && lang != "bul" && lang != "srp" && lang != "mkd" &&
			(i == 0 || isCyrVowel(prev) || prev == 'ь' || prev == 'ъ') {
			segs = append(segs, seg{o("ye", 1), o("e", 0.8)})
			continue
		}
		if r == 'є' && i > 0 && !isCyrVowel(prev) {
			segs = append(segs, seg{o("ie", 1), o("ye", 0.7)})
			continue
		}
		if over != nil {
			if sg, ok := over[r]; ok {
				segs = append(segs, sg)
				continue
			}
		}
		if sg, ok := cyrBase[r]; ok {
			if final && r == 'й' {
				sg = seg{o("y", 1), o("i", 0.6)}
			}
			segs = append(segs, sg)
			continue
		}
		if sg := passThrough(r); sg != nil {
			segs = append(segs, sg)
		}
	}
	return segs
}
