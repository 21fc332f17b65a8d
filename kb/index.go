package kb

import (
	"encoding/json"
	"strings"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/analysis/analyzer/keyword"
	"github.com/blevesearch/bleve/v2/document"
	"github.com/blevesearch/bleve/v2/mapping"
	index "github.com/blevesearch/bleve_index_api"
)

// fieldNames is the one field of the bleve documents. Every document is one
// entity; the field holds the distinct tokens of its normalized names (see
// Normalize) as single terms, so indexing needs no tokenizer. Type filtering is done on
// the records in memory.
const (
	fieldNames = "n"
)

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
	// No _all field: every query names its field.
	dm.AddSubDocumentMapping("_all", bleve.NewDocumentDisabledMapping())
	im.DefaultMapping = dm
	im.DefaultAnalyzer = keyword.Name
	im.StoreDynamic = false
	im.IndexDynamic = false
	im.DocValuesDynamic = false
	return prebuiltMapping{im}, nil
}

// prebuiltMapping is the index mapping with a shortcut for the documents
// of a build: a *nameField is added to the document as it is, already
// analyzed, instead of being walked by reflection and analyzed term by
// term. The index it gives is the one the wrapped mapping gives for a
// document {"n": [terms...]} of distinct terms (one keyword term per array
// element): the same terms, frequencies (1), no term vectors and the same
// field length (the number of terms). The mapping stored in the index is
// the wrapped one, so bleve opens the index as usual.
type prebuiltMapping struct {
	*mapping.IndexMappingImpl
}

func (m prebuiltMapping) MapDocument(doc *document.Document, data any) error {
	if f, ok := data.(*nameField); ok {
		doc.AddField(f)
		return nil
	}
	return m.IndexMappingImpl.MapDocument(doc, data)
}

func (m prebuiltMapping) MarshalJSON() ([]byte, error) {
	return json.Marshal(m.IndexMappingImpl)
}

// nameField is the analyzed name field of one document: its distinct
// terms, each with frequency 1 and no term vector, as the keyword analyzer
// gives them one array element at a time.
type nameField struct {
	freqs index.TokenFrequencies
	n     int
	bytes int
}

var _ document.Field = (*nameField)(nil)

func (f *nameField) Name() string                                     { return fieldNames }
func (f *nameField) ArrayPositions() []uint64                         { return nil }
func (f *nameField) Options() index.FieldIndexingOptions              { return index.IndexField }
func (f *nameField) Analyze()                                         {}
func (f *nameField) Value() []byte                                    { return nil }
func (f *nameField) NumPlainTextBytes() uint64                        { return uint64(f.bytes) }
func (f *nameField) Size() int                                        { return 64 + f.bytes + f.n*64 }
func (f *nameField) EncodedFieldType() byte                           { return 't' }
func (f *nameField) AnalyzedLength() int                              { return f.n }
func (f *nameField) AnalyzedTokenFrequencies() index.TokenFrequencies { return f.freqs }

// termsBuilder collects the distinct terms of one document; it is reused
// from document to document.
type termsBuilder struct {
	seen  map[string]struct{}
	terms []string
	bytes int
	// raw and names hold the names already seen, as given and normalized.
	raw, names map[string]struct{}
}

func newTermsBuilder() *termsBuilder {
	return &termsBuilder{seen: map[string]struct{}{}, raw: map[string]struct{}{}, names: map[string]struct{}{}}
}

func (t *termsBuilder) reset() {
	clear(t.seen)
	clear(t.raw)
	clear(t.names)
	t.terms = t.terms[:0]
	t.bytes = 0
}

func (t *termsBuilder) add(term string) {
	if _, ok := t.seen[term]; ok {
		return
	}
	t.seen[term] = struct{}{}
	t.terms = append(t.terms, term)
	t.bytes += len(term)
}

// field returns the analyzed field of the collected terms; it shares no
// memory with t.
func (t *termsBuilder) field() *nameField {
	f := &nameField{n: len(t.terms), bytes: t.bytes, freqs: make(index.TokenFrequencies, len(t.terms))}
	buf := make([]byte, 0, t.bytes)
	tfs := make([]index.TokenFreq, len(t.terms))
	for i, term := range t.terms {
		buf = append(buf, term...)
		tf := &tfs[i]
		tf.Term = buf[len(buf)-len(term) : len(buf) : len(buf)]
		tf.SetFrequency(1)
		f.freqs[term] = tf
	}
	return f
}

// docFor returns the index document of e (the distinct tokens of its
// normalized names) and the number of distinct
// normalized names it has.
func docFor(e *Entity, tb *termsBuilder) (*nameField, int) {
	tb.reset()
	// The order of the names does not matter here: e.Names would sort the
	// languages first.
	e.eachName(func(name string) {
		if _, ok := tb.raw[name]; ok {
			return
		}
		tb.raw[name] = struct{}{}
		n := Normalize(name)
		if n == "" {
			return
		}
		if _, ok := tb.names[n]; ok {
			return
		}
		tb.names[n] = struct{}{}
		for _, tok := range strings.Fields(n) {
			if _, ok := tb.seen[tok]; ok {
				continue
			}
			tb.add(tok)
		}
	})
	return tb.field(), len(tb.names)
}

// eachName calls fn for every name of e, in no particular order.
func (e *Entity) eachName(fn func(name string)) {
	for _, l := range e.Labels {
		fn(l)
	}
	for _, m := range []map[string][]string{e.Aliases, e.WeakAliases} {
		for _, as := range m {
			for _, a := range as {
				fn(a)
			}
		}
	}
}

// phoneticKey is a coarse sound key for one Latin-script token: vowels after
// the first letter dropped, letters that sound alike merged, repeats
// collapsed ("einstien" and "einstein" both give "enstn"). Tokens of other
// scripts, and tokens under three letters, give "".
func phoneticKey(tok string) string {
	// Only the letters a-z are accepted, so bytes are runes here.
	if len(tok) < 3 {
		return ""
	}
	for i := 0; i < len(tok); i++ {
		if c := tok[i]; c < 'a' || c > 'z' {
			return ""
		}
	}
	var buf [32]byte
	b := append(buf[:0], '~')
	rs := tok
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
			b = append(b, k)
		}
		if k != 0 || (c != 'h' && c != 'w') {
			prev = k
		}
	}
	if len(b) < 3 {
		return ""
	}
	return string(b)
}
