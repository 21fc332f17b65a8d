package morph

import (
	"compress/gzip"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// writeGz writes text gzip-compressed to path, making its directory.
func writeGz(t *testing.T, path, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	zw := gzip.NewWriter(f)
	if _, err := zw.Write([]byte(text)); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}

// TestJackknifeSegment builds a toy Chinese data directory (a UD dev split and Universal NER
// token-only training sentences, as the shipped segmenter learns from) and checks that every
// sentence's text gets words that join back to it, that the map is keyed by that text, and
// that two runs agree (determinism).
func TestJackknifeSegment(t *testing.T) {
	dir := t.TempDir()
	tb := treebanks["zho"]
	words := [][]string{
		{"北京", "大学", "在", "中国", "。"},
		{"他", "去", "上海", "工作", "。"},
		{"我们", "在", "北京", "学习", "中文", "。"},
		{"上海", "大学", "很", "大", "。"},
		{"他们", "在", "中国", "工作", "。"},
		{"北京", "是", "中国", "的", "首都", "。"},
	}
	var conllu, iob strings.Builder
	for i, ws := range words {
		b := &iob
		if i%2 == 0 {
			b = &conllu
		}
		for k, w := range ws {
			if b == &conllu {
				fmt.Fprintf(b, "%d\t%s\t%s\tNOUN\tNN\t_\t0\tdep\t_\t_\n", k+1, w, w)
			} else {
				fmt.Fprintf(b, "%d\t%s\tO\n", k+1, w)
			}
		}
		b.WriteString("\n")
	}
	writeGz(t, splitPath(dir, tb, "dev"), conllu.String())
	for _, p := range tb.segExtra {
		writeGz(t, filepath.Join(dir, p), iob.String())
	}
	got, err := JackknifeSegment(dir, "zho", 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(words) {
		t.Fatalf("%d cut sentences, want %d", len(got), len(words))
	}
	for _, ws := range words {
		text := strings.Join(ws, "")
		cut, ok := got[text]
		if !ok {
			t.Errorf("%s: not cut", text)
			continue
		}
		if strings.Join(cut, "") != text {
			t.Errorf("%s: words %q do not join back", text, cut)
		}
	}
	again, err := JackknifeSegment(dir, "zho", 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range got {
		if strings.Join(again[k], "|") != strings.Join(v, "|") {
			t.Errorf("%s: %q then %q", k, v, again[k])
		}
	}
}

func TestJackknifeSegmentErrors(t *testing.T) {
	if _, err := JackknifeSegment(t.TempDir(), "zho", 1, nil); err == nil {
		t.Error("1 fold: no error")
	}
	for _, lang := range []string{"xxx", "eng"} {
		if _, err := JackknifeSegment(t.TempDir(), lang, 4, nil); !errors.Is(err, ErrUnsupported) {
			t.Errorf("%s: err %v, want ErrUnsupported", lang, err)
		}
	}
	if _, err := JackknifeSegment(t.TempDir(), "zho", 4, nil); err == nil {
		t.Error("no data: no error")
	}
}
