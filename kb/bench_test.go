package kb

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"sort"
	"sync"
	"syscall"
	"testing"
	"time"
)

// benchRecords writes the first n records of the embedded core layer (real
// data) to a record file and returns its path and some of their names.
func benchRecords(b *testing.B, n int) (string, []string) {
	b.Helper()
	raw, err := defaultData.ReadFile("data/core.jsonl.gz")
	if err != nil {
		b.Skip("no embedded default data")
	}
	rc, err := openBytes(raw)
	if err != nil {
		b.Fatal(err)
	}
	defer rc.Close()
	path := filepath.Join(b.TempDir(), "bench.jsonl.gz")
	f, err := os.Create(path)
	if err != nil {
		b.Fatal(err)
	}
	w, err := NewRecordWriter(f, Header{Layer: "bench"})
	if err != nil {
		b.Fatal(err)
	}
	var names []string
	count := 0
	_, err = ReadRecords(context.Background(), rc, func(e *Entity) error {
		if count == n {
			return errStop
		}
		count++
		if l := e.Label("en"); l != "" && count%7 == 0 {
			names = append(names, l)
		}
		return w.Write(e)
	})
	if err != nil && err != errStop {
		b.Fatal(err)
	}
	if err := w.Close(); err != nil {
		b.Fatal(err)
	}
	f.Close()
	return path, names
}

var errStop = os.ErrClosed

// BenchmarkBuild builds a KB of 20,000 real entities (the first records of
// the default core layer) and reports entities/s.
func BenchmarkBuild(b *testing.B) {
	const n = 20000
	path, _ := benchRecords(b, n)
	b.ReportAllocs()
	b.ResetTimer()
	start := time.Now()
	cpu0 := cpuTime()
	builds := 0
	for b.Loop() {
		out := filepath.Join(b.TempDir(), "kb")
		if _, err := Build(context.Background(), []string{path}, out, nil); err != nil {
			b.Fatal(err)
		}
		builds++
	}
	b.ReportMetric(float64(n*builds)/time.Since(start).Seconds(), "entities/s")
	// On a machine shared with other jobs the wall clock says little; the
	// process CPU time gives the throughput per busy core.
	b.ReportMetric(float64(n*builds)/(cpuTime()-cpu0).Seconds(), "entities/cpu-s")
}

// BenchmarkBuildDefault builds the whole default KB (every embedded layer,
// 158,825 entities) and reports entities per second of wall time and of
// process CPU time; run it with -cpu 1 -benchtime 1x for the figure of one
// core.
func BenchmarkBuildDefault(b *testing.B) {
	var srcs []source
	for _, name := range defaultLayers {
		raw, err := defaultData.ReadFile("data/" + name)
		if err != nil {
			b.Skip("no embedded default data")
		}
		srcs = append(srcs, source{name: name, open: func(context.Context) (io.ReadCloser, error) { return openBytes(raw) }})
	}
	b.ReportAllocs()
	b.ResetTimer()
	start := time.Now()
	cpu0 := cpuTime()
	n := 0
	for b.Loop() {
		sum, err := build(context.Background(), srcs, filepath.Join(b.TempDir(), "kb"), "", nil)
		if err != nil {
			b.Fatal(err)
		}
		n += sum.Entities
	}
	b.ReportMetric(float64(n)/time.Since(start).Seconds(), "entities/s")
	b.ReportMetric(float64(n)/(cpuTime()-cpu0).Seconds(), "entities/cpu-s")
}

// cpuTime is the user+system CPU time of this process.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

var (
	benchOnce  sync.Once
	benchKB    *KB
	benchNames []string
)

func openBenchKB(b *testing.B) (*KB, []string) {
	benchOnce.Do(func() {
		path, names := benchRecords(b, 20000)
		out := filepath.Join(os.TempDir(), "nomen-kb-bench")
		os.RemoveAll(out)
		if _, err := Build(context.Background(), []string{path}, out, nil); err != nil {
			b.Fatal(err)
		}
		k, err := Open(out)
		if err != nil {
			b.Fatal(err)
		}
		benchKB, benchNames = k, names
	})
	if benchKB == nil {
		b.Fatal("bench KB not built")
	}
	return benchKB, benchNames
}

// BenchmarkExactCandidates measures the exact alias lookup (normalization +
// map) and reports its 99th percentile latency.
func BenchmarkExactCandidates(b *testing.B) {
	k, names := openBenchKB(b)
	lat := make([]time.Duration, 0, 1<<16)
	b.ReportAllocs()
	b.ResetTimer()
	i := 0
	for b.Loop() {
		t := time.Now()
		k.ExactCandidates(names[i%len(names)], "", 10)
		if len(lat) < cap(lat) {
			lat = append(lat, time.Since(t))
		}
		i++
	}
	b.StopTimer()
	sort.Slice(lat, func(a, c int) bool { return lat[a] < lat[c] })
	if len(lat) > 0 {
		b.ReportMetric(float64(lat[len(lat)*99/100].Nanoseconds()), "p99-ns")
	}
}

// BenchmarkSearchFuzzy measures a misspelled query (exact miss, fuzzy
// lookup in bleve, sound index, rescoring).
func BenchmarkSearchFuzzy(b *testing.B) {
	k, names := openBenchKB(b)
	typos := make([]string, 0, len(names))
	for _, n := range names {
		r := []rune(n)
		if len(r) > 4 {
			r[1], r[2] = r[2], r[1]
		}
		typos = append(typos, string(r))
	}
	b.ReportAllocs()
	b.ResetTimer()
	i := 0
	for b.Loop() {
		if _, err := k.Search(typos[i%len(typos)], "", "en", 10); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

func BenchmarkNormalize(b *testing.B) {
	in := []string{"Albert Einstein", "São Paulo", "Москва", "東京都", "McDonald's Corp."}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		Normalize(in[i%len(in)])
		i++
	}
}
