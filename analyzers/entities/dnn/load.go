package dnn

import (
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"strings"
	"sync"
)

//go:embed data/*.dnn.gz
var modelFS embed.FS

// ErrNoModel reports a language without an embedded model.
var ErrNoModel = errors.New("dnn: no model for language")

const modelSuffix = ".dnn.gz"

var loaded struct {
	mu     sync.Mutex
	models map[string]*loadResult
}

type loadResult struct {
	once sync.Once
	m    *Model
	err  error
}

// Languages returns the ISO 639-3 codes of the languages with an embedded model, sorted.
func Languages() []string {
	ents, err := fs.ReadDir(modelFS, "data")
	if err != nil {
		return nil
	}
	var out []string
	for _, e := range ents {
		if l, ok := strings.CutSuffix(e.Name(), modelSuffix); ok {
			out = append(out, l)
		}
	}
	slices.Sort(out)
	return out
}

// Load returns the embedded model of lang (ISO 639-3, e.g. "eng"). The model is decoded once,
// on first use, and shared; Load is safe for concurrent use. A language without a model gives
// ErrNoModel.
func Load(lang string) (*Model, error) {
	if !slices.Contains(Languages(), lang) {
		return nil, fmt.Errorf("%w %q", ErrNoModel, lang)
	}
	loaded.mu.Lock()
	if loaded.models == nil {
		loaded.models = map[string]*loadResult{}
	}
	r := loaded.models[lang]
	if r == nil {
		r = &loadResult{}
		loaded.models[lang] = r
	}
	loaded.mu.Unlock()
	r.once.Do(func() {
		b, err := modelFS.ReadFile("data/" + lang + modelSuffix)
		if err != nil {
			r.err = fmt.Errorf("dnn: load %s: %w", lang, err)
			return
		}
		r.m, r.err = read(b)
		if r.err != nil {
			r.err = fmt.Errorf("dnn: load %s: %w", lang, r.err)
		}
	})
	return r.m, r.err
}
