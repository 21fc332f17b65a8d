package kb

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"os"
	"slices"
	"strings"

	"github.com/blevesearch/vellum"
)

// termsFile is the postings table of a KB directory, written by Build.
const termsFile = "terms.bin"

// The postings table (terms.bin) holds every distinct term of the
// entities' names — the tokens of their normalized names and the sound keys
// of those tokens ("~…", see phoneticKey) — each with the ordinals of the
// entities that have it (their positions in entities.jsonl.gz, ascending),
// the number of distinct terms of every entity (its field length, for
// scoring), and a finite-state transducer (vellum, the FST library bleve's
// term dictionaries are made of) mapping each term to its rank in byte
// order. All integers are little-endian:
//
//	magic "NKBT", version uint32 (2)
//	entities, terms, postings, FST bytes: uint32 each
//	field lengths: uint16 per entity, padded to a multiple of 4 bytes
//	postings offsets: uint32 per term + 1, by rank
//	postings: uint32 entity ordinal each
//	the FST
//
// Exact term lookups are FST lookups; fuzzy ones run a Levenshtein
// automaton over the FST, as bleve's fuzzy query does (see variants).
var termsMagic = []byte("NKBT")

const termsVersion = 2

// errTermsFile reports a malformed terms.bin.
var errTermsFile = errors.New("kb: malformed " + termsFile)

// termIndexer collects the terms of the entities of a build, one entity
// after the other (ordinals 0, 1, ...).
type termIndexer struct {
	ids   map[string]int32
	terms []string
	// key is the term id of each term's sound key: -1 none, -2 not yet
	// computed.
	key []int32
	// last is the last entity ordinal that got each term, so that an
	// entity lists a term once.
	last []int32
	// occ holds the term ids of the entities, entity by entity; off[i] is
	// where entity i's start.
	occ []int32
	off []uint32
	// raw and names hold the names of the current entity already seen, as
	// given and normalized; toks holds its first tokens.
	raw, names map[string]struct{}
	toks       []string
}

func newTermIndexer(nEnts int) *termIndexer {
	return &termIndexer{
		ids:   make(map[string]int32, nEnts*4),
		terms: make([]string, 0, nEnts*4),
		key:   make([]int32, 0, nEnts*4),
		last:  make([]int32, 0, nEnts*4),
		occ:   make([]int32, 0, nEnts*12),
		off:   append(make([]uint32, 0, nEnts+1), 0),
		raw:   map[string]struct{}{}, names: map[string]struct{}{},
	}
}

// term returns the id of term, adding it when new.
func (t *termIndexer) term(s string) int32 {
	if id, ok := t.ids[s]; ok {
		return id
	}
	id := int32(len(t.terms))
	s = strings.Clone(s)
	t.ids[s] = id
	t.terms = append(t.terms, s)
	t.key = append(t.key, -2)
	t.last = append(t.last, -1)
	return id
}

// addEntity adds the terms of the next entity and returns the number of
// distinct normalized names it has.
func (t *termIndexer) addEntity(e *Entity) int {
	i := int32(len(t.off) - 1)
	t.raw, t.names = resetSet(t.raw), resetSet(t.names)
	t.toks = t.toks[:0]
	// The order of the names does not matter here: e.Names would sort the
	// languages first.
	e.eachName(func(name string) {
		if _, ok := t.raw[name]; ok {
			return
		}
		t.raw[name] = struct{}{}
		n := Normalize(name)
		if n == "" {
			return
		}
		if _, ok := t.names[n]; ok {
			return
		}
		t.names[n] = struct{}{}
		for tok := range strings.FieldsSeq(n) {
			// Names of an entity share tokens; a look at the entity's
			// own tokens is cheaper than one in the map of all terms.
			if slices.Contains(t.toks, tok) {
				continue
			}
			id := t.term(tok)
			if len(t.toks) < 32 {
				t.toks = append(t.toks, tok)
			}
			if t.last[id] == i {
				continue
			}
			t.last[id] = i
			t.occ = append(t.occ, id)
			k := t.key[id]
			if k == -2 {
				k = -1
				if pk := phoneticKey(tok); pk != "" {
					k = t.term(pk)
				}
				t.key[id] = k
			}
			if k >= 0 && t.last[k] != i {
				t.last[k] = i
				t.occ = append(t.occ, k)
			}
		}
	})
	t.off = append(t.off, uint32(len(t.occ)))
	return len(t.names)
}

// resetSet empties m; a set grown large for one entity is dropped, as
// clearing a map costs time in proportion to the room it once needed.
func resetSet(m map[string]struct{}) map[string]struct{} {
	if len(m) > 64 {
		return make(map[string]struct{}, 16)
	}
	clear(m)
	return m
}

// sorted returns the term ids in byte order of their terms.
func (t *termIndexer) sorted() []int32 {
	type entry struct {
		s  string
		id int32
	}
	es := make([]entry, len(t.terms))
	for i, s := range t.terms {
		es[i] = entry{s, int32(i)}
	}
	slices.SortFunc(es, func(a, b entry) int { return strings.Compare(a.s, b.s) })
	order := make([]int32, len(es))
	for i, e := range es {
		order[i] = e.id
	}
	return order
}

// encode returns the postings table of the entities added so far; order
// is t.sorted().
func (t *termIndexer) encode(order []int32) ([]byte, error) {
	nEnts, nTerms, nPosts := len(t.off)-1, len(t.terms), len(t.occ)
	if uint64(nPosts) > math.MaxUint32 {
		return nil, fmt.Errorf("kb: build: %d postings: too many for %s", nPosts, termsFile)
	}
	// rank[id] is the position of term id in byte order.
	rank := make([]int32, nTerms)
	for r, id := range order {
		rank[id] = int32(r)
	}
	// start[r] is where the postings of the term of rank r begin.
	start := make([]uint32, nTerms+1)
	for _, id := range t.occ {
		start[rank[id]+1]++
	}
	for r := 1; r <= nTerms; r++ {
		start[r] += start[r-1]
	}
	lensBytes := (2*nEnts + 3) &^ 3
	head := 24 + lensBytes + 4*(nTerms+1) + 4*nPosts
	buf := bytes.NewBuffer(make([]byte, head, head+8*nTerms))
	b := buf.Bytes()
	le := binary.LittleEndian
	copy(b, termsMagic)
	le.PutUint32(b[4:], termsVersion)
	le.PutUint32(b[8:], uint32(nEnts))
	le.PutUint32(b[12:], uint32(nTerms))
	le.PutUint32(b[16:], uint32(nPosts))
	p := 24
	for i := range nEnts {
		le.PutUint16(b[p+2*i:], uint16(min(t.off[i+1]-t.off[i], math.MaxUint16)))
	}
	p += lensBytes
	for r := range start {
		le.PutUint32(b[p+4*r:], start[r])
	}
	p += 4 * (nTerms + 1)
	// Entities in order, so each term's postings come out ascending.
	fill := start[:nTerms]
	for i := range nEnts {
		for _, id := range t.occ[t.off[i]:t.off[i+1]] {
			r := rank[id]
			le.PutUint32(b[p+4*int(fill[r]):], uint32(i))
			fill[r]++
		}
	}
	// A small registry of shared suffixes builds the FST in about half
	// the time of vellum's default for a tenth more bytes.
	fb, err := vellum.New(buf, &vellum.BuilderOpts{Encoder: 1, RegistryTableSize: 1000, RegistryMRUSize: 2})
	if err != nil {
		return nil, fmt.Errorf("kb: build: %w", err)
	}
	for r, id := range order {
		if err := fb.Insert([]byte(t.terms[id]), uint64(r)); err != nil {
			return nil, fmt.Errorf("kb: build: %w", err)
		}
	}
	if err := fb.Close(); err != nil {
		return nil, fmt.Errorf("kb: build: %w", err)
	}
	out := buf.Bytes()
	if uint64(len(out)-head) > math.MaxUint32 {
		return nil, fmt.Errorf("kb: build: %d FST bytes: too many for %s", len(out)-head, termsFile)
	}
	le.PutUint32(out[20:], uint32(len(out)-head))
	return out, nil
}

// termTable is an opened postings table (see termIndexer.encode).
type termTable struct {
	lens    []uint16
	postOff []uint32
	posts   []uint32
	fst     *vellum.FST
}

// readTermTable reads path, checking that it covers nEnts entities.
func readTermTable(path string, nEnts int) (*termTable, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("kb: open: %w", err)
	}
	t, err := decodeTermTable(b)
	if err != nil {
		return nil, err
	}
	if len(t.lens) != nEnts {
		return nil, fmt.Errorf("%w: %d entities, the records hold %d", errTermsFile, len(t.lens), nEnts)
	}
	return t, nil
}

func decodeTermTable(b []byte) (*termTable, error) {
	le := binary.LittleEndian
	if len(b) < 24 || !bytes.Equal(b[:4], termsMagic) {
		return nil, fmt.Errorf("%w: no header", errTermsFile)
	}
	if v := le.Uint32(b[4:]); v != termsVersion {
		return nil, fmt.Errorf("%w: version %d, want %d", errTermsFile, v, termsVersion)
	}
	nEnts, nTerms := uint64(le.Uint32(b[8:])), uint64(le.Uint32(b[12:]))
	nPosts, fstBytes := uint64(le.Uint32(b[16:])), uint64(le.Uint32(b[20:]))
	lensBytes := (2*nEnts + 3) &^ 3
	if want := 24 + lensBytes + 4*(nTerms+1) + 4*nPosts + fstBytes; uint64(len(b)) != want {
		return nil, fmt.Errorf("%w: %d bytes, want %d", errTermsFile, len(b), want)
	}
	p := uint64(24)
	t := &termTable{lens: make([]uint16, nEnts), postOff: make([]uint32, nTerms+1), posts: make([]uint32, nPosts)}
	for i := range t.lens {
		t.lens[i] = le.Uint16(b[p+2*uint64(i):])
	}
	p += lensBytes
	for i := range t.postOff {
		t.postOff[i] = le.Uint32(b[p+4*uint64(i):])
		if i > 0 && t.postOff[i] < t.postOff[i-1] {
			return nil, fmt.Errorf("%w: postings offsets out of order", errTermsFile)
		}
	}
	if t.postOff[0] != 0 || uint64(t.postOff[nTerms]) != nPosts {
		return nil, fmt.Errorf("%w: postings offsets out of range", errTermsFile)
	}
	p += 4 * (nTerms + 1)
	for i := range t.posts {
		t.posts[i] = le.Uint32(b[p+4*uint64(i):])
		if uint64(t.posts[i]) >= nEnts {
			return nil, fmt.Errorf("%w: posting %d out of range", errTermsFile, t.posts[i])
		}
	}
	p += 4 * nPosts
	fst, err := loadFST(bytes.Clone(b[p:]), nTerms)
	if err != nil {
		return nil, err
	}
	t.fst = fst
	return t, nil
}

// loadFST loads the FST of a postings table and checks it by walking it
// whole: nTerms terms in byte order with the ranks 0, 1, ... as values, so
// that every lookup stays inside the FST and gives a rank in range. vellum
// does not check its input; a panic on a corrupt FST becomes an error.
func loadFST(b []byte, nTerms uint64) (fst *vellum.FST, err error) {
	defer func() {
		if r := recover(); r != nil {
			fst, err = nil, fmt.Errorf("%w: corrupt FST: %v", errTermsFile, r)
		}
	}()
	fst, err = vellum.Load(b)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", errTermsFile, err)
	}
	n := uint64(0)
	it, err := fst.Iterator(nil, nil)
	for err == nil {
		if _, v := it.Current(); v != n {
			return nil, fmt.Errorf("%w: term %d has rank %d", errTermsFile, n, v)
		}
		n++
		err = it.Next()
	}
	if err != vellum.ErrIteratorDone {
		return nil, fmt.Errorf("%w: %w", errTermsFile, err)
	}
	if n != nTerms {
		return nil, fmt.Errorf("%w: %d terms in the FST, want %d", errTermsFile, n, nTerms)
	}
	return fst, nil
}

// find returns the rank of term, or -1.
func (t *termTable) find(term string) int {
	r, ok, err := t.fst.Get([]byte(term))
	if err != nil || !ok || r >= uint64(len(t.postOff)-1) {
		return -1
	}
	return int(r)
}

// postings returns the entity ordinals of the term of rank r, ascending.
func (t *termTable) postings(r int) []uint32 { return t.posts[t.postOff[r]:t.postOff[r+1]] }

// norm is bleve's length norm of entity i's name field, 1/√(distinct
// terms), rounded to float32 as bleve stores it.
func (t *termTable) norm(i uint32) float64 {
	return float64(float32(1 / math.Sqrt(float64(max(t.lens[i], 1)))))
}
