package entities

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/nomenhq/nomen/analyzers/entities/span"
	"github.com/nomenhq/nomen/analyzers/tokenize"
)

// Korean names without the knowledge base. Korean writes a title after the name ("문재인 전
// 대통령", "김연아 선수") and its case particles on the word ("손흥민은", "서울에서"), and the
// knowledge base holds few Korean labels. A word of two to four Hangul syllables that begins
// with a common family name and is followed by a title (with a particle, or after 전/현,
// "former"/"current") is a person; the mention leaves the particle out. Titles, family names
// and particles are general knowledge, written for nomen. Chosen on hand-written sentences
// (testdata/kbpath_dev_kor.txt).

// korFamilyNames are the commonest Korean family names (one syllable).
var korFamilyNames = "김이박최정강조윤장임한오서신권황안송류전홍고문양손배백허유남심노하곽성차주우구민나진지엄채원천방공현함변염여추도소석선설마길연위표명기반왕금옥육인맹제모탁국어은편용"

// korTitles are titles and positions written after a person's name.
var korTitles = map[string]bool{
	"대통령": true, "위원장": true, "국무위원장": true, "장관": true, "총리": true, "의원": true,
	"선수": true, "감독": true, "회장": true, "대표": true, "사장": true, "교수": true, "박사": true,
	"씨": true, "장군": true, "시장": true, "지사": true, "대사": true, "여사": true, "주석": true,
	"총재": true, "부회장": true, "대변인": true, "후보": true, "작가": true, "배우": true, "가수": true,
	// 2026-11-23: more positions and news bylines ("반기문 전 사무총장", "김철수 기자").
	"사무총장": true, "총장": true, "부총리": true, "의장": true, "국회의장": true, "원장": true,
	"청장": true, "차관": true, "비서실장": true, "당선인": true, "목사": true, "코치": true,
	"기자": true, "특파원": true, "앵커": true, "변호사": true, "판사": true, "이사장": true,
}

// korParticles are the case and topic particles written on a noun, longest first.
var korParticles = []string{"에서는", "에게서", "으로는", "에서", "에게", "으로", "까지", "부터", "처럼",
	"이", "가", "은", "는", "을", "를", "의", "에", "로", "과", "와", "도", "만"}

// korStripParticle returns w without a particle ending (keeping at least one syllable).
func korStripParticle(w string) string {
	for _, p := range korParticles {
		if rest, ok := strings.CutSuffix(w, p); ok && utf8.RuneCountInString(rest) >= 1 {
			return rest
		}
	}
	return w
}

// korTitleParticles are the particles a title after a name takes (subject, topic, object,
// genitive, "to", "also"); not "with" (과, 와), "in"/"by" (에, 에서, 로): "손흥민은 감독과" is
// Son with a coach.
var korTitleParticles = []string{"에게", "이", "가", "은", "는", "을", "를", "의", "도"}

// korTitleStem returns the title word t without one of korTitleParticles, or "".
func korTitleStem(t string) string {
	for _, p := range korTitleParticles {
		if rest, ok := strings.CutSuffix(t, p); ok && rest != "" {
			return rest
		}
	}
	return ""
}

// korTitled returns the persons of the rule above, skipping tokens inside taken spans.
func korTitled(toks []tokenize.Token, taken []span.Span) []span.Span {
	var out []span.Span
	for i := 0; i+1 < len(toks); i++ {
		w := toks[i].Text
		n := utf8.RuneCountInString(w)
		if n < 2 || n > 6 || !allHangul(w) {
			continue
		}
		// Korean names are mostly three syllables: a fourth or later is taken for a particle
		// ("손흥민은"), but "김정은" keeps its 은.
		name := w
		if n >= 4 {
			name = korStripParticle(w)
		}
		if m := utf8.RuneCountInString(name); m < 2 || m > 4 {
			continue
		}
		first, _ := utf8.DecodeRuneInString(name)
		if !strings.ContainsRune(korFamilyNames, first) {
			continue
		}
		next := i + 1
		if (toks[next].Text == "전" || toks[next].Text == "현") && next+1 < len(toks) {
			next++
		}
		t := toks[next].Text
		if !korTitles[t] && !korTitles[korTitleStem(t)] {
			continue
		}
		s := span.Span{Start: toks[i].Start, End: toks[i].Start + utf8.RuneCountInString(name), Type: span.PER, Confidence: 0.6, Source: span.SourceNameRuns}
		if !overlapsAnyUnsorted(s, taken) {
			out = append(out, s)
		}
	}
	return out
}

func allHangul(w string) bool {
	for _, r := range w {
		if !unicode.Is(unicode.Hangul, r) {
			return false
		}
	}
	return w != ""
}

func overlapsAnyUnsorted(s span.Span, ss []span.Span) bool {
	for _, x := range ss {
		if s.Start < x.End && x.Start < s.End {
			return true
		}
	}
	return false
}
