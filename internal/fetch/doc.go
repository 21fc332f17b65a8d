// Package fetch retrieves a document over HTTP(S) for text analysis and
// extracts its text.
//
// Invariants: only http and https URLs are fetched; every connection,
// including those made for redirects, is checked at dial time against the
// IP address actually being connected to (a net.Dialer Control function),
// so a host name that resolves, or re-resolves, to a loopback, private,
// link-local, unspecified, multicast or carrier-grade NAT address is refused
// unless Config.AllowPrivate is set; environment proxies are ignored; the
// body is limited to Config.MaxBytes and the whole exchange to
// Config.Timeout. HTML is reduced to its visible text (scripts, styles and
// other non-text elements dropped, block elements separated by newlines);
// other text types are decoded to UTF-8 as they are. Fetch is safe for
// concurrent use.
package fetch
