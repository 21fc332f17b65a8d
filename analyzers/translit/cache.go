package translit

import (
	"strconv"

	"github.com/nomenhq/nomen/internal/bcache"
)

// The matcher calls ToLatin for the same tokens again and again; a bounded
// cache keeps repeated calls in the sub-microsecond range (at most 16 × 4096
// entries).
var cache = bcache.New[[]Variant](4096)

func cacheKey(token, scr, lang string, k int) string {
	return scr + "\x00" + lang + "\x00" + strconv.Itoa(k) + "\x00" + token
}

// cacheGet returns a copy of the cached variants for key.
func cacheGet(key string) ([]Variant, bool) {
	vs, ok := cache.Get(key)
	if !ok || vs == nil {
		return nil, ok
	}
	return append([]Variant(nil), vs...), true
}

// cachePut stores a private copy of vs under key.
func cachePut(key string, vs []Variant) {
	var c []Variant
	if vs != nil {
		c = append([]Variant(nil), vs...)
	}
	cache.Put(key, c)
}
