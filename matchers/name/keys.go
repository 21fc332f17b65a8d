package name

import (
	"unicode/utf8"

	"github.com/nomenhq/nomen/internal/phonetic"
	pname "github.com/nomenhq/nomen/parsers/name"
)

// blockVariants is the number of Latin variants of a non-Latin token that get blocking keys.
const blockVariants = 2

// BlockingKeys returns the keys under which a prepared name is indexed to find candidate
// duplicates: two names the matcher would score high almost always share one. Per content
// token (titles, suffixes, initials, particles, stop words and legal forms give none), and per
// Latin rendering of it (the folded token itself for Latin script, the best blockVariants
// transliterations otherwise), the keys are:
//
//   - "t:" + the rendering (equal tokens);
//   - "p:" + each Double Metaphone key of the rendering (spelling variants, transliteration
//     noise);
//   - "b:" + its first three and "e:" + its last three letters, for renderings of at least
//     four letters (typos that change the sound of a token);
//   - "n:" + the native form of a non-Latin token (same-script duplicates).
//
// Number tokens give "t:" keys only. A name without content tokens gives "x:" + its folded
// text. Keys are distinct, in a deterministic order.
func (p *Prepared) BlockingKeys() []string {
	var out []string
	seen := map[string]bool{}
	add := func(k string) {
		if !seen[k] {
			seen[k] = true
			out = append(out, k)
		}
	}
	for _, t := range p.tokens {
		switch t.role {
		case pname.Title, pname.Suffix, pname.Initial, pname.Particle, pname.StopWord, pname.LegalForm:
			continue
		case pname.Number:
			add("t:" + t.fold)
			continue
		}
		if !t.latin && t.norm != "" {
			add("n:" + t.norm)
		}
		for i, v := range t.variants {
			if i >= blockVariants {
				break
			}
			s := v.text
			if s == "" || (utf8.RuneCountInString(s) < 2 && len(t.variants) == 1) {
				continue
			}
			add("t:" + s)
			d1, d2 := t.dmKeys()
			if i > 0 {
				d1, d2 = phonetic.DoubleMetaphone(s)
			}
			if d1 != "" {
				add("p:" + d1)
			}
			if d2 != "" {
				add("p:" + d2)
			}
			if n := utf8.RuneCountInString(s); n >= 4 {
				r := []rune(s)
				add("b:" + string(r[:3]))
				add("e:" + string(r[n-3:]))
			}
		}
	}
	if len(out) == 0 {
		add("x:" + p.norm)
	}
	return out
}
