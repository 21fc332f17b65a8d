package topics

import (
	"bufio"
	"compress/gzip"
	"fmt"
	"os"
	"strconv"
	"strings"
	"unicode/utf8"
)

// gumDoc is one GUM document read back into running text, with the mentions of its
// entities (code-point spans of that text) and each entity's salience score: how many of
// the five summaries mention it (meta::salientEntities).
type gumDoc struct {
	id    string
	title string
	text  string
	// salience maps an entity id to its score (0 to 5); entities not listed score 0.
	salience map[string]int
	mentions []gumMention
	// titles maps an entity id to its Wikipedia title (GUM's identity field), when it has one.
	titles map[string]string
}

// gumMention is one mention of an entity: its span and the span of its syntactic head
// (the first token of the mention whose head lies outside it).
type gumMention struct {
	entity     string
	span, head Span
}

// gumToken is a word of a sentence while it is being read.
type gumToken struct {
	span  Span
	head  int // 1-based index of the syntactic head in the sentence, 0 for the root
	space bool
}

// readGUM reads the documents of a CoNLL-U file (gzipped or not) of the GUM corpus.
// Sentences are joined by a line break, paragraphs (# newpar) by a blank line; tokens by a
// space unless SpaceAfter=No.
func readGUM(path string) ([]gumDoc, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("topics: %w", err)
	}
	defer f.Close()
	var r *bufio.Scanner
	if strings.HasSuffix(path, ".gz") {
		z, err := gzip.NewReader(f)
		if err != nil {
			return nil, fmt.Errorf("topics: %s: %w", path, err)
		}
		defer z.Close()
		r = bufio.NewScanner(z)
	} else {
		r = bufio.NewScanner(f)
	}
	r.Buffer(make([]byte, 1<<20), 1<<24)
	var (
		docs   []gumDoc
		cur    *gumDoc
		b      strings.Builder
		n      int // code points written
		sent   []gumToken
		newpar bool
		open   = map[string][]int{} // entity id → start token indexes (in sent) of open mentions
		line   int
	)
	finishDoc := func() {
		if cur != nil {
			cur.text = b.String()
			docs = append(docs, *cur)
		}
		cur = nil
		b.Reset()
		n = 0
	}
	write := func(s string) {
		b.WriteString(s)
		n += utf8.RuneCountInString(s)
	}
	// endSentence closes the sentence: resolves the mentions that were opened and closed in it.
	type pending struct {
		id         string
		start, end int
	}
	var done []pending
	endSentence := func() {
		if cur == nil {
			sent = sent[:0]
			return
		}
		for _, m := range done {
			h := m.start
			for k := m.start; k <= m.end; k++ {
				if hd := sent[k].head - 1; hd < m.start || hd > m.end {
					h = k
					break
				}
			}
			cur.mentions = append(cur.mentions, gumMention{entity: m.id,
				span: Span{sent[m.start].span.Start, sent[m.end].span.End}, head: sent[h].span})
		}
		done = done[:0]
		clear(open)
		sent = sent[:0]
	}
	sc := r
	for sc.Scan() {
		line++
		s := sc.Text()
		switch {
		case strings.HasPrefix(s, "# newdoc id = "):
			endSentence()
			finishDoc()
			cur = &gumDoc{id: strings.TrimPrefix(s, "# newdoc id = "), salience: map[string]int{}, titles: map[string]string{}}
			newpar = false
		case strings.HasPrefix(s, "# meta::title = ") && cur != nil:
			cur.title = strings.TrimPrefix(s, "# meta::title = ")
		case strings.HasPrefix(s, "# meta::salientEntities = ") && cur != nil:
			for _, it := range strings.Split(strings.TrimPrefix(s, "# meta::salientEntities = "), ",") {
				f := strings.Fields(it)
				if len(f) != 2 {
					continue
				}
				v, err := strconv.Atoi(strings.Trim(f[1], "()*"))
				if err != nil {
					return nil, fmt.Errorf("topics: %s:%d: salience %q: %w", path, line, it, err)
				}
				cur.salience[f[0]] = v
			}
		case strings.HasPrefix(s, "# newpar"):
			newpar = true
		case s == "":
			endSentence()
		case strings.HasPrefix(s, "#"):
		default:
			if cur == nil {
				return nil, fmt.Errorf("topics: %s:%d: token before # newdoc", path, line)
			}
			c := strings.Split(s, "\t")
			if len(c) != 10 {
				return nil, fmt.Errorf("topics: %s:%d: %d columns, want 10", path, line, len(c))
			}
			if strings.ContainsAny(c[0], "-.") {
				continue // multi-word token range or empty node
			}
			if len(sent) == 0 && n > 0 {
				if newpar {
					write("\n\n")
				} else {
					write("\n")
				}
			} else if len(sent) > 0 && sent[len(sent)-1].space {
				write(" ")
			}
			newpar = false
			hd, _ := strconv.Atoi(c[6])
			start := n
			write(c[1])
			t := gumToken{span: Span{start, n}, head: hd, space: !strings.Contains(c[9], "SpaceAfter=No")}
			sent = append(sent, t)
			k := len(sent) - 1
			for _, kv := range strings.Split(c[9], "|") {
				if v, ok := strings.CutPrefix(kv, "Entity="); ok {
					for _, ev := range parseEntityField(v) {
						if ev.title != "" {
							cur.titles[ev.id] = ev.title
						}
						switch {
						case ev.open && ev.close:
							done = append(done, pending{ev.id, k, k})
						case ev.open:
							open[ev.id] = append(open[ev.id], k)
						default:
							st := open[ev.id]
							if len(st) == 0 {
								return nil, fmt.Errorf("topics: %s:%d: entity %s closed but not open", path, line, ev.id)
							}
							done = append(done, pending{ev.id, st[len(st)-1], k})
							open[ev.id] = st[:len(st)-1]
						}
					}
				}
			}
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("topics: %s: %w", path, err)
	}
	endSentence()
	finishDoc()
	return docs, nil
}

// entityEvent is one bracket of a CoNLL-U Entity= value.
type entityEvent struct {
	id          string
	open, close bool
	// title is the Wikipedia title of an opening bracket's identity field, if any.
	title string
}

// parseEntityField splits an Entity= value such as "(4-abstract-new-sssss-cf2-3-coref(5-object)"
// or "4)3)" into opening and closing brackets; the entity id is the first field.
func parseEntityField(v string) []entityEvent {
	var out []entityEvent
	for i := 0; i < len(v); {
		if v[i] == '(' {
			j := i + 1
			for j < len(v) && v[j] != '(' && v[j] != ')' {
				j++
			}
			f := strings.SplitN(v[i+1:j], "-", 8)
			ev := entityEvent{id: f[0], open: true}
			if len(f) == 8 {
				ev.title = f[7]
			}
			if j < len(v) && v[j] == ')' {
				ev.close = true
				j++
			}
			out = append(out, ev)
			i = j
			continue
		}
		j := i
		for j < len(v) && v[j] != ')' && v[j] != '(' {
			j++
		}
		if j < len(v) && v[j] == ')' {
			out = append(out, entityEvent{id: v[i:j], close: true})
			j++
		}
		if j == i {
			j++
		}
		i = j
	}
	return out
}
