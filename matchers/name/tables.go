package name

import (
	"bufio"
	"bytes"
	"compress/gzip"
	_ "embed"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
)

// tokenfreq.tsv.gz lists name tokens with how many Wikidata people carry them, built by
// BuildTables from the TRAIN (_80) files of wikidata-name-transliteration (CC0).
//
//go:embed data/tokenfreq.tsv.gz
var tokenFreqGz []byte

var freqTable struct {
	once sync.Once
	m    map[string]float64 // token → log-frequency in [0, 1]
}

func loadFreq() {
	freqTable.m = map[string]float64{}
	zr, err := gzip.NewReader(bytes.NewReader(tokenFreqGz))
	if err != nil {
		panic(fmt.Sprintf("name: embedded frequency table: %v", err))
	}
	sc := bufio.NewScanner(zr)
	var maxLog float64
	raw := map[string]float64{}
	for sc.Scan() {
		tok, cnt, ok := strings.Cut(sc.Text(), "\t")
		if !ok {
			continue
		}
		n, err := strconv.Atoi(cnt)
		if err != nil {
			continue
		}
		l := math.Log1p(float64(n))
		raw[tok] = l
		maxLog = max(maxLog, l)
	}
	for k, v := range raw {
		freqTable.m[k] = v / maxLog
	}
}

// tokenFreq returns the token's log-frequency scaled to [0, 1]; 0 for unknown tokens.
func tokenFreq(tok string) float64 {
	freqTable.once.Do(loadFreq)
	return freqTable.m[tok]
}

// BuildTables regenerates data/tokenfreq.tsv.gz in outDir from dataDir (normally
// ../shared/data): the English side of every wikidata-name-transliteration _80 (TRAIN) file,
// counts summed, tokens seen at least 5 times, sorted by token. It needs the xz tool.
func BuildTables(dataDir, outDir string, stdout io.Writer) error {
	files, err := filepath.Glob(filepath.Join(dataDir, "wikidata-name-transliteration", "wd_*_80.tsv.xz"))
	if err != nil || len(files) == 0 {
		return fmt.Errorf("name: no _80 files under %s: %v", dataDir, err)
	}
	sort.Strings(files)
	counts := map[string]int{}
	for _, f := range files {
		out, err := exec.Command("xz", "-dc", f).Output()
		if err != nil {
			return fmt.Errorf("name: xz %s: %w", f, err)
		}
		for _, line := range strings.Split(string(out), "\n") {
			parts := strings.Split(line, "\t")
			if len(parts) != 3 {
				continue
			}
			n, err := strconv.Atoi(parts[2])
			if err != nil {
				continue
			}
			counts[strings.ToLower(parts[0])] += n
		}
	}
	keys := make([]string, 0, len(counts))
	for k, n := range counts {
		if n >= 5 && !strings.ContainsAny(k, "\t\n") {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	zw.ModTime = zw.ModTime.UTC() // zero time: deterministic output
	for _, k := range keys {
		fmt.Fprintf(zw, "%s\t%d\n", k, counts[k])
	}
	if err := zw.Close(); err != nil {
		return err
	}
	if err := os.MkdirAll(outDir, 0o755); err != nil {
		return err
	}
	path := filepath.Join(outDir, "tokenfreq.tsv.gz")
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "wrote %s: %d tokens, %d bytes\n", path, len(keys), buf.Len())
	return nil
}
