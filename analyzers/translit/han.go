package translit

import (
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/ikawaha/kagome-dict/ipa"
	"github.com/ikawaha/kagome/v2/tokenizer"
	"github.com/mozillazg/go-pinyin"

	"github.com/nomenhq/nomen/analyzers/script"
)

// pinyinArgs asks go-pinyin for every reading, without tones.
var pinyinArgs = func() pinyin.Args {
	a := pinyin.NewArgs()
	a.Style = pinyin.Normal
	a.Heteronym = true
	return a
}()

// pinyinCache memoizes go-pinyin per rune (its tone stripping uses
// regular expressions); at most one entry per Han code point.
var pinyinCache sync.Map // rune → []string

// readings returns the toneless pinyin readings of r, most common first.
func readings(r rune) []string {
	if v, ok := pinyinCache.Load(r); ok {
		return v.([]string)
	}
	rd := pinyin.SinglePinyin(r, pinyinArgs)
	pinyinCache.Store(r, rd)
	return rd
}

// chineseSurnames gives the common non-pinyin spellings (Wade–Giles,
// Cantonese, Hokkien, Korean-style) of frequent one-character surnames,
// used for single-character tokens.
var chineseSurnames = map[rune][]string{
	'李': {"li", "lee"}, '王': {"wang", "wong"}, '张': {"zhang", "chang", "cheung"},
	'張': {"zhang", "chang", "cheung"}, '陈': {"chen", "chan", "tan"}, '陳': {"chen", "chan", "tan"},
	'黄': {"huang", "wong", "ng"}, '黃': {"huang", "wong", "ng"}, '林': {"lin", "lam", "lim"},
	'吴': {"wu", "ng", "goh"}, '吳': {"wu", "ng", "goh"}, '刘': {"liu", "lau", "lao"},
	'劉': {"liu", "lau", "lao"}, '杨': {"yang", "yeung", "yeo"}, '楊': {"yang", "yeung", "yeo"},
	'赵': {"zhao", "chao", "chiu"}, '趙': {"zhao", "chao", "chiu"}, '周': {"zhou", "chou", "chow"},
	'徐': {"xu", "hsu", "tsui"}, '孙': {"sun", "suen"}, '孫': {"sun", "suen"}, '马': {"ma", "mah"},
	'馬': {"ma", "mah"}, '朱': {"zhu", "chu", "choo"}, '胡': {"hu", "wu"}, '郭': {"guo", "kuo", "kwok"},
	'何': {"he", "ho"}, '高': {"gao", "kao", "ko"}, '罗': {"luo", "lo", "law"}, '羅': {"luo", "lo", "law"},
	'郑': {"zheng", "cheng", "chang"}, '鄭': {"zheng", "cheng", "chang"}, '梁': {"liang", "leung", "leong"},
	'谢': {"xie", "hsieh", "tse"}, '謝': {"xie", "hsieh", "tse"}, '宋': {"song", "sung"},
	'唐': {"tang", "tong"}, '许': {"xu", "hsu", "hui"}, '許': {"xu", "hsu", "hui"},
	'邓': {"deng", "teng", "tang"}, '鄧': {"deng", "teng", "tang"}, '曾': {"zeng", "tseng", "tsang"},
	'蔡': {"cai", "tsai", "choi"}, '叶': {"ye", "yeh", "yip"}, '葉': {"ye", "yeh", "yip"},
	'萧': {"xiao", "hsiao", "siu"}, '蕭': {"xiao", "hsiao", "siu"}, '潘': {"pan", "poon"},
	'袁': {"yuan", "yuen"}, '苏': {"su", "soo"}, '蘇': {"su", "soo"}, '卢': {"lu", "lo"},
	'盧': {"lu", "lo"}, '江': {"jiang", "chiang", "kong"}, '蒋': {"jiang", "chiang"},
	'蔣': {"jiang", "chiang"}, '韩': {"han", "hon"}, '韓': {"han", "hon"}, '钟': {"zhong", "chung"},
	'鍾': {"zhong", "chung"}, '毛': {"mao"}, '邱': {"qiu", "chiu", "yau"}, '余': {"yu", "yee"},
}

// wadeGiles converts a toneless pinyin syllable to Wade–Giles without
// apostrophes or umlauts (zhou → chou, xiao → hsiao, zi → tzu, guo → kuo).
func wadeGiles(p string) string {
	switch p {
	case "zi", "ci":
		return "tzu"
	case "si":
		return "ssu"
	case "zhi", "chi":
		return "chih"
	case "shi":
		return "shih"
	case "ri":
		return "jih"
	case "er":
		return "erh"
	case "yi":
		return "i"
	case "you":
		return "yu"
	case "ye":
		return "yeh"
	case "yan":
		return "yen"
	case "yong":
		return "yung"
	case "yue":
		return "yueh"
	}
	ini, fin := "", p
	for _, c := range []string{"zh", "ch", "sh", "b", "p", "m", "f", "d", "t", "n", "l", "g", "k", "h", "j", "q", "x", "r", "z", "c", "s", "y", "w"} {
		if strings.HasPrefix(p, c) {
			ini, fin = c, p[len(c):]
			break
		}
	}
	wgIni := map[string]string{
		"b": "p", "d": "t", "g": "k", "j": "ch", "q": "ch", "x": "hs", "zh": "ch",
		"r": "j", "z": "ts", "c": "ts",
	}
	if v, ok := wgIni[ini]; ok {
		ini = v
	}
	switch {
	case fin == "ong":
		fin = "ung"
	case fin == "iong":
		fin = "iung"
	case strings.HasSuffix(fin, "ian"):
		fin = strings.TrimSuffix(fin, "ian") + "ien"
	case fin == "ie" || fin == "ue":
		fin += "h"
	case fin == "e" && (ini == "k" || ini == "h"):
		fin = "o"
	case fin == "uo" && ini != "k" && ini != "h" && ini != "sh" && ini != "ch" && ini != "j":
		fin = "o"
	case fin == "ui" && ini == "k":
		fin = "uei"
	}
	return ini + fin
}

// hanVariants romanizes a Han (or Han-mixed) token: Japanese readings
// through kagome for jpn/Jpan tokens, Mandarin pinyin otherwise.
func hanVariants(rs []rune, scr, lang string, k int) []Variant {
	if scr == "Jpan" || lang == "jpn" {
		if segs := japaneseSegs(string(rs)); len(segs) > 0 {
			return kbest(segs, k)
		}
	}
	var py, wg []seg
	for _, r := range rs {
		switch script.Of(r) {
		case "Hani":
			rd := readings(r)
			if len(rd) == 0 {
				continue
			}
			var a, b seg
			for i, p := range rd {
				if i == 4 {
					break
				}
				w := 1.0
				if i > 0 {
					w = 0.3
				}
				a = appendOpt(a, o(p, w))
				b = appendOpt(b, o(wadeGiles(p), w))
			}
			py, wg = append(py, a), append(wg, b)
		case "Hira", "Kana":
			for _, sg := range kanaSegs([]rune{r}) {
				py, wg = append(py, sg), append(wg, sg)
			}
		case "Hang":
			for _, sg := range hangulSegs([]rune{r}) {
				py, wg = append(py, sg), append(wg, sg)
			}
		default:
			if sg := passThrough(r); sg != nil {
				py, wg = append(py, sg), append(wg, sg)
			}
		}
	}
	var out []Variant
	if len(rs) == 1 {
		if names, ok := chineseSurnames[rs[0]]; ok {
			w := 1.0
			for _, n := range names {
				out = append(out, Variant{n, w})
				w *= 0.7
			}
		}
	}
	add := func(vs []Variant, f float64) {
		for _, v := range vs {
			dup := false
			for i := range out {
				if out[i].Text == v.Text {
					dup = true
					break
				}
			}
			if !dup {
				out = append(out, Variant{v.Text, v.Weight * f})
			}
		}
	}
	add(kbest(py, k), 1)
	add(kbest(wg, k), 0.5)
	return normalize(out, k)
}

// appendOpt adds op to sg unless its text is already there.
func appendOpt(sg seg, op opt) seg {
	for _, x := range sg {
		if x.s == op.s {
			return sg
		}
	}
	return append(sg, op)
}

// kagome's IPA dictionary costs ~140 MB and ~1.3 s to load: it is loaded
// once, on the first Japanese kanji token.
var (
	kagomeOnce sync.Once
	kagomeTok  *tokenizer.Tokenizer
)

func japaneseTokenizer() *tokenizer.Tokenizer {
	kagomeOnce.Do(func() {
		t, err := tokenizer.New(ipa.Dict(), tokenizer.OmitBosEos())
		if err == nil {
			kagomeTok = t
		}
	})
	return kagomeTok
}

// japaneseSegs reads a Japanese token with kagome and romanizes the
// katakana reading with Hepburn. Kanji without a dictionary reading get
// their Mandarin reading as a last resort. It returns nil when the
// tokenizer cannot be loaded.
func japaneseSegs(s string) []seg {
	t := japaneseTokenizer()
	if t == nil {
		return nil
	}
	var reading []rune
	var segs []seg
	flush := func() {
		if len(reading) > 0 {
			segs = append(segs, kanaSegs(reading)...)
			reading = reading[:0]
		}
	}
	for _, tok := range t.Tokenize(s) {
		if rd, ok := tok.Reading(); ok && rd != "*" && rd != "" {
			reading = append(reading, []rune(rd)...)
			continue
		}
		for _, r := range tok.Surface {
			switch script.Of(r) {
			case "Hira", "Kana":
				reading = append(reading, r)
			case "Hani":
				flush()
				if rd := readings(r); len(rd) > 0 {
					segs = append(segs, seg{o(rd[0], 1)})
				}
			default:
				flush()
				if sg := passThrough(r); sg != nil {
					segs = append(segs, sg)
				}
			}
		}
	}
	flush()
	return segs
}

// dictFamilyPrefix returns the longest word of kagome's IPA dictionary tagged as a family name
// (名詞,固有名詞,人名,姓) that s starts with and that leaves at least one character, with its
// reading, or else the longest place name (名詞,固有名詞,地域) of two characters or more, as many
// family names are (稲盛 is only a place there); "" when there is none.
func dictFamilyPrefix(s string) (family, reading string) {
	d := ipa.Dict()
	var best [2]int // longest family name, longest place name
	var found [2][2]string
	d.Index.CommonPrefixSearchCallback(s, func(id, n int) {
		if n >= len(s) || id >= len(d.POSTable.POSs) || id >= len(d.Contents) {
			return
		}
		pos := d.POSTable.POSs[id]
		if len(pos) < 4 || d.POSTable.NameList[pos[1]] != "固有名詞" {
			return
		}
		k := -1
		switch {
		case d.POSTable.NameList[pos[2]] == "人名" && d.POSTable.NameList[pos[3]] == "姓":
			k = 0
		case d.POSTable.NameList[pos[2]] == "地域" && utf8.RuneCountInString(s[:n]) >= 2:
			k = 1
		}
		if c := d.Contents[id]; k >= 0 && n > best[k] && len(c) > 3 && c[3] != "*" {
			best[k], found[k] = n, [2]string{s[:n], c[3]}
		}
	})
	if best[0] > 0 {
		return found[0][0], found[0][1]
	}
	return found[1][0], found[1][1]
}

// JapaneseFamilySplit splits a Japanese personal name written without a space into family
// and given name when kagome's dictionary reads its first word as a family name (人名,姓) and
// more Han or kana follow: 田中宏 → 田中 + 宏, 山本五十六 → 山本 + 五十六. For each part it also
// returns up to k Latin spellings: first the reading the dictionary gave in the whole name
// (五十六 is Isoroku there, not the number gojūroku), then the part's own readings. ok is
// false otherwise (and when the dictionary cannot be loaded).
func JapaneseFamilySplit(s string, k int) (parts [2]string, latin [2][]Variant, ok bool) {
	return japaneseFamilySplit(s, k, false)
}

// JapaneseFamilySplitLoose is JapaneseFamilySplit that, when the dictionary's best analysis
// does not start with a family name, also splits after the longest family name the dictionary
// lists that the name starts with, or else after the longest place name of two characters or
// more (稲盛和夫 → 稲盛 + 和夫: 稲盛 is only a place there, as many family names are). It
// splits single family names too (三木谷 → 三木 + 谷), so callers should also weigh the name
// unsplit, as the name matcher does.
func JapaneseFamilySplitLoose(s string, k int) (parts [2]string, latin [2][]Variant, ok bool) {
	return japaneseFamilySplit(s, k, true)
}

func japaneseFamilySplit(s string, k int, loose bool) (parts [2]string, latin [2][]Variant, ok bool) {
	t := japaneseTokenizer()
	if t == nil {
		return parts, latin, false
	}
	toks := t.Tokenize(s)
	if len(toks) < 2 {
		return parts, latin, false
	}
	f := toks[0].Features()
	family, familyReading := toks[0].Surface, ""
	if len(f) < 4 || f[2] != "人名" || f[3] != "姓" {
		if !loose {
			return parts, latin, false
		}
		// The best analysis does not start with a family name (稲盛和夫 is read 稲 + 盛和 +
		// 夫): take the longest dictionary family name the name starts with.
		family, familyReading = dictFamilyPrefix(s)
		if family == "" {
			return parts, latin, false
		}
		toks = append(t.Tokenize(family), t.Tokenize(s[len(family):])...)
	}
	given := strings.TrimPrefix(s, family)
	if given == "" || len(family) != len(s)-len(given) {
		return parts, latin, false
	}
	for _, r := range given {
		switch script.Of(r) {
		case "Hani", "Hira", "Kana":
		default:
			return parts, latin, false
		}
	}
	var readings [2][]rune
	pos := 0
	for _, tk := range toks {
		rd, ok := tk.Reading()
		if !ok || rd == "*" || rd == "" {
			rd = tk.Surface
		}
		j := 0
		if pos >= len(family) {
			j = 1
		}
		pos += len(tk.Surface)
		readings[j] = append(readings[j], []rune(rd)...)
	}
	if familyReading != "" {
		readings[0] = []rune(familyReading)
	}
	parts = [2]string{family, given}
	for i := range parts {
		var vs []Variant
		if script.Detect(string(readings[i])) == "Kana" {
			vs = kbest(kanaSegs(readings[i]), 1)
		}
		for _, v := range ToLatin(parts[i], "Hani", "jpn", k) {
			if len(vs) >= k {
				break
			}
			dup := false
			for _, w := range vs {
				dup = dup || w.Text == v.Text
			}
			if !dup {
				vs = append(vs, Variant{v.Text, v.Weight / 2})
			}
		}
		latin[i] = vs
	}
	return parts, latin, true
}
