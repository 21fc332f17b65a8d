package progress

import (
	"os"
	"strings"
	"testing"
	"time"
)

// fakeClock is a settable clock for Bar.now.
type fakeClock struct{ t time.Time }

func (c *fakeClock) now() time.Time { return c.t }

func newFake(w *strings.Builder, total int64) (*Bar, *fakeClock) {
	c := &fakeClock{t: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
	b := New(w, "score", "pairs", total)
	b.now = c.now
	b.mu.start, b.mu.last = c.t, c.t
	return b, c
}

func TestPlainLines(t *testing.T) {
	tests := []struct {
		name  string
		total int64
		steps []time.Duration // clock advance before each Add(100)
		lines int             // plain lines before Done
		want  []string        // substrings of the output
	}{
		{"quiet before the interval", 1000, []time.Duration{time.Second, time.Second}, 0, []string{"done in 2s"}},
		{"one line per interval", 1000, []time.Duration{3 * time.Second, 3 * time.Second, time.Second, 5 * time.Second}, 2,
			[]string{"score:  20% 200/1000 pairs, 33 pairs/s, ETA 24s\n", "score:  40% 400/1000 pairs, 33 pairs/s, ETA 18s\n", "done in 12s"}},
		{"unknown total", 0, []time.Duration{6 * time.Second}, 1, []string{"score: 100 pairs, 17 pairs/s\n"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var out strings.Builder
			b, c := newFake(&out, tc.total)
			for _, d := range tc.steps {
				c.t = c.t.Add(d)
				b.Add(100)
			}
			if got := strings.Count(out.String(), "\n"); got != tc.lines {
				t.Errorf("%d lines before Done, want %d:\n%s", got, tc.lines, out.String())
			}
			b.Done()
			b.Done()
			b.Add(1)
			if got := strings.Count(out.String(), "\n"); got != tc.lines+1 {
				t.Errorf("%d lines after Done, want %d:\n%s", got, tc.lines+1, out.String())
			}
			if strings.Contains(out.String(), "\r") {
				t.Errorf("carriage return on a plain writer: %q", out.String())
			}
			for _, w := range tc.want {
				if !strings.Contains(out.String(), w) {
					t.Errorf("output lacks %q:\n%s", w, out.String())
				}
			}
		})
	}
}

func TestDeadlineETA(t *testing.T) {
	var out strings.Builder
	b, c := newFake(&out, 0)
	b.SetDeadline(c.t.Add(60 * time.Second))
	b.Status("AUC 0.9700")
	c.t = c.t.Add(15 * time.Second)
	b.Add(3000)
	want := "score:  25% 3000 pairs, 200 pairs/s, ETA 45s, AUC 0.9700\n"
	if out.String() != want {
		t.Errorf("got %q, want %q", out.String(), want)
	}
}

func TestTerminalRedraw(t *testing.T) {
	var out strings.Builder
	b, c := newFake(&out, 10)
	b.tty = true
	for range 10 {
		c.t = c.t.Add(200 * time.Millisecond)
		b.Add(1)
	}
	b.Done()
	s := out.String()
	if strings.Count(s, "\r") != 11 || !strings.HasSuffix(s, "\n") || strings.Count(s, "\n") != 1 {
		t.Errorf("terminal output should redraw one line 11 times and end it: %q", s)
	}
	if !strings.Contains(s, "[========================] 100% 10/10 pairs") {
		t.Errorf("full bar missing: %q", s)
	}
}

func TestNilAndNonTerminal(t *testing.T) {
	var b *Bar
	b.Add(1)
	b.Status("x")
	b.SetDeadline(time.Now())
	b.SetInterval(time.Second)
	b.Done()
	New(nil, "x", "y", 1).Add(1)
	if IsTerminal(&strings.Builder{}) {
		t.Error("a strings.Builder is no terminal")
	}
	f, err := os.CreateTemp(t.TempDir(), "log")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if IsTerminal(f) {
		t.Error("a regular file is no terminal")
	}
	var nilFile *os.File
	if IsTerminal(nilFile) {
		t.Error("a nil file is no terminal")
	}
}

func BenchmarkAdd(b *testing.B) {
	b.ReportAllocs()
	var out strings.Builder
	bar := New(&out, "bench", "pairs", int64(b.N))
	for b.Loop() {
		bar.Add(1)
	}
}
