package entities

import (
	"testing"

	"github.com/nomenhq/nomen/analyzers/entities/span"
	"github.com/nomenhq/nomen/analyzers/tokenize"
)

func TestKorStripParticle(t *testing.T) {
	for in, want := range map[string]string{
		"서울에서": "서울", "손흥민은": "손흥민", "미국을": "미국", "캐나다로": "캐나다",
		"서울": "서울", "이": "이", "은": "은", "": "",
	} {
		if got := korStripParticle(in); got != want {
			t.Errorf("korStripParticle(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestKorTitled(t *testing.T) {
	tests := []struct {
		text string
		want []string
	}{
		{"문재인 전 대통령이 서울에서 연설했다.", []string{"문재인"}},
		{"김연아 선수가 떠났다.", []string{"김연아"}},
		{"손흥민은 감독과 만났다.", nil},               // no title right after the name
		{"대통령이 김연아를 만났다.", nil},              // the title before
		{"스마트폰 대표가 말했다.", nil},               // not a family name
		{"김씨는 집에 갔다.", nil},                  // one syllable before the title word
		{"김정은 국무위원장이 떠났다.", []string{"김정은"}}, // 은 is part of the name
		{"반기문 전 사무총장이 연설했다.", []string{"반기문"}},
		{"김철수 기자가 보도했다.", []string{"김철수"}},
	}
	for _, tc := range tests {
		toks, _ := tokenize.Segment(tc.text, "kor")
		var got []string
		runes := []rune(tc.text)
		for _, s := range korTitled(toks, nil) {
			if s.Type != span.PER {
				t.Errorf("%q: type %s", tc.text, s.Type)
			}
			got = append(got, string(runes[s.Start:s.End]))
		}
		if len(got) != len(tc.want) || len(got) > 0 && got[0] != tc.want[0] {
			t.Errorf("%q: got %q, want %q", tc.text, got, tc.want)
		}
	}
	// A token already in a knowledge-base name is left alone.
	toks, _ := tokenize.Segment("문재인 대통령", "kor")
	if got := korTitled(toks, []span.Span{{Start: 0, End: 3, Type: span.PER}}); len(got) != 0 {
		t.Errorf("taken token: %v", got)
	}
}

func TestKorTitledParticleName(t *testing.T) {
	toks, _ := tokenize.Segment("손흥민은 선수로서 말했다. 손흥민은 감독이 되었다.", "kor")
	got := korTitled(toks, nil)
	if len(got) != 1 || got[0].End-got[0].Start != 3 {
		t.Errorf("got %+v, want one 3-letter person (손흥민 before 감독이)", got)
	}
}

// TestKoreanParticleLookup checks that a Korean name with a particle is looked up without it
// and that the mention leaves the particle out.
func TestKoreanParticleLookup(t *testing.T) {
	k := recordsKB(t,
		`{"id": "Q16", "labels": {"en": "Canada", "ko": "캐나다"}, "type": "LOC", "popularity": 0.95}`,
	)
	got := mentions(t, kbPipeline(t, k, true), "kor", "김연아 선수가 캐나다로 떠났다.")
	checkMentions(t, "kor", got, []string{"LOC:캐나다", "PER:김연아"}, []string{"LOC:캐나다로"})
}

// TestKoreanKnownNames checks that a foreign person's name written in Hangul, whose given and
// family names the name table knows, is a person, without the particle on its last word.
func TestKoreanKnownNames(t *testing.T) {
	k := recordsKB(t, `{"id": "Q8684", "labels": {"en": "Seoul", "ko": "서울"}, "type": "LOC", "popularity": 0.9}`)
	got := mentions(t, kbPipeline(t, k, true), "kor", "도널드 트럼프가 서울을 방문했다.")
	checkMentions(t, "kor", got, []string{"PER:도널드 트럼프"}, []string{"PER:도널드 트럼프가"})
}
