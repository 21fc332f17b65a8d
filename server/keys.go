package server

import (
	"bytes"
	"crypto/sha256"
	"crypto/subtle"
	"fmt"
	"os"
	"sync"
	"time"

	"gopkg.in/yaml.v3"
)

// KeyInfo describes one API key of the keys file.
type KeyInfo struct {
	// Name identifies the key's owner in logs.
	Name string `yaml:"name"`
	// Languages lists the ISO 639-3 codes the key is licensed for; empty means all.
	Languages []string `yaml:"languages"`
	// RateLimit is the number of requests per second allowed (burst of the same size); 0 means
	// no limit.
	RateLimit float64 `yaml:"rateLimit"`
}

// Keys is the set of API keys. The zero value (no keys file) means the service is open.
type Keys struct {
	entries []keyEntry
}

type keyEntry struct {
	digest [32]byte
	info   KeyInfo
	langs  map[string]bool
	bucket *bucket
}

// LoadKeys reads a YAML keys file mapping each key to its KeyInfo.
func LoadKeys(path string) (*Keys, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("server: read keys: %w", err)
	}
	m := map[string]KeyInfo{}
	dec := yaml.NewDecoder(bytes.NewReader(b))
	dec.KnownFields(true)
	if err := dec.Decode(&m); err != nil {
		return nil, fmt.Errorf("server: keys file %s: %w", path, err)
	}
	return NewKeys(m)
}

// NewKeys builds a key set from key → info.
func NewKeys(m map[string]KeyInfo) (*Keys, error) {
	if len(m) == 0 {
		return nil, fmt.Errorf("server: keys file defines no keys")
	}
	k := &Keys{}
	for key, info := range m {
		if len(key) < 8 {
			return nil, fmt.Errorf("server: key of %q is shorter than 8 characters", info.Name)
		}
		if info.RateLimit < 0 {
			return nil, fmt.Errorf("server: key of %q has a negative rateLimit", info.Name)
		}
		e := keyEntry{digest: sha256.Sum256([]byte(key)), info: info}
		if len(info.Languages) > 0 {
			e.langs = map[string]bool{}
			for _, l := range info.Languages {
				e.langs[l] = true
			}
		}
		if info.RateLimit > 0 {
			e.bucket = newBucket(info.RateLimit)
		}
		k.entries = append(k.entries, e)
	}
	return k, nil
}

// lookup finds the entry of key in constant time with respect to the stored keys: every entry
// is compared, on fixed-length digests.
func (k *Keys) lookup(key string) *keyEntry {
	d := sha256.Sum256([]byte(key))
	var found *keyEntry
	for i := range k.entries {
		if subtle.ConstantTimeCompare(d[:], k.entries[i].digest[:]) == 1 {
			found = &k.entries[i]
		}
	}
	return found
}

// licensed reports whether the entry may use language lang ("" means not language-specific).
func (e *keyEntry) licensed(lang string) bool {
	return e == nil || e.langs == nil || lang == "" || e.langs[lang]
}

// bucket is a token bucket refilled at rate tokens per second, holding at most rate tokens
// (at least one).
type bucket struct {
	mu struct {
		sync.Mutex
		tokens float64
		last   time.Time
	}
	rate, burst float64
}

func newBucket(rate float64) *bucket {
	b := &bucket{rate: rate, burst: max(rate, 1)}
	b.mu.tokens = b.burst
	b.mu.last = time.Now()
	return b
}

func (b *bucket) allow(now time.Time) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.mu.tokens = min(b.burst, b.mu.tokens+now.Sub(b.mu.last).Seconds()*b.rate)
	b.mu.last = now
	if b.mu.tokens < 1 {
		return false
	}
	b.mu.tokens--
	return true
}
