package nametrans

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os/exec"
	"path/filepath"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/nomenhq/nomen/analyzers/translit"
	"github.com/nomenhq/nomen/internal/strsim"
)

// evalSets maps each `_20` file's model to the language its native side is
// written in. The origin of the names is not given (most are foreign
// names); English → native forces the file's model (the japanese one is
// otherwise used only for names of Japanese origin).
var evalSets = []struct{ model, lang string }{
	{"arabic", "ara"}, {"chinese", "zho"}, {"hebrew", "heb"},
	{"japanese", "jpn"}, {"katakana", "jpn"}, {"korean", "kor"}, {"russian", "rus"},
}

// Score accumulates the figures of one evaluation.
type Score struct {
	N, Top1, Top5 int
	CER           float64 // sum of the top-1 character error rates
	Failed        int     // requests answered with an error (counted as misses, CER 1)
}

func (s *Score) add(ref string, hyps []Translation, err error, native bool) {
	s.N++
	if err != nil || len(hyps) == 0 {
		s.Failed++
		s.CER++
		return
	}
	r := evalForm(ref, native)
	for i, h := range hyps {
		if i == 5 {
			break
		}
		if evalForm(h.Text, native) == r {
			if i == 0 {
				s.Top1++
			}
			s.Top5++
			break
		}
	}
	s.CER += cer(evalForm(hyps[0].Text, native), r)
}

func (s Score) String() string {
	if s.N == 0 {
		return "n=0"
	}
	n := float64(s.N)
	return fmt.Sprintf("n=%-6d top1=%.3f top5=%.3f CER=%.3f failed=%d", s.N, float64(s.Top1)/n, float64(s.Top5)/n, s.CER/n, s.Failed)
}

// evalForm is the form compared: native text lower-cased without spaces
// or name separators; Latin text folded (lower case, no diacritics) with
// runs of spaces kept as one.
func evalForm(s string, native bool) string {
	if native {
		return strings.Map(func(r rune) rune {
			if unicode.IsSpace(r) || r == '·' || r == '・' || r == '=' || r == '＝' || r == '-' {
				return -1
			}
			return unicode.ToLower(r)
		}, s)
	}
	f := strings.Fields(s)
	for i, w := range f {
		f[i] = translit.Fold(w)
	}
	return strings.Join(f, " ")
}

// cer is the rune edit distance of hyp to ref over the length of ref.
func cer(hyp, ref string) float64 {
	n := utf8.RuneCountInString(ref)
	if n == 0 {
		if hyp == "" {
			return 0
		}
		return 1
	}
	return float64(strsim.Levenshtein(hyp, ref)) / float64(n)
}

// Eval reports held-out figures: on each `_20` file, native → English and
// English → native (top-1, top-5, mean CER); on the Korean and Hebrew
// full-name files the same in both directions. limit > 0 evaluates only
// every n-th row so that about limit rows remain (deterministic).
//
// With dev set, it reads development rows of the `_80` (TRAIN) files
// instead and skips the full names: for the chinese model the rows
// translit.DevHeldOut keeps out of its training (a true dev set); for the
// others every 25th row, which the learned model and the reverse table
// have seen (use it for choices that memorization does not decide, such
// as splitting a family name).
func Eval(dataDir string, limit int, dev bool, stdout io.Writer) error {
	fmt.Fprintln(stdout, "set              pair     figures")
	for _, es := range evalSets {
		var ps []translit.TrainPair
		var err error
		switch {
		case dev && es.model == "chinese":
			ps, err = translit.DevPairs(dataDir, es.model)
		case dev:
			ps, err = translit.TrainPairs(dataDir, es.model)
			ps = sample(ps, len(ps)/25)
		default:
			ps, err = translit.HeldOutPairs(dataDir, es.model)
		}
		if err != nil {
			return fmt.Errorf("nametrans: eval: %w", err)
		}
		ps = sample(ps, limit)
		var fwd, rev Score
		tgtLang := es.lang
		for _, p := range ps {
			res, err := Translate(Request{Name: p.Native, TargetLanguage: "eng", SourceLanguageOfUse: es.lang, MaximumResults: 5})
			fwd.add(p.Latin, res.Translations, err, false)
			res, err = translate(Request{Name: p.Latin, TargetLanguage: tgtLang, SourceLanguageOfUse: "eng", MaximumResults: 5}, es.model)
			rev.add(p.Native, res.Translations, err, true)
		}
		set := es.model + "_20"
		if dev {
			set = es.model + "_dev"
		}
		fmt.Fprintf(stdout, "%-16s %s→eng  %s\n", set, es.lang, fwd)
		fmt.Fprintf(stdout, "%-16s eng→%s  %s\n", set, es.lang, rev)
	}
	if dev {
		return nil
	}
	for _, fs := range []struct{ file, lang, model string }{{"wd_korean_fullnames.tsv.xz", "kor", "korean"}, {"wd_hebrew_fullnames.tsv.xz", "heb", "hebrew"}} {
		rows, err := readFullNames(filepath.Join(dataDir, translit.DataFolder, fs.file))
		if err != nil {
			return err
		}
		rows = sample(rows, limit)
		var fwd, rev Score
		for _, r := range rows {
			res, err := Translate(Request{Name: r[1], TargetLanguage: "eng", SourceLanguageOfUse: fs.lang, MaximumResults: 5})
			fwd.add(r[0], res.Translations, err, false)
			res, err = Translate(Request{Name: r[0], TargetLanguage: fs.lang, SourceLanguageOfUse: "eng", MaximumResults: 5})
			rev.add(r[1], res.Translations, err, true)
		}
		name := strings.TrimSuffix(strings.TrimPrefix(fs.file, "wd_"), ".tsv.xz")
		fmt.Fprintf(stdout, "%-16s %s→eng  %s\n", name, fs.lang, fwd)
		fmt.Fprintf(stdout, "%-16s eng→%s  %s\n", name, fs.lang, rev)
	}
	return nil
}

// sample keeps every n-th element so that about limit remain.
func sample[T any](xs []T, limit int) []T {
	if limit <= 0 || len(xs) <= limit {
		return xs
	}
	step := (len(xs) + limit - 1) / limit
	out := make([]T, 0, limit)
	for i := 0; i < len(xs); i += step {
		out = append(out, xs[i])
	}
	return out
}

// readFullNames reads a HELD-OUT full-name file: "English<TAB>native".
func readFullNames(path string) ([][2]string, error) {
	out, err := exec.Command("xz", "-dc", path).Output()
	if err != nil {
		return nil, fmt.Errorf("nametrans: eval: xz -dc %s: %w", path, err)
	}
	var rows [][2]string
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	for sc.Scan() {
		en, nat, ok := strings.Cut(sc.Text(), "\t")
		if !ok || strings.TrimSpace(en) == "" || strings.TrimSpace(nat) == "" {
			continue
		}
		rows = append(rows, [2]string{en, nat})
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("nametrans: eval: %s: %w", path, err)
	}
	return rows, nil
}
