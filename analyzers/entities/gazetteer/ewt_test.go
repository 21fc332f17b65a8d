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

// TestEWTTrainAgreement measures the English built-in lists against the TRAIN split of UNER
// English-EWT in its first-commit form, whose OTH tag marks mostly nationalities and
// religions ("American", "Sunni"): the share of NAT/REL matches on OTH words (a precision
// proxy), the share of matches inside gold PER/ORG/LOC names (conflicts) and the share of
// OTH names found as NAT/REL. It needs ../shared/data and skips without it.
func TestEWTTrainAgreement(t *testing.T) {
	path := filepath.Join("..", "..", "..", "..", "shared", "data", "uner-en-ewt", "en_ewt-ud-train.v0-raw.iob2.gz")
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
	var words, tags []string
	var natRel, onOTH, ttl, ttlConflict, natRelConflict, othSpans, othFound int
	flush := func() {
		if len(words) == 0 {
			return
		}
		// Text is the words joined by spaces; token k covers its word.
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
		hitOTH := map[int]bool{}
		for _, s := range g.Find(text, toks, "eng") {
			if s.Confidence < 0.5 {
				continue
			}
			a, b := wordAt(s.Start), wordAt(s.End-1)
			oth, conflict := false, false
			for k := a; k <= b; k++ {
				switch {
				case strings.HasSuffix(tags[k], "-OTH"):
					oth = true
					hitOTH[k] = true
				case strings.HasSuffix(tags[k], "-PER"), strings.HasSuffix(tags[k], "-ORG"), strings.HasSuffix(tags[k], "-LOC"):
					conflict = true
				}
			}
			if s.Type == "TTL" {
				if os.Getenv("GZT_DEBUG") != "" && conflict {
					t.Logf("ttl %q | %s", string([]rune(text)[s.Start:s.End]), strings.Join(tags[max(0, a-2):min(len(tags), b+3)], ","))
				}
				ttl++
				if conflict {
					ttlConflict++
				}
				continue
			}
			natRel++
			if os.Getenv("GZT_DEBUG") != "" && (!oth || conflict) {
				t.Logf("miss %v %v %q | %s", oth, conflict, string([]rune(text)[s.Start:s.End]), strings.Join(tags[a:b+1], ","))
			}
			if oth {
				onOTH++
			}
			if conflict {
				natRelConflict++
			}
		}
		for k, tag := range tags {
			if tag == "B-OTH" {
				othSpans++
				if hitOTH[k] {
					othFound++
				}
			}
		}
		words, tags = words[:0], tags[:0]
	}
	sc := bufio.NewScanner(zr)
	for sc.Scan() {
		line := sc.Text()
		if line == "" {
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
	prec := float64(onOTH) / float64(natRel)
	conf := float64(natRelConflict) / float64(natRel)
	t.Logf("NAT/REL matches %d: on OTH %.3f, inside PER/ORG/LOC %.3f; OTH names %d, found %.3f; TTL matches %d, inside PER/ORG/LOC %.3f",
		natRel, prec, conf, othSpans, float64(othFound)/float64(othSpans), ttl, float64(ttlConflict)/float64(ttl))
	if prec < 0.8 || conf > 0.1 {
		t.Errorf("NAT/REL agreement with OTH %.3f (want >= 0.8), conflicts %.3f (want <= 0.1)", prec, conf)
	}
}
