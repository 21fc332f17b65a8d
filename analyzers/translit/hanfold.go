package translit

import (
	_ "embed"
	"sort"
	"strings"
	"sync"
	"unicode/utf8"
)

// The Traditional → Simplified character table (data/t2s.txt, built from OpenCC's t2s
// conversion by scripts/han-t2s.sh; Apache-2.0). Wikidata's Chinese person labels, from which
// the chinese model's lookup table was learned, are written in either form ("唐納德" for
// Donald), while most text is Simplified ("唐纳德"): names are looked up folded to Simplified.
//
//go:embed data/t2s.txt
var t2sData string

var (
	t2sOnce sync.Once
	t2s     map[rune]rune
)

func t2sTable() map[rune]rune {
	t2sOnce.Do(func() {
		t2s = make(map[rune]rune, 4096)
		for _, line := range strings.Split(t2sData, "\n") {
			if line == "" || line[0] == '#' {
				continue
			}
			a, b, ok := strings.Cut(line, "\t")
			ra, na := utf8.DecodeRuneInString(a)
			rb, nb := utf8.DecodeRuneInString(b)
			if ok && na == len(a) && nb == len(b) && ra != utf8.RuneError && rb != utf8.RuneError {
				t2s[ra] = rb
			}
		}
	})
	return t2s
}

// FoldHan returns s with its Traditional Chinese characters written in Simplified form
// ("唐納德" → "唐纳德"); other characters are unchanged. It returns s itself when nothing
// changes.
func FoldHan(s string) string {
	t := t2sTable()
	changed := false
	for _, r := range s {
		if _, ok := t[r]; ok {
			changed = true
			break
		}
	}
	if !changed {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i, r := range s {
		if f, ok := t[r]; ok {
			b.WriteRune(f)
			continue
		}
		_, n := utf8.DecodeRuneInString(s[i:])
		b.WriteString(s[i : i+n]) // other bytes as they are, invalid UTF-8 included
	}
	return b.String()
}

// foldLookup adds to a Chinese lookup table the Simplified form of each token written with
// Traditional characters, when the table does not hold that form already.
func foldLookup(lookup map[string][]Variant) {
	var add []string
	for tok := range lookup {
		if f := FoldHan(tok); f != tok {
			if _, ok := lookup[f]; !ok {
				add = append(add, tok)
			}
		}
	}
	// Two Traditional spellings may fold to one form: the one that sorts first wins, so that
	// the table does not depend on map order.
	sort.Strings(add)
	for _, tok := range add {
		f := FoldHan(tok)
		if _, ok := lookup[f]; !ok {
			lookup[f] = lookup[tok]
		}
	}
}
