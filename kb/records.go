package kb

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
)

// Header is the first line of a compact record file: a JSON object with
// "nomenKB": 1, naming the layer and the license of its content.
type Header struct {
	Format      int    `json:"nomenKB"`
	Layer       string `json:"layer"`
	License     string `json:"license,omitempty"`
	Attribution string `json:"attribution,omitempty"`
}

// ErrNotRecords is returned by ReadRecords for input that does not start
// with a record header.
var ErrNotRecords = errors.New("kb: not a nomen KB record file")

// ReadRecords streams a compact record file: a Header line, then one Entity
// JSON object per line. Records that lack an id or a valid type are an error.
func ReadRecords(ctx context.Context, r io.Reader, fn func(*Entity) error) (Header, error) {
	lr := newLineReader(r)
	var h Header
	first, err := lr.next()
	if err != nil {
		if err == io.EOF {
			return h, ErrNotRecords
		}
		return h, fmt.Errorf("kb: records: %w", err)
	}
	if json.Unmarshal(first, &h) != nil || h.Format != 1 {
		return h, ErrNotRecords
	}
	return h, decodeRecords(ctx, lr, fn)
}

// recordBatch is a run of record lines decoded by one worker of
// decodeRecords; done is closed when ents (or err) is set.
type recordBatch struct {
	data  []byte // the lines, back to back
	ends  []int  // end offset of each line in data
	lines []int  // line number of each line
	ents  []*Entity
	err   error
	done  chan struct{}
}

// recordWorkers is the number of goroutines decoding record lines while
// the caller's goroutine reads (and gunzips) the next ones.
const recordWorkers = 2

// decodeRecords decodes the remaining lines of lr with recordWorkers
// goroutines and calls fn with every entity in file order; the first error
// in file order is returned, with its line number.
func decodeRecords(ctx context.Context, lr *lineReader, fn func(*Entity) error) error {
	const batchLines = 256
	jobs := make(chan *recordBatch, 2*recordWorkers)
	order := make(chan *recordBatch, 4*recordWorkers)
	var wg sync.WaitGroup
	for range recordWorkers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for b := range jobs {
				b.decode()
				close(b.done)
			}
		}()
	}
	stop := make(chan struct{})
	readErr := make(chan error, 1)
	go func() {
		defer close(order)
		defer close(jobs)
		b := &recordBatch{done: make(chan struct{})}
		send := func() bool {
			select {
			case order <- b:
			case <-stop:
				return false
			}
			jobs <- b
			b = &recordBatch{done: make(chan struct{})}
			return true
		}
		for {
			line, err := lr.next()
			if err == io.EOF {
				if len(b.ends) > 0 {
					send()
				}
				readErr <- nil
				return
			}
			if err != nil {
				// The lines before the bad one are still delivered.
				if len(b.ends) > 0 {
					send()
				}
				readErr <- fmt.Errorf("kb: records: %w", err)
				return
			}
			if len(bytes.TrimSpace(line)) == 0 {
				continue
			}
			b.data = append(b.data, line...)
			b.ends = append(b.ends, len(b.data))
			b.lines = append(b.lines, lr.line)
			if len(b.ends) == batchLines {
				if ctx.Err() != nil {
					readErr <- ctx.Err()
					return
				}
				if !send() {
					readErr <- nil
					return
				}
			}
		}
	}()
	err := func() error {
		for b := range order {
			<-b.done
			for _, e := range b.ents {
				if err := fn(e); err != nil {
					return err
				}
			}
			if b.err != nil {
				return b.err
			}
		}
		return <-readErr
	}()
	if err != nil {
		close(stop)
		for range order {
		}
	}
	wg.Wait()
	return err
}

// decode fills b.ents from b's lines up to the first bad one, whose error
// it keeps in b.err.
func (b *recordBatch) decode() {
	b.ents = make([]*Entity, 0, len(b.ends))
	start := 0
	for i, end := range b.ends {
		line := b.data[start:end]
		start = end
		e := new(Entity)
		if err := unmarshalEntity(line, e); err != nil {
			b.err = fmt.Errorf("kb: records line %d: %w", b.lines[i], err)
			return
		}
		if err := e.validate(); err != nil {
			b.err = fmt.Errorf("kb: records line %d: %w", b.lines[i], err)
			return
		}
		b.ents = append(b.ents, e)
	}
}

// ErrBadRecord is wrapped by errors about invalid entity records.
var ErrBadRecord = errors.New("kb: bad record")

func (e *Entity) validate() error {
	if e.ID == "" || len(e.ID) > 64 || strings.ContainsAny(e.ID, " \t\n/") {
		return fmt.Errorf("%w: bad id %q", ErrBadRecord, e.ID)
	}
	switch e.Type {
	case TypePER, TypeORG, TypeLOC, TypePROD:
	default:
		return fmt.Errorf("%w: %s: bad type %q", ErrBadRecord, e.ID, e.Type)
	}
	if e.Popularity < 0 || e.Popularity > 1 || e.Popularity != e.Popularity {
		return fmt.Errorf("%w: %s: popularity %v outside [0,1]", ErrBadRecord, e.ID, e.Popularity)
	}
	return nil
}

// RecordWriter writes a gzip-compressed compact record file.
type RecordWriter struct {
	gz  *gzip.Writer
	bw  *bufio.Writer
	enc *json.Encoder
	buf []byte
	n   int
}

// NewRecordWriter writes the header and returns a writer; Close flushes it.
// The output is deterministic for a given sequence of records.
func NewRecordWriter(w io.Writer, h Header) (*RecordWriter, error) {
	return newRecordWriter(w, h, gzip.BestCompression)
}

func newRecordWriter(w io.Writer, h Header, level int) (*RecordWriter, error) {
	gz, err := gzip.NewWriterLevel(w, level)
	if err != nil {
		return nil, err
	}
	bw := bufio.NewWriterSize(gz, 1<<16)
	enc := json.NewEncoder(bw)
	enc.SetEscapeHTML(false)
	h.Format = 1
	if err := enc.Encode(h); err != nil {
		return nil, fmt.Errorf("kb: write header: %w", err)
	}
	return &RecordWriter{gz: gz, bw: bw, enc: enc}, nil
}

// Write appends one record.
func (w *RecordWriter) Write(e *Entity) error {
	w.n++
	var err error
	if w.buf, err = appendEntity(w.buf[:0], e); err != nil {
		return fmt.Errorf("kb: write record %s: %w", e.ID, err)
	}
	if _, err := w.bw.Write(w.buf); err != nil {
		return fmt.Errorf("kb: write record %s: %w", e.ID, err)
	}
	return nil
}

// Close flushes the buffer and the gzip stream (not the underlying writer).
func (w *RecordWriter) Close() error {
	if err := w.bw.Flush(); err != nil {
		return err
	}
	return w.gz.Close()
}

//go:embed data/countries.tsv
var countriesTSV []byte

var (
	countryOnce sync.Once
	qToISO      map[string]string
	isoToQ      map[string]string
)

func loadCountries() {
	countryOnce.Do(func() {
		qToISO, isoToQ = map[string]string{}, map[string]string{}
		sc := bufio.NewScanner(bytes.NewReader(countriesTSV))
		for sc.Scan() {
			f := strings.Split(sc.Text(), "\t")
			if len(f) >= 2 {
				qToISO[f[0]] = f[1]
				if _, ok := isoToQ[f[1]]; !ok {
					isoToQ[f[1]] = f[0]
				}
			}
		}
	})
}

// countryISO returns the ISO 3166-1 alpha-2 code of a country Q id, or "".
func countryISO(q string) string {
	loadCountries()
	return qToISO[q]
}

// CountryQID returns the Q id of the country with ISO 3166-1 alpha-2 code iso, or "".
func CountryQID(iso string) string {
	loadCountries()
	return isoToQ[strings.ToUpper(iso)]
}
