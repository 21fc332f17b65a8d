package pairgen

import (
	"strings"

	"github.com/nomenhq/nomen/internal/strsim"
)

// genFullname adds quota positives (an English full name and its native
// rendering) and quota hard negatives from the full-name file of sc: the
// English name against the native rendering of another person who shares
// the family name (half of them) or the given name (the other half) and
// differs in the other part (the most similar of up to eight candidates).
func genFullname(ps *pairSet, sc *script, rows []fullRow, quota int) {
	cat := "fullname-" + sc.name
	rng := newRand(cat)
	byFamily, byGiven := map[string][]int{}, map[string][]int{}
	for i, r := range rows {
		byFamily[r.en[len(r.en)-1]] = append(byFamily[r.en[len(r.en)-1]], i)
		byGiven[r.en[0]] = append(byGiven[r.en[0]], i)
	}
	en := func(r fullRow) Name {
		return Name{Text: strings.Join(r.en, " "), Language: "eng", EntityType: Person}
	}
	nat := func(r fullRow) Name {
		return Name{Text: strings.Join(r.native, " "), Language: sc.lang, EntityType: Person}
	}
	order := perm(rng, len(rows))
	k := 0
	for ; k < len(order) && ps.count(cat, true) < quota; k++ {
		r := rows[order[k]]
		ps.add(Pair{Name1: en(r), Name2: nat(r), Match: true, Category: cat})
	}
	sameFamily := 0
	for ; k < len(order) && ps.count(cat, false) < quota; k++ {
		a := rows[order[k]]
		wantFamily := sameFamily <= ps.count(cat, false)/2
		var cands []int
		if wantFamily {
			cands = byFamily[a.en[len(a.en)-1]]
		} else {
			cands = byGiven[a.en[0]]
		}
		if len(cands) < 2 {
			continue
		}
		// Of up to eight valid partners take the one whose differing part
		// is most similar, so that negatives are hard.
		var b fullRow
		bestSim := -1.0
		for tries, found := 0, 0; tries < 30 && found < 8; tries++ {
			c := rows[pick(rng, cands)]
			x, y := a.en[0], c.en[0]
			if !wantFamily {
				x, y = a.en[len(a.en)-1], c.en[len(c.en)-1]
			}
			if !different(x, y) {
				continue
			}
			found++
			if sim := strsim.JaroWinkler(strings.ToLower(x), strings.ToLower(y)); sim > bestSim {
				b, bestSim = c, sim
			}
		}
		if bestSim < 0 {
			continue
		}
		if ps.add(Pair{Name1: en(a), Name2: nat(b), Match: false, Category: cat}) && wantFamily {
			sameFamily++
		}
	}
}
