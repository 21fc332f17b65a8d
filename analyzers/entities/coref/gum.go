package coref

import (
	"bufio"
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
)

// gumDoc is one GUM document: its text rebuilt from the tokens, the words with their
// code-point offsets, and the coreference mentions of the Entity= annotation.
type gumDoc struct {
	id       string
	text     string
	words    []gumWord
	mentions []gumMention
}

type gumWord struct {
	form, upos string
	start, end int  // code points in text
	first      bool // the sentence's first word
}

// gumMention spans words [start, end] (inclusive, document word indices).
type gumMention struct {
	group      string // coreference group (entity id within the document)
	etype      string // person, place, organization, ...
	start, end int
	minspan    []int // head words, document word indices
}

// readGUM reads the documents of a gzip-compressed GUM CoNLL-U file.
func readGUM(path string) ([]*gumDoc, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("coref: %w", err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		return nil, fmt.Errorf("coref: %s: %w", path, err)
	}
	docs, err := parseGUM(zr)
	if err != nil {
		return nil, fmt.Errorf("coref: %s: %w", path, err)
	}
	return docs, nil
}

type openMention struct {
	group, etype string
	start        int
	minspan      []int // 1-based positions within the mention
}

func parseGUM(r io.Reader) ([]*gumDoc, error) {
	var (
		docs []*gumDoc
		cur  *gumDoc
		text strings.Builder
		pos  int // code points written
		open []openMention
		// mwtEnd is the last word id of a multi-word token range; words inside it share
		// the range's offsets.
		mwtEnd         int
		mwtStart, mwtE int
		mwtSpace       bool
		lineNo         int
	)
	write := func(s string) {
		text.WriteString(s)
		pos += len([]rune(s))
	}
	finish := func() {
		if cur != nil {
			cur.text = text.String()
			docs = append(docs, cur)
		}
		text.Reset()
		pos = 0
		open = nil
	}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		lineNo++
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "# newdoc id"):
			finish()
			cur = &gumDoc{id: strings.TrimSpace(line[strings.Index(line, "=")+1:])}
			continue
		case strings.HasPrefix(line, "# newpar"):
			if pos > 0 && !strings.HasPrefix(line, "# newpar_block") {
				write("\n")
			}
			continue
		case strings.HasPrefix(line, "#"):
			continue
		case line == "":
			if pos > 0 {
				write("\n")
			}
			continue
		}
		if cur == nil {
			return nil, fmt.Errorf("line %d: token before # newdoc", lineNo)
		}
		cols := strings.Split(line, "\t")
		if len(cols) != 10 {
			return nil, fmt.Errorf("line %d: %d columns", lineNo, len(cols))
		}
		id := cols[0]
		if strings.Contains(id, ".") {
			continue // empty node
		}
		misc := cols[9]
		spaceAfter := !strings.Contains(misc, "SpaceAfter=No")
		if a, b, ok := strings.Cut(id, "-"); ok {
			lo, err1 := strconv.Atoi(a)
			hi, err2 := strconv.Atoi(b)
			if err1 != nil || err2 != nil || hi < lo {
				return nil, fmt.Errorf("line %d: bad range %q", lineNo, id)
			}
			mwtStart = pos
			write(cols[1])
			mwtE = pos
			mwtEnd = hi
			mwtSpace = spaceAfter
			_ = lo
			continue
		}
		n, err := strconv.Atoi(id)
		if err != nil {
			return nil, fmt.Errorf("line %d: bad id %q", lineNo, id)
		}
		w := gumWord{form: cols[1], upos: cols[3], first: n == 1}
		if n <= mwtEnd {
			w.start, w.end = mwtStart, mwtE
			if n == mwtEnd {
				mwtEnd = 0
				if mwtSpace {
					write(" ")
				}
			}
		} else {
			mwtEnd = 0
			w.start = pos
			write(cols[1])
			w.end = pos
			if spaceAfter {
				write(" ")
			}
		}
		wi := len(cur.words)
		cur.words = append(cur.words, w)
		ent := miscField(misc, "Entity")
		if ent == "" {
			continue
		}
		if err := parseEntity(ent, wi, &open, cur); err != nil {
			return nil, fmt.Errorf("line %d: %w", lineNo, err)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	finish()
	return docs, nil
}

func miscField(misc, key string) string {
	for _, f := range strings.Split(misc, "|") {
		if v, ok := strings.CutPrefix(f, key+"="); ok {
			return v
		}
	}
	return ""
}

// parseEntity reads the bracket notation of one word: "(ID-etype-...-minspan-...",
// "ID)" and "(ID-...)".
func parseEntity(s string, wi int, open *[]openMention, doc *gumDoc) error {
	for len(s) > 0 {
		if s[0] == '(' {
			j := strings.IndexAny(s[1:], "()")
			var body string
			closed := false
			if j < 0 {
				body, s = s[1:], ""
			} else {
				body = s[1 : 1+j]
				if s[1+j] == ')' {
					closed = true
					s = s[2+j:]
				} else {
					s = s[1+j:]
				}
			}
			fields := strings.SplitN(body, "-", 8)
			if len(fields) < 2 {
				return fmt.Errorf("bad entity %q", body)
			}
			om := openMention{group: fields[0], etype: fields[1], start: wi}
			if len(fields) >= 6 {
				for _, p := range strings.Split(fields[5], ",") {
					if k, err := strconv.Atoi(p); err == nil {
						om.minspan = append(om.minspan, k)
					}
				}
			}
			if closed {
				doc.mentions = append(doc.mentions, closeMention(om, wi))
			} else {
				*open = append(*open, om)
			}
			continue
		}
		j := strings.IndexByte(s, ')')
		if j < 0 {
			return fmt.Errorf("bad entity tail %q", s)
		}
		group := s[:j]
		s = s[j+1:]
		found := false
		for k := len(*open) - 1; k >= 0; k-- {
			if (*open)[k].group == group {
				doc.mentions = append(doc.mentions, closeMention((*open)[k], wi))
				*open = append((*open)[:k], (*open)[k+1:]...)
				found = true
				break
			}
		}
		if !found {
			return fmt.Errorf("close of unopened entity %q", group)
		}
	}
	return nil
}

func closeMention(om openMention, end int) gumMention {
	m := gumMention{group: om.group, etype: om.etype, start: om.start, end: end}
	for _, p := range om.minspan {
		if w := om.start + p - 1; w >= om.start && w <= end {
			m.minspan = append(m.minspan, w)
		}
	}
	return m
}
