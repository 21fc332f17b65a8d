package entities

import (
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/nomenhq/nomen/analyzers/entities/span"
	"github.com/nomenhq/nomen/analyzers/tokenize"
)

// korOrgSuffixes are the words Korean organisation names end in, written together with the
// name ("한국은행", "서울대학교", "엘지전자", "중앙선거관리위원회"), with the syllables the name
// needs before them: one for the longer endings, two for the one-syllable ones (부 ministry,
// 당 party, 청 agency), so that 정부 (government), 일부 (part) and 식당 (restaurant) stay
// words. General knowledge, written for nomen. 원 (공무원, civil servant; 연구원,
// researcher) and 회 (전시회, exhibition) are left out but for 법원, 위원회 and 협회.
var korOrgSuffixes = []struct {
	suffix string
	before int
}{
	{"위원회", 1}, {"대학교", 1}, {"중공업", 1}, {"연구소", 1}, {"자동차", 1}, {"법원", 1},
	{"은행", 1}, {"전자", 1}, {"그룹", 1}, {"증권", 1}, {"보험", 1}, {"화학", 1}, {"건설", 1},
	{"항공", 1}, {"통신", 1}, {"대학", 1}, {"협회", 1}, {"재단", 1}, {"공사", 2}, {"공단", 1},
	{"방송", 1}, {"일보", 1}, {"신문", 1},
	{"부", 2}, {"당", 2}, {"청", 2},
}

// korOrgWords are institutions named by one common word: the National Assembly, the Blue
// House.
var korOrgWords = map[string]bool{"국회": true, "청와대": true}

// korOrgName reports whether the word stem (its particle left out) names an organisation by
// its ending (korOrgSuffixes) or is one of korOrgWords.
func korOrgName(stem string) bool {
	if korOrgWords[stem] {
		return true
	}
	if !allHangul(stem) {
		return false
	}
	n := utf8.RuneCountInString(stem)
	for _, s := range korOrgSuffixes {
		if strings.HasSuffix(stem, s.suffix) && n-utf8.RuneCountInString(s.suffix) >= s.before {
			return true
		}
	}
	return false
}

// korOrgs finds Korean organisation names written as one word (korOrgName), with or without
// a particle; the mention leaves the particle out. Words that overlap a span of spans (sorted)
// are skipped.
func korOrgs(toks []tokenize.Token, spans []span.Span, common map[string]bool) []span.Span {
	var extra []span.Span
	for _, t := range toks {
		if overlapsAny(span.Span{Start: t.Start, End: t.End}, spans) {
			continue
		}
		stem := t.Text
		if !korOrgName(stem) {
			stem = korStripParticle(t.Text)
			if stem == t.Text || !korOrgName(stem) {
				continue
			}
		}
		if common[stem] {
			continue
		}
		extra = append(extra, span.Span{Start: t.Start, End: t.Start + utf8.RuneCountInString(stem), Type: span.ORG, Confidence: runConfidence, Source: span.SourceOrgPhrases})
	}
	if len(extra) == 0 {
		return spans
	}
	out := append(spans, extra...)
	sort.SliceStable(out, func(a, b int) bool { return out[a].Start < out[b].Start })
	return out
}
