package ner

import (
	"testing"

	"github.com/nomenhq/nomen/analyzers/tokenize"
)

func TestFillGse(t *testing.T) {
	tests := []struct {
		words []string
		want  []string // the words' dictionary parts of speech (gseAbsent: absent)
	}{
		{[]string{"北京", "大学", "的", "学生"}, []string{"ns", "n", "uj", "n"}},
		{[]string{"王小明", "在", "上海市"}, []string{"nr", "p", "ns"}},
		{[]string{"abcxyz", "。"}, []string{gseAbsent, gseAbsent}},
	}
	for _, tc := range tests {
		infos := make([]wordInfo, len(tc.words))
		var lower []rune
		for i, w := range tc.words {
			infos[i], lower = analyze(w, lower, nil)
		}
		fillGse(tc.words, infos)
		for i, p := range tc.want {
			if infos[i].gsePos != fnvString(fnvOffset, p) {
				t.Errorf("%v[%d]: part of speech is not %q (%q)", tc.words, i, p, tokenize.ChineseWordPOS(tc.words[i]))
			}
		}
	}
}

func TestChineseModelUsesGse(t *testing.T) {
	if m := mustLoad(t, "zho"); m.features&featGse == 0 {
		t.Errorf("zho model features %b lack featGse", m.features)
	}
	if m := mustLoad(t, "eng"); m.features&featGse != 0 {
		t.Errorf("eng model features %b have featGse", m.features)
	}
}

// zhoBenchText is made-up Chinese news text for BenchmarkTagChinese.
const zhoBenchText = `国务院总理李明今天在北京会见了来访的法国外交部长。
双方就中法关系和共同关心的国际问题交换了意见。
北京大学医学部的王教授说，这项研究得到了国家自然科学基金委员会的支持。
上海市浦东新区人民政府昨天发布通知，要求各单位做好防汛准备。
张华和他的朋友去年夏天去了广州、深圳和香港旅游。
中国人民银行宣布下调存款准备金率零点五个百分点。`

func BenchmarkTagChinese(b *testing.B) { benchTag(b, "zho", zhoBenchText) }
