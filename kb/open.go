package kb

import (
	"bufio"
	"bytes"
	"compress/bzip2"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
)

// maxLine bounds one line of a source file (a Wikidata entity can be a few
// megabytes); longer lines are an error, which keeps memory bounded.
const maxLine = 64 << 20

// ErrLineTooLong is returned for a source line longer than 64 MiB.
var ErrLineTooLong = errors.New("kb: line too long")

// openSource opens a possibly compressed file. gzip and bzip2 are decoded
// in-process; xz through the xz program when it is installed.
func openSource(ctx context.Context, path string) (io.ReadCloser, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("kb: open source: %w", err)
	}
	br := bufio.NewReaderSize(f, 1<<20)
	magic, _ := br.Peek(6)
	switch {
	case bytes.HasPrefix(magic, []byte{0x1f, 0x8b}):
		gz, err := gzip.NewReader(br)
		if err != nil {
			f.Close()
			return nil, fmt.Errorf("kb: gzip %s: %w", path, err)
		}
		return &readCloser{Reader: gz, close: func() error { gz.Close(); return f.Close() }}, nil
	case bytes.HasPrefix(magic, []byte("BZh")):
		return &readCloser{Reader: bzip2.NewReader(br), close: f.Close}, nil
	case bytes.HasPrefix(magic, []byte{0xFD, '7', 'z', 'X', 'Z', 0}):
		f.Close()
		cmd := exec.CommandContext(ctx, "xz", "-dc", path)
		out, err := cmd.StdoutPipe()
		if err != nil {
			return nil, fmt.Errorf("kb: xz %s: %w", path, err)
		}
		if err := cmd.Start(); err != nil {
			return nil, fmt.Errorf("kb: xz %s (install xz-utils): %w", path, err)
		}
		return &readCloser{Reader: out, close: func() error {
			_, _ = io.Copy(io.Discard, out)
			return cmd.Wait()
		}}, nil
	}
	return &readCloser{Reader: br, close: f.Close}, nil
}

type readCloser struct {
	io.Reader
	close func() error
}

func (r *readCloser) Close() error { return r.close() }

// lineReader yields lines of at most maxLine bytes without the newline.
type lineReader struct {
	r    *bufio.Reader
	buf  []byte
	line int
}

func newLineReader(r io.Reader) *lineReader {
	return &lineReader{r: bufio.NewReaderSize(r, 1<<20)}
}

// next returns the next line; io.EOF at the end. The slice is valid until
// the following call.
func (l *lineReader) next() ([]byte, error) {
	l.buf = l.buf[:0]
	for {
		frag, err := l.r.ReadSlice('\n')
		l.buf = append(l.buf, frag...)
		if len(l.buf) > maxLine {
			return nil, fmt.Errorf("%w (line %d)", ErrLineTooLong, l.line+1)
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		if err != nil {
			if err == io.EOF && len(l.buf) > 0 {
				l.line++
				return bytes.TrimRight(l.buf, "\r\n"), nil
			}
			return nil, err
		}
		l.line++
		return bytes.TrimRight(l.buf, "\r\n"), nil
	}
}

// OpenFile opens a data file for reading, decoding gzip, bzip2 and (through
// the xz program) xz by their magic bytes.
func OpenFile(ctx context.Context, path string) (io.ReadCloser, error) {
	return openSource(ctx, path)
}
