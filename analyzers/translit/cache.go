package translit

import (
	"hash/maphash"
	"strconv"
	"sync"
)

// The matcher calls ToLatin for the same tokens again and again; a bounded
// cache keeps repeated calls in the sub-microsecond range. Each shard is
// cleared when it reaches cacheShardMax entries, so memory stays bounded
// (about 16 × 4096 entries).
const (
	cacheShards   = 16
	cacheShardMax = 4096
)

type cacheShard struct {
	mu struct {
		sync.RWMutex
		m map[string][]Variant
	}
}

var (
	cacheSeed = maphash.MakeSeed()
	cache     [cacheShards]cacheShard
)

func cacheKey(token, scr, lang string, k int) string {
	return scr + "\x00" + lang + "\x00" + strconv.Itoa(k) + "\x00" + token
}

// cacheGet returns a copy of the cached variants for key.
func cacheGet(key string) ([]Variant, bool) {
	sh := &cache[maphash.String(cacheSeed, key)%cacheShards]
	sh.mu.RLock()
	vs, ok := sh.mu.m[key]
	sh.mu.RUnlock()
	if !ok {
		return nil, false
	}
	if vs == nil {
		return nil, true
	}
	return append([]Variant(nil), vs...), true
}

// cachePut stores a private copy of vs under key.
func cachePut(key string, vs []Variant) {
	sh := &cache[maphash.String(cacheSeed, key)%cacheShards]
	var c []Variant
	if vs != nil {
		c = append([]Variant(nil), vs...)
	}
	sh.mu.Lock()
	if sh.mu.m == nil || len(sh.mu.m) >= cacheShardMax {
		sh.mu.m = make(map[string][]Variant, 256)
	}
	sh.mu.m[key] = c
	sh.mu.Unlock()
}
