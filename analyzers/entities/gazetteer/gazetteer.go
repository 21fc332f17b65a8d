package gazetteer

import (
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"slices"
	"sort"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/nomenhq/nomen/analyzers/entities/span"
	"github.com/nomenhq/nomen/analyzers/tokenize"
)

// Confidence values of Find (see the package documentation).
const (
	// ConfidenceBuiltin is the confidence of a built-in entry that gives none.
	ConfidenceBuiltin = 0.9
	// ConfidenceUser is the confidence of a user-supplied entry that gives none.
	ConfidenceUser = 0.95
	// ConfidenceInName caps the confidence of a one-word TTL match, not an all-capitals
	// abbreviation, that is capitalized in the text, follows a capitalized word and is not
	// followed by one: it is likely the end of a name ("Stephen King", "Notre Dame", "Main
	// Dr") rather than a title before a name.
	ConfidenceInName = 0.4
	// ConfidenceBeforeName caps the confidence of a capitalized NAT or REL match that is
	// directly followed by a capitalized word which starts no match of its own: the match
	// is then likely the start of a longer name ("American Airlines", "Christian Dior").
	ConfidenceBeforeName = 0.4
)

// ErrFileName is wrapped by the error about a list file whose name is not <TYPE>.txt or
// <TYPE>-<lang>.txt.
var ErrFileName = errors.New("gazetteer: bad list file name")

//go:generate go run gen.go -data ../../../../shared/data

//go:embed data
var builtinFS embed.FS

// list is one list file: entries of one type, for one language ("" for all languages).
type list struct {
	typ, lang string
	entries   []Entry
	user      bool
}

// Gazetteer matches entity lists in text. It is immutable and safe for concurrent use.
type Gazetteer struct {
	// lists are in priority order: user lists before built-in ones.
	lists []list
	// tries holds one trie per language with lists, and "" for the languages without.
	tries map[string]*trie
	// types holds the sorted entity types per language (same keys as tries).
	types map[string][]string
}

var (
	defaultOnce sync.Once
	defaultGaz  *Gazetteer
	defaultErr  error
)

// Default returns the gazetteer of the built-in lists (TTL, NAT and REL in the languages of
// data/), built once on first use. It panics only if the embedded lists are broken, which
// the package tests rule out.
func Default() *Gazetteer {
	defaultOnce.Do(func() {
		var lists []list
		lists, defaultErr = readLists(builtinFS, "data", false)
		if defaultErr == nil {
			var more []list
			more, defaultErr = readLists(builtinFS, "data/derived", false)
			lists = append(lists, more...)
		}
		if defaultErr == nil {
			defaultGaz = build(lists)
		}
	})
	if defaultErr != nil {
		panic(fmt.Sprintf("gazetteer: built-in lists: %v", defaultErr))
	}
	return defaultGaz
}

// LoadDir returns the built-in lists merged with the list files of dir. A list file is
// named <TYPE>.txt (for every language) or <TYPE>-<lang>.txt (lang a two- or three-letter
// ISO 639 code; three-letter codes are canonical), where TYPE is an entity type code such as
// PER, ORG, LOC, PROD, TTL, NAT, REL or any custom name of A-Z, 0-9, '_', '#' and space.
// Its format is that of ParseList. Other files and subdirectories are ignored. At the same
// text, a user entry wins over a built-in one. Errors name the file and line.
func LoadDir(dir string) (*Gazetteer, error) {
	user, err := readLists(os.DirFS(dir), ".", true)
	if err != nil {
		return nil, fmt.Errorf("gazetteer: loading %s: %w", dir, err)
	}
	base := Default()
	lists := make([]list, 0, len(user)+len(base.lists))
	lists = append(lists, user...)
	lists = append(lists, base.lists...)
	return build(lists), nil
}

// readLists parses the *.txt list files of directory dir of fsys.
func readLists(fsys fs.FS, dir string, user bool) ([]list, error) {
	ents, err := fs.ReadDir(fsys, dir)
	if err != nil {
		return nil, err
	}
	var out []list
	for _, de := range ents {
		name := de.Name()
		if de.IsDir() || !strings.HasSuffix(name, ".txt") || strings.HasPrefix(name, ".") {
			continue
		}
		typ, lang, err := parseFileName(name)
		if err != nil {
			return nil, err
		}
		f, err := fsys.Open(path.Join(dir, name))
		if err != nil {
			return nil, err
		}
		entries, err := ParseList(f, name)
		f.Close()
		if err != nil {
			return nil, err
		}
		out = append(out, list{typ: typ, lang: lang, entries: entries, user: user})
	}
	return out, nil
}

// parseFileName splits "<TYPE>.txt" or "<TYPE>-<lang>.txt".
func parseFileName(name string) (typ, lang string, err error) {
	base := strings.TrimSuffix(name, ".txt")
	typ = base
	if i := strings.LastIndexByte(base, '-'); i >= 0 {
		typ, lang = base[:i], base[i+1:]
		if !validLang(lang) {
			return "", "", fmt.Errorf("%s: language %q is not a two- or three-letter lower-case code: %w", name, lang, ErrFileName)
		}
		lang = normLang(lang)
	}
	if !validType(typ) {
		return "", "", fmt.Errorf("%s: type %q is not made of A-Z, 0-9, '_', '#' and space: %w", name, typ, ErrFileName)
	}
	return typ, lang, nil
}

func validType(t string) bool {
	if t == "" || strings.TrimSpace(t) != t {
		return false
	}
	for i := 0; i < len(t); i++ {
		c := t[i]
		if !(c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '#' || c == ' ') {
			return false
		}
	}
	return true
}

// build makes the tries of lists (in priority order).
func build(lists []list) *Gazetteer {
	g := &Gazetteer{lists: lists, tries: map[string]*trie{}, types: map[string][]string{}}
	langs := map[string]bool{"": true}
	for _, l := range lists {
		langs[l.lang] = true
	}
	for lang := range langs {
		t := newTrie()
		types := map[string]bool{}
		// Priority: user lists of the language, user lists for all languages, then the
		// same two groups of built-in lists.
		for _, user := range []bool{true, false} {
			for _, specific := range []bool{true, false} {
				for _, l := range lists {
					if l.user != user || (l.lang != "") != specific || (l.lang != "" && l.lang != lang) {
						continue
					}
					addList(t, l, lang)
					if len(l.entries) > 0 {
						types[l.typ] = true
					}
				}
			}
		}
		t.freeze()
		g.tries[lang] = t
		g.types[lang] = sortedKeys(types)
	}
	return g
}

// addList adds the entries of l to t, with the language's variants.
func addList(t *trie, l list, lang string) {
	def := ConfidenceBuiltin
	if l.user {
		def = ConfidenceUser
	}
	art := rulesByLang[lang].articleEveryWord
	for _, e := range l.entries {
		conf := e.Confidence
		if conf == 0 {
			conf = def
		}
		t.add(cand{surface: []rune(e.Text), typ: l.typ, conf: conf, exact: e.Exact, user: l.user})
		if art != "" && (l.typ == span.TTL || l.typ == span.NAT || l.typ == span.REL) {
			// Noun and adjective take the article together ("مدير تنفيذي", "المدير
			// التنفيذي"); an entry with an article already is a construct ("رئيس الوزراء")
			// and is definite as it stands.
			words := strings.Split(e.Text, " ")
			if !slices.ContainsFunc(words, func(w string) bool { return strings.HasPrefix(w, art) }) {
				for i, w := range words {
					words[i] = art + w
				}
				t.add(cand{surface: []rune(strings.Join(words, " ")), typ: l.typ, conf: conf, exact: e.Exact, user: l.user})
			}
		}
	}
}

func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// Types returns the sorted entity types that g can find in language lang (its own lists and
// those for every language).
func (g *Gazetteer) Types(lang string) []string {
	ts, ok := g.types[normLang(lang)]
	if !ok {
		ts = g.types[""]
	}
	return append([]string(nil), ts...)
}

// Languages returns the sorted codes of the languages that have lists of their own.
func (g *Gazetteer) Languages() []string {
	var out []string
	for l := range g.tries {
		if l != "" {
			out = append(out, l)
		}
	}
	sort.Strings(out)
	return out
}

// Size returns the number of distinct entries of type typ that match in lang, counting
// generated variants (such as the Arabic article forms).
func (g *Gazetteer) Size(lang, typ string) int {
	t, ok := g.tries[normLang(lang)]
	if !ok {
		t = g.tries[""]
	}
	n := 0
	for _, cs := range t.cands {
		for _, c := range cs {
			if c.typ == typ {
				n++
			}
		}
	}
	return n
}

// match is one accepted match starting at token i.
type match struct {
	start, end int // code points
	endTok     int
	c          *cand
}

// Find returns the list entries found in text, in language lang, as spans with
// Source span.SourceGazetteer: code-point offsets, sorted and non-overlapping (leftmost,
// then longest match). toks must be tokenize.Tokens(text, lang) (or the tokens of
// tokenize.Segment); when toks is nil, not increasing or beyond the end of text, Find
// tokenizes text itself.
func (g *Gazetteer) Find(text string, toks []tokenize.Token, lang string) []span.Span {
	lang = normLang(lang)
	t, ok := g.tries[lang]
	if !ok {
		t = g.tries[""]
	}
	if t == nil || t.size == 0 {
		return nil
	}
	if !validTokens(toks) || toks[len(toks)-1].End > utf8.RuneCountInString(text) {
		toks = tokenize.Tokens(text, lang)
	}
	rules := rulesByLang[lang]
	var out []span.Span
	lastEnd := -1 // token index after the previous match
	for i := 0; i < len(toks); {
		m, ok := longestAt(t, &rules, toks, i)
		if !ok {
			i++
			continue
		}
		conf := m.c.conf
		if rules.capsInformative && (m.c.typ == span.NAT || m.c.typ == span.REL) && beforeName(t, &rules, toks, m) {
			conf = min(conf, ConfidenceBeforeName)
		}
		if rules.capsInformative && !rules.nounCaps && m.c.typ == span.TTL && lastEnd != i && inName(toks, i, m) {
			conf = min(conf, ConfidenceInName)
		}
		out = append(out, span.Span{Start: m.start, End: m.end, Type: m.c.typ, Confidence: conf, Source: span.SourceGazetteer})
		i = m.endTok + 1
		lastEnd = i
	}
	return out
}

// validTokens reports whether toks is non-empty, increasing and non-overlapping, with text
// of the right length.
func validTokens(toks []tokenize.Token) bool {
	if len(toks) == 0 {
		return false
	}
	prev := 0
	for _, tk := range toks {
		if tk.Start < prev || tk.End <= tk.Start || utf8.RuneCountInString(tk.Text) != tk.End-tk.Start {
			return false
		}
		prev = tk.End
	}
	return true
}

// beforeName reports whether the capitalized match m is followed, after white space, by a
// capitalized word that starts no match of its own.
func beforeName(t *trie, rules *langRules, toks []tokenize.Token, m match) bool {
	if m.endTok+1 >= len(toks) {
		return false
	}
	// The first letter of the match, in the token that holds m.start.
	first := rune(0)
	for i := m.endTok; i >= 0; i-- {
		if toks[i].Start <= m.start {
			first, _ = utf8.DecodeRuneInString(toks[i].Text[runeOffset(toks[i].Text, m.start-toks[i].Start):])
			break
		}
	}
	if !unicode.IsUpper(first) {
		return false
	}
	// Skip the capitalized NAT and REL matches that follow ("Egyptian Islamic Jihad"); a
	// capitalized word that starts no match makes a name, a following title does not.
	for j := m.endTok + 1; j < len(toks); {
		if toks[j].Start == toks[j-1].End || !startsUpper(toks[j].Text) {
			return false
		}
		next, ok := longestAt(t, rules, toks, j)
		if !ok {
			return true
		}
		if next.c.typ != span.NAT && next.c.typ != span.REL {
			return false
		}
		j = next.endTok + 1
	}
	return false
}

// inName reports whether the one-word match m, starting in token i, of an entry with a
// lower-case letter is capitalized, follows a capitalized word that does not start a
// sentence (the word before it is a word) and is not followed by a capitalized word.
func inName(toks []tokenize.Token, i int, m match) bool {
	if i == 0 || m.endTok != i || !slices.ContainsFunc(m.c.surface, unicode.IsLower) || m.start != toks[i].Start || toks[i].Start == toks[i-1].End || !startsUpper(toks[i].Text) || !startsUpper(toks[i-1].Text) {
		return false
	}
	// A capitalized first word of a sentence ("The President said") says nothing.
	if i < 2 || !startsLetterOrDigit(toks[i-2].Text) {
		return false
	}
	j := m.endTok + 1
	return j >= len(toks) || toks[j].Start == toks[j-1].End || !startsUpper(toks[j].Text)
}

func startsLetterOrDigit(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	return unicode.IsLetter(r) || unicode.IsDigit(r)
}

func startsUpper(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	return unicode.IsUpper(r)
}

// runeOffset returns the byte offset of the n-th rune of s (len(s) when beyond).
func runeOffset(s string, n int) int {
	for i := range s {
		if n == 0 {
			return i
		}
		n--
	}
	return len(s)
}

// longestAt finds the longest match starting in token i whose case fits its entry.
func longestAt(t *trie, rules *langRules, toks []tokenize.Token, i int) (match, bool) {
	var best match
	found := false
	// Start offsets inside token i: 0, then after up to two proclitic letters.
	first := toks[i].Text
	for k := 0; k <= 2; k++ {
		if k > 0 {
			r, _ := utf8.DecodeRuneInString(first[runeOffset(first, k-1):])
			if rules.proclitics == "" || !strings.ContainsRune(rules.proclitics, r) || utf8.RuneCountInString(first) < k+2 {
				break
			}
		}
		if m, ok := walk(t, rules, toks, i, k); ok && (!found || m.end > best.end) {
			best, found = m, true
		}
	}
	return best, found
}

// walk follows the trie from rune k of token i and returns the longest accepted match.
func walk(t *trie, rules *langRules, toks []tokenize.Token, i, k int) (match, bool) {
	var best match
	found := false
	node := int32(0)
	// consider accepts the best candidate of node whose case fits: user entries first, then
	// the one with the most capitals ("General" before "general"), then list order.
	consider := func(j int) {
		var pick *cand
		for ci := range t.cands[t.terms[node]] {
			c := &t.cands[t.terms[node]][ci]
			if (pick == nil || c.user && !pick.user || c.user == pick.user && c.caps > pick.caps) && caseFits(c, toks, i, k) {
				pick = c
			}
		}
		if pick != nil {
			best = match{start: toks[i].Start + k, end: toks[j].End, endTok: j, c: pick}
			found = true
		}
	}
	for j := i; j < len(toks); j++ {
		if j > i && toks[j].Start > toks[j-1].End {
			if node = t.step(node, ' '); node < 0 {
				break
			}
		}
		txt := toks[j].Text
		if j == i {
			txt = txt[runeOffset(txt, k):]
		}
		for p, r := range txt {
			if node = t.step(node, fold(r)); node < 0 {
				return best, found
			}
			if rules.suffixes != nil && t.terms[node] >= 0 {
				if after := p + utf8.RuneLen(r); after < len(txt) && rules.suffixes[txt[after:]] {
					consider(j)
				}
			}
		}
		if t.terms[node] >= 0 {
			consider(j)
		}
	}
	return best, found
}

// caseFits checks the case of the text from rune k of token i against surface, rune by
// rune (a token gap stands for the space of the surface).
func caseFits(c *cand, toks []tokenize.Token, i, k int) bool {
	surface := c.surface
	s := 0
	for j := i; j < len(toks) && s < len(surface); j++ {
		if j > i && toks[j].Start > toks[j-1].End {
			s++ // the space
		}
		txt := toks[j].Text
		if j == i {
			txt = txt[runeOffset(txt, k):]
		}
		for _, r := range txt {
			if s >= len(surface) {
				return true
			}
			if c.exact && !exactOK(surface[s], r) || !c.exact && !caseOK(surface[s], r) {
				return false
			}
			s++
		}
	}
	return true
}
