// Package bcache is a bounded, sharded, concurrency-safe cache of string keys: each of its
// 16 shards is emptied when it reaches its capacity, so memory stays bounded with no
// per-entry bookkeeping, and repeated keys are answered without recomputation. Callers that
// store slices or maps must not modify what they put or get (copy when needed).
package bcache

import (
	"hash/maphash"
	"sync"
)

const shards = 16

type shard[V any] struct {
	mu sync.RWMutex
	m  map[string]V
}

// Cache is a bounded cache from string keys to values of type V. The zero value is not
// usable; create one with New. A Cache is safe for concurrent use.
type Cache[V any] struct {
	seed     maphash.Seed
	perShard int
	sh       [shards]shard[V]
}

// New returns a cache of at most 16 × perShard entries (perShard < 1 means 1).
func New[V any](perShard int) *Cache[V] {
	return &Cache[V]{seed: maphash.MakeSeed(), perShard: max(1, perShard)}
}

func (c *Cache[V]) shard(key string) *shard[V] {
	return &c.sh[maphash.String(c.seed, key)%shards]
}

// Get returns the value stored under key.
func (c *Cache[V]) Get(key string) (V, bool) {
	s := c.shard(key)
	s.mu.RLock()
	v, ok := s.m[key]
	s.mu.RUnlock()
	return v, ok
}

// Put stores v under key, first emptying the key's shard when it is full.
func (c *Cache[V]) Put(key string, v V) {
	s := c.shard(key)
	s.mu.Lock()
	if s.m == nil || len(s.m) >= c.perShard {
		s.m = make(map[string]V, min(c.perShard, 256))
	}
	s.m[key] = v
	s.mu.Unlock()
}

// Len returns the number of entries.
func (c *Cache[V]) Len() int {
	n := 0
	for i := range c.sh {
		c.sh[i].mu.RLock()
		n += len(c.sh[i].m)
		c.sh[i].mu.RUnlock()
	}
	return n
}
