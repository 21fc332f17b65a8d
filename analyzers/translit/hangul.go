package translit

// Revised Romanization (RR) and McCune–Reischauer (MR, breves and
// apostrophes dropped) values of the Hangul jamo, by index in the
// precomposed-syllable decomposition.
var (
	hangulInitRR = [19]string{"g", "kk", "n", "d", "tt", "r", "m", "b", "pp", "s", "ss", "", "j", "jj", "ch", "k", "t", "p", "h"}
	hangulInitMR = [19]string{"k", "kk", "n", "t", "tt", "r", "m", "p", "pp", "s", "ss", "", "ch", "tch", "ch", "k", "t", "p", "h"}
	hangulMedRR  = [21]string{"a", "ae", "ya", "yae", "eo", "e", "yeo", "ye", "o", "wa", "wae", "oe", "yo", "u", "wo", "we", "wi", "yu", "eu", "ui", "i"}
	hangulMedMR  = [21]string{"a", "ae", "ya", "yae", "o", "e", "yo", "ye", "o", "wa", "wae", "oe", "yo", "u", "wo", "we", "wi", "yu", "u", "ui", "i"}
	hangulFinRR  = [28]string{"", "k", "k", "k", "n", "n", "n", "t", "l", "k", "m", "l", "l", "l", "p", "l", "m", "p", "p", "t", "t", "ng", "t", "t", "k", "t", "p", "t"}
)

// hangulMedPopular gives the spellings of vowels seen in names written by
// Koreans themselves (Sung, Jung, Hyun, Young, Joon, Soo, Hee).
var hangulMedPopular = [21][]opt{
	4:  {o("u", 0.6)},                   // eo: sung, jung
	6:  {o("yu", 0.45), o("you", 0.35)}, // yeo: hyun, young
	13: {o("oo", 0.5)},                  // u: joon, soo
	18: {o("u", 0.25)},                  // eu
	19: {o("ee", 0.4), o("i", 0.3)},     // ui: hee
	20: {o("ee", 0.2)},                  // i
}

// hangulSyllableOpts returns the renderings of one precomposed syllable
// at position pos (0 = word-initial) after a syllable whose final index was
// prevFin (-1 = none).
func hangulSyllableOpts(r rune, pos, prevFin int) seg {
	s := int(r - 0xAC00)
	ini, med, fin := s/(21*28), (s%(21*28))/28, s%28
	// Initial options: RR, MR (voiced between sounds) and the popular ones.
	var inits []opt
	rr := hangulInitRR[ini]
	mr := hangulInitMR[ini]
	if pos > 0 && (prevFin == 0 || prevFin == 4 || prevFin == 8 || prevFin == 16 || prevFin == 21) {
		// MR voices k, t, p, ch after a vowel or a sonorant.
		switch mr {
		case "k":
			mr = "g"
		case "t":
			mr = "d"
		case "p":
			mr = "b"
		case "ch":
			if ini == 12 {
				mr = "j"
			}
		}
	}
	inits = append(inits, o(rr, 1))
	if mr != rr {
		inits = append(inits, o(mr, 0.7))
	}
	switch {
	case ini == 5 && pos == 0: // ㄹ word-initially: r, l, or silent (이 = yi/i)
		inits = append(inits, o("l", 0.6), o("", 0.4))
	case ini == 5:
		inits = append(inits, o("l", 0.5))
	case ini == 9 && (med == 20 || med == 2 || med == 6 || med == 12 || med == 17): // ㅅ before i/y: sh
		inits = append(inits, o("sh", 0.5))
	}
	meds := []opt{o(hangulMedRR[med], 1)}
	if m := hangulMedMR[med]; m != hangulMedRR[med] {
		meds = append(meds, o(m, 0.6))
	}
	meds = append(meds, hangulMedPopular[med]...)
	if ini == 11 && med == 13 {
		meds = append(meds, o("woo", 0.4)) // 우 without initial: Woo, Tae-woo, Min-woo
	}
	fins := []opt{o(hangulFinRR[fin], 1)}
	if fin == 8 && pos > 0 {
		fins = append(fins, o("r", 0.3))
	}
	var out seg
	for _, a := range inits {
		for _, b := range meds {
			for _, c := range fins {
				txt := a.s + b.s + c.s
				if a.s == "" && b.s == "i" && pos == 0 && ini == 5 {
					continue
				}
				w := a.w + b.w + c.w
				dup := false
				for k := range out {
					if out[k].s == txt {
						dup = true
						if w > out[k].w {
							out[k].w = w
						}
					}
				}
				if !dup {
					out = append(out, opt{txt, w})
				}
			}
		}
	}
	return out
}

// hangulSegs romanizes Hangul syllable by syllable (names are written
// without the sound-change rules applied across syllables).
func hangulSegs(rs []rune) []seg {
	segs := make([]seg, 0, len(rs))
	prevFin, pos := -1, 0
	for _, r := range rs {
		if r >= 0xAC00 && r <= 0xD7A3 {
			segs = append(segs, hangulSyllableOpts(r, pos, prevFin))
			prevFin = int(r-0xAC00) % 28
			pos++
			continue
		}
		if sg := passThrough(r); sg != nil {
			segs = append(segs, sg)
		}
	}
	return segs
}

// koreanSurnames lists the usual spellings of common Korean surnames, most
// frequent first (Statistics Korea surname romanization survey order).
var koreanSurnames = map[string][]string{
	"김": {"kim", "gim"}, "이": {"lee", "yi", "rhee", "i", "ri"}, "박": {"park", "pak", "bak"},
	"최": {"choi", "choe"}, "정": {"jung", "jeong", "chung", "cheong"}, "강": {"kang", "gang"},
	"조": {"cho", "jo", "joe"}, "윤": {"yoon", "yun"}, "장": {"jang", "chang"},
	"임": {"lim", "im", "rim"}, "한": {"han"}, "오": {"oh", "o"}, "서": {"seo", "suh", "so"},
	"신": {"shin", "sin"}, "권": {"kwon", "gwon"}, "황": {"hwang"}, "안": {"ahn", "an"},
	"송": {"song"}, "류": {"ryu", "yoo", "yu", "ryoo", "lyu"}, "유": {"yoo", "yu"},
	"홍": {"hong"}, "전": {"jeon", "jun", "chun", "chon"}, "고": {"ko", "go", "koh"},
	"문": {"moon", "mun"}, "양": {"yang"}, "손": {"son", "sohn"}, "배": {"bae", "pae"},
	"백": {"baek", "paik", "baik", "paek"}, "허": {"heo", "huh", "hur"}, "노": {"noh", "no", "roh"},
	"남": {"nam"}, "심": {"shim", "sim"}, "하": {"ha"}, "곽": {"kwak", "gwak"},
	"성": {"sung", "seong"}, "차": {"cha"}, "주": {"joo", "ju", "chu"}, "우": {"woo", "u"},
	"구": {"koo", "gu", "ku"}, "나": {"na", "ra"}, "민": {"min"}, "진": {"jin", "chin"},
	"지": {"ji", "chi"}, "엄": {"eom", "um", "uhm"}, "채": {"chae"}, "원": {"won"},
	"천": {"cheon", "chun"}, "방": {"bang", "pang"}, "공": {"kong", "gong"},
	"현": {"hyun", "hyeon"}, "함": {"ham"}, "변": {"byun", "byeon", "pyun"},
	"염": {"yeom", "yum"}, "여": {"yeo", "yuh"}, "추": {"choo", "chu"}, "도": {"do", "doh"},
	"소": {"so"}, "석": {"seok", "suk"}, "선": {"sun", "seon"}, "설": {"seol", "sul"},
	"마": {"ma"}, "길": {"gil", "kil"}, "연": {"yeon", "yun"}, "위": {"wi", "wee"},
	"표": {"pyo"}, "명": {"myung", "myeong"}, "기": {"ki", "gi"}, "반": {"ban", "pan"},
	"왕": {"wang"}, "금": {"geum", "keum"}, "옥": {"ok"}, "육": {"yook", "yuk"},
	"인": {"in"}, "맹": {"maeng"}, "제": {"je", "jae"}, "모": {"mo"}, "탁": {"tak"},
	"국": {"kook", "guk"}, "어": {"eo", "uh"}, "은": {"eun"}, "편": {"pyun", "pyeon"},
	"용": {"yong"}, "예": {"ye", "yeh"}, "경": {"kyung", "gyeong"}, "봉": {"bong"},
	"황보": {"hwangbo"}, "남궁": {"namgung", "namkung"}, "제갈": {"jegal"},
	"선우": {"sunwoo", "seonu"}, "독고": {"dokgo"}, "사공": {"sagong"},
}

// koreanSurname returns the conventional spellings of a token that is a
// common surname, followed by the scheme variants; nil otherwise.
func koreanSurname(rs []rune, k int) []Variant {
	names, ok := koreanSurnames[string(rs)]
	if !ok {
		return nil
	}
	out := make([]Variant, 0, k+len(names))
	w := 1.0
	for _, n := range names {
		out = append(out, Variant{n, w})
		w *= 0.75
	}
	for _, v := range kbest(hangulSegs(rs), k) {
		dup := false
		for _, x := range out {
			if x.Text == v.Text {
				dup = true
			}
		}
		if !dup {
			out = append(out, Variant{v.Text, v.Weight * w})
		}
	}
	return normalize(out, k)
}
