package span

import (
	"reflect"
	"strings"
	"testing"
)

func TestExtendChineseOrgs(t *testing.T) {
	sp := func(a, b int, typ string) TokenSpan {
		return TokenSpan{Start: a, End: b, Type: typ, Confidence: 0.7}
	}
	tests := []struct {
		name  string
		words string
		in    []TokenSpan
		want  []TokenSpan
	}{
		{"a place extended to its head", "浙江 省 高等 审判 厅 判决", []TokenSpan{sp(0, 2, "LOC")}, []TokenSpan{sp(0, 5, "ORG")}},
		{"a two-character head right after", "罗马 教廷 表示", []TokenSpan{sp(0, 1, "LOC")}, []TokenSpan{sp(0, 2, "ORG")}},
		{"a one-character head right after is a word", "北京 会 下雨", []TokenSpan{sp(0, 1, "LOC")}, []TokenSpan{sp(0, 1, "LOC")}},
		{"a stop word ends the search", "香港 的 红 十字 会", []TokenSpan{sp(0, 1, "LOC")}, []TokenSpan{sp(0, 1, "LOC")}},
		{"not into the next name", "南京 大学 北京 大学", []TokenSpan{sp(0, 1, "LOC"), sp(2, 4, "ORG")}, []TokenSpan{sp(0, 2, "ORG"), sp(2, 4, "ORG")}},
		{"persons stay", "李 明 学校", []TokenSpan{sp(0, 2, "PER")}, []TokenSpan{sp(0, 2, "PER")}},
		{"government is no head", "天津 市 政府 宣布", []TokenSpan{sp(0, 2, "LOC")}, []TokenSpan{sp(0, 2, "LOC")}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := ExtendChineseOrgs(strings.Fields(tt.words), tt.in)
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got %v, want %v", got, tt.want)
			}
		})
	}
}
