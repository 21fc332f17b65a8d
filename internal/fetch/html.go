package fetch

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// skipped are elements whose content is not visible text.
var skipped = map[atom.Atom]bool{
	atom.Script: true, atom.Style: true, atom.Noscript: true, atom.Template: true,
	atom.Svg: true, atom.Math: true, atom.Iframe: true, atom.Object: true,
	atom.Canvas: true, atom.Select: true,
}

// blocks are elements that break the text into lines.
var blocks = map[atom.Atom]bool{
	atom.P: true, atom.Div: true, atom.Br: true, atom.Li: true, atom.Ul: true, atom.Ol: true,
	atom.H1: true, atom.H2: true, atom.H3: true, atom.H4: true, atom.H5: true, atom.H6: true,
	atom.Tr: true, atom.Td: true, atom.Th: true, atom.Table: true, atom.Section: true,
	atom.Article: true, atom.Header: true, atom.Footer: true, atom.Nav: true, atom.Aside: true,
	atom.Blockquote: true, atom.Pre: true, atom.Hr: true, atom.Dd: true, atom.Dt: true,
	atom.Figcaption: true, atom.Main: true, atom.Form: true, atom.Title: true, atom.Body: true,
}

// ExtractText returns the visible text of an HTML document: text nodes
// outside script, style and similar elements, with entities decoded, runs of
// white space collapsed to one space and block elements ending lines. The
// <title> is kept as the first line.
func ExtractText(r io.Reader) (string, error) {
	z := html.NewTokenizer(r)
	var b strings.Builder
	depth := 0 // nesting inside skipped elements
	pendingSpace := false
	newline := func() {
		pendingSpace = false
		if b.Len() > 0 && !strings.HasSuffix(b.String(), "\n") {
			b.WriteByte('\n')
		}
	}
	for {
		tt := z.Next()
		switch tt {
		case html.ErrorToken:
			if err := z.Err(); !errors.Is(err, io.EOF) {
				return "", fmt.Errorf("fetch: parse HTML: %w", err)
			}
			return strings.TrimSpace(b.String()), nil
		case html.StartTagToken, html.SelfClosingTagToken:
			name, _ := z.TagName()
			a := atom.Lookup(name)
			if skipped[a] && tt == html.StartTagToken {
				depth++
			}
			if blocks[a] {
				newline()
			}
		case html.EndTagToken:
			name, _ := z.TagName()
			a := atom.Lookup(name)
			if skipped[a] && depth > 0 {
				depth--
			}
			if blocks[a] {
				newline()
			}
		case html.TextToken:
			if depth > 0 {
				continue
			}
			for _, r := range strings.ToValidUTF8(string(z.Text()), "\uFFFD") {
				if isSpace(r) {
					pendingSpace = b.Len() > 0 && !strings.HasSuffix(b.String(), "\n")
					continue
				}
				if pendingSpace {
					b.WriteByte(' ')
					pendingSpace = false
				}
				b.WriteRune(r)
			}
		}
	}
}

func isSpace(r rune) bool {
	switch r {
	case ' ', '\t', '\n', '\r', '\f', '\u00a0':
		return true
	}
	return false
}
