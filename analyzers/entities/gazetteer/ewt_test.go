package gazetteer

import (
	"bufio"
	"compress/gzip"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nomenhq/nomen/analyzers/tokenize"
)

// agreement holds the counts of one corpus check.
type agreement struct {
	matches, onGold, conflicts int // NAT/REL (or NAT) matches, on gold-tagged words, inside other names
	gold, goldFound            int // gold names, found by a match
	ttl, ttlConflicts          int
}

// measure runs the built-in lists of lang over a gzipped CoNLL file (word in column 1, tag
// in column 2, blank lines between sentences; words joined by spaces as the text). A
// NAT/REL match (of the types in types, confidence >= 0.5) agrees when one of its words has
// a tag with suffix goldSuffix and conflicts when one has a tag of another name.
func measure(t *testing.T, file, lang string, types map[string]bool, goldSuffix string) agreement {
	path := filepath.Join("..", "..", "..", "..", "shared", "data", file)
	f, err := os.Open(path)
	if err != nil {
		t.Skipf("shared data absent: %v", err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	g := Default()
	var a agreement
	var words, tags []string
	debug := os.Getenv("GZT_DEBUG") != ""
	flush := func() {
		if len(words) == 0 {
			return
		}
		var toks []tokenize.Token
		pos := 0
		for _, w := range words {
			n := len([]rune(w))
			toks = append(toks, tokenize.Token{Text: w, Start: pos, End: pos + n})
			pos += n + 1
		}
		text := strings.Join(words, " ")
		wordAt := func(cp int) int {
			for k, tk := range toks {
				if cp < tk.End {
					return k
				}
			}
			return len(toks) - 1
		}
		hit := map[int]bool{}
		for _, s := range g.Find(text, toks, lang) {
			if s.Confidence < 0.5 {
				continue
			}
			first, last := wordAt(s.Start), wordAt(s.End-1)
			gold, conflict := false, false
			for k := first; k <= last; k++ {
				switch {
				case strings.HasSuffix(tags[k], goldSuffix):
					gold = true
					hit[k] = true
				case tags[k] != "O":
					conflict = true
				}
			}
			mention := string([]rune(text)[s.Start:s.End])
			if s.Type == "TTL" {
				a.ttl++
				if conflict {
					a.ttlConflicts++
					if debug {
						t.Logf("TTL conflict %q %s", mention, strings.Join(tags[first:last+1], ","))
					}
				}
				continue
			}
			if !types[s.Type] {
				continue
			}
			a.matches++
			if gold {
				a.onGold++
			} else if debug {
				t.Logf("%s not gold %q %s", s.Type, mention, strings.Join(tags[first:last+1], ","))
			}
			if conflict {
				a.conflicts++
			}
		}
		for k, tag := range tags {
			if strings.HasPrefix(tag, "B-") && strings.HasSuffix(tag, goldSuffix) {
				a.gold++
				if hit[k] {
					a.goldFound++
				}
			}
		}
		words, tags = words[:0], tags[:0]
	}
	sc := bufio.NewScanner(zr)
	for sc.Scan() {
		line := sc.Text()
		if strings.TrimSpace(line) == "" {
			flush()
			continue
		}
		if strings.HasPrefix(line, "#") {
			continue
		}
		fs := strings.Split(line, "\t")
		if len(fs) < 3 {
			continue
		}
		words = append(words, fs[1])
		tags = append(tags, fs[2])
	}
	flush()
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	t.Logf("%s: NAT/REL matches %d: on gold %.3f, inside other names %.3f; gold names %d, found %.3f; TTL matches %d, inside names %.3f",
		file, a.matches, ratio(a.onGold, a.matches), ratio(a.conflicts, a.matches), a.gold, ratio(a.goldFound, a.gold),
		a.ttl, ratio(a.ttlConflicts, a.ttl))
	return a
}

func ratio(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}

// TestCorpusAgreement measures the built-in lists on TRAIN splits with a nationality-like
// tag: UNER English-EWT train in its first-commit form, whose OTH tag marks mostly
// nationalities and religions ("American", "Sunni"), and GermEval 2014 dev, whose LOCderiv
// marks adjectives derived from places ("deutschen"). Agreement with the tag is a lower
// bound of precision (the EWT draft leaves many "Christians", "Jews" untagged). The test
// needs ../shared/data and skips without it.
func TestCorpusAgreement(t *testing.T) {
	en := measure(t, "uner-en-ewt/en_ewt-ud-train.v0-raw.iob2.gz", "eng", map[string]bool{"NAT": true, "REL": true}, "-OTH")
	if r := ratio(en.onGold, en.matches); r < 0.8 || ratio(en.conflicts, en.matches) > 0.05 {
		t.Errorf("eng: agreement %.3f (want >= 0.8), conflicts %.3f (want <= 0.05)", r, ratio(en.conflicts, en.matches))
	}
	de := measure(t, "ner-de-germeval2014/germeval2014-dev.tsv.gz", "deu", map[string]bool{"NAT": true}, "LOCderiv")
	if r := ratio(de.onGold, de.matches); r < 0.8 {
		t.Errorf("deu: agreement %.3f (want >= 0.8)", r)
	}
}
