package kb

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strings"
	"time"
)

// progress reports build progress: a redrawn bar with entities/s and ETA
// when the writer is a terminal, a plain line every few seconds otherwise.
type progress struct {
	w     io.Writer
	tty   bool
	start time.Time
	last  time.Time
	name  string
}

func newProgress(w io.Writer) *progress {
	p := &progress{w: w, start: time.Now()}
	if f, ok := w.(*os.File); ok {
		if fi, err := f.Stat(); err == nil && fi.Mode()&os.ModeCharDevice != 0 {
			p.tty = true
		}
	}
	return p
}

func (p *progress) phase(name string) {
	if p.w == nil {
		return
	}
	p.name = name
	if p.tty {
		fmt.Fprintf(p.w, "\r\033[K%s", name)
		return
	}
	fmt.Fprintf(p.w, "kb: %s\n", name)
}

// tick reports n records read so far (total unknown).
func (p *progress) tick(n int) {
	if p.w == nil || n%5000 != 0 || time.Since(p.last) < 500*time.Millisecond {
		return
	}
	p.last = time.Now()
	rate := float64(n) / time.Since(p.start).Seconds()
	if p.tty {
		fmt.Fprintf(p.w, "\r\033[K%s: %d records, %.0f/s", p.name, n, rate)
		return
	}
	if time.Since(p.start) > 0 {
		fmt.Fprintf(p.w, "kb: %s: %d records, %.0f/s\n", p.name, n, rate)
	}
}

// total reports n of total entities indexed.
func (p *progress) total(n, total int) {
	if p.w == nil || (n < total && time.Since(p.last) < 500*time.Millisecond) {
		return
	}
	p.last = time.Now()
	el := time.Since(p.start).Seconds()
	rate := float64(n) / el
	eta := 0.0
	if rate > 0 {
		eta = float64(total-n) / rate
	}
	if p.tty {
		const width = 30
		fill := width * n / max(total, 1)
		bar := strings.Repeat("█", fill) + strings.Repeat("░", width-fill)
		fmt.Fprintf(p.w, "\r\033[Kindexing %s %d/%d %.0f entities/s ETA %.0fs", bar, n, total, rate, eta)
		return
	}
	fmt.Fprintf(p.w, "kb: indexing %d/%d %.0f entities/s ETA %.0fs\n", n, total, rate, eta)
}

func (p *progress) finish(line string) {
	if p.w == nil {
		return
	}
	if p.tty {
		fmt.Fprint(p.w, "\r\033[K")
	}
	fmt.Fprintln(p.w, line)
}

// peekReader lets readSource look at the first line before choosing a parser.
type peekReader struct {
	*bufio.Reader
}

func newPeekReader(r io.Reader) *peekReader {
	return &peekReader{bufio.NewReaderSize(r, 1<<16)}
}

func (p *peekReader) peekLine() ([]byte, error) {
	b, err := p.Peek(4096)
	if len(b) > 0 {
		err = nil
	}
	if i := strings.IndexByte(string(b), '\n'); i >= 0 {
		b = b[:i]
	}
	return b, err
}
