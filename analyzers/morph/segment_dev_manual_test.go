package morph

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestTrainDevSegmenterManual trains the segmenter of a language as Train does but without
// the treebank's sentences (for Chinese, UD GSDSimp dev, which is also Universal NER's dev
// split): only the token-only sentences of the treebank's extra files (the Universal NER
// training sentences). The file it writes, loaded with NOMEN_DEV_SEG_MODEL=lang:FILE, cuts
// the development sentences as the shipped segmenter cuts new text, so that measurements of
// the entity service's path on them are not flattered by a segmenter that learnt their words.
//
//	MORPH_DEVSEG=zho:/tmp/zhoseg go test ./analyzers/morph -run TrainDevSegmenterManual -v
func TestTrainDevSegmenterManual(t *testing.T) {
	arg := os.Getenv("MORPH_DEVSEG")
	if arg == "" {
		t.Skip("set MORPH_DEVSEG=lang:DIR")
	}
	lang, dir, _ := strings.Cut(arg, ":")
	tb, ok := treebanks[lang]
	if !ok {
		t.Fatalf("no treebank for %q", lang)
	}
	data := filepath.Join("..", "..", "..", "shared", "data")
	segSents, err := readSegExtra(data, tb)
	if err != nil {
		t.Fatal(err)
	}
	sm, err := trainSegmenterFrom(data, lang, tb, nil, segSents)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	n, err := saveSegmenter(dir, lang, sm)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%s: segmenter trained on %d token-only sentences, %d bytes in %s", lang, len(segSents), n, dir)
}
