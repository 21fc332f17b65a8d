package events

import (
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/nomenhq/nomen/analyzers/semantics"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
)

// Extractor kinds.
const (
	KindEntity        = "entity"
	KindExact         = "exact"
	KindMorphological = "morphological"
	KindSemantic      = "semantic"
)

// Extractor finds candidates for a role.
type Extractor struct {
	Name        string   `json:"name"`
	Kind        string   `json:"kind"`
	EntityTypes []string `json:"entityTypes,omitempty"`
	Words       []string `json:"words,omitempty"`

	seqs [][]string // Words as lower-cased token (exact) or lemma sequences
	// similar holds, for a semantic extractor of a language with term vectors, the
	// lower-cased single-word terms most similar to its single words, with the similarity.
	similar map[string]float64
}

// semanticNeighbours is how many of the terms most similar to a semantic extractor's word
// it matches besides the word's own lemma (as POST /semantics/similar ranks them).
const semanticNeighbours = 20

// Role is one argument of an event.
type Role struct {
	Name     string `json:"name"`
	RoleType string `json:"roleType"`
	Required bool   `json:"required"`
	Position string `json:"position,omitempty"` // before, after or any (default)
	// Select picks among the candidates on the role's side: nearest (default: the one
	// closest to the key phrase), first or last in the sentence. "first" suits subjects in
	// verb-final clauses ("Bayer hat Monsanto übernommen").
	Select     string      `json:"select,omitempty"`
	Extractors []Extractor `json:"extractors"`
}

// Workspace is one event model.
type Workspace struct {
	ID         string   `json:"workspaceId"`
	Language   string   `json:"language"`
	EventType  string   `json:"eventType"`
	KeyPhrases []string `json:"keyPhrases"`
	Roles      []Role   `json:"roles"`

	keys [][]string // key phrases as lower-cased lemma sequences (see prepare)
	prep sync.Once
}

// Languages are the event languages of the interface that nomen can analyse (morphology and
// entities): a workspace in another language is refused when loaded.
var Languages = []string{"eng", "deu", "rus", "jpn", "zho", "kor"}

// ErrWorkspace marks an invalid workspace definition.
var ErrWorkspace = errors.New("events: invalid workspace")

//go:embed workspaces/*.json
var builtin embed.FS

// Registry holds the installed workspaces.
type Registry struct {
	byID  map[string]*Workspace
	order []string
}

// Default returns the built-in workspaces.
func Default() (*Registry, error) { return load(builtin, "workspaces", nil) }

// LoadDir returns the built-in workspaces plus those of dir (*.json, one workspace per file;
// a workspace with a built-in id replaces it).
func LoadDir(dir string) (*Registry, error) {
	r, err := Default()
	if err != nil {
		return nil, err
	}
	return load(os.DirFS(dir), ".", r)
}

func load(fsys fs.FS, dir string, into *Registry) (*Registry, error) {
	if into == nil {
		into = &Registry{byID: map[string]*Workspace{}}
	}
	names, err := fs.Glob(fsys, filepath.ToSlash(filepath.Join(dir, "*.json")))
	if err != nil {
		return nil, fmt.Errorf("events: %w", err)
	}
	sort.Strings(names)
	for _, n := range names {
		b, err := fs.ReadFile(fsys, n)
		if err != nil {
			return nil, fmt.Errorf("events: %w", err)
		}
		w, err := Parse(b)
		if err != nil {
			return nil, fmt.Errorf("events: %s: %w", n, err)
		}
		if _, dup := into.byID[w.ID]; !dup {
			into.order = append(into.order, w.ID)
		}
		into.byID[w.ID] = w
	}
	return into, nil
}

// Parse reads and validates one workspace definition.
func Parse(b []byte) (*Workspace, error) {
	var w Workspace
	dec := json.NewDecoder(strings.NewReader(string(b)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&w); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrWorkspace, err)
	}
	if err := w.validate(); err != nil {
		return nil, err
	}
	for i := range w.Roles {
		for j := range w.Roles[i].Extractors {
			x := &w.Roles[i].Extractors[j]
			if x.Name == "" {
				x.Name = w.Roles[i].Name + "-" + x.Kind
			}
		}
	}
	return &w, nil
}

// prepare analyses the key phrases and role words once, on the workspace's first use, so
// that loading the workspaces at start-up does not load the morphology of their languages.
func (w *Workspace) prepare() {
	w.prep.Do(func() {
		for _, k := range w.KeyPhrases {
			w.keys = append(w.keys, lemmaSeq(k, w.Language))
		}
		for i := range w.Roles {
			for j := range w.Roles[i].Extractors {
				x := &w.Roles[i].Extractors[j]
				for _, word := range x.Words {
					if x.Kind == KindExact {
						x.seqs = append(x.seqs, surfaceSeq(word, w.Language))
					} else {
						x.seqs = append(x.seqs, lemmaSeq(word, w.Language))
					}
				}
				if x.Kind == KindSemantic {
					x.similar = similarWords(x.Words, w.Language)
				}
			}
		}
	})
}

func (w *Workspace) validate() error {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w %q: %s", ErrWorkspace, w.ID, fmt.Sprintf(format, args...))
	}
	if strings.TrimSpace(w.ID) == "" {
		return fmt.Errorf("%w: workspaceId is required", ErrWorkspace)
	}
	if !supported(w.Language) {
		return bad("language %q is not one of %v", w.Language, Languages)
	}
	if w.EventType == "" {
		return bad("eventType is required")
	}
	if len(w.KeyPhrases) == 0 {
		return bad("at least one key phrase is required")
	}
	for _, k := range w.KeyPhrases {
		if strings.TrimSpace(k) == "" {
			return bad("empty key phrase")
		}
	}
	seen := map[string]bool{"key": true}
	for _, r := range w.Roles {
		if r.Name == "" || seen[r.Name] {
			return bad("role names must be non-empty, unique and not \"key\" (%q)", r.Name)
		}
		seen[r.Name] = true
		switch r.Position {
		case "", "any", "before", "after":
		default:
			return bad("role %q: position must be before, after or any", r.Name)
		}
		switch r.Select {
		case "", "nearest", "first", "last":
		default:
			return bad("role %q: select must be nearest, first or last", r.Name)
		}
		if len(r.Extractors) == 0 {
			return bad("role %q has no extractor", r.Name)
		}
		for _, x := range r.Extractors {
			switch x.Kind {
			case KindEntity:
				if len(x.EntityTypes) == 0 {
					return bad("role %q: an entity extractor needs entityTypes", r.Name)
				}
			case KindExact, KindMorphological, KindSemantic:
				if len(x.Words) == 0 {
					return bad("role %q: a %s extractor needs words", r.Name, x.Kind)
				}
			default:
				return bad("role %q: unknown extractor kind %q (entity, exact, morphological, semantic)", r.Name, x.Kind)
			}
		}
	}
	return nil
}

func supported(lang string) bool {
	for _, l := range Languages {
		if l == lang {
			return true
		}
	}
	return false
}

// Workspaces returns the installed workspaces in load order.
func (r *Registry) Workspaces() []*Workspace {
	out := make([]*Workspace, len(r.order))
	for i, id := range r.order {
		out[i] = r.byID[id]
	}
	return out
}

// Get returns the workspace with id.
func (r *Registry) Get(id string) (*Workspace, bool) {
	w, ok := r.byID[id]
	return w, ok
}

// similarWords returns the single-word terms among the semanticNeighbours terms most similar
// to each single word of words (lower-cased, with their highest similarity), or nil for a
// language without term vectors.
func similarWords(words []string, lang string) map[string]float64 {
	m, err := semantics.Load(lang)
	if err != nil {
		return nil
	}
	out := map[string]float64{}
	for _, w := range words {
		if strings.ContainsRune(strings.TrimSpace(w), ' ') {
			continue
		}
		for _, t := range m.Similar(w, semanticNeighbours) {
			if strings.ContainsRune(t.Term, ' ') || t.Similarity <= 0 {
				continue
			}
			k := strings.ToLower(t.Term)
			out[k] = max(out[k], t.Similarity)
		}
	}
	return out
}
