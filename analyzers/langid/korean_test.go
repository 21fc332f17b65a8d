package langid

import "testing"

func TestNorthKoreanProbability(t *testing.T) {
	tests := []struct {
		name  string
		text  string
		north bool
	}{
		{"initial r kept", "로동자들과 녀성들이 력사를 배운다", true},
		{"initial r dropped", "노동자들과 여성들이 역사를 배운다", false},
		{"yeo after front vowel", "회의가 성과적으로 진행되였다", true},
		{"eo after front vowel", "회의가 성공적으로 진행되었다", false},
		{"su attached", "누구나 할수 있다", true},
		{"su spaced", "누구나 할 수 있다", false},
		{"north vocabulary", "경애하는 원수님께서 인민군 부대를 찾으시였다", true},
		{"south vocabulary", "대한민국 대통령이 국회에서 연설했다", false},
		{"loanwords", "로씨야와 에스빠냐의 땅크", true},
		{"south loanwords", "러시아와 스페인의 탱크", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := NorthKoreanProbability(tc.text)
			if (p > 0.5) != tc.north {
				t.Fatalf("P(north | %q) = %.3f, want north=%v", tc.text, p, tc.north)
			}
		})
	}
	if p := NorthKoreanProbability("안녕하세요"); p >= 0.5 {
		t.Fatalf("no evidence must lean South (prior): %.3f", p)
	}
}

func BenchmarkNorthKoreanProbability(b *testing.B) {
	s := "조선로동당 중앙위원회 정치국 회의가 진행되였다. 경애하는 원수님께서 인민군 부대를 현지지도하시였다."
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		NorthKoreanProbability(s)
	}
}
