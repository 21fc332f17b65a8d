package span

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Chinese organisation names are long and the fine word segmentation of Chinese text cuts them
// into many words ("浙江 省 高等 审判 厅", "南 加州 铁路 地区 管理 局"); a tagger often finds
// only the place at their start. ExtendChineseOrgs extends such a place or organisation to the
// organisation head noun that ends the name.

// zhoOrgHeads are the words that end Chinese names of organisations, as the segmentation of
// the UD Chinese treebanks writes them (委员 会 → 会, 实验 室 → 室). Not 政府: the treebanks'
// entity annotation makes "天津 市 政府" the place "天津 市" and a common noun. General
// knowledge, written for nomen.
var zhoOrgHeads = zhoSet(`公司 集团 大学 学院 学校 大学堂 中学 小学 医院 研究所 研究院 研究会 委员会 协会 学会
	部 局 厅 署 院 中心 室 军 军团 团 党 银行 组织 联盟 基金会 法院 检察院 电视台 报社 俱乐部 会 队 司令部
	总局 总署 议会 国会 教廷 公会 商会 工会 联合会 联会 煤矿 洋行`)

// zhoSingleHeads are the one-character heads, which are also common words ("会" will, "部" a
// part): they end a name only after a word between it and the span ("浙江 省 | 高等 审判 | 厅").
func zhoSingle(h string) bool { return utf8.RuneCountInString(h) == 1 }

// zhoStop are the words that no name crosses.
var zhoStop = zhoSet(`的 在 和 与 及 是 为 于 了 被 把 对 向 从 到 将 也 都 就 而 但 或 等 之 其 这 那 该 由 以
	所 并 又 曾 已 后 前 中 时 上 下 内 外 个 年 月 日 说 称 有 无 不 没 让 给 跟 同 经 再 才 还 更 最 很
	能 可能 可以 应 应该 正 正在`)

func zhoSet(s string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(s) {
		m[w] = true
	}
	return m
}

// zhoMaxExtend bounds the words an organisation name is extended by.
const zhoMaxExtend = 6

// ExtendChineseOrgs extends, in place, each tagged place or organisation of a sentence to an
// organisation head that follows within zhoMaxExtend Han words, none of them tagged, a stop
// word or punctuation; the name becomes an organisation with the span's confidence.
func ExtendChineseOrgs(words []string, spans []TokenSpan) []TokenSpan {
	for x := range spans {
		s := &spans[x]
		if s.Type != LOC && s.Type != ORG {
			continue
		}
		limit := len(words)
		if x+1 < len(spans) {
			limit = spans[x+1].Start
		}
		end := -1
		for k := s.End; k < limit && k < s.End+zhoMaxExtend; k++ {
			w := words[k]
			if zhoStop[w] || !hanWord(w) {
				break
			}
			if zhoOrgHeads[w] && (!zhoSingle(w) || k > s.End) {
				end = k + 1
			}
		}
		if end > 0 {
			s.End = end
			s.Type = ORG
		}
	}
	return spans
}

// hanWord reports whether every character of w is a Han character.
func hanWord(w string) bool {
	if w == "" {
		return false
	}
	for _, r := range w {
		if !unicode.Is(unicode.Han, r) {
			return false
		}
	}
	return true
}
