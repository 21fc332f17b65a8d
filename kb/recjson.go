package kb

import (
	"encoding/json"
	"errors"
	"math"
	"sort"
	"strconv"
	"unicode/utf8"
)

// This file holds a fast path for the JSON of entity records, the bulk of
// a build's input and output. decodeEntity accepts the plain form that
// appendEntity (and encoding/json) writes: the known keys, each once,
// strings without escapes, no nulls; for anything else it reports
// !ok and the caller uses encoding/json, so both paths give the same
// Entity for every input (FuzzDecodeEntity checks this). appendEntity
// writes exactly what encoding/json writes (with HTML escaping off).

var errSlow = errors.New("kb: record needs the general decoder")

// unmarshalEntity decodes one record line into e.
func unmarshalEntity(line []byte, e *Entity) error {
	if decodeEntity(line, e) {
		return nil
	}
	*e = Entity{}
	return json.Unmarshal(line, e)
}

// decodeEntity decodes the plain form of a record. The strings of e share
// one copy of line.
func decodeEntity(line []byte, e *Entity) bool {
	d := recDecoder{s: string(line)}
	return d.entity(e) == nil
}

type recDecoder struct {
	s string
	i int
	// keys, strs and lists are scratch space of labels and aliases.
	keys  []string
	strs  []string
	lists [][]string
}

func (d *recDecoder) ws() {
	for d.i < len(d.s) {
		switch d.s[d.i] {
		case ' ', '\t', '\n', '\r':
			d.i++
		default:
			return
		}
	}
}

func (d *recDecoder) eat(c byte) error {
	d.ws()
	if d.i < len(d.s) && d.s[d.i] == c {
		d.i++
		return nil
	}
	return errSlow
}

// peek returns the next non-space byte, 0 at the end.
func (d *recDecoder) peek() byte {
	d.ws()
	if d.i < len(d.s) {
		return d.s[d.i]
	}
	return 0
}

// str reads a string without escapes, control characters or invalid UTF-8.
func (d *recDecoder) str() (string, error) {
	if err := d.eat('"'); err != nil {
		return "", err
	}
	start := d.i
	ascii := true
	for d.i < len(d.s) {
		c := d.s[d.i]
		switch {
		case c == '"':
			v := d.s[start:d.i]
			d.i++
			if !ascii && !utf8.ValidString(v) {
				return "", errSlow
			}
			return v, nil
		case c == '\\' || c < 0x20:
			return "", errSlow
		case c >= 0x80:
			ascii = false
		}
		d.i++
	}
	return "", errSlow
}

// num reads a JSON number literal.
func (d *recDecoder) num() (string, bool, error) {
	d.ws()
	start := d.i
	isInt := true
	if d.i < len(d.s) && d.s[d.i] == '-' {
		d.i++
	}
	digits := func() int {
		n := 0
		for d.i < len(d.s) && d.s[d.i] >= '0' && d.s[d.i] <= '9' {
			d.i++
			n++
		}
		return n
	}
	if d.i < len(d.s) && d.s[d.i] == '0' {
		d.i++
	} else if digits() == 0 {
		return "", false, errSlow
	}
	if d.i < len(d.s) && d.s[d.i] == '.' {
		d.i++
		isInt = false
		if digits() == 0 {
			return "", false, errSlow
		}
	}
	if d.i < len(d.s) && (d.s[d.i] == 'e' || d.s[d.i] == 'E') {
		d.i++
		isInt = false
		if d.i < len(d.s) && (d.s[d.i] == '+' || d.s[d.i] == '-') {
			d.i++
		}
		if digits() == 0 {
			return "", false, errSlow
		}
	}
	return d.s[start:d.i], isInt, nil
}

func (d *recDecoder) float() (float64, error) {
	s, _, err := d.num()
	if err != nil {
		return 0, err
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return 0, errSlow
	}
	return f, nil
}

func (d *recDecoder) int64() (int64, error) {
	s, isInt, err := d.num()
	if err != nil || !isInt {
		return 0, errSlow
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		return 0, errSlow
	}
	return n, nil
}

// list reads an array of strings; [] gives an empty, non-nil slice as
// encoding/json does.
func (d *recDecoder) list() ([]string, error) {
	if err := d.eat('['); err != nil {
		return nil, err
	}
	out := []string{}
	if d.peek() == ']' {
		d.i++
		return out, nil
	}
	for {
		v, err := d.str()
		if err != nil {
			return nil, err
		}
		out = append(out, v)
		switch d.peek() {
		case ',':
			d.i++
		case ']':
			d.i++
			return out, nil
		default:
			return nil, errSlow
		}
	}
}

// object calls fn for each key of an object; keys must be distinct.
func (d *recDecoder) object(fn func(key string) error) error {
	if err := d.eat('{'); err != nil {
		return err
	}
	if d.peek() == '}' {
		d.i++
		return nil
	}
	for {
		k, err := d.str()
		if err != nil {
			return err
		}
		if err := d.eat(':'); err != nil {
			return err
		}
		if err := fn(k); err != nil {
			return err
		}
		switch d.peek() {
		case ',':
			d.i++
		case '}':
			d.i++
			return nil
		default:
			return errSlow
		}
	}
}

// labels and aliases collect the members of an object first and then
// make the map at its final size: growing a map member by member costs
// more than decoding the names.
func (d *recDecoder) labels() (map[string]string, error) {
	keys, vals := d.keys[:0], d.strs[:0]
	err := d.object(func(k string) error {
		v, err := d.str()
		keys, vals = append(keys, k), append(vals, v)
		return err
	})
	d.keys, d.strs = keys, vals
	if err != nil {
		return nil, err
	}
	m := make(map[string]string, len(keys))
	for i, k := range keys {
		m[k] = vals[i]
	}
	if len(m) != len(keys) {
		return nil, errSlow // a duplicate key
	}
	return m, nil
}

func (d *recDecoder) aliases() (map[string][]string, error) {
	keys, vals := d.keys[:0], d.lists[:0]
	err := d.object(func(k string) error {
		v, err := d.list()
		keys, vals = append(keys, k), append(vals, v)
		return err
	})
	d.keys, d.lists = keys, vals
	if err != nil {
		return nil, err
	}
	m := make(map[string][]string, len(keys))
	for i, k := range keys {
		m[k] = vals[i]
	}
	clear(vals) // the lists belong to the map now
	if len(m) != len(keys) {
		return nil, errSlow // a duplicate key
	}
	return m, nil
}

func (d *recDecoder) entity(e *Entity) error {
	var seen uint32
	err := d.object(func(k string) error {
		bit := uint32(0)
		var err error
		switch k {
		case "id":
			bit = 1 << 0
			e.ID, err = d.str()
		case "labels":
			bit = 1 << 1
			e.Labels, err = d.labels()
		case "aliases":
			bit = 1 << 2
			e.Aliases, err = d.aliases()
		case "weakAliases":
			bit = 1 << 3
			e.WeakAliases, err = d.aliases()
		case "description":
			bit = 1 << 4
			e.Description, err = d.str()
		case "type":
			bit = 1 << 5
			e.Type, err = d.str()
		case "classes":
			bit = 1 << 6
			e.Classes, err = d.list()
		case "ontologyTypes":
			bit = 1 << 7
			e.OntologyTypes, err = d.list()
		case "externalId":
			bit = 1 << 8
			e.ExternalID, err = d.str()
		case "country":
			bit = 1 << 9
			e.Country, err = d.str()
		case "popularity":
			bit = 1 << 10
			e.Popularity, err = d.float()
		case "sitelinks":
			bit = 1 << 11
			var n int64
			n, err = d.int64()
			e.Sitelinks = int(n)
		case "population":
			bit = 1 << 12
			e.Population, err = d.int64()
		case "rank":
			bit = 1 << 13
			e.Rank, err = d.float()
		case "visitors":
			bit = 1 << 14
			e.Visitors, err = d.int64()
		case "sources":
			bit = 1 << 15
			e.Sources, err = d.list()
		default:
			// Unknown keys, and keys that encoding/json matches without
			// regard to case, take the general path.
			return errSlow
		}
		if seen&bit != 0 {
			return errSlow
		}
		seen |= bit
		return err
	})
	if err != nil {
		return err
	}
	if d.peek() != 0 {
		return errSlow
	}
	return nil
}

// appendEntity appends the JSON of e and a newline, byte for byte as
// json.Encoder with SetEscapeHTML(false) writes it.
func appendEntity(b []byte, e *Entity) ([]byte, error) {
	var err error
	b = append(b, `{"id":`...)
	b = appendJSONString(b, e.ID)
	if len(e.Labels) > 0 {
		b = append(b, `,"labels":{`...)
		for i, k := range sortedKeys(e.Labels) {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendJSONString(b, k)
			b = append(b, ':')
			b = appendJSONString(b, e.Labels[k])
		}
		b = append(b, '}')
	}
	b = appendAliases(b, `,"aliases":{`, e.Aliases)
	b = appendAliases(b, `,"weakAliases":{`, e.WeakAliases)
	if e.Description != "" {
		b = append(b, `,"description":`...)
		b = appendJSONString(b, e.Description)
	}
	b = append(b, `,"type":`...)
	b = appendJSONString(b, e.Type)
	if len(e.Classes) > 0 {
		b = append(b, `,"classes":`...)
		b = appendJSONList(b, e.Classes)
	}
	if len(e.OntologyTypes) > 0 {
		b = append(b, `,"ontologyTypes":`...)
		b = appendJSONList(b, e.OntologyTypes)
	}
	if e.ExternalID != "" {
		b = append(b, `,"externalId":`...)
		b = appendJSONString(b, e.ExternalID)
	}
	if e.Country != "" {
		b = append(b, `,"country":`...)
		b = appendJSONString(b, e.Country)
	}
	b = append(b, `,"popularity":`...)
	if b, err = appendJSONFloat(b, e.Popularity); err != nil {
		return b, err
	}
	if e.Sitelinks != 0 {
		b = append(b, `,"sitelinks":`...)
		b = strconv.AppendInt(b, int64(e.Sitelinks), 10)
	}
	if e.Population != 0 {
		b = append(b, `,"population":`...)
		b = strconv.AppendInt(b, e.Population, 10)
	}
	if e.Rank != 0 {
		b = append(b, `,"rank":`...)
		if b, err = appendJSONFloat(b, e.Rank); err != nil {
			return b, err
		}
	}
	if e.Visitors != 0 {
		b = append(b, `,"visitors":`...)
		b = strconv.AppendInt(b, e.Visitors, 10)
	}
	if len(e.Sources) > 0 {
		b = append(b, `,"sources":`...)
		b = appendJSONList(b, e.Sources)
	}
	return append(b, '}', '\n'), nil
}

func appendAliases(b []byte, head string, m map[string][]string) []byte {
	if len(m) == 0 {
		return b
	}
	b = append(b, head...)
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for i, k := range keys {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendJSONString(b, k)
		b = append(b, ':')
		b = appendJSONList(b, m[k])
	}
	return append(b, '}')
}

func appendJSONList(b []byte, l []string) []byte {
	if l == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i, s := range l {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendJSONString(b, s)
	}
	return append(b, ']')
}

// appendJSONString writes s as a JSON string; strings that need escaping
// (quotes, backslashes, control characters, U+2028/U+2029, invalid UTF-8)
// go through encoding/json.
func appendJSONString(b []byte, s string) []byte {
	plain, ascii := true, true
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c < 0x20 || c == '"' || c == '\\':
			plain = false
		case c == 0xE2 && i+2 < len(s) && s[i+1] == 0x80 && (s[i+2] == 0xA8 || s[i+2] == 0xA9):
			plain = false
		case c >= 0x80:
			ascii = false
		}
	}
	if plain && !ascii && !utf8.ValidString(s) {
		plain = false
	}
	if plain {
		b = append(b, '"')
		b = append(b, s...)
		return append(b, '"')
	}
	var buf []byte
	w := jsonStringWriter{&buf}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s) // a string always encodes
	return append(b, buf[:len(buf)-1]...)
}

type jsonStringWriter struct{ b *[]byte }

func (w jsonStringWriter) Write(p []byte) (int, error) {
	*w.b = append(*w.b, p...)
	return len(p), nil
}

// appendJSONFloat formats f as encoding/json does for a float64.
func appendJSONFloat(b []byte, f float64) ([]byte, error) {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return b, &json.UnsupportedValueError{Str: strconv.FormatFloat(f, 'g', -1, 64)}
	}
	abs := math.Abs(f)
	format := byte('f')
	if abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	b = strconv.AppendFloat(b, f, format, -1, 64)
	if format == 'e' {
		// e-09 → e-9, as encoding/json writes it.
		n := len(b)
		if n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
	}
	return b, nil
}
