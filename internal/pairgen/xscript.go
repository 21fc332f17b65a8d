package pairgen

import (
	"math/rand/v2"
	"slices"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"

	"github.com/nomenhq/nomen/analyzers/translit"
)

// script describes one target script of the transliteration data.
type script struct {
	name     string // category suffix: xscript-<name>
	file     string // wd_<file>_{20,80}.tsv.xz
	lang     string // ISO 639-3 code of the native side
	tables   []*unicode.RangeTable
	extra    string // other runes allowed inside a token
	minRunes int    // shortest native token kept
	// joiner separates given and family name in a two-token native name:
	// a space, or the interpunct used for foreign names in Chinese (·) and
	// Japanese (・).
	joiner string
	// cased scripts are title-cased (Cyrillic); others are left as is.
	cased bool
}

// only reports whether every rune of s is in the script or its extras.
func (sc *script) only(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if !unicode.In(r, sc.tables...) && !strings.ContainsRune(sc.extra, r) {
			return false
		}
	}
	return true
}

// scripts lists the cross-script categories in output order.
var scripts = []*script{
	{name: "arabic", file: "arabic", lang: "ara", tables: []*unicode.RangeTable{unicode.Arabic}, minRunes: 2, joiner: " "},
	{name: "chinese", file: "chinese", lang: "zho", tables: []*unicode.RangeTable{unicode.Han}, minRunes: 1, joiner: "·"},
	{name: "hebrew", file: "hebrew", lang: "heb", tables: []*unicode.RangeTable{unicode.Hebrew}, extra: "'׳-", minRunes: 2, joiner: " "},
	{name: "japanese", file: "katakana", lang: "jpn", tables: []*unicode.RangeTable{unicode.Katakana}, extra: "ー", minRunes: 2, joiner: "・"},
	{name: "korean", file: "korean", lang: "kor", tables: []*unicode.RangeTable{unicode.Hangul}, minRunes: 1, joiner: " "},
	{name: "russian", file: "russian", lang: "rus", tables: []*unicode.RangeTable{unicode.Cyrillic}, extra: "-", minRunes: 2, joiner: " ", cased: true},
}

// xscriptIndex answers the questions the hard-negative search asks.
type xscriptIndex struct {
	rows     []translitRow
	byFirst  map[rune][]int             // native first rune -> row indices
	natives  map[string]map[string]bool // en -> native renderings
	englishs map[string]map[string]bool // native -> English tokens
}

// newXscriptIndex indexes rows; extra rows (another split of the same
// script) only widen the check that a negative is not a valid rendering.
func newXscriptIndex(rows, extra []translitRow) *xscriptIndex {
	ix := &xscriptIndex{rows: rows, byFirst: map[rune][]int{}, natives: map[string]map[string]bool{}, englishs: map[string]map[string]bool{}}
	for i, r := range rows {
		f := firstRune(r.native)
		ix.byFirst[f] = append(ix.byFirst[f], i)
	}
	for _, r := range append(slices.Clip(rows), extra...) {
		if ix.natives[r.en] == nil {
			ix.natives[r.en] = map[string]bool{}
		}
		ix.natives[r.en][r.native] = true
		if ix.englishs[r.native] == nil {
			ix.englishs[r.native] = map[string]bool{}
		}
		ix.englishs[r.native][r.en] = true
	}
	return ix
}

// unrelated reports whether native rendering nat is safely not a rendering
// of English token en: it is never paired with en, nor with an English
// token that is a spelling variant of en or has the same consonant
// skeleton (scripts such as Arabic, Hebrew and katakana do not distinguish
// many vowels and consonants, so "darwin" and "daron" share a rendering).
func (ix *xscriptIndex) unrelated(en, nat string) bool {
	if ix.natives[en][nat] {
		return false
	}
	sk := skeleton(en)
	for other := range ix.englishs[nat] {
		if !different(other, en) || skeleton(other) == sk {
			return false
		}
	}
	return true
}

// skeletonMap merges Latin letters that transliterations commonly confuse;
// vowels and h, w, y are dropped.
var skeletonMap = map[rune]rune{
	'l': 'r', 'v': 'b', 'p': 'b', 'f': 'b', 'c': 'k', 'q': 'k', 'g': 'k', 'z': 's', 'j': 's', 'x': 's',
	'd': 't', 'a': 0, 'e': 0, 'i': 0, 'o': 0, 'u': 0, 'y': 0, 'h': 0, 'w': 0,
}

// skeleton returns the consonant skeleton of a Latin name token: letters
// folded to ASCII lower case, merged by skeletonMap, vowels dropped, runs
// collapsed.
func skeleton(s string) string {
	var b []rune
	for _, r := range strings.ToLower(s) {
		r = foldLatin(r)
		if m, ok := skeletonMap[r]; ok {
			if m == 0 {
				continue
			}
			r = m
		}
		if len(b) > 0 && b[len(b)-1] == r {
			continue
		}
		b = append(b, r)
	}
	return string(b)
}

// foldLatin maps common accented Latin letters to their base letter.
func foldLatin(r rune) rune {
	if r < 0x80 {
		return r
	}
	if d := norm.NFD.String(string(r)); d != "" {
		return []rune(d)[0]
	}
	return r
}

// hardNegative returns a native token close to row i's native token (same
// first character, length within one) that renders a different name, or
// false when none is found within a bounded number of tries.
func (ix *xscriptIndex) hardNegative(rng *rand.Rand, i int) (string, bool) {
	r := ix.rows[i]
	cands := ix.byFirst[firstRune(r.native)]
	n := runeLen(r.native)
	for tries := 0; tries < 60 && len(cands) > 1; tries++ {
		c := ix.rows[pick(rng, cands)]
		if c.native == r.native || abs(runeLen(c.native)-n) > 1 || !ix.unrelated(r.en, c.native) {
			continue
		}
		return c.native, true
	}
	// Fall back to any unrelated token of similar length.
	for tries := 0; tries < 200; tries++ {
		c := ix.rows[rng.IntN(len(ix.rows))]
		if c.native != r.native && abs(runeLen(c.native)-n) <= 1 && ix.unrelated(r.en, c.native) {
			return c.native, true
		}
	}
	return "", false
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// nativeCase title-cases a native token in cased scripts.
func (sc *script) nativeCase(s string) string {
	if sc.cased {
		return title(s)
	}
	return s
}

// genXscript adds the pairs of one script from rows with count >= 2 (all
// rows when there are too few of them; extra rows only serve to reject
// negatives that are valid renderings)
// rows when there are too few of them): quota single-token positives,
// quota single-token hard negatives, quota two-token positives ("Given
// Family" against the two native tokens joined by sc.joiner) and quota
// two-token negatives that share one token and differ in the other.
func genXscript(ps *pairSet, sc *script, rows, extra []translitRow, quota int) {
	cat := "xscript-" + sc.name
	rng := newRand(cat)
	ix := newXscriptIndex(rows, extra)
	// Base rows are those seen for at least two Wikidata persons: single
	// observations hold most of the source's misalignments (for example a
	// Japanese given name paired with the family name). Hard-negative
	// candidates come from all rows.
	var reliable []int
	for i, r := range rows {
		if r.count >= 2 {
			reliable = append(reliable, i)
		}
	}
	if len(reliable) < 8*quota {
		reliable = reliable[:0]
		for i := range rows {
			reliable = append(reliable, i)
		}
	}
	order := make([]int, len(reliable))
	for k, j := range perm(rng, len(reliable)) {
		order[k] = reliable[j]
	}
	next := 0
	take := func() (int, bool) {
		if next >= len(order) {
			return 0, false
		}
		next++
		return order[next-1], true
	}
	en := func(s string) Name { return Name{Text: title(s), Language: "eng", EntityType: Person} }
	nat := func(s string) Name { return Name{Text: s, Language: sc.lang, EntityType: Person} }

	for ps.count(cat, true) < quota {
		i, ok := take()
		if !ok {
			break
		}
		r := rows[i]
		ps.add(Pair{Name1: en(r.en), Name2: nat(sc.nativeCase(r.native)), Match: true, Category: cat})
	}
	for ps.count(cat, false) < quota {
		i, ok := take()
		if !ok {
			break
		}
		if neg, ok := ix.hardNegative(rng, i); ok {
			ps.add(Pair{Name1: en(rows[i].en), Name2: nat(sc.nativeCase(neg)), Match: false, Category: cat})
		}
	}
	two := func(a, b string) string { return sc.nativeCase(a) + sc.joiner + sc.nativeCase(b) }
	for target := 2 * quota; ps.count(cat, true) < target; {
		i, ok1 := take()
		j, ok2 := take()
		if !ok1 || !ok2 {
			break
		}
		g, f := rows[i], rows[j]
		if g.en == f.en {
			continue
		}
		ps.add(Pair{Name1: en(g.en + " " + f.en), Name2: nat(two(g.native, f.native)), Match: true, Category: cat})
	}
	for target := 2 * quota; ps.count(cat, false) < target; {
		i, ok1 := take()
		j, ok2 := take()
		if !ok1 || !ok2 {
			break
		}
		g, f := rows[i], rows[j]
		if g.en == f.en {
			continue
		}
		// Alternate which token is replaced by a close but different one.
		gn, fn := g.native, f.native
		var ok bool
		if rng.IntN(2) == 0 {
			gn, ok = ix.hardNegative(rng, i)
		} else {
			fn, ok = ix.hardNegative(rng, j)
		}
		if !ok {
			continue
		}
		ps.add(Pair{Name1: en(g.en + " " + f.en), Name2: nat(two(gn, fn)), Match: false, Category: cat})
	}
}

// splitDev splits `_80` rows by translit.DevHeldOut: dev holds the rows of
// the English tokens the script's learned model never saw in training,
// train the others. For scripts without such a part, dev is rows and train
// is nil.
func splitDev(sc *script, rows []translitRow) (dev, train []translitRow) {
	for _, r := range rows {
		if translit.DevHeldOut(sc.file, r.en) {
			dev = append(dev, r)
		} else {
			train = append(train, r)
		}
	}
	if len(dev) == 0 {
		return rows, nil
	}
	return dev, train
}
