package kb

import (
	"strings"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/analysis/analyzer/keyword"
	"github.com/blevesearch/bleve/v2/mapping"
)

// fieldNames is the one field of the bleve documents. Every document is one
// entity; the field holds the distinct tokens of its normalized names (see
// Normalize) and their sound keys (starting with "~", see phoneticKey) as an
// array of single terms, so indexing needs no tokenizer. Type filtering is
// done on the records in memory.
const (
	fieldNames = "n"
)

type indexDoc struct {
	N []string `json:"n"`
}

func newIndexMapping() (mapping.IndexMapping, error) {
	im := bleve.NewIndexMapping()
	text := func(an string) *mapping.FieldMapping {
		f := bleve.NewTextFieldMapping()
		f.Analyzer = an
		f.Store = false
		f.IncludeTermVectors = false
		f.IncludeInAll = false
		f.DocValues = false
		return f
	}
	dm := bleve.NewDocumentStaticMapping()
	dm.AddFieldMappingsAt(fieldNames, text(keyword.Name))
	im.DefaultMapping = dm
	im.DefaultAnalyzer = keyword.Name
	im.StoreDynamic = false
	im.IndexDynamic = false
	im.DocValuesDynamic = false
	return im, nil
}

// docFor returns the index document of e and the number of distinct
// normalized names it has.
func docFor(e *Entity, seen map[string]bool) (indexDoc, int) {
	clear(seen)
	var d indexDoc
	names := 0
	e.Names(func(_, name string, _ float64) {
		n := Normalize(name)
		if n == "" || seen["\x00"+n] {
			return
		}
		seen["\x00"+n] = true
		names++
		for _, tok := range strings.Fields(n) {
			if seen[tok] {
				continue
			}
			seen[tok] = true
			d.N = append(d.N, tok)
			if k := phoneticKey(tok); k != "" && !seen[k] {
				seen[k] = true
				d.N = append(d.N, k)
			}
		}
	})
	return d, names
}

// phoneticKey is a coarse sound key for one Latin-script token: vowels after
// the first letter dropped, letters that sound alike merged, repeats
// collapsed ("einstien" and "einstein" both give "enstn"). Tokens of other
// scripts, and tokens under three letters, give "".
func phoneticKey(tok string) string {
	rs := []rune(tok)
	if len(rs) < 3 {
		return ""
	}
	for _, r := range rs {
		if r > 0x24F || !(r >= 'a' && r <= 'z') {
			return ""
		}
	}
	var b strings.Builder
	b.WriteString("~")
	var prev byte
	for i := 0; i < len(rs); i++ {
		c := byte(rs[i])
		next := byte(0)
		if i+1 < len(rs) {
			next = byte(rs[i+1])
		}
		var k byte
		switch c {
		case 'a', 'e', 'i', 'o', 'u', 'y':
			if i == 0 {
				k = 'a'
			}
		case 'h', 'w':
			k = 0
		case 'b', 'p':
			if c == 'p' && next == 'h' {
				k = 'f'
			} else {
				k = 'p'
			}
		case 'f', 'v':
			k = 'f'
		case 'c':
			if next == 'e' || next == 'i' || next == 'y' {
				k = 's'
			} else if next == 'h' {
				k = 'x'
			} else {
				k = 'k'
			}
		case 'k', 'q', 'g':
			k = 'k'
		case 'x':
			k = 'k'
		case 's', 'z':
			if c == 's' && next == 'h' {
				k = 'x'
			} else {
				k = 's'
			}
		case 'j':
			k = 'x'
		case 'd', 't':
			k = 't'
		case 'l', 'r', 'm', 'n':
			k = c
		}
		if k != 0 && k != prev {
			b.WriteByte(k)
		}
		if k != 0 || (c != 'h' && c != 'w') {
			prev = k
		}
	}
	if b.Len() < 3 {
		return ""
	}
	return b.String()
}
