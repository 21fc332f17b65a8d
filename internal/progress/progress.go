// Package progress reports the progress of long runs (tuning, evaluation) on a writer.
//
// When the writer is a terminal (an *os.File whose mode has os.ModeCharDevice) a Bar redraws
// one line in place, at most ten times a second: a bar when the total is known, the count,
// the rate in units per second and the estimated time left. On any other writer (a log file, a
// pipe, a test buffer) it writes a plain line at most once per interval (5 s by default), so
// logs stay short. The ETA comes from the total and the rate, or from a deadline when the run
// is bounded by time rather than by work. A nil *Bar and a Bar on a nil writer do nothing. A
// Bar is safe for concurrent use.
package progress

import (
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"
)

// Bar reports the progress of one run.
type Bar struct {
	w        io.Writer
	label    string
	unit     string
	total    int64
	tty      bool
	interval time.Duration
	now      func() time.Time

	mu struct {
		sync.Mutex
		start    time.Time
		last     time.Time // last time a report was written
		count    int64
		deadline time.Time
		status   string
		done     bool
	}
}

// DefaultInterval is the time between two plain lines on a writer that is not a terminal.
const DefaultInterval = 5 * time.Second

// New returns a bar labelled label counting unit ("pairs") towards total (0 when unknown).
func New(w io.Writer, label, unit string, total int64) *Bar {
	b := &Bar{w: w, label: label, unit: unit, total: total, tty: IsTerminal(w), interval: DefaultInterval, now: time.Now}
	b.mu.start = b.now()
	b.mu.last = b.mu.start
	return b
}

// IsTerminal reports whether w is an *os.File open on a character device (a terminal).
func IsTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok || f == nil {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// SetInterval changes the time between plain lines (non-terminal writers); d <= 0 keeps the
// default.
func (b *Bar) SetInterval(d time.Duration) {
	if b == nil || d <= 0 {
		return
	}
	b.mu.Lock()
	b.interval = d
	b.mu.Unlock()
}

// SetDeadline makes the ETA the time left until t, for runs bounded by a time budget.
func (b *Bar) SetDeadline(t time.Time) {
	if b == nil {
		return
	}
	b.mu.Lock()
	b.mu.deadline = t
	b.mu.Unlock()
}

// Status sets a short text shown after the figures (for instance the best metric so far).
func (b *Bar) Status(s string) {
	if b == nil {
		return
	}
	b.mu.Lock()
	b.mu.status = s
	b.mu.Unlock()
}

// Add counts n more units done and reports when it is time to.
func (b *Bar) Add(n int64) {
	if b == nil || b.w == nil {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.mu.done {
		return
	}
	b.mu.count += n
	now := b.now()
	every := b.interval
	if b.tty {
		every = 100 * time.Millisecond
	}
	if now.Sub(b.mu.last) < every {
		return
	}
	b.mu.last = now
	b.report(now, false)
}

// Done writes the final report (and ends the terminal line). Later calls do nothing.
func (b *Bar) Done() {
	if b == nil || b.w == nil {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.mu.done {
		return
	}
	b.mu.done = true
	b.report(b.now(), true)
}

// report writes one report; the caller holds b.mu.
func (b *Bar) report(now time.Time, final bool) {
	line := b.line(now, final)
	if b.tty {
		end := ""
		if final {
			end = "\n"
		}
		// \r returns to the line's start, \x1b[K clears what a longer previous line left.
		fmt.Fprintf(b.w, "\r%s\x1b[K%s", line, end)
		return
	}
	fmt.Fprintln(b.w, line)
}

// line renders the figures of the run at now.
func (b *Bar) line(now time.Time, final bool) string {
	el := now.Sub(b.mu.start)
	rate := 0.0
	if el > 0 {
		rate = float64(b.mu.count) / el.Seconds()
	}
	var s strings.Builder
	s.WriteString(b.label)
	s.WriteString(": ")
	frac := -1.0
	switch {
	case b.total > 0:
		frac = min(1, float64(b.mu.count)/float64(b.total))
	case !b.mu.deadline.IsZero():
		if span := b.mu.deadline.Sub(b.mu.start); span > 0 {
			frac = min(1, float64(el)/float64(span))
		}
	}
	if b.tty && frac >= 0 {
		const width = 24
		full := int(frac * width)
		s.WriteString("[" + strings.Repeat("=", full) + strings.Repeat(" ", width-full) + "] ")
	}
	if frac >= 0 {
		fmt.Fprintf(&s, "%3.0f%% ", 100*frac)
	}
	if b.total > 0 {
		fmt.Fprintf(&s, "%d/%d %s", b.mu.count, b.total, b.unit)
	} else {
		fmt.Fprintf(&s, "%d %s", b.mu.count, b.unit)
	}
	fmt.Fprintf(&s, ", %.0f %s/s", rate, b.unit)
	if final {
		fmt.Fprintf(&s, ", done in %s", round(el))
	} else if eta, ok := b.eta(now, rate); ok {
		fmt.Fprintf(&s, ", ETA %s", round(eta))
	}
	if b.mu.status != "" {
		s.WriteString(", ")
		s.WriteString(b.mu.status)
	}
	return s.String()
}

// eta estimates the time left: from the deadline when one is set, else from the rate.
func (b *Bar) eta(now time.Time, rate float64) (time.Duration, bool) {
	if !b.mu.deadline.IsZero() {
		return max(0, b.mu.deadline.Sub(now)), true
	}
	if b.total > 0 && rate > 0 {
		left := float64(max(0, b.total-b.mu.count)) / rate
		return time.Duration(left * float64(time.Second)), true
	}
	return 0, false
}

// round shortens a duration for display.
func round(d time.Duration) time.Duration {
	switch {
	case d >= time.Minute:
		return d.Round(time.Second)
	case d >= time.Second:
		return d.Round(100 * time.Millisecond)
	default:
		return d.Round(time.Millisecond)
	}
}
