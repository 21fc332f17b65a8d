package corpus

import (
	"bufio"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"sort"
	"strconv"
	"strings"

	"github.com/nomenhq/nomen/analyzers/entities/span"
	"github.com/nomenhq/nomen/analyzers/tokenize"
)

// gzipReadCloser closes both the gzip stream and the file under it.
type gzipReadCloser struct {
	*gzip.Reader
	f *os.File
}

func newGzipReadCloser(f *os.File) (io.ReadCloser, error) {
	z, err := gzip.NewReader(f)
	if err != nil {
		f.Close()
		return nil, err
	}
	return gzipReadCloser{z, f}, nil
}

func (g gzipReadCloser) Close() error {
	err := g.Reader.Close()
	if ferr := g.f.Close(); err == nil {
		err = ferr
	}
	return err
}

// format describes one column layout of a CoNLL-like file: one token per line, blank lines
// between sentences, "-DOCSTART-" lines between documents.
type format struct {
	// sep separates the columns; 0 means any run of white space.
	sep byte
	// word and tag are column indexes; a negative tag counts from the end (-1 is the last).
	word, tag int
	// comment reports lines to skip.
	comment func(line string) bool
	// udID means the first column is a UD token ID: multiword ranges ("3-4") and empty nodes
	// ("5.1") are skipped.
	udID bool
}

var (
	hashComment = func(line string) bool { return strings.HasPrefix(line, "#") }
	unerFormat  = format{sep: '\t', word: 1, tag: 2, comment: hashComment, udID: true}
	// germevalFormat reads the outer (column 3) annotation of GermEval 2014.
	germevalFormat   = format{sep: '\t', word: 1, tag: 2, comment: hashComment}
	tabFormat        = format{sep: '\t', word: 0, tag: -1}
	spaceFormat      = format{sep: ' ', word: 0, tag: -1}
	mobieFormat      = format{sep: '\t', word: 0, tag: 3}
	multiconerFormat = format{sep: ' ', word: 0, tag: -1,
		comment: func(line string) bool { return strings.HasPrefix(line, "# id ") }}
)

func (f format) split(line string) []string {
	if f.sep == 0 {
		return strings.Fields(line)
	}
	return strings.Split(line, string(f.sep))
}

// eachFile returns a reader that parses every file with parse and concatenates the sentences.
func eachFile(parse func(io.Reader) ([]Sentence, error)) func(string, []string) ([]Sentence, error) {
	return func(dataDir string, files []string) ([]Sentence, error) {
		var out []Sentence
		for _, name := range files {
			rc, err := openData(dataDir, name)
			if err != nil {
				return nil, err
			}
			sents, err := parse(rc)
			rc.Close()
			if err != nil {
				return nil, fmt.Errorf("%s: %w", name, err)
			}
			out = append(out, sents...)
		}
		return out, nil
	}
}

// columnReader returns a reader of CoNLL-like files in format f whose labels mapType maps to
// nomen's codes.
func columnReader(lang string, f format, mapType func(string) string) func(string, []string) ([]Sentence, error) {
	return eachFile(func(r io.Reader) ([]Sentence, error) { return readColumns(r, lang, f, mapType) })
}

// withoutBareAt wraps a reader so that names made of the single word "@" are left out.
func withoutBareAt(read func(string, []string) ([]Sentence, error)) func(string, []string) ([]Sentence, error) {
	return func(dir string, files []string) ([]Sentence, error) {
		sents, err := read(dir, files)
		for i := range sents {
			s := &sents[i]
			kept := s.Spans[:0:0]
			for _, sp := range s.Spans {
				if !(sp.End-sp.Start == 1 && s.Words[sp.Start] == "@") {
					kept = append(kept, sp)
				}
			}
			s.Spans = kept
		}
		return sents, err
	}
}

// readColumns parses one CoNLL-like stream.
func readColumns(r io.Reader, lang string, f format, mapType func(string) string) ([]Sentence, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), 4<<20)
	var (
		out   []Sentence
		words []string
		tags  []string
		// doc names the current document: a UD "# newdoc id", or "doc-N" after the Nth
		// "-DOCSTART-" line.
		doc    string
		nstart int
	)
	flush := func() {
		if len(words) > 0 {
			out = append(out, Sentence{Lang: lang, Words: words, Spans: decodeTags(tags, mapType), Doc: doc})
		}
		words, tags = nil, nil
	}
	docStart := func() {
		flush()
		nstart++
		doc = fmt.Sprintf("doc-%d", nstart)
	}
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimRight(sc.Text(), "\r")
		if strings.TrimSpace(line) == "" {
			flush()
			continue
		}
		if id, ok := strings.CutPrefix(line, "# newdoc id = "); ok {
			flush()
			doc = strings.TrimSpace(id)
			continue
		}
		if f.comment != nil && f.comment(line) {
			continue
		}
		cols := f.split(line)
		tag := f.tag
		if tag < 0 {
			tag += len(cols)
		}
		if f.word >= len(cols) || tag < 0 || tag >= len(cols) || tag == f.word {
			if strings.HasPrefix(line, "-DOCSTART-") {
				docStart()
				continue
			}
			return nil, fmt.Errorf("line %d: %d columns, want word in column %d and tag in column %d", n, len(cols), f.word+1, f.tag+1)
		}
		if f.udID && strings.ContainsAny(cols[0], "-.") {
			continue
		}
		w := cols[f.word]
		if w == "-DOCSTART-" {
			docStart()
			continue
		}
		if strings.TrimSpace(w) == "" {
			continue // BTC has a few empty tokens (stripped emoji); they carry no word
		}
		words = append(words, w)
		tags = append(tags, strings.TrimSpace(cols[tag]))
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	flush()
	return out, nil
}

// parseTag splits a raw IOB/BIOES tag into its prefix letter ('B', 'I', 'E', 'S'; 0 for O) and
// type. Tags without a prefix ("PER") count as I-tags; separators "-", "_" and "." are accepted.
func parseTag(raw string) (byte, string) {
	if raw == "" || raw == "O" || raw == "o" || raw == "_" || raw == "-" {
		return 0, ""
	}
	if len(raw) >= 3 && (raw[1] == '-' || raw[1] == '_' || raw[1] == '.') {
		switch p := raw[0] &^ 0x20; p {
		case 'B', 'I', 'E', 'S':
			return p, raw[2:]
		case 'L':
			return 'E', raw[2:]
		case 'U':
			return 'S', raw[2:]
		}
	}
	return 'I', raw
}

// decodeTags turns per-token tags into spans. Decoding is lenient so that IOB1, IOB2 and
// BIOES all work: B/S start a span; I/E continue the open span of the same mapped type on the
// previous token and otherwise start one; E/S close it. Labels mapType maps to "" are O.
func decodeTags(tags []string, mapType func(string) string) []span.TokenSpan {
	var out []span.TokenSpan
	open := -1
	for i, raw := range tags {
		p, typ := parseTag(raw)
		code := ""
		if p != 0 {
			code = mapType(typ)
		}
		if code == "" {
			open = -1
			continue
		}
		if (p == 'I' || p == 'E') && open >= 0 && out[open].Type == code && out[open].End == i {
			out[open].End = i + 1
		} else {
			out = append(out, span.TokenSpan{Start: i, End: i + 1, Type: code, Confidence: 1})
			open = len(out) - 1
		}
		if p == 'E' || p == 'S' {
			open = -1
		}
	}
	return out
}

// mapPLO keeps PER, LOC and ORG (any letter case) and maps everything else to O.
func mapPLO(t string) string {
	switch strings.ToUpper(t) {
	case "PER", "PERS", "PERSON":
		return span.PER
	case "LOC", "LOCATION":
		return span.LOC
	case "ORG", "ORGANIZATION", "ORGANISATION":
		return span.ORG
	}
	return ""
}

func mapWNUTType(t string) string {
	switch t {
	case "person":
		return span.PER
	case "location":
		return span.LOC
	case "corporation", "group":
		return span.ORG
	case "product":
		return span.PROD
	}
	return ""
}

func mapMobIEType(t string) string {
	switch t {
	case "person":
		return span.PER
	case "organization", "organization-company":
		return span.ORG
	case "location", "location-city", "location-street", "location-stop":
		return span.LOC
	}
	return ""
}

func mapMultiCoNERType(t string) string {
	switch t {
	case "Scientist", "Artist", "Athlete", "Politician", "Cleric", "SportsManager", "OtherPER":
		return span.PER
	case "HumanSettlement", "Facility", "Station", "OtherLOC":
		return span.LOC
	case "MusicalGRP", "PublicCorp", "PrivateCorp", "AerospaceManufacturer", "SportsGRP", "CarManufacturer", "ORG":
		return span.ORG
	case "Clothing", "Vehicle", "Food", "Drink", "OtherPROD":
		return span.PROD
	}
	return ""
}

// europeanaMaxChunk is the longest chunk cut from the boundary-less Europeana token streams
// (when a boundary outside an entity is available).
const europeanaMaxChunk = 60

// europeanaReader reads Europeana Newspapers files ("TOKEN TAG" per line, no sentence
// boundaries), chunks each file and keeps the chunks whose first token lies in the fraction
// [lo, hi) of the file's tokens.
func europeanaReader(lang string, lo, hi float64) func(string, []string) ([]Sentence, error) {
	return eachFile(func(r io.Reader) ([]Sentence, error) { return readEuropeana(r, lang, lo, hi) })
}

func isTagLike(s string) bool {
	if s == "O" {
		return true
	}
	return len(s) >= 3 && (s[0]&^0x20 == 'B' || s[0]&^0x20 == 'I') && (s[1] == '-' || s[1] == '_' || s[1] == '.')
}

func readEuropeana(r io.Reader, lang string, lo, hi float64) ([]Sentence, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), 4<<20)
	var words, tags []string
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		switch {
		case len(f) == 0:
		case f[0] == "#" && len(f) >= 3: // "# file: ..." and "# url: ..." headers
		case len(f) == 1:
			words, tags = append(words, f[0]), append(tags, "O")
		case len(f) == 2:
			words, tags = append(words, f[0]), append(tags, f[1])
		default: // a line with stray spaces: every field a word, the last field its tag if it is one
			tag, ws := "O", f
			if isTagLike(f[len(f)-1]) {
				tag, ws = f[len(f)-1], f[:len(f)-1]
			}
			for i, w := range ws {
				t := tag
				if i > 0 && t != "O" {
					t = "I" + t[1:]
				}
				words, tags = append(words, w), append(tags, t)
			}
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	spans := decodeTags(tags, mapPLO)
	inside := make([]bool, len(words)+1) // inside[i]: a span covers both word i-1 and word i
	for _, s := range spans {
		for i := s.Start + 1; i < s.End; i++ {
			inside[i] = true
		}
	}
	loTok, hiTok := int(lo*float64(len(words))), int(hi*float64(len(words)))
	var out []Sentence
	si := 0
	emit := func(start, end int) {
		if start < loTok || start >= hiTok {
			return
		}
		s := Sentence{Lang: lang, Words: words[start:end:end]}
		for si < len(spans) && spans[si].Start < start {
			si++
		}
		for ; si < len(spans) && spans[si].End <= end; si++ {
			sp := spans[si]
			sp.Start -= start
			sp.End -= start
			s.Spans = append(s.Spans, sp)
		}
		out = append(out, s)
	}
	start := 0
	for i := 1; i <= len(words); i++ {
		if i == len(words) {
			emit(start, i)
			break
		}
		if inside[i] {
			continue
		}
		prev := words[i-1]
		if prev == "." || prev == "!" || prev == "?" || i-start >= europeanaMaxChunk {
			emit(start, i)
			start = i
		}
	}
	return out, nil
}

// stockmarkRecord is one sentence of the Stockmark Japanese Wikipedia NER set.
type stockmarkRecord struct {
	CurID    string `json:"curid"`
	Text     string `json:"text"`
	Entities []struct {
		Name string `json:"name"`
		Span [2]int `json:"span"`
		Type string `json:"type"`
	} `json:"entities"`
}

func mapStockmarkType(t string) string {
	switch t {
	case "人名":
		return span.PER
	case "法人名", "政治的組織名", "その他の組織名":
		return span.ORG
	case "地名", "施設名":
		return span.LOC
	case "製品名":
		return span.PROD
	}
	return ""
}

// stockmarkReader reads the Stockmark set: records with curid % 10 == 9 when heldOut, the others
// otherwise.
func stockmarkReader(heldOut bool) func(string, []string) ([]Sentence, error) {
	return eachFile(func(r io.Reader) ([]Sentence, error) { return readStockmark(r, heldOut) })
}

// readStockmark tokenizes each record's text with package tokenize. A gold span that does not
// fall on token boundaries grows to the tokens it touches in held-out records (the evaluation
// sees the tokenizer's own words); in training records the tokens are split at the span's
// boundaries instead, so the tagger learns the exact extent.
func readStockmark(r io.Reader, heldOut bool) ([]Sentence, error) {
	var recs []stockmarkRecord
	if err := json.NewDecoder(r).Decode(&recs); err != nil {
		return nil, fmt.Errorf("decode: %w", err)
	}
	var out []Sentence
	for _, rec := range recs {
		id, err := strconv.Atoi(rec.CurID)
		if err != nil {
			return nil, fmt.Errorf("curid %q: %w", rec.CurID, err)
		}
		if (id%10 == 9) != heldOut {
			continue
		}
		type ent struct {
			s, e int
			typ  string
		}
		n := len([]rune(rec.Text))
		var ents []ent
		for _, e := range rec.Entities {
			code := mapStockmarkType(e.Type)
			if code == "" || e.Span[0] < 0 || e.Span[1] > n || e.Span[0] >= e.Span[1] {
				continue
			}
			ents = append(ents, ent{e.Span[0], e.Span[1], code})
		}
		sort.SliceStable(ents, func(i, j int) bool { return ents[i].s < ents[j].s })
		toks := tokenize.Tokens(rec.Text, "jpn")
		if !heldOut {
			cuts := make(map[int]bool, 2*len(ents))
			for _, e := range ents {
				cuts[e.s], cuts[e.e] = true, true
			}
			toks = splitTokens(toks, cuts)
		}
		s := Sentence{Lang: "jpn", Words: make([]string, len(toks))}
		for i, t := range toks {
			s.Words[i] = t.Text
		}
		for _, e := range ents {
			s.Spans = appendTokenSpan(s.Spans, toks, e.s, e.e, e.typ)
		}
		if len(s.Words) > 0 {
			out = append(out, s)
		}
	}
	return out, nil
}

// appendTokenSpan appends the gold entity of code points [start, end) as the span of the
// tokens it touches, unless it touches none or, grown to token boundaries, overlaps the
// previous span.
func appendTokenSpan(spans []span.TokenSpan, toks []tokenize.Token, start, end int, typ string) []span.TokenSpan {
	first, last := -1, -1
	for i, t := range toks {
		if t.End > start && t.Start < end {
			if first < 0 {
				first = i
			}
			last = i + 1
		}
	}
	if first < 0 {
		return spans
	}
	if k := len(spans); k > 0 && spans[k-1].End > first {
		return spans
	}
	return append(spans, span.TokenSpan{Start: first, End: last, Type: typ, Confidence: 1})
}

// splitTokens cuts tokens at the code-point offsets in cuts.
func splitTokens(toks []tokenize.Token, cuts map[int]bool) []tokenize.Token {
	var out []tokenize.Token
	for _, t := range toks {
		rs := []rune(t.Text)
		start := 0
		for k := 1; k < len(rs); k++ {
			if cuts[t.Start+k] {
				out = append(out, tokenize.Token{Text: string(rs[start:k]), Start: t.Start + start, End: t.Start + k})
				start = k
			}
		}
		out = append(out, tokenize.Token{Text: string(rs[start:]), Start: t.Start + start, End: t.End})
	}
	return out
}
