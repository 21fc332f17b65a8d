package fetch

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"testing"
	"time"
)

// allowLoopback is the configuration tests use to reach httptest servers.
var allowLoopback = Config{AllowPrivate: true, Timeout: 5 * time.Second}

func TestFetchHTML(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		_, _ = w.Write([]byte(`<html><head><title>Titre</title><style>p{color:red}</style>
<script>var x = "hidden";</script></head><body><p>Bonjour &amp; bienvenue</p><div>le <b>monde</b></div></body></html>`))
	}))
	defer srv.Close()
	doc, err := Fetch(context.Background(), srv.URL, allowLoopback)
	if err != nil {
		t.Fatal(err)
	}
	want := "Titre\nBonjour & bienvenue\nle monde"
	if doc.Text != want || doc.ContentType != "text/html" {
		t.Fatalf("got %q (%s), want %q", doc.Text, doc.ContentType, want)
	}
}

func TestFetchTextCharset(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=iso-8859-1")
		_, _ = w.Write([]byte("Gr\xfc\xdfe aus K\xf6ln"))
	}))
	defer srv.Close()
	doc, err := Fetch(context.Background(), srv.URL, allowLoopback)
	if err != nil {
		t.Fatal(err)
	}
	if doc.Text != "Grüße aus Köln" {
		t.Fatalf("got %q", doc.Text)
	}
}

func TestFetchErrors(t *testing.T) {
	big := strings.Repeat("a", 2000)
	mux := http.NewServeMux()
	mux.HandleFunc("/big", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain")
		_, _ = w.Write([]byte(big))
	})
	mux.HandleFunc("/missing", func(w http.ResponseWriter, r *http.Request) { http.NotFound(w, r) })
	mux.HandleFunc("/slow", func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-r.Context().Done():
		case <-time.After(5 * time.Second):
		}
	})
	mux.HandleFunc("/binary", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "image/png")
		_, _ = w.Write([]byte{0x89, 'P', 'N', 'G'})
	})
	mux.HandleFunc("/loop", func(w http.ResponseWriter, r *http.Request) { http.Redirect(w, r, "/loop", http.StatusFound) })
	mux.HandleFunc("/to-file", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "file:///etc/passwd", http.StatusFound)
	})
	srv := httptest.NewServer(mux)
	defer srv.Close()

	tests := []struct {
		name string
		url  string
		cfg  Config
		want error
	}{
		{"loopback refused by default", srv.URL + "/big", Config{}, ErrForbiddenAddr},
		{"too large", srv.URL + "/big", Config{AllowPrivate: true, MaxBytes: 1000}, ErrTooLarge},
		{"status", srv.URL + "/missing", allowLoopback, ErrStatus},
		{"timeout", srv.URL + "/slow", Config{AllowPrivate: true, Timeout: 100 * time.Millisecond}, context.DeadlineExceeded},
		{"content type", srv.URL + "/binary", allowLoopback, ErrContentType},
		{"redirect loop", srv.URL + "/loop", allowLoopback, ErrTooManyRedirect},
		{"redirect to file", srv.URL + "/to-file", allowLoopback, ErrScheme},
		{"file scheme", "file:///etc/passwd", allowLoopback, ErrScheme},
		{"private literal", "http://10.1.2.3:9/", Config{Timeout: time.Second}, ErrForbiddenAddr},
		{"metadata address", "http://169.254.169.254/latest/meta-data/", Config{Timeout: time.Second}, ErrForbiddenAddr},
		{"localhost name", "http://localhost:1/", Config{Timeout: time.Second}, ErrForbiddenAddr},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Fetch(context.Background(), tc.url, tc.cfg)
			if !errors.Is(err, tc.want) {
				t.Fatalf("err = %v, want %v", err, tc.want)
			}
		})
	}
}

// TestRedirectDialChecked checks that redirects are dialled through the
// same address check: the policy admits only the first server, which
// redirects to a second loopback server; that hop must be refused.
func TestRedirectDialChecked(t *testing.T) {
	secret := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = w.Write([]byte("secret"))
	}))
	defer secret.Close()
	start := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, secret.URL, http.StatusFound)
	}))
	defer start.Close()
	startAddr := netip.MustParseAddrPort(strings.TrimPrefix(start.URL, "http://"))
	cfg := Config{Timeout: 2 * time.Second, permit: func(ap netip.AddrPort) bool { return ap == startAddr }}
	_, err := Fetch(context.Background(), start.URL, cfg)
	if !errors.Is(err, ErrForbiddenAddr) {
		t.Fatalf("err = %v, want ErrForbiddenAddr", err)
	}
	// Sanity: with both admitted the redirect is followed.
	cfg.permit = func(netip.AddrPort) bool { return true }
	doc, err := Fetch(context.Background(), start.URL, cfg)
	if err != nil || doc.Text != "secret" {
		t.Fatalf("got %q, %v", doc.Text, err)
	}
}

func TestPublicAddr(t *testing.T) {
	tests := []struct {
		ip   string
		want bool
	}{
		{"8.8.8.8", true},
		{"2606:4700:4700::1111", true},
		{"127.0.0.1", false},
		{"::1", false},
		{"10.0.0.1", false},
		{"172.16.5.4", false},
		{"192.168.1.1", false},
		{"169.254.169.254", false},
		{"fe80::1", false},
		{"fc00::1", false},
		{"0.0.0.0", false},
		{"::", false},
		{"100.64.0.1", false},
		{"224.0.0.1", false},
		{"255.255.255.255", false},
		{"::ffff:127.0.0.1", false},
		{"::ffff:8.8.8.8", true},
	}
	for _, tc := range tests {
		t.Run(tc.ip, func(t *testing.T) {
			if got := PublicAddr(netip.MustParseAddr(tc.ip)); got != tc.want {
				t.Fatalf("PublicAddr(%s) = %v, want %v", tc.ip, got, tc.want)
			}
		})
	}
}
