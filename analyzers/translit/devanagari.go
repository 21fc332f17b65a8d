package translit

var devaCons = map[rune]seg{
	'क': {o("k", 1)}, 'ख': {o("kh", 1)}, 'ग': {o("g", 1)}, 'घ': {o("gh", 1)}, 'ङ': {o("n", 1)},
	'च': {o("ch", 1), o("c", 0.3)}, 'छ': {o("chh", 1), o("ch", 0.7)}, 'ज': {o("j", 1)},
	'झ': {o("jh", 1)}, 'ञ': {o("n", 1)},
	'ट': {o("t", 1)}, 'ठ': {o("th", 1)}, 'ड': {o("d", 1)}, 'ढ': {o("dh", 1)}, 'ण': {o("n", 1)},
	'त': {o("t", 1)}, 'थ': {o("th", 1)}, 'द': {o("d", 1)}, 'ध': {o("dh", 1)}, 'न': {o("n", 1)},
	'प': {o("p", 1)}, 'फ': {o("ph", 1), o("f", 0.6)}, 'ब': {o("b", 1)}, 'भ': {o("bh", 1)},
	'म': {o("m", 1)}, 'य': {o("y", 1)}, 'र': {o("r", 1)}, 'ल': {o("l", 1)},
	'व': {o("v", 1), o("w", 0.6)}, 'श': {o("sh", 1), o("s", 0.3)}, 'ष': {o("sh", 1), o("s", 0.3)},
	'स': {o("s", 1)}, 'ह': {o("h", 1)}, 'ळ': {o("l", 1)},
	'\u0958': {o("q", 1), o("k", 0.5)}, '\u0959': {o("kh", 1)}, '\u095A': {o("gh", 1), o("g", 0.5)},
	'\u095B': {o("z", 1), o("j", 0.4)}, '\u095C': {o("r", 1), o("d", 0.4)}, '\u095D': {o("rh", 1)},
	'\u095E': {o("f", 1)}, '\u095F': {o("y", 1)},
}

// devaNukta gives the value of a consonant followed by the nukta sign.
var devaNukta = map[rune]seg{
	'क': {o("q", 1), o("k", 0.5)}, 'ख': {o("kh", 1)}, 'ग': {o("gh", 1), o("g", 0.5)},
	'ज': {o("z", 1), o("j", 0.4)}, 'ड': {o("r", 1), o("d", 0.4)}, 'ढ': {o("rh", 1)},
	'फ': {o("f", 1)},
}

var devaVowel = map[rune]seg{
	'अ': {o("a", 1)}, 'आ': {o("a", 1), o("aa", 0.4)}, 'इ': {o("i", 1)},
	'ई': {o("i", 1), o("ee", 0.4)}, 'उ': {o("u", 1)}, 'ऊ': {o("u", 1), o("oo", 0.4)},
	'ऋ': {o("ri", 1), o("ru", 0.3)}, 'ए': {o("e", 1)}, 'ऐ': {o("ai", 1), o("ei", 0.2)},
	'ओ': {o("o", 1)}, 'औ': {o("au", 1), o("ou", 0.4)}, 'ऑ': {o("o", 1)},
}

var devaMatra = map[rune]seg{
	'ा': {o("a", 1), o("aa", 0.4)}, 'ि': {o("i", 1)}, 'ी': {o("i", 1), o("ee", 0.4)},
	'ु': {o("u", 1)}, 'ू': {o("u", 1), o("oo", 0.4)}, 'ृ': {o("ri", 1), o("ru", 0.3)},
	'े': {o("e", 1)}, 'ै': {o("ai", 1), o("ei", 0.2)}, 'ो': {o("o", 1)},
	'ौ': {o("au", 1), o("ou", 0.4)}, 'ॉ': {o("o", 1)}, 'ॅ': {o("e", 1)},
}

// akshara is one Devanagari consonant or vowel with what follows it.
type akshara struct {
	cons     seg  // consonant value, nil for an independent vowel
	vowel    seg  // explicit vowel (matra or independent vowel), nil if none
	inherent bool // consonant keeps the inherent schwa (no matra, no virama)
	nasal    seg  // anusvara/chandrabindu/visarga
}

// devanagariSegs romanizes Hindi-style Devanagari with schwa deletion: the
// inherent vowel is dropped word-finally and in the V C _ C V context
// (rāmacandra → ramchandra), with the full form as a lower-weight variant.
func devanagariSegs(rs []rune) []seg {
	var as []akshara
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		var next rune
		if i+1 < len(rs) {
			next = rs[i+1]
		}
		switch {
		case devaCons[r] != nil:
			sg := devaCons[r]
			if next == '़' {
				if n, ok := devaNukta[r]; ok {
					sg = n
				}
				i++
				if i+1 < len(rs) {
					next = rs[i+1]
				} else {
					next = 0
				}
			}
			a := akshara{cons: sg, inherent: true}
			if m, ok := devaMatra[next]; ok {
				a.vowel, a.inherent = m, false
				i++
			} else if next == '्' {
				a.inherent = false
				i++
			}
			as = append(as, a)
		case devaVowel[r] != nil:
			as = append(as, akshara{vowel: devaVowel[r]})
		case r == 'ं' || r == 'ँ':
			if n := len(as); n > 0 {
				as[n-1].nasal = seg{o("n", 1), o("m", 0.4)}
			}
		case r == 'ः':
			if n := len(as); n > 0 {
				as[n-1].nasal = seg{o("h", 1), o("", 0.5)}
			}
		case r == '़' || r == '्' || r == '\u200d' || r == '\u200c':
		default:
			if sg := passThrough(r); sg != nil {
				as = append(as, akshara{vowel: sg})
			}
		}
	}
	// Schwa deletion, right to left.
	deleted := make([]bool, len(as))
	hasVowel := func(j int) bool { // akshara j is pronounced with a vowel
		return j >= 0 && j < len(as) && (as[j].vowel != nil || (as[j].inherent && !deleted[j]))
	}
	for j := len(as) - 1; j >= 0; j-- {
		if !as[j].inherent || as[j].nasal != nil {
			continue
		}
		if j == len(as)-1 {
			// Final schwa is silent unless the word is one akshara or the
			// consonant closes a cluster (mitra).
			if j > 0 && hasVowel(j-1) {
				deleted[j] = true
			}
			continue
		}
		if j >= 1 && hasVowel(j-1) && as[j+1].cons != nil && hasVowel(j+1) {
			deleted[j] = true
		}
	}
	segs := make([]seg, 0, 2*len(as))
	for j, a := range as {
		if a.cons != nil {
			segs = append(segs, a.cons)
		}
		switch {
		case a.vowel != nil:
			segs = append(segs, a.vowel)
		case a.inherent && deleted[j]:
			segs = append(segs, seg{o("", 1), o("a", 0.35)})
		case a.inherent:
			segs = append(segs, seg{o("a", 1), o("", 0.2)})
		}
		if a.nasal != nil {
			segs = append(segs, a.nasal)
		}
	}
	return segs
}
