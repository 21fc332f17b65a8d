package translit

// greekStrip maps accented Greek vowels to their plain letter. Letters with
// a diaeresis map to 'ϊ'/'ϋ' so that they do not form digraphs.
var greekStrip = map[rune]rune{
	'ά': 'α', 'έ': 'ε', 'ή': 'η', 'ί': 'ι', 'ό': 'ο', 'ύ': 'υ', 'ώ': 'ω',
	'ΐ': 'ϊ', 'ΰ': 'ϋ', 'ς': 'σ',
}

var greekSingle = map[rune]seg{
	'α': {o("a", 1)},
	'β': {o("v", 1), o("b", 0.2)},
	'γ': {o("g", 1), o("gh", 0.1)},
	'δ': {o("d", 1), o("dh", 0.1)},
	'ε': {o("e", 1)},
	'ζ': {o("z", 1)},
	'η': {o("i", 1), o("e", 0.3)},
	'θ': {o("th", 1)},
	'ι': {o("i", 1)},
	'ϊ': {o("i", 1)},
	'κ': {o("k", 1), o("c", 0.1)},
	'λ': {o("l", 1)},
	'μ': {o("m", 1)},
	'ν': {o("n", 1)},
	'ξ': {o("x", 1), o("ks", 0.4)},
	'ο': {o("o", 1)},
	'π': {o("p", 1)},
	'ρ': {o("r", 1)},
	'σ': {o("s", 1)},
	'τ': {o("t", 1)},
	'υ': {o("y", 1), o("i", 0.4)},
	'ϋ': {o("y", 1), o("i", 0.4)},
	'φ': {o("f", 1), o("ph", 0.3)},
	'χ': {o("ch", 1), o("h", 0.5), o("kh", 0.2)},
	'ψ': {o("ps", 1)},
	'ω': {o("o", 1)},
}

// greekVoiceless are the letters before which αυ/ευ/ηυ read af/ef/if.
func greekVoiceless(r rune) bool {
	switch r {
	case 'θ', 'κ', 'ξ', 'π', 'σ', 'τ', 'φ', 'χ', 'ψ', 0:
		return true
	}
	return false
}

// greekSegs applies ELOT 743 (Greek to Latin, type 2 without diacritics)
// with popular alternatives.
func greekSegs(in []rune) []seg {
	rs := make([]rune, len(in))
	for i, r := range in {
		if s, ok := greekStrip[r]; ok {
			r = s
		}
		rs[i] = r
	}
	segs := make([]seg, 0, len(rs))
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		var next, next2 rune
		if i+1 < len(rs) {
			next = rs[i+1]
		}
		if i+2 < len(rs) {
			next2 = rs[i+2]
		}
		initial := i == 0
		two := func(sg seg) { segs = append(segs, sg); i++ }
		switch {
		case r == 'α' && next == 'ι':
			two(seg{o("ai", 1), o("e", 0.4)})
			continue
		case r == 'ε' && next == 'ι':
			two(seg{o("ei", 1), o("i", 0.5)})
			continue
		case r == 'ο' && next == 'ι':
			two(seg{o("oi", 1), o("i", 0.4)})
			continue
		case r == 'ο' && next == 'υ':
			two(seg{o("ou", 1), o("u", 0.5)})
			continue
		case (r == 'α' || r == 'ε' || r == 'η') && next == 'υ':
			v := map[rune]string{'α': "a", 'ε': "e", 'η': "i"}[r]
			if greekVoiceless(next2) {
				two(seg{o(v+"f", 1), o(v+"v", 0.4), o(v+"u", 0.2)})
			} else {
				two(seg{o(v+"v", 1), o(v+"f", 0.3), o(v+"u", 0.2)})
			}
			continue
		case r == 'μ' && next == 'π':
			if initial {
				two(seg{o("b", 1), o("mp", 0.3)})
			} else {
				two(seg{o("mp", 1), o("b", 0.5), o("mb", 0.3)})
			}
			continue
		case r == 'ν' && next == 'τ':
			if initial {
				two(seg{o("d", 1), o("nt", 0.3)})
			} else {
				two(seg{o("nt", 1), o("nd", 0.5), o("d", 0.3)})
			}
			continue
		case r == 'γ' && next == 'γ':
			two(seg{o("ng", 1), o("gg", 0.3)})
			continue
		case r == 'γ' && next == 'κ':
			if initial {
				two(seg{o("g", 1), o("gk", 0.3)})
			} else {
				two(seg{o("gk", 1), o("ng", 0.6), o("g", 0.3)})
			}
			continue
		case r == 'γ' && (next == 'ξ' || next == 'χ'):
			segs = append(segs, seg{o("n", 1), o("g", 0.3)})
			continue
		case r == 'τ' && next == 'σ':
			two(seg{o("ts", 1)})
			continue
		case r == 'τ' && next == 'ζ':
			two(seg{o("tz", 1), o("dz", 0.3)})
			continue
		}
		if sg, ok := greekSingle[r]; ok {
			segs = append(segs, sg)
			continue
		}
		if sg := passThrough(r); sg != nil {
			segs = append(segs, sg)
		}
	}
	return segs
}
