package langid

import (
	"math"
	"strings"
)

// Korean dialect model. NorthKoreanProbability is a hand-built log-linear
// classifier over spelling and vocabulary differences between the North
// (Munhwaŏ, qkp) and South (Pyojuneo, qkr) standards. Each feature adds its
// weight (a log-odds) once per occurrence, at most koreanFeatureCap times;
// the sum plus koreanBias goes through a logistic function.
//
// Features:
//   - Initial-sound rule (두음법칙): the South drops or changes word-initial
//     ㄹ and ㄴ in Sino-Korean words (력사→역사, 로동→노동, 녀자→여자,
//     리용→이용); the North keeps them. Word-initial ㄹ+ㅑㅒㅕㅖㅛㅠ and
//     ㄴ+ㅕㅖㅛ count strongly for the North, ㄹ+ㅣ less (South loanwords such
//     as 리더), ㄹ+ㅏㅐㅗㅚㅜㅡ weakly (라디오, 로봇 are South loanwords).
//   - Vowel harmony after ㅣㅐㅔㅚㅟㅢ: the North writes -여/-였
//     (되여, 되였다), the South -어/-었 (되어, 되었다).
//   - Bound noun 수 spacing: the North writes 할수 있다, the South 할 수 있다.
//   - Vocabulary: words used only or mostly in one state (koreanWords).
type koreanFeature struct {
	text   string
	weight float64 // > 0: North, < 0: South
}

const (
	koreanBias       = -0.5 // prior log-odds: most Korean text is Southern
	koreanFeatureCap = 3
)

// koreanWords are vocabulary features, matched as substrings.
var koreanWords = []koreanFeature{
	// North: political and everyday vocabulary, North spellings of loanwords.
	{"인민", 2}, {"동무", 2}, {"조선", 1.5}, {"원수님", 3}, {"령도", 3}, {"력사", 3},
	{"로동", 3}, {"수령", 2}, {"장군님", 2.5}, {"공화국", 1}, {"주체", 1.5}, {"선군", 2.5},
	{"남조선", 3}, {"북남", 2.5}, {"괴뢰", 2}, {"미제", 1.5}, {"김일성", 1.5}, {"김정일", 1.5},
	{"평양", 1}, {"로씨야", 3}, {"쏘련", 3}, {"땅크", 2}, {"뜨락또르", 3}, {"콤퓨터", 3},
	{"텔레비죤", 3}, {"에스빠냐", 3}, {"녀성", 2}, {"량심", 2}, {"리익", 2}, {"련합", 2},
	{"혁명", 1}, {"동지", 0.8}, {"원쑤", 3}, {"일군", 2}, {"로인", 2}, {"래일", 2},
	// South: vocabulary absent from or avoided in Northern usage.
	{"대한민국", -3}, {"한국", -1.5}, {"국민", -0.8}, {"대통령", -1}, {"북한", -2.5},
	{"남한", -1}, {"서울", -0.5}, {"노동", -1.5}, {"역사", -1.5}, {"여자", -1}, {"여성", -1},
	{"컴퓨터", -2}, {"텔레비전", -2}, {"러시아", -2}, {"소련", -2}, {"탱크", -1.5},
	{"트랙터", -2}, {"국회", -1}, {"아파트", -1}, {"스페인", -2}, {"양심", -1}, {"이익", -1},
	{"연합", -0.8}, {"노인", -1}, {"내일", -1}, {"일꾼", -1.5},
}

// Weights of the spelling features (see the type comment).
const (
	wInitialRyStrong = 1.5  // 력, 령, 료, 류, 량...
	wInitialNyStrong = 1.2  // 녀, 념, 녕, 뇨
	wInitialRi       = 0.8  // 리, 림, 립
	wInitialRWeak    = 0.4  // 로, 래, 락, 루
	wYeoNorth        = 1.5  // 되여, 되였
	wEoSouth         = -1.5 // 되어, 되었
	wSuNoSpace       = 1.0  // 할수 있다
	wSuSpace         = -0.7 // 할 수 있다
)

// hangul decomposes a precomposed syllable into lead, vowel and tail
// indices; ok is false for other runes.
func hangul(r rune) (lead, vowel, tail int, ok bool) {
	if r < 0xAC00 || r > 0xD7A3 {
		return 0, 0, 0, false
	}
	s := int(r - 0xAC00)
	return s / 588, (s % 588) / 28, s % 28, true
}

// Jamo indices used by the features.
const (
	leadN     = 2
	leadR     = 5
	leadIeung = 11
	vowelYeo  = 6
	vowelEo   = 4
	tailSs    = 20
)

func isYVowel(v int) bool { // ㅑ ㅒ ㅕ ㅖ ㅛ ㅠ
	return v == 2 || v == 3 || v == 6 || v == 7 || v == 12 || v == 17
}

func isFrontVowel(v int) bool { // ㅣ ㅐ ㅔ ㅚ ㅟ ㅢ
	return v == 20 || v == 1 || v == 5 || v == 11 || v == 16 || v == 19
}

// koreanLogOdds returns the summed feature log-odds (North positive).
func koreanLogOdds(text string) float64 {
	sum := koreanBias
	add := func(counts map[string]int, name string, w float64) {
		if counts[name] < koreanFeatureCap {
			counts[name]++
			sum += w
		}
	}
	counts := make(map[string]int)
	for _, f := range koreanWords {
		n := min(strings.Count(text, f.text), koreanFeatureCap)
		sum += float64(n) * f.weight
	}
	var prev rune
	prevLetter := false
	runes := []rune(text)
	for i, r := range runes {
		lead, vowel, tail, ok := hangul(r)
		if ok && !prevLetter {
			switch {
			case lead == leadR && isYVowel(vowel):
				add(counts, "ry", wInitialRyStrong)
			case lead == leadN && (vowel == 6 || vowel == 7 || vowel == 12):
				add(counts, "ny", wInitialNyStrong)
			case lead == leadR && vowel == 20:
				add(counts, "ri", wInitialRi)
			case lead == leadR:
				add(counts, "r", wInitialRWeak)
			}
		}
		if ok && tail == 0 && lead == leadIeung && prevLetter {
			if _, pv, pt, pok := hangul(prev); pok && pt == 0 && isFrontVowel(pv) && prev != '기' {
				switch vowel {
				case vowelYeo:
					add(counts, "yeo", wYeoNorth)
				case vowelEo:
					add(counts, "eo", wEoSouth)
				}
			}
		}
		if ok && vowel == vowelYeo && lead == leadIeung && tail == tailSs && prevLetter {
			if _, pv, pt, pok := hangul(prev); pok && pt == 0 && isFrontVowel(pv) {
				add(counts, "yeo", wYeoNorth)
			}
		}
		if ok && vowel == vowelEo && lead == leadIeung && tail == tailSs && prevLetter {
			if _, pv, pt, pok := hangul(prev); pok && pt == 0 && isFrontVowel(pv) {
				add(counts, "eo", wEoSouth)
			}
		}
		if r == '수' && i+2 < len(runes) && runes[i+1] == ' ' && (runes[i+2] == '있' || runes[i+2] == '없') {
			if i > 0 && runes[i-1] == ' ' {
				add(counts, "su-space", wSuSpace)
			} else if i > 0 {
				if _, _, pt, pok := hangul(runes[i-1]); pok && pt == 8 { // ㄹ final: 할수
					add(counts, "su", wSuNoSpace)
				}
			}
		}
		prev = r
		_, _, _, isH := hangul(r)
		prevLetter = isH || (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z')
	}
	return sum
}

// NorthKoreanProbability returns the probability that Korean text follows
// the North Korean standard (qkp) rather than the South Korean one (qkr).
func NorthKoreanProbability(text string) float64 {
	return 1 / (1 + math.Exp(-koreanLogOdds(text)))
}
