package fetch

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"mime"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strings"
	"syscall"
	"time"

	"golang.org/x/net/html/charset"
)

// Defaults used for zero Config fields.
const (
	DefaultMaxBytes     = 10 << 20
	DefaultTimeout      = 15 * time.Second
	DefaultMaxRedirects = 5
)

// Errors returned by Fetch, wrapped with context.
var (
	ErrScheme          = errors.New("fetch: only http and https URLs are allowed")
	ErrForbiddenAddr   = errors.New("fetch: address not allowed")
	ErrTooLarge        = errors.New("fetch: document exceeds size limit")
	ErrStatus          = errors.New("fetch: unexpected HTTP status")
	ErrContentType     = errors.New("fetch: unsupported content type")
	ErrTooManyRedirect = errors.New("fetch: too many redirects")
)

// Config bounds a fetch. The zero value is a safe default.
type Config struct {
	// MaxBytes is the largest body accepted, in bytes (default 10 MiB).
	MaxBytes int64
	// Timeout bounds the whole request, body included (default 15 s).
	Timeout time.Duration
	// MaxRedirects is the number of redirects followed (default 5; -1: none).
	MaxRedirects int
	// AllowPrivate permits loopback, private, link-local and other
	// non-public addresses (tests, trusted intranets). Off by default.
	AllowPrivate bool
	// UserAgent is sent with the request (default "nomen-fetch/1").
	UserAgent string

	// permit, when set (tests), replaces the address policy.
	permit func(netip.AddrPort) bool
}

func (c Config) withDefaults() Config {
	if c.MaxBytes <= 0 {
		c.MaxBytes = DefaultMaxBytes
	}
	if c.Timeout <= 0 {
		c.Timeout = DefaultTimeout
	}
	if c.MaxRedirects == 0 {
		c.MaxRedirects = DefaultMaxRedirects
	}
	if c.UserAgent == "" {
		c.UserAgent = "nomen-fetch/1"
	}
	return c
}

// Document is a fetched document reduced to text.
type Document struct {
	// URL is the final URL after redirects.
	URL string
	// ContentType is the media type the server declared (without parameters).
	ContentType string
	// Text is the UTF-8 text: the visible text of HTML, or the body itself.
	Text string
}

// cgnat is the shared address space of RFC 6598.
var cgnat = netip.MustParsePrefix("100.64.0.0/10")

// PublicAddr reports whether ip is a globally routable unicast address:
// not loopback, private (RFC 1918, fc00::/7), link-local, unspecified,
// multicast, CGNAT or IPv4 broadcast.
func PublicAddr(ip netip.Addr) bool {
	ip = ip.Unmap()
	switch {
	case !ip.IsValid(), ip.IsLoopback(), ip.IsPrivate(), ip.IsLinkLocalUnicast(), ip.IsLinkLocalMulticast(),
		ip.IsInterfaceLocalMulticast(), ip.IsMulticast(), ip.IsUnspecified():
		return false
	case ip.Is4() && (cgnat.Contains(ip) || ip == netip.AddrFrom4([4]byte{255, 255, 255, 255}) || ip.As4()[0] == 0):
		return false
	}
	return true
}

// dialControl returns a net.Dialer Control function refusing addresses that
// permit rejects. It runs after name resolution, on the address being
// dialled, so DNS rebinding cannot slip past it.
func dialControl(permit func(netip.AddrPort) bool) func(network, address string, _ syscall.RawConn) error {
	return func(network, address string, _ syscall.RawConn) error {
		ap, err := netip.ParseAddrPort(address)
		if err != nil || !permit(ap) {
			return fmt.Errorf("%w: %s", ErrForbiddenAddr, address)
		}
		return nil
	}
}

func publicAddrPort(ap netip.AddrPort) bool { return PublicAddr(ap.Addr()) }

// newClient builds the HTTP client for one fetch.
func newClient(cfg Config) *http.Client {
	d := &net.Dialer{Timeout: cfg.Timeout}
	switch {
	case cfg.permit != nil:
		d.Control = dialControl(cfg.permit)
	case !cfg.AllowPrivate:
		d.Control = dialControl(publicAddrPort)
	}
	tr := &http.Transport{
		Proxy:                 nil, // a proxy would connect on our behalf, unchecked
		DialContext:           d.DialContext,
		TLSHandshakeTimeout:   cfg.Timeout,
		ResponseHeaderTimeout: cfg.Timeout,
		MaxIdleConns:          1,
		DisableKeepAlives:     true,
	}
	return &http.Client{
		Transport: tr,
		Timeout:   cfg.Timeout,
		CheckRedirect: func(req *http.Request, via []*http.Request) error {
			if cfg.MaxRedirects < 0 || len(via) > cfg.MaxRedirects {
				return fmt.Errorf("%w (%d)", ErrTooManyRedirect, len(via))
			}
			if req.URL.Scheme != "http" && req.URL.Scheme != "https" {
				return fmt.Errorf("%w: redirect to %q", ErrScheme, req.URL.Scheme)
			}
			return nil
		},
	}
}

// Fetch retrieves rawURL within cfg's limits and returns its text.
func Fetch(ctx context.Context, rawURL string, cfg Config) (Document, error) {
	cfg = cfg.withDefaults()
	u, err := url.Parse(rawURL)
	if err != nil {
		return Document{}, fmt.Errorf("fetch: parse URL: %w", err)
	}
	if u.Scheme != "http" && u.Scheme != "https" {
		return Document{}, fmt.Errorf("%w: %q", ErrScheme, u.Scheme)
	}
	if u.Host == "" {
		return Document{}, fmt.Errorf("fetch: URL has no host: %q", rawURL)
	}
	ctx, cancel := context.WithTimeout(ctx, cfg.Timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return Document{}, fmt.Errorf("fetch: build request: %w", err)
	}
	req.Header.Set("User-Agent", cfg.UserAgent)
	req.Header.Set("Accept", "text/html, text/plain;q=0.9, text/*;q=0.8")
	client := newClient(cfg)
	defer client.CloseIdleConnections()
	resp, err := client.Do(req)
	if err != nil {
		return Document{}, fmt.Errorf("fetch: get %s: %w", u.Redacted(), err)
	}
	defer resp.Body.Close()
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return Document{}, fmt.Errorf("%w: %d from %s", ErrStatus, resp.StatusCode, u.Redacted())
	}
	if resp.ContentLength > cfg.MaxBytes {
		return Document{}, fmt.Errorf("%w: %d > %d bytes", ErrTooLarge, resp.ContentLength, cfg.MaxBytes)
	}
	body, err := io.ReadAll(io.LimitReader(resp.Body, cfg.MaxBytes+1))
	if err != nil {
		return Document{}, fmt.Errorf("fetch: read body: %w", err)
	}
	if int64(len(body)) > cfg.MaxBytes {
		return Document{}, fmt.Errorf("%w: more than %d bytes", ErrTooLarge, cfg.MaxBytes)
	}
	ct := resp.Header.Get("Content-Type")
	mt, _, _ := mime.ParseMediaType(ct)
	if mt == "" {
		mt = http.DetectContentType(body)
		if i := strings.IndexByte(mt, ';'); i >= 0 {
			mt = mt[:i]
		}
	}
	doc := Document{URL: resp.Request.URL.String(), ContentType: mt}
	switch {
	case mt == "text/html" || mt == "application/xhtml+xml":
		r, err := charset.NewReader(bytes.NewReader(body), ct)
		if err != nil {
			return Document{}, fmt.Errorf("fetch: decode %s: %w", ct, err)
		}
		doc.Text, err = ExtractText(r)
		if err != nil {
			return Document{}, err
		}
	case strings.HasPrefix(mt, "text/"):
		r, err := charset.NewReader(bytes.NewReader(body), ct)
		if err != nil {
			return Document{}, fmt.Errorf("fetch: decode %s: %w", ct, err)
		}
		b, err := io.ReadAll(r)
		if err != nil {
			return Document{}, fmt.Errorf("fetch: decode %s: %w", ct, err)
		}
		doc.Text = strings.ToValidUTF8(string(b), "\uFFFD")
	default:
		return Document{}, fmt.Errorf("%w: %q", ErrContentType, mt)
	}
	return doc, nil
}
