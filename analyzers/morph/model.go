package morph

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"embed"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/nomenhq/nomen/internal/perceptron"
)

//go:embed data
var dataFS embed.FS

// langModel is the trained analyser of one language.
type langModel struct {
	tagger *perceptron.Model
	// tagger2 is the optional second (stacked) pass.
	tagger2 *perceptron.Model
	lem     lemmatizer
	// amb maps a lower-case word to its ambiguity class (tagger feature).
	amb map[string]string
	// merge and split adapt the tokenizer to the treebank (reseg.go).
	merge map[string]bool
	split map[string][]string
	// joinHyphen and trailHyphen keep hyphenated words whole (reseg.go).
	joinHyphen, trailHyphen bool
	// lang is the language code.
	lang string
	// readings is the Chinese reading lexicon (han.go).
	readings map[string][]int
	// mwt maps a lower-case surface token to its syntactic words
	// (French "du" → "de" "le").
	mwt map[string][]string
	// ctxMWT maps a lower-case surface token that is split only in some
	// contexts (English "its" → "it" "s" before "a") to its syntactic
	// words; ctxSplit holds the contexts that split it (ctxKey).
	ctxMWT   map[string][]string
	ctxSplit map[string]bool
	// seg is the optional trained word segmenter (segment.go); it replaces
	// the resegmentation tables, the multi-word-token table and the prefix
	// splitter.
	seg *segModel
	// feats are the optional feature groups of the taggers, and wn the
	// WordNet lexicon of featWordNet.
	feats featSet
	wn    wordNet
	// compLang is lang when feats has featCompound (set on load).
	compLang string
	// xpos is the optional tagger of the treebank's own tag set, loaded
	// lazily from <lang>.xpos.gz (xpos.go).
	xpos xposTagger
	// stems is the Korean stem lexicon of featStem ("K" lines).
	stems *stemLexicon
}

// ctxKey is the key of ctxSplit: the token and either the next word ("w")
// or the next word's ambiguity class ("a").
func ctxKey(form, kind, next string) string { return form + "\t" + kind + "\t" + next }

var (
	modelsMu sync.Mutex
	models   = map[string]*lazyModel{}
)

type lazyModel struct {
	once sync.Once
	m    *langModel
	err  error
}

// ErrUnsupported is returned for a language or feature nomen does not
// analyse.
var ErrUnsupported = errors.New("morph: unsupported language")

// modelFor loads the model of lang once, from the embedded data.
func modelFor(lang string) (*langModel, error) {
	modelsMu.Lock()
	lm, ok := models[lang]
	if !ok {
		lm = &lazyModel{}
		models[lang] = lm
	}
	modelsMu.Unlock()
	lm.once.Do(func() {
		f, err := dataFS.Open("data/" + lang + ".model.gz")
		if err != nil {
			lm.err = fmt.Errorf("%w: %s", ErrUnsupported, lang)
			return
		}
		defer f.Close()
		lm.m, lm.err = readModel(f)
		if lm.err != nil {
			lm.err = fmt.Errorf("morph: model %s: %w", lang, lm.err)
			return
		}
		lm.m.lang = lang
		if lm.m.feats&featCompound != 0 {
			lm.m.compLang = lang
		}
		lm.m.lem.freq = freqFor(lang)
		if lm.m.seg, lm.err = loadSegmenter(lang); lm.err != nil {
			lm.err = fmt.Errorf("morph: segmenter %s: %w", lang, lm.err)
		}
	})
	return lm.m, lm.err
}

var (
	freqMu sync.Mutex
	freqs  = map[string]*lazyFreq{}
)

type lazyFreq struct {
	once sync.Once
	m    map[string]int
}

// freqFor returns the embedded word-frequency lexicon of lang (lower-case
// word → count), or nil.
func freqFor(lang string) map[string]int {
	freqMu.Lock()
	lf, ok := freqs[lang]
	if !ok {
		lf = &lazyFreq{}
		freqs[lang] = lf
	}
	freqMu.Unlock()
	lf.once.Do(func() {
		f, err := dataFS.Open("data/" + lang + ".freq.gz")
		if err != nil {
			return
		}
		defer f.Close()
		lf.m, _ = readFreq(f)
	})
	return lf.m
}

// readFreq reads "word count" lines, gzip-compressed.
func readFreq(r io.Reader) (map[string]int, error) {
	gz, err := gzip.NewReader(r)
	if err != nil {
		return nil, err
	}
	defer gz.Close()
	m := map[string]int{}
	sc := bufio.NewScanner(gz)
	for sc.Scan() {
		w, c, ok := strings.Cut(sc.Text(), " ")
		if !ok {
			continue
		}
		n, err := strconv.Atoi(c)
		if err != nil || n <= 0 {
			continue
		}
		m[w] = n
	}
	return m, sc.Err()
}

// writeModel writes m: gzip of [uint32 length, first-pass perceptron,
// uint32 length (0: none), second-pass perceptron, text section]. Text lines: "M\tsurface\tw1\tw2...",
// "X\tsurface\tw1\tw2..." and "Q\tsurface\tw|a\tnext" (context-dependent splits), "L\tform\tupos\trule",
// "S\tupos\tsuffix\trule", "C\tupos\tcaseclass"; sorted, so the output is deterministic.
func writeModel(w io.Writer, m *langModel) error {
	gz, err := gzip.NewWriterLevel(w, gzip.BestCompression)
	if err != nil {
		return err
	}
	for _, tm := range []*perceptron.Model{m.tagger, m.tagger2} {
		var pm bytes.Buffer
		if tm != nil {
			if _, err := tm.WriteTo(&pm); err != nil {
				return err
			}
		}
		if err := binary.Write(gz, binary.LittleEndian, uint32(pm.Len())); err != nil {
			return err
		}
		if _, err := gz.Write(pm.Bytes()); err != nil {
			return err
		}
	}
	var lines []string
	for s, ws := range m.mwt {
		lines = append(lines, "M\t"+s+"\t"+strings.Join(ws, "\t"))
	}
	for k, r := range m.lem.lexicon {
		f, p, _ := strings.Cut(k, "\x00")
		lines = append(lines, "L\t"+f+"\t"+p+"\t"+r.String())
	}
	for w, idx := range m.readings {
		parts := make([]string, len(idx))
		for i, k := range idx {
			parts[i] = strconv.Itoa(k)
		}
		lines = append(lines, "Y\t"+w+"\t"+strings.Join(parts, " "))
	}
	for k := range m.merge {
		lines = append(lines, "J\t"+k)
	}
	for k, ps := range m.split {
		lines = append(lines, "P\t"+k+"\t"+strings.Join(ps, "\t"))
	}
	for s, ws := range m.ctxMWT {
		lines = append(lines, "X\t"+s+"\t"+strings.Join(ws, "\t"))
	}
	for k := range m.ctxSplit {
		lines = append(lines, "Q\t"+k)
	}
	if m.joinHyphen {
		lines = append(lines, "H\tjoin")
	}
	if m.trailHyphen {
		lines = append(lines, "H\ttrail")
	}
	for w, c := range m.amb {
		lines = append(lines, "A\t"+w+"\t"+c)
	}
	for f, name := range featNames {
		if m.feats&f != 0 {
			lines = append(lines, "F\t"+name)
		}
	}
	for w, b := range m.wn {
		lines = append(lines, "W\t"+w+"\t"+strconv.Itoa(int(b)))
	}
	for l := range m.lem.lemmas {
		lines = append(lines, "V\t"+l)
	}
	for k := range m.lem.keep {
		p, c, _ := strings.Cut(k, "\x00")
		lines = append(lines, "C\t"+p+"\t"+c)
	}
	for k, r := range m.lem.suffix {
		p, s, _ := strings.Cut(k, "\x00")
		lines = append(lines, "S\t"+p+"\t"+s+"\t"+r.String())
	}
	for p, rs := range m.lem.glob {
		for _, g := range rs {
			lines = append(lines, "G\t"+p+"\t"+g.strip+"\t"+g.add+"\t"+strconv.Itoa(g.n))
		}
	}
	for p, es := range m.lem.ends {
		for e, n := range es {
			lines = append(lines, "E\t"+p+"\t"+e+"\t"+strconv.Itoa(n))
		}
	}
	lines = append(lines, stemLines(m.stems)...)
	sort.Strings(lines)
	for _, l := range lines {
		if _, err := io.WriteString(gz, l+"\n"); err != nil {
			return err
		}
	}
	return gz.Close()
}

var errFormat = errors.New("bad model format")

func readModel(r io.Reader) (*langModel, error) {
	gz, err := gzip.NewReader(r)
	if err != nil {
		return nil, err
	}
	defer gz.Close()
	br := bufio.NewReader(gz)
	var taggers [2]*perceptron.Model
	for i := range taggers {
		var n uint32
		if err := binary.Read(br, binary.LittleEndian, &n); err != nil || n > 1<<28 || (n == 0 && i == 0) {
			return nil, errFormat
		}
		if n == 0 {
			continue
		}
		lr := io.LimitReader(br, int64(n))
		tm, err := perceptron.Read(lr)
		if err != nil {
			return nil, err
		}
		if _, err := io.Copy(io.Discard, lr); err != nil {
			return nil, err
		}
		taggers[i] = tm
	}
	m := &langModel{tagger: taggers[0], tagger2: taggers[1], mwt: map[string][]string{}, amb: map[string]string{}, merge: map[string]bool{}, split: map[string][]string{},
		lem: lemmatizer{lexicon: map[string]rule{}, suffix: map[string]rule{}, keep: map[string]bool{}}}
	sc := bufio.NewScanner(br)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	for sc.Scan() {
		f := strings.Split(sc.Text(), "\t")
		switch {
		case f[0] == "M" && len(f) >= 3:
			m.mwt[f[1]] = f[2:]
		case f[0] == "V" && len(f) == 2:
			if m.lem.lemmas == nil {
				m.lem.lemmas = map[string]bool{}
			}
			m.lem.lemmas[f[1]] = true
		case f[0] == "L" && len(f) == 4:
			if ru, ok := parseRule(f[3]); ok {
				m.lem.lexicon[lexKey(f[1], f[2])] = ru
			}
		case f[0] == "Y" && len(f) == 3:
			var idx []int
			for _, p := range strings.Fields(f[2]) {
				k, err := strconv.Atoi(p)
				if err != nil || k < 0 || k > 16 {
					return nil, fmt.Errorf("%w: line %q", errFormat, sc.Text())
				}
				idx = append(idx, k)
			}
			if m.readings == nil {
				m.readings = map[string][]int{}
			}
			m.readings[f[1]] = idx
		case f[0] == "J" && len(f) >= 3:
			m.merge[strings.Join(f[1:], "\t")] = true
		case f[0] == "P" && len(f) >= 4:
			m.split[f[1]] = f[2:]
		case f[0] == "X" && len(f) >= 4:
			if m.ctxMWT == nil {
				m.ctxMWT = map[string][]string{}
			}
			m.ctxMWT[f[1]] = f[2:]
		case f[0] == "Q" && len(f) == 4:
			if m.ctxSplit == nil {
				m.ctxSplit = map[string]bool{}
			}
			m.ctxSplit[strings.Join(f[1:], "\t")] = true
		case f[0] == "H" && len(f) == 2 && (f[1] == "join" || f[1] == "trail"):
			if f[1] == "join" {
				m.joinHyphen = true
			} else {
				m.trailHyphen = true
			}
		case f[0] == "A" && len(f) == 3:
			m.amb[f[1]] = f[2]
		case f[0] == "F" && len(f) == 2:
			known := false
			for fl, name := range featNames {
				if name == f[1] {
					m.feats |= fl
					known = true
				}
			}
			if !known {
				return nil, fmt.Errorf("%w: feature group %q", errFormat, f[1])
			}
		case f[0] == "W" && len(f) == 3:
			b, err := strconv.Atoi(f[2])
			if err != nil || b <= 0 || b > 255 {
				return nil, fmt.Errorf("%w: line %q", errFormat, sc.Text())
			}
			if m.wn == nil {
				m.wn = wordNet{}
			}
			m.wn[f[1]] = uint8(b)
		case f[0] == "K" && len(f) == 3:
			if m.stems == nil {
				m.stems = &stemLexicon{class: map[string]string{}}
			}
			m.stems.class[f[1]] = f[2]
		case f[0] == "C" && len(f) == 3:
			m.lem.keep[f[1]+"\x00"+f[2]] = true
		case f[0] == "G" && len(f) == 5:
			n, err := strconv.Atoi(f[4])
			if err != nil || n <= 0 {
				return nil, fmt.Errorf("%w: line %q", errFormat, sc.Text())
			}
			if m.lem.glob == nil {
				m.lem.glob = map[string][]globRule{}
			}
			m.lem.glob[f[1]] = append(m.lem.glob[f[1]], globRule{f[2], f[3], n})
		case f[0] == "E" && len(f) == 4:
			n, err := strconv.Atoi(f[3])
			if err != nil || n <= 0 {
				return nil, fmt.Errorf("%w: line %q", errFormat, sc.Text())
			}
			if m.lem.ends == nil {
				m.lem.ends = map[string]map[string]int{}
			}
			if m.lem.ends[f[1]] == nil {
				m.lem.ends[f[1]] = map[string]int{}
			}
			m.lem.ends[f[1]][f[2]] = n
		case f[0] == "S" && len(f) == 4:
			if ru, ok := parseRule(f[3]); ok {
				m.lem.suffix[f[1]+"\x00"+f[2]] = ru
			}
		default:
			return nil, fmt.Errorf("%w: line %q", errFormat, sc.Text())
		}
	}
	for _, rs := range m.lem.glob {
		sortGlob(rs)
	}
	return m, sc.Err()
}

// hasFile reports whether the embedded data holds name (a file directly
// in data/). The names are listed once, so that the check on every call
// of Tag and UPOS costs no allocation.
func hasFile(name string) bool { return dataFiles()[name] }

// dataFiles returns the set of the files in data/.
var dataFiles = sync.OnceValue(func() map[string]bool {
	set := map[string]bool{}
	ents, _ := fs.ReadDir(dataFS, "data")
	for _, e := range ents {
		if e.Type().IsRegular() {
			set[e.Name()] = true
		}
	}
	return set
})
