package ner

import (
	"strings"
	"testing"
)

func TestFillKagome(t *testing.T) {
	tests := []struct {
		words []string
		want  []string // each word's tag: "K" (known) or "U", then the part-of-speech levels
	}{
		{[]string{"東京", "に", "行く"}, []string{"K|名詞|固有名詞|地域", "K|助詞|格助詞|一般", "K|動詞|自立|"}},
		// A word of several morphemes takes its last morpheme's tag; words inside one
		// morpheme take its tag when they end in it.
		{[]string{"東京に", "行", "く"}, []string{"K|助詞|格助詞|一般", "K|動詞|自立|", "K|動詞|自立|"}},
		{[]string{"。"}, []string{"K|記号|句点|"}},
	}
	var ks kagomeScratch
	for _, tc := range tests {
		infos := make([]wordInfo, len(tc.words))
		fillKagome(tc.words, infos, &ks)
		for i, tag := range tc.want {
			parts := strings.Split(tag, "|")
			if want := kagomeTagHash(parts[0] == "K", parts[1:]); infos[i].jaPos != want {
				t.Errorf("%v[%d]: tag is not %q", tc.words, i, tag)
			}
		}
	}
}

func TestJapaneseModelUsesKagome(t *testing.T) {
	if m := mustLoad(t, "jpn"); m.features&featKagome == 0 {
		t.Errorf("jpn model features %b lack featKagome", m.features)
	}
	for _, lang := range []string{"eng", "zho"} {
		if m := mustLoad(t, lang); m.features&featKagome != 0 {
			t.Errorf("%s model features %b have featKagome", lang, m.features)
		}
	}
}

// jpnBenchText is made-up Japanese news text for BenchmarkTagJapanese.
const jpnBenchText = `田中首相は本日、東京都内でフランスの外務大臣と会談した。
両国は経済協力と国際問題について意見を交換した。
京都大学の山本教授によると、この研究は日本学術振興会の支援を受けている。
大阪府は昨日、台風への備えを各市町村に求める通知を出した。
佐藤さんは去年の夏、友人と札幌や福岡を旅行した。
日本銀行は政策金利を据え置くと発表した。`

func BenchmarkTagJapanese(b *testing.B) { benchTag(b, "jpn", jpnBenchText) }
