package langid

import (
	"fmt"
	"unicode/utf8"
)

// Latin-script Serbian. lingua models Serbian in Cyrillic only; nomen derives
// a Latin model by transliterating it into Gaj's alphabet. Serbian Cyrillic
// maps one letter to one letter except љ → lj, њ → nj, џ → dž, so:
//
//   - unigrams: each Latin letter gets the summed probability of the
//     Cyrillic letters spelled with it (n: н and њ; j: ј, љ and њ; ...),
//     renormalized;
//   - a Latin n-gram comes from a Cyrillic n-gram, or from a shorter one
//     holding digraph letters (ње → nje), and keeps its conditional
//     probability: P(e | nj) = P(е | њ);
//   - when the Latin n-gram ends in a digraph (…nj), the conditional of its
//     last letter is P(j | …n) = P(…њ) / (P(…њ) + P(…н)); when it ends in a
//     digraph's first letter (…n), P(n | …) = P(…н) + P(…њ).

// serbianLatin transliterates Serbian Cyrillic letters into Gaj's Latin alphabet.
var serbianLatin = map[rune]string{
	'а': "a", 'б': "b", 'в': "v", 'г': "g", 'д': "d", 'ђ': "đ", 'е': "e", 'ж': "ž", 'з': "z",
	'и': "i", 'ј': "j", 'к': "k", 'л': "l", 'љ': "lj", 'м': "m", 'н': "n", 'њ': "nj", 'о': "o",
	'п': "p", 'р': "r", 'с': "s", 'т': "t", 'ћ': "ć", 'у': "u", 'ф': "f", 'х': "h", 'ц': "c",
	'ч': "č", 'џ': "dž", 'ш': "š",
}

// digraphBase maps a digraph letter to the letter spelled with its first
// Latin half, and back.
var digraphBase = map[rune]rune{'љ': 'л', 'њ': 'н', 'џ': 'д'}
var digraphOf = map[rune]rune{'л': 'љ', 'н': 'њ', 'д': 'џ'}

// readGrams decodes one Serbian Cyrillic model into n-gram → probability.
func readGrams(order int) (map[string]float64, error) {
	pb, err := readModelFile("sr", order)
	if err != nil {
		return nil, err
	}
	if pb == nil {
		return nil, fmt.Errorf("langid: no Serbian %s model", orderNames[order])
	}
	m := make(map[string]float64)
	err = walkGrams(pb, func(g []byte, p float64) { m[string(g)] = p })
	return m, err
}

// transliterate returns the Latin runes of a Cyrillic n-gram, or false if it
// holds a letter outside the Serbian alphabet.
func transliterate(g string, buf []rune) ([]rune, bool) {
	buf = buf[:0]
	for _, r := range g {
		s, ok := serbianLatin[r]
		if !ok {
			return nil, false
		}
		for _, lr := range s {
			buf = append(buf, lr)
		}
	}
	return buf, true
}

// serbianLatinModel emits the Latin Serbian n-grams of one order.
func serbianLatinModel(order int, emit func(key uint64, q uint16)) error {
	if order == 1 {
		uni, err := readGrams(1)
		if err != nil {
			return err
		}
		acc := map[rune]float64{}
		total := 0.0
		for g, p := range uni {
			r, _ := utf8.DecodeRuneInString(g)
			s, ok := serbianLatin[r]
			if !ok {
				continue
			}
			for _, lr := range s {
				acc[lr] += p
				total += p
			}
		}
		for r, p := range acc {
			emit(runeKey([]rune{r}), quantize(p/total))
		}
		return nil
	}
	var buf []rune
	for so := order; so >= max(1, order-2); so-- {
		src, err := readGrams(so)
		if err != nil {
			return err
		}
		for g, p := range src {
			tl, ok := transliterate(g, buf)
			if !ok || len(tl) != order {
				continue
			}
			buf = tl
			rs := []rune(g)
			last := rs[len(rs)-1]
			if base, ok := digraphBase[last]; ok {
				rs[len(rs)-1] = base
				p = p / (p + src[string(rs)])
			} else if dg, ok := digraphOf[last]; ok && len(rs) > 1 {
				rs[len(rs)-1] = dg
				p += src[string(rs)]
			}
			emit(runeKey(tl), quantize(p))
		}
	}
	return nil
}
