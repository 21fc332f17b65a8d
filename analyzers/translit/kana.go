package translit

import "strings"

// kanaHepburn maps katakana (hiragana is converted first) to Hepburn
// without macrons; two-character entries are tried first.
var kanaHepburn = map[string]string{
	"ア": "a", "イ": "i", "ウ": "u", "エ": "e", "オ": "o",
	"カ": "ka", "キ": "ki", "ク": "ku", "ケ": "ke", "コ": "ko",
	"ガ": "ga", "ギ": "gi", "グ": "gu", "ゲ": "ge", "ゴ": "go",
	"サ": "sa", "シ": "shi", "ス": "su", "セ": "se", "ソ": "so",
	"ザ": "za", "ジ": "ji", "ズ": "zu", "ゼ": "ze", "ゾ": "zo",
	"タ": "ta", "チ": "chi", "ツ": "tsu", "テ": "te", "ト": "to",
	"ダ": "da", "ヂ": "ji", "ヅ": "zu", "デ": "de", "ド": "do",
	"ナ": "na", "ニ": "ni", "ヌ": "nu", "ネ": "ne", "ノ": "no",
	"ハ": "ha", "ヒ": "hi", "フ": "fu", "ヘ": "he", "ホ": "ho",
	"バ": "ba", "ビ": "bi", "ブ": "bu", "ベ": "be", "ボ": "bo",
	"パ": "pa", "ピ": "pi", "プ": "pu", "ペ": "pe", "ポ": "po",
	"マ": "ma", "ミ": "mi", "ム": "mu", "メ": "me", "モ": "mo",
	"ヤ": "ya", "ユ": "yu", "ヨ": "yo",
	"ラ": "ra", "リ": "ri", "ル": "ru", "レ": "re", "ロ": "ro",
	"ワ": "wa", "ヰ": "i", "ヱ": "e", "ヲ": "o", "ン": "n", "ヴ": "vu",
	"ァ": "a", "ィ": "i", "ゥ": "u", "ェ": "e", "ォ": "o", "ャ": "ya", "ュ": "yu", "ョ": "yo", "ヮ": "wa",
	"ヵ": "ka", "ヶ": "ke",
	"キャ": "kya", "キュ": "kyu", "キョ": "kyo", "ギャ": "gya", "ギュ": "gyu", "ギョ": "gyo",
	"シャ": "sha", "シュ": "shu", "ショ": "sho", "ジャ": "ja", "ジュ": "ju", "ジョ": "jo",
	"チャ": "cha", "チュ": "chu", "チョ": "cho", "ヂャ": "ja", "ヂュ": "ju", "ヂョ": "jo",
	"ニャ": "nya", "ニュ": "nyu", "ニョ": "nyo", "ヒャ": "hya", "ヒュ": "hyu", "ヒョ": "hyo",
	"ビャ": "bya", "ビュ": "byu", "ビョ": "byo", "ピャ": "pya", "ピュ": "pyu", "ピョ": "pyo",
	"ミャ": "mya", "ミュ": "myu", "ミョ": "myo", "リャ": "rya", "リュ": "ryu", "リョ": "ryo",
	// Extended katakana for foreign sounds.
	"シェ": "she", "ジェ": "je", "チェ": "che", "ティ": "ti", "ディ": "di", "トゥ": "tu", "ドゥ": "du",
	"テュ": "tyu", "デュ": "dyu", "ファ": "fa", "フィ": "fi", "フェ": "fe", "フォ": "fo", "フュ": "fyu",
	"ウィ": "wi", "ウェ": "we", "ウォ": "wo", "ヴァ": "va", "ヴィ": "vi", "ヴェ": "ve", "ヴォ": "vo",
	"ヴュ": "vyu", "ツァ": "tsa", "ツィ": "tsi", "ツェ": "tse", "ツォ": "tso", "イェ": "ye",
	"クァ": "kwa", "クィ": "kwi", "クェ": "kwe", "クォ": "kwo", "グァ": "gwa", "スィ": "si", "ズィ": "zi",
}

// kanaAlt gives Kunrei/wāpuro or foreign-name spellings as alternatives.
var kanaAlt = map[string][]opt{
	"shi": {o("si", 0.3)}, "chi": {o("ti", 0.2)}, "tsu": {o("tu", 0.2)}, "fu": {o("hu", 0.25)},
	"ji": {o("zi", 0.2)}, "sha": {o("sya", 0.1)}, "sho": {o("syo", 0.1)}, "shu": {o("syu", 0.1)},
	"vu": {o("v", 0.5), o("bu", 0.3)}, "n": {o("m", 0.2)},
}

// toKatakana converts hiragana runes to katakana.
func toKatakana(r rune) rune {
	if r >= 0x3041 && r <= 0x3096 {
		return r + 0x60
	}
	if r == 0x309D || r == 0x309E {
		return r + 0x60
	}
	return r
}

// kanaSegs romanizes kana with Hepburn: small tsu doubles the next
// consonant, the long-vowel mark and おう/うう are dropped (Sato) with the
// doubled/-h spellings as alternatives (Satou, Satoh).
func kanaSegs(in []rune) []seg {
	rs := make([]rune, len(in))
	for i, r := range in {
		rs[i] = toKatakana(r)
	}
	segs := make([]seg, 0, len(rs))
	lastVowel := byte(0)
	gem := false
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		if r == 'ッ' {
			gem = true
			continue
		}
		if r == 'ー' || r == 'ｰ' {
			switch lastVowel {
			case 0:
			case 'o':
				segs = append(segs, seg{o("", 1), o("o", 0.35), o("u", 0.35), o("h", 0.3)})
			case 'e':
				segs = append(segs, seg{o("", 1), o("e", 0.3), o("i", 0.2)})
			default:
				segs = append(segs, seg{o("", 1), o(string(lastVowel), 0.35)})
			}
			continue
		}
		if r == 'ヽ' && i > 0 { // iteration mark
			r = rs[i-1]
		}
		var rom string
		if i+1 < len(rs) {
			if v, ok := kanaHepburn[string(rs[i:i+2])]; ok {
				rom = v
				i++
			}
		}
		if rom == "" {
			v, ok := kanaHepburn[string(r)]
			if !ok {
				if sg := passThrough(r); sg != nil {
					segs = append(segs, sg)
				}
				gem = false
				continue
			}
			rom = v
		}
		// Long vowels written with kana: ou, oo, uu, ei stay ambiguous.
		if lastVowel != 0 && len(segs) > 0 && ((lastVowel == 'o' && (rom == "u" || rom == "o")) || (lastVowel == 'u' && rom == "u")) {
			segs = append(segs, seg{o("", 1), o(rom, 0.7), o("h", 0.3)})
			lastVowel = 0
			continue
		}
		sg := seg{o(rom, 1)}
		sg = append(sg, kanaAlt[rom]...)
		if rom == "n" && i+1 < len(rs) {
			if nx, ok := kanaHepburn[string(toKatakana(rs[i+1]))]; ok && (nx[0] == 'b' || nx[0] == 'm' || nx[0] == 'p') {
				sg = seg{o("n", 1), o("m", 0.6)}
			}
		}
		if gem {
			c := rom[:1]
			if strings.HasPrefix(rom, "ch") {
				c = "t"
			}
			if strings.IndexByte("aeiou", c[0]) < 0 {
				segs = append(segs, seg{o(c, 1), o("", 0.2)})
			}
			gem = false
		}
		segs = append(segs, sg)
		lastVowel = rom[len(rom)-1]
		if strings.IndexByte("aeiou", lastVowel) < 0 {
			lastVowel = 0
		}
	}
	return segs
}
