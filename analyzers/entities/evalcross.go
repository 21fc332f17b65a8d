package entities

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/ulikunitz/xz"

	"github.com/nomenhq/nomen/analyzers/entities/span"
	"github.com/nomenhq/nomen/linking"
)

// crossScriptSets are the held-out full-name files of wikidata-name-transliteration (English
// name, the same person's name in another script) and their languages.
var crossScriptSets = []struct{ file, lang string }{
	{"wd_hebrew_fullnames.tsv.xz", "heb"},
	{"wd_korean_fullnames.tsv.xz", "kor"},
}

// CrossScriptScore counts one cross-script linking evaluation: Pairs names, Gold of them
// whose English name links to an entity, and for the native names with and without the
// romanized lookups (romanizations) the links to the English name's entity (Correct), to
// another entity where the English name has one (Wrong), and to any entity where the English
// name has none (Spurious).
type CrossScriptScore struct {
	Pairs, Gold              int
	Correct, Wrong, Spurious [2]int // [0] without romanized lookups, [1] with them
}

// EvalCrossScriptFile links every step-th pair of a full-name file as a person mention: the
// English name alone gives the gold entity, and the native name is linked alone with and
// without its romanized spellings.
func (p *Pipeline) EvalCrossScriptFile(ctx context.Context, path, lang string, step int) (CrossScriptScore, error) {
	var s CrossScriptScore
	if p.m.KB == nil {
		return s, errors.New("entities: eval cross-script: no knowledge base")
	}
	k, err := p.m.KB()
	if err != nil {
		return s, fmt.Errorf("entities: eval cross-script: %w", err)
	}
	f, err := os.Open(path)
	if err != nil {
		return s, fmt.Errorf("entities: eval cross-script: %w", err)
	}
	defer f.Close()
	xr, err := xz.NewReader(f)
	if err != nil {
		return s, fmt.Errorf("entities: eval cross-script %s: %w", path, err)
	}
	plain := linking.New(k, p.m.Linking)
	lo := p.m.Linking
	lo.Alternatives = romanizations(lang)
	roman := linking.New(k, lo)
	one := func(l *linking.Linker, name string) string {
		ls := l.Link(name, []linking.Mention{{Text: name, Type: span.PER, Start: 0, End: len(name)}})
		if len(ls) == 0 {
			return ""
		}
		return ls[0].EntityID
	}
	sc := bufio.NewScanner(xr)
	sc.Buffer(make([]byte, 64*1024), 1024*1024)
	for i := 0; sc.Scan(); i++ {
		if i%step != 0 {
			continue
		}
		if err := ctx.Err(); err != nil {
			return s, err
		}
		en, native, ok := strings.Cut(sc.Text(), "\t")
		if !ok || en == "" || native == "" {
			continue
		}
		s.Pairs++
		gold := one(plain, en)
		if gold != "" {
			s.Gold++
		}
		for v, l := range []*linking.Linker{plain, roman} {
			got := one(l, native)
			switch {
			case got == "":
			case gold == "":
				s.Spurious[v]++
			case got == gold:
				s.Correct[v]++
			default:
				s.Wrong[v]++
			}
		}
	}
	if err := sc.Err(); err != nil {
		return s, fmt.Errorf("entities: eval cross-script %s: %w", path, err)
	}
	return s, nil
}

// EvalCrossScript prints the cross-script person-linking figures of the held-out full-name
// files of dataDir/wikidata-name-transliteration (every step-th pair).
func (p *Pipeline) EvalCrossScript(ctx context.Context, dataDir string, step int, w io.Writer) error {
	if step < 1 {
		step = 1
	}
	fmt.Fprintf(w, "%-28s %6s %6s %26s %26s\n", "set (held-out)", "pairs", "gold", "native alone: ok/wrong/spur", "+ romanized: ok/wrong/spur")
	for _, set := range crossScriptSets {
		s, err := p.EvalCrossScriptFile(ctx, filepath.Join(dataDir, "wikidata-name-transliteration", set.file), set.lang, step)
		if err != nil {
			return err
		}
		fmt.Fprintf(w, "%-28s %6d %6d %26s %26s\n", set.file, s.Pairs, s.Gold,
			fmt.Sprintf("%d/%d/%d", s.Correct[0], s.Wrong[0], s.Spurious[0]),
			fmt.Sprintf("%d/%d/%d", s.Correct[1], s.Wrong[1], s.Spurious[1]))
		if s.Gold > 0 {
			fmt.Fprintf(w, "%-28s recall of the gold entity: %.3f → %.3f; precision of the links: %s → %s\n", "",
				float64(s.Correct[0])/float64(s.Gold), float64(s.Correct[1])/float64(s.Gold),
				prec(s.Correct[0], s.Wrong[0]+s.Spurious[0]), prec(s.Correct[1], s.Wrong[1]+s.Spurious[1]))
		}
	}
	return nil
}

func prec(ok, bad int) string {
	if ok+bad == 0 {
		return "–"
	}
	return fmt.Sprintf("%.3f", float64(ok)/float64(ok+bad))
}
