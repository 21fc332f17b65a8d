package translit

import (
	"fmt"
	"hash/fnv"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nomenhq/nomen/internal/strsim"
)

// TestLookupDevManual compares lookup settings on a development split of the `_80` (TRAIN)
// files: 1 in 10 English tokens (FNV-1a of the folded token) is kept out of training and
// scored (first 3,000 such pairs). Besides top-1 / top-5 of the learned layer it counts the
// junk of the ten best variants: those with Jaro–Winkler < 0.6 to the gold spelling and to
// every rule rendering. Run with NOMEN_TRANSLIT_DEV=../shared/data (optionally
// NOMEN_TRANSLIT_DEV_MODELS=korean,chinese and NOMEN_TRANSLIT_DEV_SPELL=1,2, the least
// training occurrences of a lookup spelling). The split is by English token, as the `_20`
// split is, so a lookup spelling never is a dev pair's gold; such a split understates what
// the table does for names seen again.
func TestLookupDevManual(t *testing.T) {
	dir := os.Getenv("NOMEN_TRANSLIT_DEV")
	if dir == "" {
		t.Skip("NOMEN_TRANSLIT_DEV not set")
	}
	models := []string{"korean", "chinese", "hebrew", "katakana", "arabic", "russian"}
	if v := os.Getenv("NOMEN_TRANSLIT_DEV_MODELS"); v != "" {
		models = strings.Split(v, ",")
	}
	counts := []int{1, 2}
	if v := os.Getenv("NOMEN_TRANSLIT_DEV_SPELL"); v != "" {
		counts = nil
		for _, f := range strings.Split(v, ",") {
			var x int
			fmt.Sscan(f, &x)
			counts = append(counts, x)
		}
	}
	defer func(c int) { lookupMinSpellCount = c }(lookupMinSpellCount)
	for _, name := range models {
		ps, err := readPairs(filepath.Join(dir, DataFolder, "wd_"+name+"_80.tsv.xz"), name, true)
		if err != nil {
			t.Fatal(err)
		}
		var train, dev []pair
		for _, p := range ps {
			h := fnv.New32a()
			h.Write([]byte(p.latin))
			if h.Sum32()%10 == 3 {
				if len(dev) < 3000 {
					dev = append(dev, p)
				}
				continue
			}
			train = append(train, p)
		}
		for _, c := range counts {
			lookupMinSpellCount = c
			data, stats, err := trainModel(name, train)
			if err != nil {
				t.Fatal(err)
			}
			m, err := decodeModel(data)
			if err != nil {
				t.Fatal(err)
			}
			var top1, top5, junk, n float64
			for _, p := range dev {
				vs := m.variants(p.native, name, 10)
				rules := Rules(p.native, "", "", 10)
				for i, v := range vs {
					if v.Text == p.latin {
						if i == 0 {
							top1++
						}
						if i < 5 {
							top5++
						}
					}
					bad := strsim.JaroWinkler(v.Text, p.latin) < 0.6
					for _, r := range rules {
						if strsim.JaroWinkler(v.Text, r.Text) >= 0.6 {
							bad = false
						}
					}
					if bad {
						junk++
					}
				}
				n++
			}
			fmt.Printf("%-9s spelling count ≥ %d  top1 %.4f  top5 %.4f  junk/token %.3f  %s\n", name, c, top1/n, top5/n, junk/n, stats)
		}
	}
}
