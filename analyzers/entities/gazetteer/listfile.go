package gazetteer

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Limits of the list-file format.
const (
	// maxLineBytes is the longest accepted line of a list file.
	maxLineBytes = 4096
	// maxEntryRunes is the longest accepted entry after brace expansion.
	maxEntryRunes = 200
	// maxExpansions is the most entries one line may expand to.
	maxExpansions = 512
)

// ErrSyntax is wrapped by every error about the content of a list file.
var ErrSyntax = errors.New("gazetteer: syntax error")

// Entry is one line of a list file after brace expansion.
type Entry struct {
	// Text is the entry with white space collapsed to single spaces. Its capital letters are
	// required in matched text; its lower-case letters match either case.
	Text string
	// Confidence is the entry's confidence in (0,1], or 0 when the line gave none.
	Confidence float64
	// Exact requires the matched text to have exactly the case of Text.
	Exact bool
}

// ParseList reads a list file: UTF-8, one entry per line. Lines whose first non-blank
// character is '#' are comments; blank lines are skipped. A line is an entry, optionally
// followed by tab-separated fields: a confidence in (0,1] and/or the word "exact" (the text
// must then have exactly the entry's case; otherwise a capital letter of the entry needs a
// capital in the text and a lower-case letter matches either case). Inside an entry, {a,b,c} expands to one entry
// per alternative ("Minister{,s}" gives "Minister" and "Ministers"; several groups multiply)
// and a backslash makes the next character literal (\{ \} \, \\). name is used in errors,
// which have the form "name:line: message" and wrap ErrSyntax.
func ParseList(r io.Reader, name string) ([]Entry, error) {
	var out []Entry
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 1024), maxLineBytes)
	line := 0
	for sc.Scan() {
		line++
		raw := sc.Text()
		if line == 1 {
			raw = strings.TrimPrefix(raw, "\ufeff")
		}
		es, err := parseLine(raw)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %w", name, line, err)
		}
		out = append(out, es...)
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return nil, fmt.Errorf("%s:%d: line longer than %d bytes: %w", name, line+1, maxLineBytes, ErrSyntax)
		}
		return nil, fmt.Errorf("gazetteer: reading %s: %w", name, err)
	}
	return out, nil
}

// parseLine parses one line; a comment or blank line gives no entries.
func parseLine(raw string) ([]Entry, error) {
	if !utf8.ValidString(raw) {
		return nil, fmt.Errorf("invalid UTF-8: %w", ErrSyntax)
	}
	raw = strings.TrimSuffix(raw, "\r")
	trimmed := strings.TrimSpace(raw)
	if trimmed == "" || trimmed[0] == '#' {
		return nil, nil
	}
	text, conf, exact := raw, 0.0, false
	if i := strings.IndexByte(raw, '\t'); i >= 0 {
		text = raw[:i]
		seenConf := false
		for _, field := range strings.Split(raw[i+1:], "\t") {
			field = strings.TrimSpace(field)
			switch {
			case field == "":
			case field == "exact" && !exact:
				exact = true
			case !seenConf && field != "exact":
				c, err := strconv.ParseFloat(field, 64)
				if err != nil || !(c > 0 && c <= 1) {
					return nil, fmt.Errorf("field %q is neither \"exact\" nor a confidence in (0,1]: %w", field, ErrSyntax)
				}
				conf, seenConf = c, true
			default:
				return nil, fmt.Errorf("field %q given twice: %w", field, ErrSyntax)
			}
		}
	}
	variants, err := expand(text)
	if err != nil {
		return nil, err
	}
	out := make([]Entry, 0, len(variants))
	for _, v := range variants {
		v = collapseSpace(v)
		if v == "" {
			continue
		}
		if n := utf8.RuneCountInString(v); n > maxEntryRunes {
			return nil, fmt.Errorf("entry of %d characters, longer than %d: %w", n, maxEntryRunes, ErrSyntax)
		}
		if !strings.ContainsFunc(v, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) {
			return nil, fmt.Errorf("entry %q has no letter or digit: %w", v, ErrSyntax)
		}
		out = append(out, Entry{Text: v, Confidence: conf, Exact: exact})
	}
	return out, nil
}

// expand performs brace expansion with backslash escapes.
func expand(s string) ([]string, error) {
	// Parse into a sequence of parts: a literal, or a group of alternatives.
	type part struct {
		alts []string
	}
	var parts []part
	var cur strings.Builder
	var alts []string
	inGroup := false
	escaped := false
	for _, r := range s {
		switch {
		case escaped:
			cur.WriteRune(r)
			escaped = false
		case r == '\\':
			escaped = true
		case r == '{':
			if inGroup {
				return nil, fmt.Errorf("nested '{': %w", ErrSyntax)
			}
			parts = append(parts, part{alts: []string{cur.String()}})
			cur.Reset()
			inGroup = true
			alts = alts[:0]
		case r == '}':
			if !inGroup {
				return nil, fmt.Errorf("'}' without '{': %w", ErrSyntax)
			}
			alts = append(alts, cur.String())
			cur.Reset()
			parts = append(parts, part{alts: append([]string(nil), alts...)})
			inGroup = false
		case r == ',' && inGroup:
			alts = append(alts, cur.String())
			cur.Reset()
		default:
			cur.WriteRune(r)
		}
	}
	if escaped {
		return nil, fmt.Errorf("line ends with a lone backslash: %w", ErrSyntax)
	}
	if inGroup {
		return nil, fmt.Errorf("'{' without '}': %w", ErrSyntax)
	}
	parts = append(parts, part{alts: []string{cur.String()}})
	out := []string{""}
	for _, p := range parts {
		if len(out)*len(p.alts) > maxExpansions {
			return nil, fmt.Errorf("line expands to more than %d entries: %w", maxExpansions, ErrSyntax)
		}
		next := make([]string, 0, len(out)*len(p.alts))
		for _, o := range out {
			for _, a := range p.alts {
				next = append(next, o+a)
			}
		}
		out = next
	}
	return out, nil
}

// collapseSpace trims s and replaces each run of white space by one space.
func collapseSpace(s string) string {
	return strings.Join(strings.FieldsFunc(s, unicode.IsSpace), " ")
}
