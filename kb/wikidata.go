package kb

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
)

// DumpStats counts what ReadWikidataDump saw.
type DumpStats struct {
	// Lines is the number of entity lines read.
	Lines int
	// Kept is the number of entities passed to the callback.
	Kept int
	// NoLabel counts entities skipped for lack of any label.
	NoLabel int
	// OutOfFamily counts entities skipped because no instance-of class is in
	// a configured class family.
	OutOfFamily int
}

type wdText struct {
	Language string `json:"language"`
	Value    string `json:"value"`
}

type wdEntity struct {
	ID           string                     `json:"id"`
	Type         string                     `json:"type"`
	Labels       map[string]wdText          `json:"labels"`
	Descriptions map[string]wdText          `json:"descriptions"`
	Aliases      map[string][]wdText        `json:"aliases"`
	Claims       map[string]json.RawMessage `json:"claims"`
	Sitelinks    map[string]json.RawMessage `json:"sitelinks"`
}

type wdStatement struct {
	Rank     string `json:"rank"`
	Mainsnak struct {
		Snaktype  string `json:"snaktype"`
		Datavalue struct {
			Value json.RawMessage `json:"value"`
			Type  string          `json:"type"`
		} `json:"datavalue"`
	} `json:"mainsnak"`
}

// ErrNotDump is returned when a line of a dump is not a JSON object.
var ErrNotDump = errors.New("kb: not a Wikidata JSON dump")

// ReadWikidataDump streams entities from the standard Wikidata JSON dump
// format: a JSON array with one entity object per line ("[", then lines
// ending in ",", then "]"); a plain JSON-lines file of entities is accepted
// too. Memory is bounded by the largest line. Entities without any label or
// whose instance-of (P31) classes are in no configured class family
// (PER, ORG, LOC, PROD; see ClassifyClasses) are skipped and counted.
// fn is called for every kept entity; its error stops the read.
func ReadWikidataDump(ctx context.Context, r io.Reader, fn func(*Entity) error) (DumpStats, error) {
	return ReadWikidataDumpTypes(ctx, r, nil, fn)
}

// ReadWikidataDumpTypes is ReadWikidataDump restricted to the class
// families of the given coarse types (all four when types is empty).
func ReadWikidataDumpTypes(ctx context.Context, r io.Reader, types []string, fn func(*Entity) error) (DumpStats, error) {
	var st DumpStats
	lr := newLineReader(r)
	for {
		line, err := lr.next()
		if err == io.EOF {
			return st, nil
		}
		if err != nil {
			return st, fmt.Errorf("kb: wikidata dump: %w", err)
		}
		line = bytes.TrimSpace(line)
		line = bytes.TrimSuffix(line, []byte(","))
		if len(line) == 0 || bytes.Equal(line, []byte("[")) || bytes.Equal(line, []byte("]")) {
			continue
		}
		if st.Lines%1024 == 0 {
			if err := ctx.Err(); err != nil {
				return st, err
			}
		}
		st.Lines++
		e, reason, err := parseWikidataEntity(line)
		if err != nil {
			return st, fmt.Errorf("kb: wikidata dump line %d: %w", lr.line, err)
		}
		if reason == keep && len(types) > 0 && !slices.Contains(types, e.Type) {
			reason = skipFamily
		}
		switch reason {
		case skipNoLabel:
			st.NoLabel++
			continue
		case skipFamily:
			st.OutOfFamily++
			continue
		}
		st.Kept++
		if err := fn(e); err != nil {
			return st, err
		}
	}
}

const (
	keep = iota
	skipNoLabel
	skipFamily
)

func parseWikidataEntity(line []byte) (*Entity, int, error) {
	if len(line) == 0 || line[0] != '{' {
		return nil, 0, ErrNotDump
	}
	var w wdEntity
	if err := json.Unmarshal(line, &w); err != nil {
		return nil, 0, fmt.Errorf("%w: %v", ErrNotDump, err)
	}
	if !validQID(w.ID) {
		return nil, skipFamily, nil
	}
	e := &Entity{ID: w.ID, Sources: []string{"wikidata"}}
	for _, lang := range sortedKeys(w.Labels) {
		e.AddLabel(lang, w.Labels[lang].Value)
	}
	if len(e.Labels) == 0 {
		return nil, skipNoLabel, nil
	}
	e.Classes = itemIDs(w.Claims["P31"])
	e.Type, e.OntologyTypes = ClassifyClasses(e.Classes)
	if e.Type == "" {
		return nil, skipFamily, nil
	}
	for _, lang := range sortedKeys(w.Aliases) {
		for _, a := range w.Aliases[lang] {
			e.AddAlias(lang, a.Value)
		}
	}
	if d, ok := w.Descriptions["en"]; ok {
		e.Description = d.Value
	} else {
		for _, lang := range sortedKeys(w.Descriptions) {
			e.Description = w.Descriptions[lang].Value
			break
		}
	}
	for _, s := range strings.Fields("P3347") {
		if v := stringValues(w.Claims[s]); len(v) > 0 {
			e.ExternalID = v[0]
		}
	}
	for _, p := range []string{"P17", "P27", "P495"} {
		if cs := itemIDs(w.Claims[p]); len(cs) > 0 {
			if iso := countryISO(cs[0]); iso != "" {
				e.Country = iso
				break
			}
		}
	}
	if v := stringValues(w.Claims["P297"]); len(v) > 0 && e.Country == "" {
		e.Country = strings.ToUpper(v[0])
	}
	e.Population = quantity(w.Claims["P1082"])
	for site := range w.Sitelinks {
		if strings.HasSuffix(site, "wiki") && site != "commonswiki" && site != "specieswiki" &&
			site != "metawiki" && site != "wikidatawiki" && site != "mediawikiwiki" {
			e.Sitelinks++
		}
	}
	e.Finalize()
	return e, keep, nil
}

func validQID(id string) bool {
	if len(id) < 2 || id[0] != 'Q' {
		return false
	}
	for _, c := range id[1:] {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

func statements(raw json.RawMessage) []wdStatement {
	if len(raw) == 0 {
		return nil
	}
	var ss []wdStatement
	if json.Unmarshal(raw, &ss) != nil {
		return nil
	}
	out := ss[:0]
	for _, s := range ss {
		if s.Rank != "deprecated" && s.Mainsnak.Snaktype == "value" {
			out = append(out, s)
		}
	}
	// Preferred statements first, as Wikidata consumers read them.
	for i := range out {
		if out[i].Rank == "preferred" && i > 0 {
			out[0], out[i] = out[i], out[0]
			break
		}
	}
	return out
}

func itemIDs(raw json.RawMessage) []string {
	var ids []string
	for _, s := range statements(raw) {
		var v struct {
			ID string `json:"id"`
		}
		if json.Unmarshal(s.Mainsnak.Datavalue.Value, &v) == nil && v.ID != "" {
			ids = unionStrings(ids, []string{v.ID})
		}
	}
	return ids
}

func stringValues(raw json.RawMessage) []string {
	var out []string
	for _, s := range statements(raw) {
		var v string
		if json.Unmarshal(s.Mainsnak.Datavalue.Value, &v) == nil && v != "" {
			out = append(out, v)
		}
	}
	return out
}

func quantity(raw json.RawMessage) int64 {
	var best int64
	for _, s := range statements(raw) {
		var v struct {
			Amount string `json:"amount"`
		}
		if json.Unmarshal(s.Mainsnak.Datavalue.Value, &v) == nil {
			f, err := strconv.ParseFloat(strings.TrimPrefix(v.Amount, "+"), 64)
			if err == nil && f > 0 && f < 1e11 {
				best = max(best, int64(f))
			}
		}
	}
	return best
}
