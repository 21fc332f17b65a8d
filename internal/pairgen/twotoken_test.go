package pairgen

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nomenhq/nomen/internal/strsim"
)

// TestTwoTokenDevManual writes two-token development pairs in the manner of the held-out
// fullname categories, from the TRAIN `_80` rows only: a positive joins two rows ("A B" against
// "Â B̂"), a hard negative keeps the first row and takes, of eight other rows, the one whose
// English token is most like the second's. Run with NOMEN_TWOTOKEN_DEV=../shared/data
// NOMEN_TWOTOKEN_OUT=file.jsonl.
func TestTwoTokenDevManual(t *testing.T) {
	dir, out := os.Getenv("NOMEN_TWOTOKEN_DEV"), os.Getenv("NOMEN_TWOTOKEN_OUT")
	if dir == "" || out == "" {
		t.Skip("NOMEN_TWOTOKEN_DEV / NOMEN_TWOTOKEN_OUT not set")
	}
	f, err := os.Create(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	enc := json.NewEncoder(f)
	enc.SetEscapeHTML(false)
	for _, sc := range scripts {
		rows, err := loadTranslit(filepath.Join(dir, "wikidata-name-transliteration", "wd_"+sc.file+"_80.tsv.xz"), sc)
		if err != nil {
			t.Fatal(err)
		}
		dev, _ := splitDev(sc, rows)
		if len(dev) < 100 || len(dev) == len(rows) && sc.name == "chinese" {
			dev = rows
		}
		cat := "two-" + sc.name
		rng := newRand(cat)
		title := func(s string) string { return strings.ToUpper(s[:1]) + s[1:] }
		for i := 0; i < 200; i++ {
			a, b := pick(rng, dev), pick(rng, dev)
			en := Name{Text: title(a.en) + " " + title(b.en), EntityType: Person}
			nat := Name{Text: a.native + sc.joiner + b.native, Language: sc.lang, EntityType: Person}
			enc.Encode(Pair{Name1: en, Name2: nat, Match: true, Category: cat})
			var c translitRow
			best := -1.0
			for k := 0; k < 8; k++ {
				x := pick(rng, dev)
				if !different(x.en, b.en) || x.native == b.native {
					continue
				}
				if s := strsim.JaroWinkler(x.en, b.en); s > best {
					best, c = s, x
				}
			}
			if best < 0 {
				continue
			}
			enc.Encode(Pair{Name1: en, Name2: Name{Text: a.native + sc.joiner + c.native, Language: sc.lang, EntityType: Person}, Match: false, Category: cat})
		}
	}
}
