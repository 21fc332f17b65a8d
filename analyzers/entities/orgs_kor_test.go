package entities

import (
	"testing"

	"github.com/nomenhq/nomen/analyzers/entities/span"
	"github.com/nomenhq/nomen/analyzers/tokenize"
)

// TestKorOrgName checks the endings of Korean organisation names and the syllables they need
// before them.
func TestKorOrgName(t *testing.T) {
	for w, want := range map[string]bool{
		"한국은행": true, "서울대학교": true, "외교부": true, "더불어민주당": true, "경찰청": true,
		"국회": true, "중앙선거관리위원회": true, "대법원": true,
		"정부": false, "일부": false, "식당": false, "대학교": false, "은행": false, "공무원": false,
		"Samsung": false, "": false,
	} {
		if got := korOrgName(w); got != want {
			t.Errorf("korOrgName(%q) = %v, want %v", w, got, want)
		}
	}
}

// TestKorOrgs checks that the mention leaves the particle out and that taken words are
// skipped.
func TestKorOrgs(t *testing.T) {
	text := "한국은행은 금리를 동결했고 서울에서 외교부가 발표했다"
	toks, _ := tokenize.Segment(text, "kor")
	taken := []span.Span{{Start: 15, End: 17, Type: span.LOC}} // 서울
	got := korOrgs(toks, taken, nil)
	if want, out := "ORG:한국은행|LOC:서울|ORG:외교부", spanTexts(text, got); out != want {
		t.Errorf("got %v, want %s", out, want)
	}
}
