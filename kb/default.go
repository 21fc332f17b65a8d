package kb

import (
	"context"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// defaultData holds the compact source data of the default KB, written by
// PrepareDefault. Layers are merged in the order of defaultLayers.
//
//go:embed data/*.jsonl.gz
var defaultData embed.FS

var defaultLayers = []string{"core.jsonl.gz", "people-ccbysa.jsonl.gz", "geonames.jsonl.gz", "odbl.jsonl.gz", "regions.jsonl.gz", "intl-orgs.jsonl.gz", "i18n-countries.jsonl.gz"}

// DefaultDataHash identifies the embedded default data and the index format.
func DefaultDataHash() string {
	h := sha256.New()
	fmt.Fprintf(h, "format %d\n", formatVersion)
	for _, name := range defaultLayers {
		b, err := defaultData.ReadFile("data/" + name)
		if err != nil {
			continue
		}
		fmt.Fprintf(h, "%s %d\n", name, len(b))
		h.Write(b)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// OpenDefault opens the default KB shipped with nomen, building its index
// into cacheDir on first use (about a minute on two cores) and reusing it
// while the embedded data's hash and the format version match. An empty cacheDir means
// os.UserCacheDir()/nomen/kb.
func OpenDefault(cacheDir string) (*KB, error) {
	return openDefault(cacheDir, nil)
}

func openDefault(cacheDir string, progress io.Writer) (*KB, error) {
	if cacheDir == "" {
		base, err := os.UserCacheDir()
		if err != nil {
			return nil, fmt.Errorf("kb: default cache dir: %w", err)
		}
		cacheDir = filepath.Join(base, "nomen", "kb")
	}
	hash := DefaultDataHash()
	if root, err := resolveDir(cacheDir); err == nil {
		var m Meta
		if b, err := os.ReadFile(filepath.Join(root, "meta.json")); err == nil && json.Unmarshal(b, &m) == nil &&
			m.DataHash == hash && m.Format == formatVersion {
			return Open(cacheDir)
		}
	}
	var srcs []source
	for _, name := range defaultLayers {
		if _, err := defaultData.Open("data/" + name); err != nil {
			continue
		}
		srcs = append(srcs, source{name: "default:" + name, open: func(ctx context.Context) (io.ReadCloser, error) {
			b, err := defaultData.ReadFile("data/" + name)
			if err != nil {
				return nil, err
			}
			return openBytes(b)
		}})
	}
	if len(srcs) == 0 {
		return nil, fmt.Errorf("kb: no default data embedded")
	}
	if _, err := build(context.Background(), srcs, cacheDir, hash, progress); err != nil {
		return nil, err
	}
	return Open(cacheDir)
}
