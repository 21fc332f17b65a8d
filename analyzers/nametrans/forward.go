package nametrans

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/mozillazg/go-pinyin"

	"github.com/nomenhq/nomen/analyzers/script"
	"github.com/nomenhq/nomen/analyzers/translit"
)

// tokenK is the number of spellings asked per token; their weights,
// normalized to sum to 1, are the token's spelling distribution.
const tokenK = 8

// chineseSurnames are frequent Chinese family names (simplified and
// traditional); a Han name of Chinese origin of 2–4 characters starting
// with one is split after it ("毛泽东" → "Mao Zedong"). Names of unknown
// origin are not split: most Han-script names in the data are foreign
// names (克鲁森, Crewson), and splitting them lowered the dev top-1.
var chineseSurnames = setOf(chineseSurnameList)

// chineseSurnameList is ordered by frequency; a simplified form comes
// before its traditional one.
const chineseSurnameList = `王 李 张 張 刘 劉 陈 陳 杨 楊 黄 黃 赵 趙 吴 吳 周 徐 孙 孫 马 馬 朱 胡 郭 何 高 林 罗 羅
		郑 鄭 梁 谢 謝 宋 唐 许 許 韩 韓 冯 馮 邓 鄧 曹 彭 曾 肖 蕭 田 董 袁 潘 于 蒋 蔣 蔡 余 杜 叶 葉 程 苏 蘇 魏 吕 呂 丁 任 沈 姚 卢 盧
		姜 崔 钟 鍾 谭 譚 陆 陸 汪 范 金 石 廖 贾 賈 夏 韦 韋 付 方 白 邹 鄒 孟 熊 秦 邱 江 尹 薛 闫 段 雷 侯 龙 龍 史 陶 黎 贺 賀 顾 顧
		毛 郝 龚 龔 邵 万 萬 钱 錢 严 嚴 覃 武 戴 莫 孔 向 汤 湯 常 温 溫 康 施 文 牛 樊 葛 邢 安 齐 齊 易 乔 喬 伍 庞 龐 颜 顏 倪 庄 莊
		聂 聶 章 鲁 魯 岳 翟 殷 詹 申 欧阳 歐陽 司马 司馬 诸葛 諸葛 上官 司徒 东方 東方 皇甫 令狐 慕容 夏侯 尉迟 尉遲 公孙 公孫 长孙 長孫 宇文 轩辕 軒轅`

// koreanSurnames are frequent Korean family names; a three-syllable Hangul
// name of Korean origin (four with a two-syllable surname) starting with
// one is split after it.
var koreanSurnames = setOf(`김 이 박 최 정 강 조 윤 장 임 한 오 서 신 권 황 안 송 류 유 홍 전 고 문 양 손 배 백 허 남 심 노 하 곽 성 차 주 우 구 민 진 나 지
		엄 채 원 천 방 공 현 함 변 염 여 추 도 석 선 설 마 길 연 위 표 명 기 반 왕 금 옥 육 인 맹 제 모 탁 국 어 은 편 용 예 경 봉 사 부 황보 남궁 제갈 선우 독고 사공 서문`)

// surnameReadings are the readings of surname characters whose first
// dictionary reading is another one (曾 is zēng as a surname, not céng),
// with tone numbers.
var surnameReadings = map[rune]string{
	'曾': "zeng1", '单': "shan4", '單': "shan4", '解': "xie4", '仇': "qiu2", '区': "ou1", '區': "ou1", '查': "zha1",
	'朴': "piao2", '乐': "yue4", '樂': "yue4", '缪': "miao4", '繆': "miao4", '盖': "ge3", '蓋': "ge3", '覃': "qin2",
	'翟': "zhai2", '葛': "ge3", '种': "chong2", '種': "chong2", '尉': "yu4", '长': "zhang3", '長': "zhang3", '重': "chong2",
}

// surnamePinyin writes a family name in pinyin, with the surname reading
// of each character where it differs from the first dictionary reading.
func surnamePinyin(s string, toned bool) string {
	var b strings.Builder
	for _, r := range s {
		rd, ok := surnameReadings[r]
		if !ok {
			args := pinyinPlain
			if toned {
				args = pinyinToned
			}
			if p := pinyin.SinglePinyin(r, args); len(p) > 0 {
				rd = p[0]
			}
		}
		if !toned {
			rd = strings.TrimRight(rd, "12345")
		}
		b.WriteString(rd)
	}
	return b.String()
}

func setOf(list string) map[string]bool {
	m := map[string]bool{}
	for _, s := range strings.Fields(list) {
		m[s] = true
	}
	return m
}

// splitFamily splits a single-token Chinese or Korean personal name into
// family and given name; it returns nil when the token does not look like
// one.
func splitFamily(tok, scr, lang, origin string) []string {
	rs := []rune(tok)
	switch {
	case scr == "Hani" && lang == "zho" && origin == "zho" && len(rs) >= 2 && len(rs) <= 4:
		for _, n := range []int{2, 1} {
			if len(rs) > n && len(rs)-n <= 2 && chineseSurnames[string(rs[:n])] {
				return []string{string(rs[:n]), string(rs[n:])}
			}
		}
	case (scr == "Hang" || scr == "Kore") && origin == "kor":
		for _, n := range []int{2, 1} {
			if len(rs) == n+2 && koreanSurnames[string(rs[:n])] && script.Detect(tok) == "Hang" {
				return []string{string(rs[:n]), string(rs[n:])}
			}
		}
	}
	return nil
}

// toLatinName romanizes a native-script name token by token.
func toLatinName(toks []string, scr, lang, origin string, k int) ([]Translation, bool) {
	// translit favours its rules for a language native to the script (a
	// native name) and its learned layer for another or an unknown one.
	tlang := origin
	if (scr == "Hani" || scr == "Jpan") && lang == "jpn" {
		tlang = "jpn" // kanji are read as Japanese
	}
	altered := false
	korean := false
	if len(toks) == 1 && (scr == "Hani" || scr == "Jpan") && (lang == "jpn" || origin == "jpn") && origin != "zho" && origin != "kor" {
		// A Japanese name without a space: kagome's dictionary knows the family names and
		// reads the given name in the whole name's context (山本五十六 → Yamamoto Isoroku).
		if _, latin, ok := translit.JapaneseFamilySplit(toks[0], tokenK); ok {
			lists := make([][]Translation, 0, 2)
			for _, vs := range latin {
				var sum float64
				for _, v := range vs {
					sum += v.Weight
				}
				l := make([]Translation, 0, len(vs))
				for _, v := range vs {
					l = append(l, Translation{titleCase(v.Text), v.Weight / sum})
				}
				lists = append(lists, mergeEqual(l))
			}
			return combine(lists, " ", k), recased(toks[0])
		}
	}
	if len(toks) == 1 {
		if parts := splitFamily(toks[0], scr, lang, origin); parts != nil {
			toks = parts
			korean = scr == "Hang" || scr == "Kore"
			if tlang == "" {
				tlang = lang
			}
		}
	}
	lists := make([][]Translation, 0, len(toks))
	for i, tok := range toks {
		altered = altered || recased(tok)
		if korean && i == 0 {
			// A Korean family name: its usual spellings, most frequent
			// first (Kim, not the Revised Romanization Gim).
			if sp := translit.KoreanSurnameSpellings(tok); len(sp) > 0 {
				lists = append(lists, surnameDistribution(sp))
				continue
			}
		}
		l := latinToken(tok, scr, tlang, i == 0, k)
		if l == nil {
			continue
		}
		lists = append(lists, l)
	}
	if len(lists) == 0 {
		return nil, altered
	}
	return combine(lists, " ", k), altered
}

// surnameDistribution weighs spellings listed most frequent first by
// 1, 0.75, 0.75², ... normalized to sum to 1.
func surnameDistribution(sp []string) []Translation {
	out := make([]Translation, len(sp))
	w, sum := 1.0, 0.0
	for i, s := range sp {
		out[i] = Translation{titleCase(s), w}
		sum += w
		w *= 0.75
	}
	for i := range out {
		out[i].Confidence /= sum
	}
	return out
}

// latinToken returns the spelling distribution of one token, hyphenated
// parts romanized separately.
func latinToken(tok, scr, lang string, first bool, k int) []Translation {
	parts := strings.FieldsFunc(tok, func(r rune) bool { return r == '-' || r == '‐' || r == '־' })
	var lists [][]Translation
	for pi, p := range parts {
		prefix := ""
		if scr == "Arab" && utf8.RuneCountInString(p) >= 4 && strings.HasPrefix(p, "ال") {
			prefix, p = "al-", strings.TrimPrefix(p, "ال")
		}
		vs := translit.ToLatin(p, scr, lang, tokenK)
		if len(vs) == 0 {
			continue
		}
		var sum float64
		for _, v := range vs {
			sum += v.Weight
		}
		l := make([]Translation, 0, len(vs))
		for _, v := range vs {
			t := titleCase(v.Text)
			if scr == "Arab" && !(first && pi == 0) && arabicParticles[v.Text] && prefix == "" {
				t = v.Text
			}
			l = append(l, Translation{prefix + t, v.Weight / sum})
		}
		lists = append(lists, mergeEqual(l))
	}
	if len(lists) == 0 {
		return nil
	}
	return combine(lists, "-", max(k, tokenK))
}

// arabicParticles stay lower-case inside a name ("Osama bin Laden").
var arabicParticles = map[string]bool{"bin": true, "ibn": true, "bint": true}

// titleCase upper-cases the first letter of each hyphen- or
// apostrophe-separated part of s and lower-cases the rest.
func titleCase(s string) string {
	var b strings.Builder
	up := true
	for _, r := range s {
		if up && unicode.IsLetter(r) {
			b.WriteRune(unicode.ToTitle(r))
			up = false
			continue
		}
		if r == '-' || r == ' ' {
			up = true
		} else if unicode.IsLetter(r) {
			r = unicode.ToLower(r)
		}
		b.WriteRune(r)
	}
	return b.String()
}

// keptLower are the particles a name may write in lower case.
var keptLower = setOf(`al bin ibn bint van von de da das del della der di do dos du la le of y zu`)

// recased reports whether the output would change the letter case of the
// source token: it has cased letters and is neither title case nor a
// lower-case particle.
func recased(tok string) bool {
	return hasCased(tok) && tok != titleCase(tok) && !keptLower[tok]
}

// hasCased reports whether s has a letter with case.
func hasCased(s string) bool {
	for _, r := range s {
		if unicode.IsUpper(r) || unicode.IsLower(r) {
			return true
		}
	}
	return false
}

var (
	pinyinPlain = pinyin.NewArgs()
	pinyinToned = func() pinyin.Args {
		a := pinyin.NewArgs()
		a.Style = pinyin.Tone3
		return a
	}()
)

// pinyinName writes a Han name in Hanyu Pinyin (the first reading of each
// character), syllables of one name part run together, with tone numbers
// after each syllable when toned ("毛泽东" → "Mao2 Ze2dong1").
func pinyinName(toks []string, toned bool) string {
	if len(toks) == 1 {
		// Pinyin asked for: the name is read as a Chinese one.
		if parts := splitFamily(toks[0], "Hani", "zho", "zho"); parts != nil {
			toks = parts
		}
	}
	args := pinyinPlain
	if toned {
		args = pinyinToned
	}
	words := make([]string, 0, len(toks))
	for i, tok := range toks {
		if i == 0 && len(toks) > 1 && chineseSurnames[tok] {
			words = append(words, titleCase(surnamePinyin(tok, toned)))
			continue
		}
		var b strings.Builder
		for _, r := range tok {
			if script.Of(r) == "Hani" {
				if rd := pinyin.SinglePinyin(r, args); len(rd) > 0 {
					b.WriteString(rd[0])
				}
				continue
			}
			if unicode.IsLetter(r) || unicode.IsDigit(r) {
				b.WriteString(translit.Fold(string(r)))
			}
		}
		if b.Len() > 0 {
			words = append(words, titleCase(b.String()))
		}
	}
	return strings.Join(words, " ")
}
