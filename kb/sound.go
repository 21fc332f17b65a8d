package kb

import (
	"bufio"
	"compress/gzip"
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"
)

// soundCap is the number of entities kept per sound key: the most popular
// ones. A common key ("~smt") would otherwise flood the fuzzy candidates.
const soundCap = 16

// soundBudget is the number of entities fuzzy takes from the sound index
// for one mention (besides the bleve hits): each rescored candidate costs
// a string comparison with each of its names.
const soundBudget = 4

// soundFile is the sound index of a built KB, beside the bleve index: one
// line per sound key, "key ordinal ordinal ...", gzip-compressed. The
// ordinals are those of the entities in entitiesFile.
const soundFile = "sound.txt.gz"

// soundIndex maps the sound key (see phoneticKey) of every token of every
// normalized name to the entities having it, at most soundCap of them, most
// popular first. It lives beside the bleve index, which holds no sound keys
// (they were 40 % of its postings).
type soundIndex map[string][]int32

// soundPair is one (sound key, entity ordinal) pair collected at build time.
type soundPair struct {
	key string
	ent int32
}

// appendSoundPairs appends to dst the distinct sound keys of toks (the
// distinct tokens of the names of entity ent).
func appendSoundPairs(dst []soundPair, toks []string, ent int32) []soundPair {
	start := len(dst)
	for _, tok := range toks {
		k := phoneticKey(tok)
		if k == "" {
			continue
		}
		dup := false
		for _, p := range dst[start:] {
			if p.key == k {
				dup = true
				break
			}
		}
		if !dup {
			dst = append(dst, soundPair{k, ent})
		}
	}
	return dst
}

// buildSoundIndex groups the pairs by key and keeps the soundCap most
// popular entities of each key (ties by ordinal).
func buildSoundIndex(ents []*Entity, pairs ...[]soundPair) soundIndex {
	all := soundIndex{}
	for _, ps := range pairs {
		for _, p := range ps {
			all[p.key] = append(all[p.key], p.ent)
		}
	}
	for k, lst := range all {
		sort.Slice(lst, func(a, b int) bool {
			pa, pb := ents[lst[a]].Popularity, ents[lst[b]].Popularity
			if pa != pb {
				return pa > pb
			}
			return lst[a] < lst[b]
		})
		if len(lst) > soundCap {
			all[k] = append([]int32(nil), lst[:soundCap]...)
		}
	}
	return all
}

// writeSoundIndex writes s to path (see soundFile), keys sorted.
func writeSoundIndex(path string, s soundIndex) error {
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("kb: build sound index: %w", err)
	}
	zw, _ := gzip.NewWriterLevel(f, 2)
	w := bufio.NewWriterSize(zw, 1<<16)
	keys := make([]string, 0, len(s))
	for k := range s {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var buf []byte
	for _, k := range keys {
		buf = append(buf[:0], k...)
		for _, e := range s[k] {
			buf = append(buf, ' ')
			buf = strconv.AppendInt(buf, int64(e), 10)
		}
		buf = append(buf, '\n')
		w.Write(buf)
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return fmt.Errorf("kb: build sound index: %w", err)
	}
	if err := zw.Close(); err != nil {
		f.Close()
		return fmt.Errorf("kb: build sound index: %w", err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("kb: build sound index: %w", err)
	}
	return nil
}

// readSoundIndex reads a sound index written by writeSoundIndex; ordinals
// must be below n.
func readSoundIndex(path string, n int) (soundIndex, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("kb: open sound index: %w", err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(bufio.NewReaderSize(f, 1<<16))
	if err != nil {
		return nil, fmt.Errorf("kb: open sound index: %w", err)
	}
	s := soundIndex{}
	sc := bufio.NewScanner(zr)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	line := 0
	for sc.Scan() {
		line++
		fs := strings.Fields(sc.Text())
		if len(fs) < 2 {
			return nil, fmt.Errorf("kb: sound index line %d: no entity", line)
		}
		ids := make([]int32, len(fs)-1)
		for j, x := range fs[1:] {
			v, err := strconv.Atoi(x)
			if err != nil || v < 0 || v >= n {
				return nil, fmt.Errorf("kb: sound index line %d: bad ordinal %q", line, x)
			}
			ids[j] = int32(v)
		}
		s[fs[0]] = ids
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("kb: open sound index: %w", err)
	}
	return s, nil
}
