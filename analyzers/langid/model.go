package langid

import (
	"archive/zip"
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"unicode/utf8"

	"google.golang.org/protobuf/encoding/protowire"
)

// maxOrder is the longest n-gram lingua models (five characters).
const maxOrder = 5

// logScale is the quantization step of stored log-probabilities: a stored
// value q means ln p = -q/logScale. The rounding error (≤ 0.0005 per n-gram)
// is far below the differences that decide a ranking.
const logScale = 1024

// table is the compact form of all languages' n-grams of one order: one
// lookup returns every language's probability for that n-gram.
//
// keys holds the 64-bit hashes of the distinct n-grams, grouped by their top
// bits (bucket b spans keys[buckets[b]:buckets[b+1]]); the postings of key i
// are lang[off[i]:off[i+1]] with quantized log-probabilities logp[...].
type table struct {
	shift   uint8
	buckets []uint32
	keys    []uint64
	off     []uint32
	lang    []uint8
	logp    []uint16
	mem     []byte // the mapping holding the arrays above
}

// find returns the posting range of key, or (0, 0) when absent.
func (t *table) find(key uint64) (lo, hi uint32) {
	b := key >> t.shift
	s, e := t.buckets[b], t.buckets[b+1]
	for i := s; i < e; i++ {
		if t.keys[i] == key {
			return t.off[i], t.off[i+1]
		}
	}
	return 0, 0
}

func (t *table) bytes() int {
	return 4*len(t.buckets) + 8*len(t.keys) + 4*len(t.off) + len(t.lang) + 2*len(t.logp)
}

// model is the set of tables for orders 1..5 over the languages in set.
type model struct {
	set    langSet
	tables [maxOrder + 1]*table
}

// bytes is the memory the model's arrays occupy.
func (m *model) bytes() int {
	n := 0
	for _, t := range m.tables[1:] {
		n += t.bytes()
	}
	return n
}

const (
	fnvOffset = 0xcbf29ce484222325
	fnvPrime  = 0x100000001b3
)

// hashStep extends a running n-gram hash by one rune.
func hashStep(h uint64, r rune) uint64 { return (h ^ uint64(r)) * fnvPrime }

// hashKey finalizes a running hash of an n-gram of length n into its table
// key (splitmix64 finalizer, so the top bits are uniform for bucketing).
func hashKey(h uint64, n int) uint64 {
	z := h + uint64(n)*0x9e3779b97f4a7c15
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// bucketBits is the bucket-index width per order for all 76 languages,
// chosen for about two to four distinct keys per bucket.
var bucketBits = [maxOrder + 1]uint{0, 10, 13, 17, 19, 21}

var orderNames = [maxOrder + 1]string{"", "unigram", "bigram", "trigram", "quadrigram", "fivegram"}

// readModelFile returns the decompressed protobuf of one lingua model file.
func readModelFile(iso1 string, order int) ([]byte, error) {
	name := fmt.Sprintf("language-models/%s/%ss.pb.bin.zip", iso1, orderNames[order])
	ef, err := linguaModels.Open(name)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil // lingua has no model of this order for the language (zh bigrams)
	}
	if err != nil {
		return nil, fmt.Errorf("langid: read %s: %w", name, err)
	}
	defer ef.Close()
	defer releaseEmbedded(ef) // the inflated copy is all the build needs
	st, err := ef.Stat()
	if err != nil {
		return nil, fmt.Errorf("langid: stat %s: %w", name, err)
	}
	ra, ok := ef.(io.ReaderAt)
	if !ok {
		return nil, fmt.Errorf("langid: %s: embedded file is not an io.ReaderAt", name)
	}
	zr, err := zip.NewReader(ra, st.Size())
	if err != nil || len(zr.File) == 0 {
		return nil, fmt.Errorf("langid: open %s: %v", name, err)
	}
	f, err := zr.File[0].Open()
	if err != nil {
		return nil, fmt.Errorf("langid: open %s: %w", name, err)
	}
	defer f.Close()
	b := make([]byte, 0, zr.File[0].UncompressedSize64)
	buf := bytes.NewBuffer(b)
	if _, err := io.Copy(buf, f); err != nil {
		return nil, fmt.Errorf("langid: inflate %s: %w", name, err)
	}
	return buf.Bytes(), nil
}

// walkGrams calls fn for every n-gram of a lingua model protobuf
// (SerializableLanguageModel: field 4 = ngram sets, each with field 1 =
// probability as fixed64 and field 2 = repeated n-gram strings). The gram
// slice aliases pb.
func walkGrams(pb []byte, fn func(gram []byte, p float64)) error {
	var grams [][]byte
	for len(pb) > 0 {
		num, typ, n := protowire.ConsumeTag(pb)
		if n < 0 {
			return fmt.Errorf("langid: bad model tag: %w", protowire.ParseError(n))
		}
		pb = pb[n:]
		if num != 4 || typ != protowire.BytesType {
			n = protowire.ConsumeFieldValue(num, typ, pb)
			if n < 0 {
				return fmt.Errorf("langid: bad model field: %w", protowire.ParseError(n))
			}
			pb = pb[n:]
			continue
		}
		set, n := protowire.ConsumeBytes(pb)
		if n < 0 {
			return fmt.Errorf("langid: bad ngram set: %w", protowire.ParseError(n))
		}
		pb = pb[n:]
		var p float64
		grams = grams[:0]
		for len(set) > 0 {
			num, typ, n := protowire.ConsumeTag(set)
			if n < 0 {
				return fmt.Errorf("langid: bad ngram set tag: %w", protowire.ParseError(n))
			}
			set = set[n:]
			switch {
			case num == 1 && typ == protowire.Fixed64Type:
				v, n := protowire.ConsumeFixed64(set)
				if n < 0 {
					return fmt.Errorf("langid: bad probability: %w", protowire.ParseError(n))
				}
				set = set[n:]
				p = math.Float64frombits(v)
			case num == 2 && typ == protowire.BytesType:
				g, n := protowire.ConsumeBytes(set)
				if n < 0 {
					return fmt.Errorf("langid: bad ngram: %w", protowire.ParseError(n))
				}
				set = set[n:]
				grams = append(grams, g)
			default:
				n := protowire.ConsumeFieldValue(num, typ, set)
				if n < 0 {
					return fmt.Errorf("langid: bad ngram set field: %w", protowire.ParseError(n))
				}
				set = set[n:]
			}
		}
		for _, g := range grams {
			fn(g, p)
		}
	}
	return nil
}

// gramKey returns the table key of a UTF-8 n-gram.
func gramKey(g []byte) uint64 {
	h := uint64(fnvOffset)
	k := 0
	for len(g) > 0 {
		r, sz := utf8.DecodeRune(g)
		g = g[sz:]
		h = hashStep(h, r)
		k++
	}
	return hashKey(h, k)
}

// runeKey returns the table key of an n-gram given as runes.
func runeKey(rs []rune) uint64 {
	h := uint64(fnvOffset)
	for _, r := range rs {
		h = hashStep(h, r)
	}
	return hashKey(h, len(rs))
}

// walkModel calls emit(key, q) for every n-gram of a lingua model protobuf.
func walkModel(pb []byte, emit func(key uint64, q uint16)) error {
	return walkGrams(pb, func(g []byte, p float64) { emit(gramKey(g), quantize(p)) })
}

// quantize maps a probability in (0, 1] to -ln p · logScale, saturating.
func quantize(p float64) uint16 {
	if !(p > 0) {
		return math.MaxUint16
	}
	if p >= 1 {
		return 0
	}
	v := math.Round(-math.Log(p) * logScale)
	if v > math.MaxUint16 {
		return math.MaxUint16
	}
	return uint16(v)
}

// buildModel builds the tables of every order for the languages in set,
// decoding lingua's model files in parallel.
func buildModel(set langSet) (*model, error) {
	m := &model{set: set}
	n := set.count()
	reduce := uint(0)
	for x := numLangs; x > 2*n && reduce < 6; x /= 2 {
		reduce++
	}
	for order := 1; order <= maxOrder; order++ {
		bits := bucketBits[order] - reduce
		if bits < 8 {
			bits = 8
		}
		t, err := buildTable(set, order, bits)
		if err != nil {
			for _, t := range m.tables {
				if t != nil {
					unmap(t.mem)
				}
			}
			return nil, err
		}
		m.tables[order] = t
	}
	mems := make([][]byte, 0, maxOrder)
	for _, t := range m.tables[1:] {
		mems = append(mems, t.mem)
	}
	// The arrays live outside the Go heap: unmap them once m is unreachable.
	runtime.AddCleanup(m, func(mems [][]byte) {
		for _, b := range mems {
			unmap(b)
		}
	}, mems)
	return m, nil
}

// forEachLang runs f for every language in set on GOMAXPROCS workers and
// returns the first error.
func forEachLang(set langSet, f func(li int) error) error {
	var ids []int
	set.each(func(i int) { ids = append(ids, i) })
	workers := min(runtime.GOMAXPROCS(0), len(ids))
	var next atomic.Int64
	var wg sync.WaitGroup
	errs := make([]error, len(ids))
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1)) - 1
				if i >= len(ids) {
					return
				}
				errs[i] = f(ids[i])
			}
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// buildTable builds one order's table: the model files are decoded in
// parallel into per-language entry lists, which are then counted per bucket
// and scattered into bucket order; each bucket is sorted and its duplicate
// keys merged.
func buildTable(set langSet, order int, bits uint) (*table, error) {
	nb := 1 << bits
	shift := uint8(64 - bits)
	// Per-language entry lists live in their own mappings (outside the Go
	// heap, exactly sized) until they are scattered, which keeps the
	// build's peak memory near the final size plus one order's entries.
	type entries struct {
		keys []uint64
		vals []uint32 // lang<<16 | q
		mem  []byte
	}
	per := make([]entries, numLangs)
	defer func() {
		for _, e := range per {
			unmap(e.mem)
		}
	}()
	err := forEachLang(set, func(li int) error {
		var e entries
		if langs[li].translit {
			err := serbianLatinModel(order, func(key uint64, q uint16) {
				e.keys = append(e.keys, key)
				e.vals = append(e.vals, uint32(li)<<16|uint32(q))
			})
			per[li] = e
			return err
		}
		pb, err := readModelFile(langs[li].iso1, order)
		if err != nil {
			return err
		}
		n := 0
		if err := walkGrams(pb, func([]byte, float64) { n++ }); err != nil {
			return err
		}
		a, err := newArena(arenaSize(8*n, 4*n))
		if err != nil {
			return err
		}
		e = entries{keys: takeU64(a, n)[:0], vals: takeU32(a, n)[:0], mem: a.buf}
		per[li] = e
		err = walkModel(pb, func(key uint64, q uint16) {
			e.keys = append(e.keys, key)
			e.vals = append(e.vals, uint32(li)<<16|uint32(q))
		})
		per[li] = e
		return err
	})
	if err != nil {
		return nil, err
	}
	counts := make([]uint32, nb+1)
	for _, e := range per {
		for _, k := range e.keys {
			counts[(k>>shift)+1]++
		}
	}
	for b := 1; b <= nb; b++ {
		counts[b] += counts[b-1]
	}
	total := int(counts[nb])
	cursor := slices.Clone(counts[:nb])
	tmp, err := newArena(arenaSize(8*total, 4*total))
	if err != nil {
		return nil, err
	}
	defer unmap(tmp.buf)
	tmpKey := takeU64(tmp, total)
	tmpVal := takeU32(tmp, total)
	for li := range per {
		for i, k := range per[li].keys {
			p := cursor[k>>shift]
			cursor[k>>shift]++
			tmpKey[p] = k
			tmpVal[p] = per[li].vals[i]
		}
		unmap(per[li].mem)
		per[li] = entries{}
	}
	// Sort each bucket by (key, language, -log p) and count what survives:
	// of two entries for one key and language the more probable is kept.
	nk, np := 0, 0
	for b := 0; b < nb; b++ {
		s, e := int(counts[b]), int(counts[b+1])
		for i := s + 1; i < e; i++ { // insertion sort: buckets hold a few entries
			k, v := tmpKey[i], tmpVal[i]
			j := i
			for j > s && (tmpKey[j-1] > k || (tmpKey[j-1] == k && tmpVal[j-1] > v)) {
				tmpKey[j], tmpVal[j] = tmpKey[j-1], tmpVal[j-1]
				j--
			}
			tmpKey[j], tmpVal[j] = k, v
		}
		for i := s; i < e; i++ {
			switch {
			case i == s || tmpKey[i] != tmpKey[i-1]:
				nk++
				np++
			case tmpVal[i]>>16 != tmpVal[i-1]>>16:
				np++
			}
		}
	}
	ar, err := newArena(arenaSize(4*(nb+1), 8*nk, 4*(nk+1), np, 2*np))
	if err != nil {
		return nil, err
	}
	t := &table{
		shift:   shift,
		buckets: takeU32(ar, nb+1),
		keys:    takeU64(ar, nk),
		off:     takeU32(ar, nk+1),
		lang:    takeU8(ar, np),
		logp:    takeU16(ar, np),
		mem:     ar.buf,
	}
	k, p := 0, 0
	for b := 0; b < nb; b++ {
		s, e := int(counts[b]), int(counts[b+1])
		t.buckets[b] = uint32(k)
		for i := s; i < e; i++ {
			if i == s || tmpKey[i] != tmpKey[i-1] {
				t.keys[k] = tmpKey[i]
				t.off[k] = uint32(p)
				k++
			} else if tmpVal[i]>>16 == tmpVal[i-1]>>16 {
				continue // duplicate (a hash collision or two transliteration sources)
			}
			t.lang[p] = uint8(tmpVal[i] >> 16)
			t.logp[p] = uint16(tmpVal[i])
			p++
		}
	}
	t.buckets[nb] = uint32(k)
	t.off[k] = uint32(p)
	return t, nil
}
