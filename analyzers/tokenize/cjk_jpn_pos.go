package tokenize

import "github.com/ikawaha/kagome/v2/tokenizer"

// JapanesePOS analyses text with kagome (IPA dictionary) and calls fn for each morpheme, in
// order, with its code-point offsets in text, whether the dictionary knows it and the first
// len(pos) levels of its part of speech ("名詞", "固有名詞", "人名"; a level the dictionary
// leaves unset ("*") or lacks is ""). pos is a buffer of the caller's, filled for each morpheme
// without allocating. It reports false, calling fn never, when the dictionary cannot be loaded.
func JapanesePOS(text string, pos []string, fn func(start, end int, known bool, pos []string)) bool {
	t := japanese()
	if t == nil {
		return false
	}
	for _, k := range t.Tokenize(text) {
		if k.Surface == "" || k.Class == tokenizer.DUMMY {
			continue
		}
		for i := range pos {
			p, ok := k.FeatureAt(i)
			if !ok || p == "*" {
				p = ""
			}
			pos[i] = p
		}
		fn(k.Start, k.End, k.Class == tokenizer.KNOWN, pos)
	}
	return true
}
