package langid

import (
	"archive/zip"
	"bufio"
	"compress/gzip"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
)

// RunEval is the CLI entry point of `nomen eval langid [-data DIR]`.
func RunEval(ctx context.Context, args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("langid eval", flag.ContinueOnError)
	fs.SetOutput(stdout)
	dataDir := fs.String("data", "../shared/data", "data directory holding langid-lingua-testdata and langid-udhr2")
	if err := fs.Parse(args); err != nil {
		return fmt.Errorf("langid: eval: %w", err)
	}
	return Eval(ctx, *dataDir, stdout)
}

// evalClasses are lingua's test-data length classes.
var evalClasses = []string{"single-words", "word-pairs", "sentences"}

// Eval measures accuracy on lingua's held-out test data (per length class and
// per language, default options: a detection counts when the top language
// is the expected one, uen counting as eng), on the UDHR lines of the
// supported languages, and reports load time, resident memory (VmRSS) at
// start, after loading and after 10,000 mixed requests, and single-core
// throughput on the sentences.
func Eval(ctx context.Context, dataDir string, stdout io.Writer) error {
	rssStart := rssKB()
	d := New()
	t0, c0 := time.Now(), cpuSeconds()
	if err := d.Load(); err != nil {
		return err
	}
	load, loadCPU := time.Since(t0), cpuSeconds()-c0
	rssLoaded := rssKB()
	fmt.Fprintf(stdout, "langid eval: load %.2fs wall (%.2fs CPU), model arrays %.1f MB, VmRSS start %.1f MB, after load %.1f MB (RssAnon %.1f MB, RssFile %.1f MB), VmHWM %.1f MB\n",
		load.Seconds(), loadCPU, float64(d.ModelBytes())/1e6, float64(rssStart)/1024, float64(rssLoaded)/1024,
		float64(procStatusKB("RssAnon:"))/1024, float64(procStatusKB("RssFile:"))/1024, float64(procStatusKB("VmHWM:"))/1024)

	byIso1 := map[string]string{}
	for i := 0; i < numLingua; i++ {
		byIso1[langs[i].iso1] = langs[i].code
	}
	root := filepath.Join(dataDir, "langid-lingua-testdata")
	perLang := map[string][3]float64{}
	var mixed []string
	var sentences []string
	var classAcc, classAccNoSrl [3]float64
	var classN [3]int
	noSrl := d.languages() // lingua's candidate set: Latin Serbian off everywhere
	noSrl.remove(srpLatn)
	for ci, class := range evalClasses {
		files, err := filepath.Glob(filepath.Join(root, class, "*.txt.gz"))
		if err != nil || len(files) == 0 {
			return fmt.Errorf("langid: eval: no test files in %s", filepath.Join(root, class))
		}
		slices.Sort(files)
		for _, f := range files {
			if err := ctx.Err(); err != nil {
				return err
			}
			iso := strings.TrimSuffix(filepath.Base(f), ".txt.gz")
			want, ok := byIso1[iso]
			if !ok {
				continue
			}
			lines, err := readGzipLines(f)
			if err != nil {
				return err
			}
			correct, correctNoSrl := 0, 0
			for i, line := range lines {
				sc := getScratch()
				if got := d.detect(sc, line, noSrl, Options{}, caseless(line))[0].Language; got == want || (got == "uen" && want == "eng") {
					correctNoSrl++
				}
				putScratch(sc)
				r, err := d.Detect(line, Options{})
				if err != nil {
					return err
				}
				got := r.Detections[0].Language
				if got == want || (got == "uen" && want == "eng") {
					correct++
				}
				if i%20 == 0 {
					mixed = append(mixed, line)
				}
				if ci == 2 {
					sentences = append(sentences, line)
				}
			}
			acc := float64(correct) / float64(len(lines))
			a := perLang[want]
			a[ci] = acc
			perLang[want] = a
			classAcc[ci] += acc
			classAccNoSrl[ci] += float64(correctNoSrl) / float64(len(lines))
			classN[ci]++
		}
	}
	fmt.Fprintf(stdout, "\nlingua test data (HELD-OUT), mean accuracy over %d languages (default options; with Latin Serbian off as in lingua):\n", classN[0])
	for ci, class := range evalClasses {
		fmt.Fprintf(stdout, "  %-13s %.2f%%   %.2f%%\n", class, 100*classAcc[ci]/float64(classN[ci]), 100*classAccNoSrl[ci]/float64(classN[ci]))
	}
	codes := make([]string, 0, len(perLang))
	for c := range perLang {
		codes = append(codes, c)
	}
	slices.Sort(codes)
	fmt.Fprintf(stdout, "\nper language (words / pairs / sentences):\n")
	for _, c := range codes {
		a := perLang[c]
		fmt.Fprintf(stdout, "  %s %6.1f %6.1f %6.1f\n", c, 100*a[0], 100*a[1], 100*a[2])
	}

	// Throughput on sentences, one goroutine.
	runtime.GC()
	t0, c0 = time.Now(), cpuSeconds()
	for _, s := range sentences {
		if _, err := d.Detect(s, Options{}); err != nil {
			return err
		}
	}
	el, cpu := time.Since(t0), cpuSeconds()-c0
	fmt.Fprintf(stdout, "\nthroughput: %d sentences in %.2fs wall = %.0f sentences/s; %.2fs CPU = %.0f sentences per CPU-second (one goroutine)\n",
		len(sentences), el.Seconds(), float64(len(sentences))/el.Seconds(), cpu, float64(len(sentences))/max(cpu, 1e-9))

	// 10,000 mixed requests (words, pairs, sentences; every fifth multilingual
	// with Korean dialects), then resident memory.
	t0, c0 = time.Now(), cpuSeconds()
	for i := 0; i < 10000; i++ {
		s := mixed[i%len(mixed)]
		opt := Options{}
		if i%5 == 0 {
			opt = Options{Multilingual: true, KoreanDialects: true}
		}
		if _, err := d.Detect(s, opt); err != nil {
			return err
		}
	}
	el, cpu = time.Since(t0), cpuSeconds()-c0
	fmt.Fprintf(stdout, "10,000 mixed requests in %.2fs wall, %.2fs CPU; VmRSS after %.1f MB (RssAnon %.1f MB, RssFile %.1f MB), VmHWM (peak) %.1f MB\n",
		el.Seconds(), cpu, float64(rssKB())/1024, float64(procStatusKB("RssAnon:"))/1024, float64(procStatusKB("RssFile:"))/1024,
		float64(procStatusKB("VmHWM:"))/1024)

	return evalUDHR(ctx, d, filepath.Join(dataDir, "langid-udhr2", "udhr2.zip"), stdout)
}

// udhrCodes maps UDHR file names (without .txt) to nomen codes where they
// differ or where several variants exist.
var udhrCodes = map[string]string{
	"arb": "ara", "cmn_hans": "zho", "cmn_hant": "zho", "pes": "fas", "pes_1": "fas", "zlm": "msa", "zsm": "msa",
	"ekk": "est", "lvs": "lav", "azj": "aze", "khk": "mon", "swh": "swa", "als": "sqi", "nob": "nob", "nno": "nno",
	"deu_1996": "deu", "srp_cyrl": "srp", "srp_latn": "srp", "hrv": "hrv", "bos_latn": "bos", "bos_cyrl": "",
	"kor": "kor", "jpn": "jpn", "por_PT": "por", "por_BR": "por", "lat": "lat", "mkd": "mkd", "ukr": "ukr",
}

// evalUDHR reports line accuracy on the UDHR texts of supported languages
// (lines of at least 20 characters, headings excluded).
func evalUDHR(ctx context.Context, d *Detector, path string, stdout io.Writer) error {
	zr, err := zip.OpenReader(path)
	if err != nil {
		fmt.Fprintf(stdout, "udhr2: skipped (%v)\n", err)
		return nil
	}
	defer zr.Close()
	type acc struct{ ok, n int }
	var pool []labelled
	res := map[string]*acc{}
	var total acc
	for _, f := range zr.File {
		if err := ctx.Err(); err != nil {
			return err
		}
		name := strings.TrimSuffix(filepath.Base(f.Name), ".txt")
		want, mapped := udhrCodes[name]
		if !mapped {
			if _, ok := codeToIdx[name]; !ok {
				continue
			}
			want = name
		}
		if want == "" {
			continue
		}
		rc, err := f.Open()
		if err != nil {
			return fmt.Errorf("langid: udhr %s: %w", f.Name, err)
		}
		b, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			return fmt.Errorf("langid: udhr %s: %w", f.Name, err)
		}
		key := name
		a := &acc{}
		res[key] = a
		for _, line := range strings.Split(string(b), "\n") {
			line = strings.TrimSpace(line)
			if len([]rune(line)) < 20 {
				continue
			}
			if len([]rune(line)) >= 60 {
				pool = append(pool, labelled{want, line})
			}
			r, err := d.Detect(line, Options{})
			if err != nil {
				return err
			}
			got := r.Detections[0].Language
			a.n++
			if got == want || (got == "uen" && want == "eng") {
				a.ok++
			}
		}
		total.ok += a.ok
		total.n += a.n
	}
	keys := make([]string, 0, len(res))
	for k := range res {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	fmt.Fprintf(stdout, "\nudhr2 lines (≥ 20 chars) of %d texts: %.2f%% of %d\n", len(keys), 100*float64(total.ok)/float64(max(total.n, 1)), total.n)
	var low []string
	for _, k := range keys {
		a := res[k]
		if a.n > 0 && float64(a.ok)/float64(a.n) < 0.9 {
			low = append(low, fmt.Sprintf("%s %.0f%%", k, 100*float64(a.ok)/float64(a.n)))
		}
	}
	fmt.Fprintf(stdout, "  texts below 90%%: %s\n", strings.Join(low, ", "))
	return evalRegions(d, pool, stdout)
}

// labelled is a text with its language.
type labelled struct{ lang, text string }

// evalRegions measures Options.Multilingual on up to 1,000 synthetic documents,
// each two UDHR lines of different languages joined by a space: the share
// of letters whose region carries the right language (uen counting as eng),
// and how often the document gets exactly two regions.
func evalRegions(d *Detector, pool []labelled, stdout io.Writer) error {
	if len(pool) < 2 {
		return nil
	}
	okLetters, letters, twoRegions, docs := 0, 0, 0, 0
	for i := 0; i < 1000; i++ {
		a := pool[(i*7919)%len(pool)]
		b := pool[(i*104729+1)%len(pool)]
		if a.lang == b.lang {
			b = pool[(i*104729+len(pool)/2)%len(pool)]
			if a.lang == b.lang {
				continue
			}
		}
		docs++
		text := a.text + " " + b.text
		split := len([]rune(a.text)) + 1
		r, err := d.Detect(text, Options{Multilingual: true})
		if err != nil {
			return err
		}
		if len(r.Regions) == 2 {
			twoRegions++
		}
		for pos, c := range []rune(text) {
			if !unicode.IsLetter(c) {
				continue
			}
			want := a.lang
			if pos >= split {
				want = b.lang
			}
			letters++
			for _, reg := range r.Regions {
				if pos >= reg.StartOffset && pos < reg.EndOffset {
					if reg.Language == want || (reg.Language == "uen" && want == "eng") {
						okLetters++
					}
					break
				}
			}
		}
	}
	fmt.Fprintf(stdout, "\nregions on %d two-language UDHR documents: %.2f%% of letters in a region of the right language; exactly two regions in %.1f%%\n",
		docs, 100*float64(okLetters)/float64(max(letters, 1)), 100*float64(twoRegions)/float64(max(docs, 1)))
	return nil
}

func readGzipLines(path string) ([]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("langid: %w", err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		return nil, fmt.Errorf("langid: %s: %w", path, err)
	}
	var lines []string
	sc := bufio.NewScanner(zr)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	for sc.Scan() {
		if l := strings.TrimSpace(sc.Text()); l != "" {
			lines = append(lines, l)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("langid: %s: %w", path, err)
	}
	return lines, nil
}

// rssKB returns this process's resident set size in KiB (0 if unknown).
func rssKB() int { return procStatusKB("VmRSS:") }

func procStatusKB(field string) int {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(line, field) {
			f := strings.Fields(line[len(field):])
			if len(f) > 0 {
				n, _ := strconv.Atoi(f[0])
				return n
			}
		}
	}
	return 0
}
