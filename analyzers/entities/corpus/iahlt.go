package corpus

import (
	"bufio"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"

	"github.com/nomenhq/nomen/analyzers/entities/span"
)

const mapIAHLT = "UD Hebrew IAHLTwiki Entity= annotation (MISC column): the outermost entity of a nest is kept; PER -> PER; GPE, LOC, FAC -> LOC; ORG -> ORG; ANG, DUC, EVE, MISC, TIMEX, TTL, WOA -> O (with what they nest); words are the surface tokens (a multiword token such as ב|ירושלים is one word, and an entity over part of it covers the whole token)"

// iahltTypes maps the IAHLT entity types to ours; the others are O.
var iahltTypes = map[string]string{"PER": span.PER, "GPE": span.LOC, "LOC": span.LOC, "FAC": span.LOC, "ORG": span.ORG}

// iahltReader reads a UD Hebrew IAHLTwiki CoNLL-U file (one file).
func iahltReader(dataDir string, files []string) ([]Sentence, error) {
	if len(files) != 1 {
		return nil, fmt.Errorf("iahlt: want one CoNLL-U file")
	}
	rc, err := openData(dataDir, files[0])
	if err != nil {
		return nil, err
	}
	defer rc.Close()
	return readIAHLT(rc)
}

// iahltSentence collects one sentence: its surface words, the surface word of every
// syntactic word, and the entities over syntactic words.
type iahltSentence struct {
	words   []string
	surface map[int]int // syntactic word ID → surface word index
	mwtEnd  int         // last syntactic word ID of the open multiword token
	last    int         // last syntactic word ID read
	open    []iahltOpen
	ents    []span.TokenSpan // over syntactic word IDs, End inclusive
}

type iahltOpen struct {
	typ   string
	start int
}

// readIAHLT parses CoNLL-U with IAHLT's Entity= bracket annotation into sentences of surface
// words with the outermost PER/LOC/ORG entities (mapIAHLT).
func readIAHLT(r io.Reader) ([]Sentence, error) {
	var out []Sentence
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), 4<<20)
	cur := &iahltSentence{surface: map[int]int{}}
	doc := ""
	flush := func() {
		// An entity still open at the end of its sentence (one in the dev split) is an
		// annotation slip: it is dropped.
		if len(cur.words) > 0 {
			st := cur.sentence()
			st.Doc = doc
			out = append(out, st)
		}
		cur = &iahltSentence{surface: map[int]int{}}
	}
	n := 0
	for sc.Scan() {
		n++
		line := sc.Text()
		if line == "" {
			flush()
			continue
		}
		if id, ok := strings.CutPrefix(line, "# newdoc id = "); ok {
			doc = strings.TrimSpace(id)
		}
		if strings.HasPrefix(line, "#") {
			continue
		}
		cols := strings.Split(line, "\t")
		if len(cols) != 10 {
			return nil, fmt.Errorf("iahlt: line %d: %d columns, want 10", n, len(cols))
		}
		if a, b, ok := strings.Cut(cols[0], "-"); ok {
			lo, err1 := strconv.Atoi(a)
			hi, err2 := strconv.Atoi(b)
			if err1 != nil || err2 != nil || hi < lo || lo != cur.last+1 {
				return nil, fmt.Errorf("iahlt: line %d: bad multiword range %q", n, cols[0])
			}
			for id := lo; id <= hi; id++ {
				cur.surface[id] = len(cur.words)
			}
			cur.mwtEnd = hi
			cur.words = append(cur.words, cols[1])
			continue
		}
		if strings.Contains(cols[0], ".") { // empty node
			continue
		}
		id, err := strconv.Atoi(cols[0])
		if err != nil || id != cur.last+1 {
			return nil, fmt.Errorf("iahlt: line %d: bad word id %q", n, cols[0])
		}
		cur.last = id
		if id > cur.mwtEnd {
			cur.surface[id] = len(cur.words)
			cur.words = append(cur.words, cols[1])
		}
		for _, f := range strings.Split(cols[9], "|") {
			if v, ok := strings.CutPrefix(f, "Entity="); ok {
				if err := cur.entity(v, id); err != nil {
					return nil, fmt.Errorf("iahlt: line %d: %w", n, err)
				}
			}
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("iahlt: %w", err)
	}
	flush()
	return out, nil
}

// entity applies one Entity= value at syntactic word id: "(TYPE" opens an entity, "TYPE)"
// closes the innermost open one of that type, "(TYPE)" is a one-word entity.
func (s *iahltSentence) entity(v string, id int) error {
	for i := 0; i < len(v); {
		switch {
		case v[i] == '(':
			j := i + 1
			for j < len(v) && v[j] != '(' && v[j] != ')' {
				j++
			}
			if j == i+1 {
				return fmt.Errorf("empty entity type in %q", v)
			}
			typ := v[i+1 : j]
			s.open = append(s.open, iahltOpen{typ: typ, start: id})
			i = j
			if i < len(v) && v[i] == ')' { // "(TYPE)"
				s.close(typ, id)
				i++
			}
		default:
			j := i
			for j < len(v) && v[j] != '(' && v[j] != ')' {
				j++
			}
			if j == len(v) || v[j] != ')' || j == i {
				return fmt.Errorf("bad entity annotation %q", v)
			}
			s.close(v[i:j], id)
			i = j + 1
		}
	}
	return nil
}

// close ends the innermost open entity of type typ at id. An entity closed but never opened
// (one in the test split) is an annotation slip and is ignored.
func (s *iahltSentence) close(typ string, id int) {
	for k := len(s.open) - 1; k >= 0; k-- {
		if s.open[k].typ == typ {
			s.ents = append(s.ents, span.TokenSpan{Start: s.open[k].start, End: id, Type: typ})
			s.open = append(s.open[:k], s.open[k+1:]...)
			return
		}
	}
}

// sentence keeps the outermost entities, maps their types and moves them to surface words.
func (s *iahltSentence) sentence() Sentence {
	var spans []span.TokenSpan
	for i, e := range s.ents {
		inner := false
		for j, f := range s.ents {
			if i != j && f.Start <= e.Start && e.End <= f.End && (f.Start < e.Start || e.End < f.End || j > i) {
				inner = true
				break
			}
		}
		typ := iahltTypes[e.Type]
		if inner || typ == "" {
			continue
		}
		spans = append(spans, span.TokenSpan{Start: s.surface[e.Start], End: s.surface[e.End] + 1, Type: typ, Confidence: 1})
	}
	// Outermost spans do not nest, but two of them may share a multiword token (one
	// surface word with two names in it): the first is kept.
	sort.Slice(spans, func(i, j int) bool { return spans[i].Start < spans[j].Start })
	kept := spans[:0]
	for _, sp := range spans {
		if len(kept) > 0 && sp.Start < kept[len(kept)-1].End {
			continue
		}
		kept = append(kept, sp)
	}
	return Sentence{Lang: "heb", Words: s.words, Spans: kept}
}
