package address

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var (
	handFail = flag.Bool("handfail", false, "print the failures of TestHandDev")
	handFile = flag.String("handdev", "", "score TestHandDev on this file instead of testdata/addresses/parser_dev.txt")
)

// readHandDev reads the hand-written development addresses (testdata/addresses/parser_dev.txt).
func readHandDev(t *testing.T, lex *lexicon) []example {
	t.Helper()
	path := "../../testdata/addresses/parser_dev.txt"
	if *handFile != "" {
		path = *handFile
	}
	lines, err := readLines(path)
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string]int{"O": fieldOther}
	for i, n := range classNames() {
		byName[n] = i
	}
	var out []example
	for _, l := range lines {
		if l = strings.TrimSpace(l); l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		var segs []segment
		sep := ""
		for _, part := range strings.Split(l, "|") {
			name, text, ok := strings.Cut(part, ":")
			f, known := byName[name]
			if !ok || !known {
				t.Fatalf("bad segment %q in %q", part, l)
			}
			comma := strings.HasSuffix(text, ",")
			text = strings.TrimSuffix(text, ",")
			glued := strings.HasSuffix(text, "+") // no space after it (Chinese, Japanese)
			text = strings.TrimSuffix(text, "+")
			segs = append(segs, segment{sep: sep, text: text, field: f})
			sep = map[bool]string{false: " ", true: ", "}[comma]
			if glued {
				sep = ""
			}
		}
		out = append(out, buildExample(segs, lex))
	}
	return out
}

// handDevFloor is the whole-address accuracy the committed model must keep on the
// hand-written development addresses (0.892 on the 454 addresses when it was committed).
const handDevFloor = 0.82

// TestHandDev scores the committed model (or the one in -modeldir) on the hand-written
// development addresses and checks the committed model against handDevFloor.
func TestHandDev(t *testing.T) {
	if *beamFlag > 0 {
		defer func(w int) { beamWidth = w }(beamWidth)
		beamWidth = *beamFlag
	}
	p := testParser(t)
	names := classNames()
	var s Score
	for _, ex := range readHandDev(t, p.lex) {
		before := s.AddressesCorrect
		p.scoreTokens(&s, ex.toks, ex.labels)
		if *handFail && s.AddressesCorrect == before {
			sc := p.pool.Get().(*scratch)
			sc.toks = append(sc.toks[:0], ex.toks...)
			pred := p.tag(sc)
			fixRuns(&sc.st, pred)
			var b strings.Builder
			for i, tk := range ex.toks {
				if pred[i] != ex.labels[i] && ex.labels[i] != fieldOther || ex.labels[i] == fieldOther && pred[i] != p.other {
					fmt.Fprintf(&b, "%s/%s>%s ", tk.text, names[min(ex.labels[i], len(names)-1)], names[pred[i]])
				} else {
					fmt.Fprintf(&b, "%s ", tk.text)
				}
			}
			p.pool.Put(sc)
			fmt.Println("   ", b.String())
		}
	}
	t.Logf("hand dev: %d addresses, token %.4f whole %.4f\n", s.Addresses, s.TokenAccuracy(), s.AddressAccuracy())
	if *modelDir == "" && *handFile == "" && s.AddressAccuracy() < handDevFloor {
		t.Errorf("hand dev whole-address accuracy %.4f below the floor %.2f", s.AddressAccuracy(), handDevFloor)
	}
}

// testParser returns the committed parser, or the one in -modeldir when it is set.
func testParser(t *testing.T) *Parser {
	t.Helper()
	if *modelDir == "" {
		p, err := Default()
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	m, err := os.ReadFile(filepath.Join(*modelDir, modelFile))
	if err != nil {
		t.Fatal(err)
	}
	l, err := os.ReadFile(filepath.Join(*modelDir, lexiconFile))
	if err != nil {
		t.Fatal(err)
	}
	p, err := Load(m, l)
	if err != nil {
		t.Fatal(err)
	}
	return p
}
