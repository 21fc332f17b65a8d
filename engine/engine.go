package engine

import (
	"context"
	"embed"
	"fmt"
	"io/fs"
	"os"
	"sync"

	"github.com/nomenhq/nomen/engine/params"
	"github.com/nomenhq/nomen/internal/errs"
	"github.com/nomenhq/nomen/matchers/address"
	"github.com/nomenhq/nomen/matchers/boolean"
	"github.com/nomenhq/nomen/matchers/date"
	"github.com/nomenhq/nomen/matchers/name"
	"github.com/nomenhq/nomen/matchers/number"
	"github.com/nomenhq/nomen/matchers/text"
)

// Settings holds the options of every matcher: the unit that universes and request
// parameters resolve.
type Settings struct {
	Name    name.Options
	Date    date.Options
	String  text.Options
	Number  number.Options
	Boolean boolean.Options
	Address address.Options
	KB      KBOptions
}

// groups declares where each matcher's parameters live in Settings.
func groups() []params.Group[Settings] {
	return []params.Group[Settings]{
		{Name: "name", Field: func(s *Settings) any { return &s.Name }},
		{Name: "date", Field: func(s *Settings) any { return &s.Date }},
		{Name: "string", Field: func(s *Settings) any { return &s.String }},
		{Name: "number", Field: func(s *Settings) any { return &s.Number }},
		{Name: "boolean", Field: func(s *Settings) any { return &s.Boolean }},
		{Name: "address", Field: func(s *Settings) any { return &s.Address }},
		{Name: "kb", Field: func(s *Settings) any { return &s.KB }},
	}
}

//go:embed profiles/*.yaml
var embedded embed.FS

// DefaultUniverse is the universe used when a request names none.
const DefaultUniverse = "default"

// Engine scores names, addresses and records.
type Engine struct {
	reg       *params.Registry[Settings]
	universes *params.Universes[Settings]
	lists     map[string]*name.Lists
	matchers  sync.Map // *Settings (resolved, shared) → *name.Matcher
	// resolver backs the knowledge-base hook of name similarity; nil = no knowledge base.
	resolver EntityResolver
}

// New loads the embedded profiles and, when profilesDir is not empty, every profile in it.
func New(profilesDir string) (*Engine, error) {
	reg, err := params.NewRegistry(groups()...)
	if err != nil {
		return nil, fmt.Errorf("engine: %w", err)
	}
	emb, err := fs.Sub(embedded, "profiles")
	if err != nil {
		return nil, fmt.Errorf("engine: %w", err)
	}
	var dir fs.FS
	if profilesDir != "" {
		if st, err := os.Stat(profilesDir); err != nil || !st.IsDir() {
			return nil, fmt.Errorf("engine: profiles directory %q is not readable: %v", profilesDir, err)
		}
		dir = os.DirFS(profilesDir)
	}
	us, err := params.Load(reg, emb, dir)
	if err != nil {
		return nil, fmt.Errorf("engine: %w", err)
	}
	e := &Engine{reg: reg, universes: us, lists: map[string]*name.Lists{}}
	for _, n := range us.Names() {
		u, _ := us.Get(n)
		pairs := make([]name.PairScore, len(u.NamePairs))
		for i, p := range u.NamePairs {
			pairs[i] = name.PairScore{Name1: p.Name1, Name2: p.Name2, Score: p.Score}
		}
		e.lists[n] = name.NewLists(u.Variants, pairs)
	}
	return e, nil
}

// Registry returns the parameter registry.
func (e *Engine) Registry() *params.Registry[Settings] { return e.reg }

// Universes returns the loaded universes.
func (e *Engine) Universes() *params.Universes[Settings] { return e.universes }

// Threshold returns the match threshold of a universe ("" = default).
func (e *Engine) Threshold(universe string) (float64, error) {
	u, err := e.universe(universe)
	if err != nil {
		return 0, err
	}
	return u.Threshold, nil
}

func (e *Engine) universe(n string) (*params.Universe[Settings], error) {
	if n == "" {
		n = DefaultUniverse
	}
	return e.universes.Get(n)
}

// settings resolves the settings of one comparison; the result is shared (when no request
// parameters are given) and must not be modified.
func (e *Engine) settings(universe, langA, langB, entityType string, req map[string]string) (*Settings, bool, error) {
	u, err := e.universe(universe)
	if err != nil {
		return nil, false, err
	}
	base := u.Resolve(langA, langB, entityType)
	if len(req) == 0 {
		return base, true, nil
	}
	s := *base
	if err := e.reg.Apply(&s, req); err != nil {
		return nil, false, err
	}
	return &s, false, nil
}

// nameMatcher returns the name matcher for resolved settings, cached for shared settings.
func (e *Engine) nameMatcher(universe string, s *Settings, shared bool) *name.Matcher {
	if universe == "" {
		universe = DefaultUniverse
	}
	if !shared {
		return name.New(s.Name, e.lists[universe])
	}
	if m, ok := e.matchers.Load(s); ok {
		return m.(*name.Matcher)
	}
	m, _ := e.matchers.LoadOrStore(s, name.New(s.Name, e.lists[universe]))
	return m.(*name.Matcher)
}

// NameRequest asks for the similarity of two names.
type NameRequest struct {
	Name1, Name2 name.Input
	Parameters   map[string]string
	Universe     string // "" = default
	Explain      bool
}

// NameResult is the answer to a NameRequest.
type NameResult struct {
	Score   float64
	Explain *name.Explanation
	// KB tells what the knowledge-base hook did (LOCATION and ORGANIZATION pairs with a
	// resolver installed); nil when it did not apply.
	KB *KBDecision
}

func entityTypeOf(a, b name.Input) string {
	for _, t := range []string{a.EntityType, b.EntityType} {
		if t != "" {
			return t
		}
	}
	return "PERSON"
}

// NameSimilarity scores two names.
func (e *Engine) NameSimilarity(ctx context.Context, r NameRequest) (NameResult, error) {
	if err := ctx.Err(); err != nil {
		return NameResult{}, err
	}
	m, s, err := e.nameMatcherFor(r.Universe, r.Name1, r.Name2, r.Parameters)
	if err != nil {
		return NameResult{}, err
	}
	a, err := m.Prepare(r.Name1)
	if err != nil {
		return NameResult{}, errs.Wrap(errs.Invalid, err, "name1")
	}
	b, err := m.Prepare(r.Name2)
	if err != nil {
		return NameResult{}, errs.Wrap(errs.Invalid, err, "name2")
	}
	res := m.Compare(a, b, r.Explain)
	kb := e.applyKB(&s.KB, r.Name1, r.Name2, &res)
	return NameResult{Score: res.Score, Explain: res.Explain, KB: kb}, nil
}

// nameMatcherFor resolves the matcher and the settings for a pair of names. The languages used
// for scoping are the given ones, else the ones implied by the names' scripts.
func (e *Engine) nameMatcherFor(universe string, a, b name.Input, req map[string]string) (*name.Matcher, *Settings, error) {
	la, lb := a.Language, b.Language
	if la == "" {
		la = guessLang(a.Text)
	}
	if lb == "" {
		lb = guessLang(b.Text)
	}
	s, shared, err := e.settings(universe, la, lb, entityTypeOf(a, b), req)
	if err != nil {
		return nil, nil, err
	}
	return e.nameMatcher(universe, s, shared), s, nil
}
