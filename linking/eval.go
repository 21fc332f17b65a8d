package linking

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/nomenhq/nomen/kb"
)

// EvalResult holds linking figures on one benchmark file.
type EvalResult struct {
	Name string
	// Named restricts the figures to named mentions (see IsNamed).
	Named bool
	// Mentions is the number of gold mentions with a Q id.
	Mentions int
	// InKB is the number of those whose gold entity is in the KB.
	InKB int
	// Linked is the number of mentions the linker linked.
	Linked int
	// Correct is the number of mentions linked to the gold entity.
	Correct int
	// Entities and EntitiesInKB count distinct gold entities.
	Entities, EntitiesInKB int
}

// Accuracy is Correct / Mentions.
func (r EvalResult) Accuracy() float64 { return ratio(r.Correct, r.Mentions) }

// InKBAccuracy is Correct / InKB: disambiguation accuracy where the KB can
// answer.
func (r EvalResult) InKBAccuracy() float64 { return ratio(r.Correct, r.InKB) }

// Precision is Correct / Linked.
func (r EvalResult) Precision() float64 { return ratio(r.Correct, r.Linked) }

func ratio(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}

// benchmarkFiles are the Wiki-Fair files: v1 is the development set, the
// v2 test subset is held out (never used for tuning).
var benchmarkFiles = []struct{ name, file string }{
	{"wiki-fair v1 (dev)", "wiki-fair.benchmark.jsonl.xz"},
	{"wiki-fair v2-test (held-out)", "wiki-fair-v2-test.benchmark.jsonl.xz"},
}

// EvalLinking measures disambiguation with gold mentions on the ELEVANT
// Wiki-Fair benchmark in dataDir/elevant-wiki-fair: each gold mention with
// a Q id is linked with its gold coarse type and the article as context;
// it prints accuracy, precision and the KB's coverage of the gold entities.
func EvalLinking(ctx context.Context, k *kb.KB, dataDir string, stdout io.Writer) error {
	l := New(k, Options{})
	fmt.Fprintf(stdout, "%-30s %-6s %8s %8s %8s %8s %9s %8s %10s\n", "benchmark", "subset", "mentions", "inKB", "acc", "accInKB", "precision", "coverage", "entityCov")
	for _, b := range benchmarkFiles {
		rs, err := EvalFile(ctx, l, filepath.Join(dataDir, "elevant-wiki-fair", b.file))
		if err != nil {
			return err
		}
		for _, r := range rs {
			subset := "all"
			if r.Named {
				subset = "named"
			}
			fmt.Fprintf(stdout, "%-30s %-6s %8d %8d %8.3f %8.3f %9.3f %8.3f %10.3f\n", b.name, subset, r.Mentions, r.InKB,
				r.Accuracy(), r.InKBAccuracy(), r.Precision(), ratio(r.InKB, r.Mentions), ratio(r.EntitiesInKB, r.Entities))
		}
	}
	return nil
}

// GoldMention is one labelled mention of a benchmark article: code-point offsets, the gold
// Q id (or another id when the benchmark has no Q id), its coarse type and whether the
// benchmark marks it optional.
type GoldMention struct {
	Start, End int
	EntityID   string
	Type       string
	Optional   bool
}

// Article is one benchmark document; Eval bounds (code points) the part that is labelled.
type Article struct {
	Text               string
	EvalStart, EvalEnd int
	Labels             []GoldMention
}

// BenchmarkFile names a Wiki-Fair file and whether it is held out.
type BenchmarkFile struct {
	Name, File string
	HeldOut    bool
}

// BenchmarkFiles returns the Wiki-Fair files: v1 for development, the held-out v2 test set.
func BenchmarkFiles() []BenchmarkFile {
	return []BenchmarkFile{{benchmarkFiles[0].name, benchmarkFiles[0].file, false}, {benchmarkFiles[1].name, benchmarkFiles[1].file, true}}
}

type article struct {
	Text           string  `json:"text"`
	EvaluationSpan []int   `json:"evaluation_span"`
	Labels         []label `json:"labels"`
}

type label struct {
	Span     []int  `json:"span"`
	EntityID string `json:"entity_id"`
	Type     string `json:"type"`
	Optional bool   `json:"optional"`
}

// ReadArticles calls fn for each article of a benchmark file (plain, gzip, bzip2 or xz),
// with the labels whose spans are valid and inside the evaluation span.
func ReadArticles(ctx context.Context, path string, fn func(Article) error) error {
	rc, err := kb.OpenFile(ctx, path)
	if err != nil {
		return err
	}
	defer rc.Close()
	sc := bufio.NewScanner(rc)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	for sc.Scan() {
		if err := ctx.Err(); err != nil {
			return err
		}
		var a article
		if err := json.Unmarshal(sc.Bytes(), &a); err != nil {
			return fmt.Errorf("linking: read %s: %w", path, err)
		}
		n := utf8.RuneCountInString(a.Text)
		out := Article{Text: a.Text, EvalStart: 0, EvalEnd: n}
		if len(a.EvaluationSpan) == 2 {
			out.EvalStart, out.EvalEnd = max(0, a.EvaluationSpan[0]), min(n, a.EvaluationSpan[1])
		}
		for _, lb := range a.Labels {
			if len(lb.Span) != 2 {
				continue
			}
			s, e := lb.Span[0], lb.Span[1]
			if s < out.EvalStart || e > out.EvalEnd || s >= e {
				continue
			}
			out.Labels = append(out.Labels, GoldMention{Start: s, End: e, EntityID: lb.EntityID, Type: coarseType(lb.Type), Optional: lb.Optional})
		}
		if err := fn(out); err != nil {
			return err
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("linking: read %s: %w", path, err)
	}
	return nil
}

// EvalFile runs the gold-mention evaluation on one benchmark file and
// returns the figures for all mentions and for named mentions only (the
// benchmark also labels pronouns and descriptions such as "the city").
func EvalFile(ctx context.Context, l *Linker, path string) ([2]EvalResult, error) {
	var rs [2]EvalResult
	rs[1].Named = true
	ents := [2]map[string]bool{{}, {}}
	inKB := [2]map[string]bool{{}, {}}
	err := ReadArticles(ctx, path, func(a Article) error {
		ms, gold := goldMentions(a, false)
		links := l.Link(a.Text, ms)
		for i, g := range gold {
			for j := range rs {
				if rs[j].Named && !IsNamed(ms[i].Text) {
					continue
				}
				r := &rs[j]
				r.Mentions++
				ents[j][g] = true
				if _, ok := l.kb.Entity(g); ok {
					r.InKB++
					inKB[j][g] = true
				}
				if links[i].EntityID != "" {
					r.Linked++
					if links[i].EntityID == g {
						r.Correct++
					}
				}
			}
		}
		return nil
	})
	if err != nil {
		return rs, err
	}
	for j := range rs {
		rs[j].Entities, rs[j].EntitiesInKB = len(ents[j]), len(inKB[j])
	}
	return rs, nil
}

// goldMentions returns an article's gold mentions that have a Q id and are not optional
// (only the named ones when named), with byte offsets, and their Q ids.
func goldMentions(a Article, named bool) ([]Mention, []string) {
	byteOff := runeOffsets(a.Text)
	var ms []Mention
	var gold []string
	for _, lb := range a.Labels {
		if !strings.HasPrefix(lb.EntityID, "Q") || lb.Optional {
			continue
		}
		bs, be := byteOff[lb.Start], byteOff[lb.End]
		if named && !IsNamed(a.Text[bs:be]) {
			continue
		}
		ms = append(ms, Mention{Text: a.Text[bs:be], Type: lb.Type, Start: bs, End: be})
		gold = append(gold, lb.EntityID)
	}
	return ms, gold
}

var pronouns = map[string]bool{"i": true, "he": true, "she": true, "it": true, "they": true, "we": true, "you": true,
	"his": true, "her": true, "its": true, "their": true, "our": true, "him": true, "them": true, "me": true, "us": false}

// IsNamed reports whether a mention is a name rather than a pronoun or a
// common-noun description: it has an upper-case letter or a letter of a
// caseless script, and is not a pronoun.
func IsNamed(text string) bool {
	if pronouns[strings.ToLower(strings.TrimSpace(text))] {
		return false
	}
	for _, r := range text {
		if unicode.IsUpper(r) || (unicode.IsLetter(r) && !unicode.IsLower(r) && !unicode.IsUpper(r)) {
			return true
		}
	}
	return false
}

// runeOffsets maps code-point offsets (as the benchmark counts) to byte
// offsets; the slice has one more entry than the text has runes.
func runeOffsets(s string) []int {
	out := make([]int, 0, utf8.RuneCountInString(s)+1)
	for i := range s {
		out = append(out, i)
	}
	return append(out, len(s))
}

// coarseType maps the benchmark's whitelist types to nomen's coarse types.
func coarseType(t string) string {
	for _, q := range strings.Split(t, "|") {
		switch q {
		case "Q215627", "Q95074":
			return "PER"
		case "Q43229":
			return "ORG"
		case "Q27096213", "Q3895768":
			return "LOC"
		case "Q2424752", "Q431289":
			return "PROD"
		}
	}
	return ""
}
