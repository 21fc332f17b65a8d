package morph

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/bits"
	"os"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/nomenhq/nomen/analyzers/tokenize"
	"github.com/nomenhq/nomen/internal/perceptron"
)

// Word segmentation for the languages whose tokenizer units differ from the
// treebank's words (Chinese, Japanese, Hebrew clitics). A binary averaged
// perceptron decides, gap by gap from left to right, whether a word
// boundary lies between two adjacent code points of a run of tokenizer
// tokens written without spaces (a "chunk"); spaces and sentence ends are
// always boundaries. Its features are the code points around the gap and
// their scripts, whether the tokenizer (gse for Chinese, kagome for
// Japanese) puts a boundary there, kagome's parts of speech on both sides
// (Japanese), the longest words of a lexicon (the treebank's words, and
// gse's dictionary for Chinese) that end at, start at or cross the gap,
// the tokenizer token's parts before and after the gap (Hebrew prefixes
// "ו" "ה" "ב" and suffix pronouns), their frequency classes in the
// OpenSubtitles list, and the length of the word so far. It is trained on
// the gold word boundaries of the treebank (for Hebrew the words of the
// multi-word tokens, which spell the token in IAHLTwiki).

// segLangs lists the languages that get a trained segmenter.
var segLangs = map[string]bool{"zho": true, "jpn": true, "heb": true}

// segModel is a trained segmenter.
type segModel struct {
	tm   *perceptron.Model
	lang string
	// lex holds the treebank's words (lower case) with their counts.
	lex map[string]int
	// freq is the language's frequency list (Hebrew), or nil.
	freq map[string]int
}

// segMaxWord is the longest lexicon word (code points) the dictionary
// features look for.
const segMaxWord = 6

// segChunk is one run of adjacent tokenizer tokens: the code points r and
// the gaps (1..len(r)-1) where the tokenizer has a boundary.
type segChunk struct {
	r []rune
	// text is string(r); off[k] is the byte offset of r[k] in text
	// (off[len(r)] == len(text)); cls[k] is runeClass(r[k]).
	text string
	off  []int
	cls  []byte
	// tb[i] is true when a tokenizer token starts at r[i].
	tb []bool
	// tokStart[i] and tokEnd[i] delimit the tokenizer token holding r[i].
	tokStart, tokEnd []int
	// pos[i] is kagome's part of speech of the morpheme holding r[i]
	// (Japanese), kb[i] whether a kagome morpheme starts at r[i].
	pos []string
	kb  []bool
	// own holds, in training, the words of the chunk's sentence, which
	// the Hebrew lexicon features do not see; heb caches their token
	// facts (hebGapFeatures).
	own map[string]int
	heb hebTokCache
}

// lexFunc reports the count of a lexicon word.
type lexFunc func(w string) int

// chunks groups toks into chunks: adjacent tokens inside one sentence.
func chunksOf(r []rune, toks, sents []tokenize.Token) [][2]int {
	var out [][2]int
	si := 0
	for k := 0; k < len(toks); {
		for si < len(sents) && sents[si].End <= toks[k].Start {
			si++
		}
		end := -1
		if si < len(sents) {
			end = sents[si].End
		}
		j := k + 1
		for j < len(toks) && toks[j].Start == toks[j-1].End && (end < 0 || toks[j].End <= end) {
			j++
		}
		out = append(out, [2]int{k, j})
		k = j
	}
	return out
}

// newChunk builds the chunk of toks (adjacent tokens) over text r.
func newChunk(r []rune, toks []tokenize.Token, lang string) segChunk {
	a, b := toks[0].Start, toks[len(toks)-1].End
	c := segChunk{r: r[a:b], text: string(r[a:b]), off: make([]int, b-a+1), cls: make([]byte, b-a),
		tb: make([]bool, b-a), tokStart: make([]int, b-a), tokEnd: make([]int, b-a)}
	at := 0
	for k, x := range c.r {
		c.off[k] = at
		c.cls[k] = runeClass(x)
		at += utf8.RuneLen(x)
	}
	c.off[len(c.r)] = at
	for _, t := range toks {
		c.tb[t.Start-a] = true
		for p := t.Start; p < t.End; p++ {
			c.tokStart[p-a], c.tokEnd[p-a] = t.Start-a, t.End-a
		}
	}
	if lang == "jpn" {
		c.pos = make([]string, b-a)
		c.kb = make([]bool, b-a)
		for _, m := range tokenize.JapaneseMorphemes(c.text) {
			if m.Start < 0 || m.End > len(c.r) {
				continue
			}
			c.kb[m.Start] = true
			for p := m.Start; p < m.End; p++ {
				c.pos[p] = m.POS
			}
		}
	}
	return c
}

// runeClass is the script class of a code point.
func runeClass(c rune) byte {
	switch {
	case unicode.Is(unicode.Han, c) || c == '々' || c == '〇':
		return 'H'
	case unicode.Is(unicode.Hiragana, c):
		return 'h'
	case unicode.Is(unicode.Katakana, c) || c == 'ー':
		return 'k'
	case unicode.Is(unicode.Hebrew, c):
		return 'W'
	case unicode.IsDigit(c):
		return 'D'
	case unicode.IsLetter(c):
		if c < 0x250 || (c >= 0xFF21 && c <= 0xFF5A) {
			return 'L'
		}
		return 'A'
	case unicode.IsSpace(c):
		return 'S'
	}
	return 'P'
}

// freqBucket is the bit length of a frequency count.
func freqBucket(n int) string { return strconv.Itoa(bits.Len(uint(n))) }

// fnvHash builds a feature hash equal to perceptron.Hash2(prefix, value)
// from the pieces of value, without building the string.
type fnvHash uint64

// fnvPrime extends a feature hash by one byte (see perceptron.Seed).
const fnvPrime = perceptron.Prime

// feat starts the hash of a feature named prefix.
func feat(prefix string) fnvHash { return fnvHash(perceptron.Seed(prefix)) }

// s adds the bytes of v.
func (h fnvHash) s(v string) fnvHash {
	for i := 0; i < len(v); i++ {
		h ^= fnvHash(v[i])
		h *= fnvPrime
	}
	return h
}

// b adds one byte.
func (h fnvHash) b(c byte) fnvHash { return (h ^ fnvHash(c)) * fnvPrime }

func boolStr(b bool) string {
	if b {
		return "true"
	}
	return "false"
}

func digit01(b bool) string {
	if b {
		return "1"
	}
	return "0"
}

// gapStatic appends the features of gap i of c that do not depend on
// earlier decisions. dict[s][k] tells which dictionaries hold
// c.r[s:s+k+2] (dictTable).
func (sm *segModel) gapStatic(dst []uint64, c *segChunk, i int, dict [][segMaxWord - 1]uint8, lex lexFunc) []uint64 {
	n := len(c.r)
	ch := func(k int) string {
		if k < 0 || k >= n {
			return boundary
		}
		return c.text[c.off[k]:c.off[k+1]]
	}
	cl := func(k int) byte {
		if k < 0 || k >= n {
			return '#'
		}
		return c.cls[k]
	}
	tb := digit01(c.tb[i])
	c2, c1, c0, c3 := ch(i-2), ch(i-1), ch(i), ch(i+1)
	ty := [4]byte{cl(i - 2), cl(i - 1), cl(i), cl(i + 1)}
	dst = append(dst,
		perceptron.Hash("bias"),
		uint64(feat("u-2").s(c2)),
		uint64(feat("u-1").s(c1)),
		uint64(feat("u0").s(c0)),
		uint64(feat("u1").s(c3)),
		uint64(feat("b-1").s(c2).s(c1)),
		uint64(feat("b0").s(c1).s(c0)),
		uint64(feat("b1").s(c0).s(c3)),
		uint64(feat("t1").s(c1).s(c0).s(c3)),
		uint64(feat("t0").s(c2).s(c1).s(c0)),
		uint64(feat("ty").b(ty[0]).b(ty[1]).b(ty[2]).b(ty[3])),
		uint64(feat("ty0").b(ty[1]).b(ty[2])),
		uint64(feat("tb").s(tb)),
		uint64(feat("tbty").s(tb).b(ty[0]).b(ty[1]).b(ty[2]).b(ty[3])),
		uint64(feat("tbb").s(tb).s(c1).s(c0)),
	)
	// Tokenizer token lengths on both sides.
	ls, le := c.tokStart[i-1], c.tokEnd[i-1]
	rs, re := c.tokStart[i], c.tokEnd[i]
	tl := strconv.Itoa(min(le-ls, 5))
	tr := strconv.Itoa(min(re-rs, 5))
	dst = append(dst, uint64(feat("tltr").s(tb).s(tl).s(tr).b(ty[1]).b(ty[2])))
	// Dictionaries: longest words ending at, starting at and crossing i,
	// in the lexicon (bit 1) and in gse's dictionary (bit 2).
	for _, d := range [...]struct {
		bit  uint8
		name string
	}{{1, "d"}, {2, "g"}} {
		if d.bit == 2 && sm.lang != "zho" {
			continue
		}
		de, ds, dc := dictSpans(dict, i, n, d.bit)
		des, dss, dcs := strconv.Itoa(de), strconv.Itoa(ds), strconv.Itoa(dc)
		dst = append(dst,
			uint64(feat(d.name+"e").s(des)),
			uint64(feat(d.name+"s").s(dss)),
			uint64(feat(d.name+"c").s(dcs)),
			uint64(feat(d.name+"d").s(des).s(dss).s(dcs)),
			uint64(feat(d.name+"dtb").s(tb).s(des).s(dss).s(dcs)),
		)
	}
	// Parts of the tokenizer token around the gap (prefixes, clitics).
	if !c.tb[i] {
		pre := strings.ToLower(c.text[c.off[ls]:c.off[i]])
		post := strings.ToLower(c.text[c.off[i]:c.off[re]])
		tok := strings.ToLower(c.text[c.off[ls]:c.off[re]])
		pl, ql := strconv.Itoa(min(i-ls, 4)), strconv.Itoa(min(re-i, 4))
		dst = append(dst, uint64(feat("pq").s(pl).s(ql)))
		if i-ls <= 3 {
			dst = append(dst, uint64(feat("pre").s(pre)))
		}
		if re-i <= 3 {
			dst = append(dst, uint64(feat("post").s(post)))
		}
		lp, lq, lt := boolStr(lex(pre) > 0), boolStr(lex(post) > 0), boolStr(lex(tok) > 0)
		dst = append(dst, uint64(feat("lx").s(lp).s(" ").s(lq).s(" ").s(lt)))
		if i-ls <= 3 {
			dst = append(dst, uint64(feat("prelx").s(pre).s(lq).s(" ").s(lt)))
		}
		if sm.freq != nil {
			fp, fq, ft := freqBucket(sm.freq[pre]), freqBucket(sm.freq[post]), freqBucket(sm.freq[tok])
			dst = append(dst,
				uint64(feat("fq").s(fq)),
				uint64(feat("fpq").s(fp).s(" ").s(fq)),
				uint64(feat("fqt").s(fq).s(" ").s(ft)),
			)
			if i-ls <= 3 {
				dst = append(dst, uint64(feat("prefq").s(pre).s(" ").s(fq).s(" ").s(ft)))
			}
			if re-i <= 3 {
				dst = append(dst, uint64(feat("postfp").s(post).s(" ").s(fp).s(" ").s(ft)))
			}
		}
		if hebSegLangs[sm.lang] {
			dst = hebGapFeatures(dst, pre, post, tok, sm.freq, sm.lex, c.own, &c.heb)
		}
	}
	if c.pos != nil {
		kb := digit01(c.kb[i])
		dst = append(dst,
			uint64(feat("kb").s(kb).s(tb)),
			uint64(feat("kp").s(kb).s(c.pos[i-1]).s("|").s(c.pos[i])),
			uint64(feat("kpb").s(kb).s(c.pos[i-1]).s("|").s(c.pos[i]).s("|").s(c1).s(c0)),
		)
	}
	return dst
}

// dictSpans returns the lengths of the longest dictionary words (bit set
// in dict) that end at, start at and cross gap i of a chunk of n code
// points (0 when none).
func dictSpans(dict [][segMaxWord - 1]uint8, i, n int, bit uint8) (de, ds, dc int) {
	for k := 2; k <= segMaxWord; k++ {
		if s := i - k; s >= 0 && dict[s][k-2]&bit != 0 {
			de = k
		}
		if i+k <= n && dict[i][k-2]&bit != 0 {
			ds = k
		}
	}
	for s := max(0, i-segMaxWord+1); s < i; s++ {
		for k := i - s + 1; k <= segMaxWord && s+k <= n; k++ {
			if dict[s][k-2]&bit != 0 && k > dc {
				dc = k
			}
		}
	}
	return de, ds, dc
}

// gapDynamic appends the features that depend on the last boundary p < i.
func gapDynamic(dst []uint64, c *segChunk, i, p int) []uint64 {
	tb := digit01(c.tb[i])
	wl := strconv.Itoa(min(i-p, 6))
	return append(dst,
		uint64(feat("wl").s(wl)),
		uint64(feat("wltb").s(wl).s(tb)),
	)
}

// dictTable returns, for each start s of c, which words c.r[s:s+k]
// (k = 2..segMaxWord) are in the lexicon (bit 1) and, for Chinese, in
// gse's dictionary (bit 2).
func (sm *segModel) dictTable(c *segChunk, lex lexFunc) [][segMaxWord - 1]uint8 {
	t := make([][segMaxWord - 1]uint8, len(c.r))
	for s := range c.r {
		for k := 2; k <= segMaxWord && s+k <= len(c.r); k++ {
			w := c.text[c.off[s]:c.off[s+k]]
			if lex(strings.ToLower(w)) > 0 {
				t[s][k-2] |= 1
			}
			if sm.lang == "zho" && tokenize.ChineseWordFreq(w) > 0 {
				t[s][k-2] |= 2
			}
		}
	}
	return t
}

// segScratch holds per-call buffers of the segmenter.
type segScratch struct {
	feats  []uint64
	scores [2]float32
}

// segmentChunk returns the word starts of c (always including 0).
func (sm *segModel) segmentChunk(c *segChunk, sc *segScratch) []int {
	starts := []int{0}
	if len(c.r) < 2 {
		return starts
	}
	lex := func(w string) int { return sm.lex[w] }
	dict := sm.dictTable(c, lex)
	p := 0
	for i := 1; i < len(c.r); i++ {
		sc.feats = sm.gapStatic(sc.feats[:0], c, i, dict, lex)
		sc.feats = gapDynamic(sc.feats, c, i, p)
		if sm.tm.Predict(sc.feats, sc.scores[:]) == 1 {
			starts = append(starts, i)
			p = i
		}
	}
	return starts
}

// segment re-divides the tokens of text (from tokenize.Segment, with
// their sentences) into the treebank's words.
func (sm *segModel) segment(text string, toks, sents []tokenize.Token) []tokenize.Token {
	if len(toks) == 0 {
		return toks
	}
	r := []rune(text)
	out := make([]tokenize.Token, 0, len(toks)+len(toks)/2)
	var sc segScratch
	for _, ch := range chunksOf(r, toks, sents) {
		ts := toks[ch[0]:ch[1]]
		if len(ts) == 1 && !sm.mightSplit(ts[0].Text) {
			out = append(out, ts[0])
			continue
		}
		c := newChunk(r, ts, sm.lang)
		a := ts[0].Start
		starts := sm.segmentChunk(&c, &sc)
		for k, s := range starts {
			e := len(c.r)
			if k+1 < len(starts) {
				e = starts[k+1]
			}
			out = append(out, tokenize.Token{Text: c.text[c.off[s]:c.off[e]], Start: a + s, End: a + e})
		}
	}
	return out
}

// mightSplit reports whether a lone token can be split: it has two or more
// letters.
func (sm *segModel) mightSplit(t string) bool {
	n := 0
	for _, c := range t {
		if unicode.IsLetter(c) {
			n++
		}
	}
	return n >= 2
}

// writeSegModel writes sm: gzip of [uint32 length, perceptron, then
// sorted lines "L\tword\tcount" (lexicon) and "F\tword\tcount"
// (frequency list)].
func writeSegModel(w io.Writer, sm *segModel) error {
	gz, err := gzip.NewWriterLevel(w, gzip.BestCompression)
	if err != nil {
		return err
	}
	var pm bytes.Buffer
	if _, err := sm.tm.WriteTo(&pm); err != nil {
		return err
	}
	if err := binary.Write(gz, binary.LittleEndian, uint32(pm.Len())); err != nil {
		return err
	}
	if _, err := gz.Write(pm.Bytes()); err != nil {
		return err
	}
	lines := make([]string, 0, len(sm.lex)+len(sm.freq))
	for wd, n := range sm.lex {
		lines = append(lines, "L\t"+wd+"\t"+strconv.Itoa(n))
	}
	for wd, n := range sm.freq {
		lines = append(lines, "F\t"+wd+"\t"+strconv.Itoa(n))
	}
	sort.Strings(lines)
	for _, l := range lines {
		if _, err := io.WriteString(gz, l+"\n"); err != nil {
			return err
		}
	}
	return gz.Close()
}

// readSegModel reads a model written by writeSegModel.
func readSegModel(r io.Reader) (*segModel, error) {
	gz, err := gzip.NewReader(r)
	if err != nil {
		return nil, err
	}
	defer gz.Close()
	br := bufio.NewReader(gz)
	var n uint32
	if err := binary.Read(br, binary.LittleEndian, &n); err != nil || n == 0 || n > 1<<28 {
		return nil, errFormat
	}
	lr := io.LimitReader(br, int64(n))
	tm, err := perceptron.Read(lr)
	if err != nil {
		return nil, err
	}
	if _, err := io.Copy(io.Discard, lr); err != nil {
		return nil, err
	}
	if len(tm.Classes) != 2 {
		return nil, fmt.Errorf("%w: %d segmenter classes", errFormat, len(tm.Classes))
	}
	sm := &segModel{tm: tm, lex: map[string]int{}}
	sc := bufio.NewScanner(br)
	for sc.Scan() {
		f := strings.Split(sc.Text(), "\t")
		if len(f) != 3 {
			return nil, fmt.Errorf("%w: line %q", errFormat, sc.Text())
		}
		k, err := strconv.Atoi(f[2])
		if err != nil || k <= 0 {
			return nil, fmt.Errorf("%w: line %q", errFormat, sc.Text())
		}
		switch f[0] {
		case "L":
			sm.lex[f[1]] = k
		case "F":
			if sm.freq == nil {
				sm.freq = map[string]int{}
			}
			sm.freq[f[1]] = k
		default:
			return nil, fmt.Errorf("%w: line %q", errFormat, sc.Text())
		}
	}
	return sm, sc.Err()
}

// loadSegmenter reads the embedded segmenter of lang, if any, or, for development
// measurements, the one that NOMEN_DEV_SEG_MODEL=lang:FILE names (a segmenter trained without
// the development sentences; see TestTrainDevSegmenterManual).
func loadSegmenter(lang string) (*segModel, error) {
	var f io.ReadCloser
	name := "data/" + lang + ".seg.gz"
	if l, path, ok := strings.Cut(os.Getenv("NOMEN_DEV_SEG_MODEL"), ":"); ok && l == lang {
		file, err := os.Open(path)
		if err != nil {
			return nil, fmt.Errorf("morph: NOMEN_DEV_SEG_MODEL: %w", err)
		}
		f, name = file, path
	} else {
		file, err := dataFS.Open(name)
		if errors.Is(err, fs.ErrNotExist) {
			return nil, nil
		}
		if err != nil {
			return nil, err
		}
		f = file
	}
	defer f.Close()
	sm, err := readSegModel(f)
	if err != nil {
		return nil, fmt.Errorf("morph: segmenter %s: %w", name, err)
	}
	sm.lang = lang
	return sm, nil
}
