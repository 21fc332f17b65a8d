package nametrans

import (
	"bufio"
	"bytes"
	"compress/gzip"
	_ "embed"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/nomenhq/nomen/analyzers/translit"
)

// The reverse table: for each learned model, the native spellings of the
// Latin (English) tokens seen at least tableMinCount times in its `_80`
// (TRAIN) file, with their counts. It is built by Train ("nomen train
// name-translation") into data/reverse.tsv.gz and embedded.
//
// Format (gzip, UTF-8 lines): "#model" opens a model's section; each
// following line is "latin<TAB>native:count[ native:count...]", best
// spelling first.

//go:embed data/reverse.tsv.gz
var tableData []byte

// TableFile is the table's path relative to the package directory.
const TableFile = "data/reverse.tsv.gz"

// Table construction settings, fixed a priori (the forward lookup table of
// translit uses the same count floor and share, chosen on its dev split).
const (
	tableMinCount = 3   // occurrences a Latin token needs for an entry
	tableMinShare = 0.1 // spellings with a smaller share of the token are dropped
	tableMaxVars  = 3   // spellings kept per token
)

// TableModels are the learned models the table covers: the Latin → native
// targets of natives, plus the japanese model for names of Japanese origin.
var TableModels = []string{"arabic", "chinese", "hebrew", "japanese", "katakana", "korean", "russian"}

type spelling struct {
	native string
	count  int
}

var (
	tableOnce sync.Once
	tables    map[string]map[string][]spelling
)

// reverseTable returns the decoded table of one model (nil if absent). The embedded table
// is checked by TestEmbeddedTableDecodes; a table that failed to decode leaves every model
// to the learned decoder alone.
func reverseTable(model string) map[string][]spelling {
	tableOnce.Do(func() {
		t, err := decodeTable(tableData)
		if err == nil {
			tables = t
		}
	})
	return tables[model]
}

func decodeTable(data []byte) (map[string]map[string][]spelling, error) {
	zr, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("nametrans: table: %w", err)
	}
	raw, err := io.ReadAll(zr)
	if err != nil {
		return nil, fmt.Errorf("nametrans: table: %w", err)
	}
	out := map[string]map[string][]spelling{}
	var cur map[string][]spelling
	sc := bufio.NewScanner(bytes.NewReader(raw))
	line := 0
	for sc.Scan() {
		line++
		s := sc.Text()
		if strings.HasPrefix(s, "#") {
			cur = map[string][]spelling{}
			out[s[1:]] = cur
			continue
		}
		lat, rest, ok := strings.Cut(s, "\t")
		if !ok || cur == nil {
			return nil, fmt.Errorf("nametrans: table line %d: malformed", line)
		}
		for _, f := range strings.Fields(rest) {
			i := strings.LastIndexByte(f, ':')
			if i <= 0 {
				return nil, fmt.Errorf("nametrans: table line %d: malformed spelling %q", line, f)
			}
			c, err := strconv.Atoi(f[i+1:])
			if err != nil {
				return nil, fmt.Errorf("nametrans: table line %d: %w", line, err)
			}
			cur[lat] = append(cur[lat], spelling{f[:i], c})
		}
	}
	return out, nil
}

// buildTable builds the table text from the TRAIN pairs of each model.
func buildTable(dataDir string, models []string, stdout io.Writer) ([]byte, error) {
	var b bytes.Buffer
	for _, m := range models {
		ps, err := translit.TrainPairs(dataDir, m)
		if err != nil {
			return nil, fmt.Errorf("nametrans: train %s: %w", m, err)
		}
		byLat := map[string]map[string]int{}
		for _, p := range ps {
			if strings.ContainsAny(p.Native, " \t:") || strings.ContainsAny(p.Latin, " \t") {
				continue
			}
			if byLat[p.Latin] == nil {
				byLat[p.Latin] = map[string]int{}
			}
			byLat[p.Latin][p.Native] += p.Count
		}
		lats := make([]string, 0, len(byLat))
		for l, sp := range byLat {
			tot := 0
			for _, c := range sp {
				tot += c
			}
			if tot >= tableMinCount {
				lats = append(lats, l)
			}
		}
		sort.Strings(lats)
		fmt.Fprintf(&b, "#%s\n", m)
		for _, l := range lats {
			sp := make([]spelling, 0, len(byLat[l]))
			tot := 0
			for n, c := range byLat[l] {
				sp = append(sp, spelling{n, c})
				tot += c
			}
			sort.Slice(sp, func(i, j int) bool {
				if sp[i].count != sp[j].count {
					return sp[i].count > sp[j].count
				}
				return sp[i].native < sp[j].native
			})
			b.WriteString(l)
			b.WriteByte('\t')
			for i, s := range sp {
				if i == tableMaxVars || (i > 0 && float64(s.count)/float64(tot) < tableMinShare) {
					break
				}
				if i > 0 {
					b.WriteByte(' ')
				}
				fmt.Fprintf(&b, "%s:%d", s.native, s.count)
			}
			b.WriteByte('\n')
		}
		fmt.Fprintf(stdout, "%-9s pairs=%d entries=%d\n", m, len(ps), len(lats))
	}
	var out bytes.Buffer
	zw, err := gzip.NewWriterLevel(&out, gzip.BestCompression)
	if err != nil {
		return nil, fmt.Errorf("nametrans: gzip: %w", err)
	}
	if _, err := zw.Write(b.Bytes()); err != nil {
		return nil, fmt.Errorf("nametrans: gzip: %w", err)
	}
	if err := zw.Close(); err != nil {
		return nil, fmt.Errorf("nametrans: gzip: %w", err)
	}
	return out.Bytes(), nil
}

// Train builds the reverse table from the `_80` (TRAIN) files of
// dataDir/wikidata-name-transliteration and writes it to outFile
// (deterministic). The `_20` and full-name files are never read.
func Train(dataDir, outFile string, stdout io.Writer) error {
	data, err := buildTable(dataDir, TableModels, stdout)
	if err != nil {
		return err
	}
	if _, err := decodeTable(data); err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(outFile), 0o755); err != nil {
		return fmt.Errorf("nametrans: train: %w", err)
	}
	if err := os.WriteFile(outFile, data, 0o644); err != nil {
		return fmt.Errorf("nametrans: train: %w", err)
	}
	fmt.Fprintf(stdout, "wrote %s (%d bytes)\n", outFile, len(data))
	return nil
}
