package main

import (
	"context"
	"io"
	"log/slog"
	"sync"
	"time"

	"github.com/nomenhq/nomen/internal/errs"
	"github.com/nomenhq/nomen/kb"
)

// runKB mounts the knowledge-base tools: nomen kb build|reindex|prepare|search.
func runKB(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	return kb.RunCLI(ctx, args, stdout, stderr)
}

// kbLoader opens the knowledge base in the background so that the service starts at once;
// until it is open, KB answers a 503 that says so.
type kbLoader struct {
	mu struct {
		sync.Mutex
		kb  *kb.KB
		err error
	}
}

func loadKB(dir string) *kbLoader {
	l := &kbLoader{}
	go func() {
		start := time.Now()
		var k *kb.KB
		var err error
		if dir != "" {
			k, err = kb.Open(dir)
		} else {
			k, err = kb.OpenDefault("")
		}
		l.mu.Lock()
		l.mu.kb, l.mu.err = k, err
		l.mu.Unlock()
		if err != nil {
			slog.Error("knowledge base failed to open", "dir", dir, "err", err.Error())
			return
		}
		slog.Info("knowledge base ready", "dir", dir, "seconds", time.Since(start).Seconds(), "stats", k.Stats())
	}()
	return l
}

// KB implements server.KBSource.
func (l *kbLoader) KB() (*kb.KB, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	switch {
	case l.mu.err != nil:
		return nil, errs.Wrap(errs.Internal, l.mu.err, "knowledge base")
	case l.mu.kb == nil:
		return nil, errs.E(errs.Unavailable, "the knowledge base is still loading; retry in a minute")
	}
	return l.mu.kb, nil
}

// openKBSource is an opened knowledge base as a server.KBSource.
type openKBSource struct{ k *kb.KB }

// KB implements server.KBSource.
func (s openKBSource) KB() (*kb.KB, error) { return s.k, nil }
