package morph

import (
	"bufio"
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"strings"
)

// word is one syntactic word of a treebank.
type word struct {
	Form, Lemma, UPOS string
	// Translit is the MISC Translit= value (Chinese pinyin), if any.
	Translit string
	// XPOS is the treebank's own tag ("" when the treebank has none).
	XPOS string
}

// surface is one surface token of a treebank: a plain word or a multi-word
// token (MWT) with its words.
type surface struct {
	Form  string
	Words []word
}

// sentence is one treebank sentence with its raw text.
type sentence struct {
	Text   string
	Tokens []surface
}

// words returns the syntactic words of s in order.
func (s *sentence) words() []word {
	var out []word
	for _, t := range s.Tokens {
		out = append(out, t.Words...)
	}
	return out
}

// forms returns the forms of the syntactic words of s.
func (s *sentence) forms() []string { return formsOf(s.words()) }

// formsOf returns the forms of ws.
func formsOf(ws []word) []string {
	out := make([]string, len(ws))
	for k, w := range ws {
		out[k] = w.Form
	}
	return out
}

// readCoNLLU reads a (possibly gzip-compressed) CoNLL-U file.
func readCoNLLU(path string) ([]sentence, error) { return readFile(path, parseCoNLLU) }

// readFile opens a (possibly gzip-compressed) file and parses it with parse.
func readFile(path string, parse func(io.Reader) ([]sentence, error)) ([]sentence, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("morph: %w", err)
	}
	defer f.Close()
	var r io.Reader = f
	if strings.HasSuffix(path, ".gz") {
		gz, err := gzip.NewReader(f)
		if err != nil {
			return nil, fmt.Errorf("morph: %s: %w", path, err)
		}
		defer gz.Close()
		r = gz
	}
	sents, err := parse(r)
	if err != nil {
		return nil, fmt.Errorf("morph: %s: %w", path, err)
	}
	return sents, nil
}

// parseCoNLLU parses CoNLL-U text. Empty nodes (ids with a dot) are skipped.
func parseCoNLLU(r io.Reader) ([]sentence, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	var out []sentence
	var cur sentence
	mwtEnd := 0
	line := 0
	flush := func() {
		if len(cur.Tokens) > 0 {
			out = append(out, cur)
		}
		cur = sentence{}
		mwtEnd = 0
	}
	for sc.Scan() {
		line++
		l := sc.Text()
		if l == "" {
			flush()
			continue
		}
		if strings.HasPrefix(l, "#") {
			if t, ok := strings.CutPrefix(l, "# text = "); ok {
				cur.Text = t
			}
			continue
		}
		cols := strings.Split(l, "\t")
		if len(cols) < 4 {
			return nil, fmt.Errorf("line %d: %d columns", line, len(cols))
		}
		id := cols[0]
		if strings.Contains(id, ".") {
			continue
		}
		if a, b, ok := strings.Cut(id, "-"); ok {
			var s, e int
			if _, err := fmt.Sscanf(a+" "+b, "%d %d", &s, &e); err != nil {
				return nil, fmt.Errorf("line %d: bad range %q", line, id)
			}
			cur.Tokens = append(cur.Tokens, surface{Form: cols[1]})
			mwtEnd = e
			continue
		}
		var n int
		if _, err := fmt.Sscanf(id, "%d", &n); err != nil {
			return nil, fmt.Errorf("line %d: bad id %q", line, id)
		}
		w := word{Form: cols[1], Lemma: cols[2], UPOS: cols[3]}
		if len(cols) >= 5 && cols[4] != "_" {
			w.XPOS = cols[4]
		}
		if len(cols) >= 10 {
			for _, kv := range strings.Split(cols[9], "|") {
				if v, ok := strings.CutPrefix(kv, "Translit="); ok {
					w.Translit = v
				}
			}
		}
		if n <= mwtEnd && len(cur.Tokens) > 0 {
			last := &cur.Tokens[len(cur.Tokens)-1]
			last.Words = append(last.Words, w)
			continue
		}
		cur.Tokens = append(cur.Tokens, surface{Form: w.Form, Words: []word{w}})
	}
	flush()
	return out, sc.Err()
}

// readIOB2Tokens reads the sentences of a (possibly gzip-compressed)
// Universal NER iob2 file as token-only sentences: raw text from the
// "# text = " comment and one word per token line (form only).
func readIOB2Tokens(path string) ([]sentence, error) { return readFile(path, parseIOB2Tokens) }

// parseIOB2Tokens parses iob2 text: comment lines, "id<TAB>form<TAB>..."
// token lines, blank lines between sentences.
func parseIOB2Tokens(r io.Reader) ([]sentence, error) { return parseIOB2(r, false) }

// parseIOB2Labels parses iob2 text as parseIOB2Tokens, but each token's
// form is its label (third column, "O" when absent) and no text is kept.
func parseIOB2Labels(r io.Reader) ([]sentence, error) { return parseIOB2(r, true) }

// parseIOB2 parses iob2 text into sentences of forms, or of labels when
// labels is set.
func parseIOB2(r io.Reader, labels bool) ([]sentence, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	var out []sentence
	var cur sentence
	line := 0
	for sc.Scan() {
		line++
		l := sc.Text()
		switch {
		case l == "":
			if len(cur.Tokens) > 0 {
				out = append(out, cur)
			}
			cur = sentence{}
		case strings.HasPrefix(l, "#"):
			if t, ok := strings.CutPrefix(l, "# text = "); ok && !labels {
				cur.Text = t
			}
		default:
			cols := strings.Split(l, "\t")
			if len(cols) < 2 || cols[1] == "" {
				return nil, fmt.Errorf("line %d: %d columns", line, len(cols))
			}
			if !labels {
				cur.Tokens = append(cur.Tokens, surface{Form: cols[1], Words: []word{{Form: cols[1]}}})
				continue
			}
			lab := "O"
			if len(cols) > 2 && cols[2] != "" {
				lab = cols[2]
			}
			cur.Tokens = append(cur.Tokens, surface{Form: lab})
		}
	}
	if len(cur.Tokens) > 0 {
		out = append(out, cur)
	}
	return out, sc.Err()
}
