package translit

// thaiCons gives the RTGS initial and final values of each consonant
// ("-" = cannot close a syllable; its initial value is used).
var thaiCons = map[rune][2]string{
	'ก': {"k", "k"}, 'ข': {"kh", "k"}, 'ฃ': {"kh", "k"}, 'ค': {"kh", "k"}, 'ฅ': {"kh", "k"},
	'ฆ': {"kh", "k"}, 'ง': {"ng", "ng"}, 'จ': {"ch", "t"}, 'ฉ': {"ch", "t"}, 'ช': {"ch", "t"},
	'ซ': {"s", "t"}, 'ฌ': {"ch", "t"}, 'ญ': {"y", "n"}, 'ฎ': {"d", "t"}, 'ฏ': {"t", "t"},
	'ฐ': {"th", "t"}, 'ฑ': {"th", "t"}, 'ฒ': {"th", "t"}, 'ณ': {"n", "n"}, 'ด': {"d", "t"},
	'ต': {"t", "t"}, 'ถ': {"th", "t"}, 'ท': {"th", "t"}, 'ธ': {"th", "t"}, 'น': {"n", "n"},
	'บ': {"b", "p"}, 'ป': {"p", "p"}, 'ผ': {"ph", "p"}, 'ฝ': {"f", "p"}, 'พ': {"ph", "p"},
	'ฟ': {"f", "p"}, 'ภ': {"ph", "p"}, 'ม': {"m", "m"}, 'ย': {"y", "i"}, 'ร': {"r", "n"},
	'ล': {"l", "n"}, 'ว': {"w", "o"}, 'ศ': {"s", "t"}, 'ษ': {"s", "t"}, 'ส': {"s", "t"},
	'ห': {"h", "-"}, 'ฬ': {"l", "n"}, 'อ': {"", "-"}, 'ฮ': {"h", "-"},
	'ฤ': {"rue", "-"}, 'ฦ': {"lue", "-"},
}

func thaiIsCons(r rune) bool { _, ok := thaiCons[r]; return ok && r != 'ฤ' && r != 'ฦ' }
func thaiIsPre(r rune) bool  { return r >= 'เ' && r <= 'ไ' }
func thaiIsTone(r rune) bool { return r >= '\u0E48' && r <= '\u0E4B' }
func thaiIsMark(r rune) bool { // vowel signs written after/above/below the consonant
	return (r >= '\u0E30' && r <= '\u0E39') || r == '\u0E47' || r == '\u0E4D'
}

// thaiInitialOpts gives the initial value with the spellings Thai people
// commonly use for their names as alternatives.
func thaiInitialOpts(v string) seg {
	switch v {
	case "ph":
		return seg{o("ph", 1), o("p", 0.4)}
	case "th":
		return seg{o("th", 1), o("t", 0.4)}
	case "kh":
		return seg{o("kh", 1), o("k", 0.4)}
	case "ch":
		return seg{o("ch", 1), o("j", 0.2)}
	}
	return seg{o(v, 1)}
}

// thaiSegs romanizes Thai with the Royal Thai General System (RTGS),
// parsing syllables as [pre-vowel] C [cluster] [vowel marks] [final].
func thaiSegs(rs []rune) []seg {
	var segs []seg
	at := func(i int) rune {
		if i >= 0 && i < len(rs) {
			return rs[i]
		}
		return 0
	}
	// startsSyllable reports whether the consonant at j begins a syllable.
	startsSyllable := func(j int) bool {
		n := at(j + 1)
		return thaiIsMark(n) || thaiIsTone(n) || (n == 'อ' && !thaiIsMark(at(j+2))) || (n == 'ว' && thaiIsCons(at(j+2)) && !thaiIsMark(at(j+3)))
	}
	i := 0
	for i < len(rs) {
		r := rs[i]
		if r == '\u0E4C' || thaiIsTone(r) || r == 'ๆ' || r == 'ฯ' {
			i++
			continue
		}
		if thaiIsCons(r) && at(i+1) == '\u0E4C' { // silenced by thanthakhat
			i += 2
			continue
		}
		if r == 'ฤ' || r == 'ฦ' {
			segs = append(segs, seg{o(thaiCons[r][0], 1), o(thaiCons[r][0][:2], 0.5)})
			i++
			continue
		}
		var pre rune
		if thaiIsPre(r) {
			pre = r
			i++
			r = at(i)
		}
		if !thaiIsCons(r) {
			if sg := passThrough(r); sg != nil {
				segs = append(segs, sg)
			}
			i++
			continue
		}
		// Initial consonant, silent ห/อ leaders and clusters.
		init := thaiCons[r][0]
		i++
		n := at(i)
		if (r == 'ห' || r == 'อ') && thaiIsCons(n) && n != 'อ' && n != 'ห' && (pre != 0 || startsSyllable(i)) {
			init = thaiCons[n][0]
			i++
		} else if (n == 'ร' || n == 'ล' || n == 'ว') && thaiIsCons(n) && (pre != 0 || thaiIsMark(at(i+1)) || thaiIsTone(at(i+1))) &&
			(r == 'ก' || r == 'ข' || r == 'ค' || r == 'ต' || r == 'ป' || r == 'ผ' || r == 'พ' || r == 'บ' || r == 'ด' || r == 'ท') {
			init += thaiCons[n][0]
			i++
		}
		segs = append(segs, thaiInitialOpts(init))
		// Vowel.
		for thaiIsTone(at(i)) {
			i++
		}
		vowel, open := "", false
		m := at(i)
		switch pre {
		case 'เ':
			switch {
			case m == 'า' && at(i+1) == 'ะ':
				vowel, open = "o", true
				i += 2
			case m == 'า':
				vowel, open = "ao", true
				i++
			case m == 'ี' && at(i+1) == 'ย':
				vowel = "ia"
				i += 2
			case m == 'ื' && at(i+1) == 'อ':
				vowel = "uea"
				i += 2
			case m == 'อ':
				vowel = "oe"
				i++
			case m == 'ะ':
				vowel, open = "e", true
				i++
			case m == 'ิ':
				vowel = "oe"
				i++
			case m == '็':
				vowel = "e"
				i++
			default:
				vowel = "e"
			}
		case 'แ':
			vowel = "ae"
			if m == 'ะ' || m == '็' {
				i++
			}
		case 'โ':
			vowel = "o"
			if m == 'ะ' {
				i++
			}
		case 'ใ', 'ไ':
			vowel, open = "ai", true
		default:
			switch m {
			case 'ะ', 'า':
				vowel = "a"
				open = m == 'ะ'
				i++
			case 'ั':
				vowel = "a"
				i++
				if at(i) == 'ว' {
					vowel = "ua"
					i++
				}
			case 'ำ':
				vowel, open = "am", true
				i++
			case 'ิ', 'ี':
				vowel = "i"
				i++
			case 'ึ', 'ื':
				vowel = "ue"
				i++
				if at(i) == 'อ' {
					i++
				}
			case 'ุ', 'ู':
				vowel = "u"
				i++
			case '็':
				i++
			}
		}
		for thaiIsTone(at(i)) || thaiIsMark(at(i)) {
			i++
		}
		implicit := false
		if vowel == "" {
			switch {
			case at(i) == 'อ' && !thaiIsMark(at(i+1)):
				vowel = "o"
				i++
			case at(i) == 'ว' && thaiIsCons(at(i+1)) && !startsSyllable(i):
				vowel = "ua"
				i++
			case at(i) == 'ร' && at(i+1) == 'ร':
				vowel = "an"
				i += 2
				if thaiIsCons(at(i)) && !startsSyllable(i) {
					vowel = "a"
				}
			default:
				implicit = true
			}
		}
		// Final consonant.
		final := ""
		if !open && thaiIsCons(at(i)) && at(i+1) != '\u0E4C' && !startsSyllable(i) && thaiCons[at(i)][1] != "-" {
			final = thaiCons[at(i)][1]
			i++
			for at(i) == '\u0E4C' || thaiIsTone(at(i)) {
				i++
			}
			if at(i) == 'ร' && i+1 == len(rs) { // silent final ร of a cluster (วัตร = wat)
				i++
			}
		} else if thaiIsCons(at(i)) && at(i+1) == '\u0E4C' {
			i += 2 // silent consonant
		}
		switch {
		case implicit && final != "":
			segs = append(segs, seg{o("o", 1), o("a", 0.5)})
		case implicit:
			segs = append(segs, seg{o("a", 1), o("o", 0.3), o("", 0.2)})
		default:
			segs = append(segs, seg{o(vowel, 1)})
		}
		if final != "" {
			segs = append(segs, seg{o(final, 1)})
		}
	}
	return segs
}
