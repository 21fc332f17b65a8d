package pairgen

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
)

// Entity types written in the pair files (see the interface spec).
const (
	Person       = "PERSON"
	Organization = "ORGANIZATION"
)

// Name is one side of a pair, in the shape of the API's name objects.
type Name struct {
	Text       string `json:"text"`
	Language   string `json:"language,omitempty"`
	EntityType string `json:"entityType,omitempty"`
}

// Pair is one labelled name pair.
type Pair struct {
	Name1    Name   `json:"name1"`
	Name2    Name   `json:"name2"`
	Match    bool   `json:"match"`
	Category string `json:"category"`
}

// maxLine is the longest line ReadPairs accepts, in bytes.
const maxLine = 1 << 20

// WritePairs writes pairs to w as JSON lines, without HTML escaping.
func WritePairs(w io.Writer, pairs []Pair) error {
	bw := bufio.NewWriter(w)
	enc := json.NewEncoder(bw)
	enc.SetEscapeHTML(false)
	for i := range pairs {
		if err := enc.Encode(&pairs[i]); err != nil {
			return fmt.Errorf("pairgen: write pair %d: %w", i+1, err)
		}
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("pairgen: write pairs: %w", err)
	}
	return nil
}

// ErrBadPair reports a line of a pair file that is not a valid pair.
var ErrBadPair = errors.New("pairgen: bad pair")

// ReadPairs parses a JSON-lines pair file. Blank lines are skipped. Each
// other line must be one JSON object with non-empty name1.text and
// name2.text, a boolean match and a category; unknown fields are rejected. Errors name the
// 1-based line number.
func ReadPairs(r io.Reader) ([]Pair, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), maxLine)
	var out []Pair
	line := 0
	for sc.Scan() {
		line++
		b := bytes.TrimSpace(sc.Bytes())
		if len(b) == 0 {
			continue
		}
		dec := json.NewDecoder(bytes.NewReader(b))
		dec.DisallowUnknownFields()
		var raw struct {
			Name1    Name   `json:"name1"`
			Name2    Name   `json:"name2"`
			Match    *bool  `json:"match"`
			Category string `json:"category"`
		}
		if err := dec.Decode(&raw); err != nil {
			return nil, fmt.Errorf("%w: line %d: %v", ErrBadPair, line, err)
		}
		if dec.More() {
			return nil, fmt.Errorf("%w: line %d: trailing data", ErrBadPair, line)
		}
		if raw.Match == nil {
			return nil, fmt.Errorf("%w: line %d: no match label", ErrBadPair, line)
		}
		p := Pair{Name1: raw.Name1, Name2: raw.Name2, Match: *raw.Match, Category: raw.Category}
		if p.Name1.Text == "" || p.Name2.Text == "" {
			return nil, fmt.Errorf("%w: line %d: empty name text", ErrBadPair, line)
		}
		if p.Category == "" {
			return nil, fmt.Errorf("%w: line %d: empty category", ErrBadPair, line)
		}
		out = append(out, p)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("pairgen: read pairs: line %d: %w", line+1, err)
	}
	return out, nil
}
