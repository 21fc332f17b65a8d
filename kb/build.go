package kb

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/mapping"
)

// Summary reports a finished build.
type Summary struct {
	Dir        string         `json:"dir"`
	Entities   int            `json:"entities"`
	Aliases    int            `json:"aliases"`
	Types      map[string]int `json:"types"`
	Sources    []string       `json:"sources"`
	Read       int            `json:"read"`
	Skipped    int            `json:"skipped"`
	Seconds    float64        `json:"seconds"`
	PerSecond  float64        `json:"entitiesPerSecond"`
	IndexBytes int64          `json:"indexBytes"`
}

// String renders the summary as one line.
func (s Summary) String() string {
	var ts []string
	for _, t := range sortedKeys(s.Types) {
		ts = append(ts, fmt.Sprintf("%s %d", t, s.Types[t]))
	}
	return fmt.Sprintf("kb: built %s: %d entities (%s), %d names, from %d records (%d skipped) in %.1fs (%.0f entities/s), %.1f MB on disk",
		s.Dir, s.Entities, strings.Join(ts, ", "), s.Aliases, s.Read, s.Skipped, s.Seconds, s.PerSecond, float64(s.IndexBytes)/1e6)
}

// source is one input of a build.
type source struct {
	name string
	open func(ctx context.Context) (io.ReadCloser, error)
}

func fileSources(paths []string) []source {
	out := make([]source, len(paths))
	for i, p := range paths {
		out[i] = source{name: p, open: func(ctx context.Context) (io.ReadCloser, error) { return openSource(ctx, p) }}
	}
	return out
}

// Build reads the source files (compact record files written by
// PrepareDefault or RecordWriter, or Wikidata JSON dumps, optionally gzip,
// bzip2 or xz compressed), merges the records by id, and writes a KB to
// outDir: the build goes to a temporary directory next to outDir, is moved
// into outDir as a new version and made current by an atomic rename of the
// outDir/current link. An error or a cancelled ctx leaves the previous KB
// in outDir untouched and serving. Progress goes to progress (a bar when it
// is a terminal, plain lines otherwise; nil for none).
func Build(ctx context.Context, sources []string, outDir string, progress io.Writer) (Summary, error) {
	if len(sources) == 0 {
		return Summary{}, errors.New("kb: build: no sources")
	}
	return build(ctx, fileSources(sources), outDir, "", progress)
}

// Reindex rebuilds the index of the KB in dir from its own entity records
// (after a format or mapping change), switching atomically like Build.
func Reindex(ctx context.Context, dir string, progress io.Writer) error {
	root, err := resolveDir(dir)
	if err != nil {
		return err
	}
	var meta Meta
	if b, err := os.ReadFile(filepath.Join(root, "meta.json")); err == nil {
		_ = json.Unmarshal(b, &meta)
	}
	// Read the records into memory first: the old version is removed after
	// the switch.
	data, err := os.ReadFile(filepath.Join(root, entitiesFile))
	if err != nil {
		return fmt.Errorf("kb: reindex: %w", err)
	}
	src := source{name: filepath.Join(root, entitiesFile), open: func(ctx context.Context) (io.ReadCloser, error) {
		return openBytes(data)
	}}
	_, err = build(ctx, []source{src}, dir, meta.DataHash, progress)
	return err
}

func openBytes(b []byte) (io.ReadCloser, error) {
	tmp, err := os.CreateTemp("", "nomen-kb-*")
	if err != nil {
		return nil, err
	}
	name := tmp.Name()
	if _, err := tmp.Write(b); err != nil {
		tmp.Close()
		os.Remove(name)
		return nil, err
	}
	tmp.Close()
	rc, err := openSource(context.Background(), name)
	if err != nil {
		os.Remove(name)
		return nil, err
	}
	return &readCloser{Reader: rc, close: func() error { err := rc.Close(); os.Remove(name); return err }}, nil
}

func build(ctx context.Context, srcs []source, outDir, dataHash string, progress io.Writer) (Summary, error) {
	start := time.Now()
	// The build allocates many short-lived objects; a laxer GC target
	// roughly halves its CPU time.
	defer debug.SetGCPercent(debug.SetGCPercent(200))
	sum := Summary{Dir: outDir}
	pr := newProgress(progress)
	merged := map[string]*Entity{}
	var order []string
	add := func(e *Entity) error {
		sum.Read++
		if cur, ok := merged[e.ID]; ok {
			cur.Merge(e)
			return nil
		}
		merged[e.ID] = e
		order = append(order, e.ID)
		return nil
	}
	// The sources are decoded concurrently and merged in their given order,
	// so the result does not depend on which finishes first.
	pr.phase("reading")
	read := make([][]*Entity, len(srcs))
	readSum := make([]Summary, len(srcs))
	readErr := make([]error, len(srcs))
	var (
		wg     sync.WaitGroup
		tickMu sync.Mutex
		ticks  int
	)
	readDone := make([]chan struct{}, len(srcs))
	for i, s := range srcs {
		wg.Add(1)
		readDone[i] = make(chan struct{})
		go func() {
			defer wg.Done()
			defer close(readDone[i])
			readErr[i] = readSource(ctx, s, func(e *Entity) error {
				read[i] = append(read[i], e)
				tickMu.Lock()
				ticks++
				pr.tick(ticks)
				tickMu.Unlock()
				return nil
			}, &readSum[i])
		}()
	}
	// Each source is merged as soon as it and those before it are read.
	for i := range srcs {
		<-readDone[i]
		if readErr[i] != nil {
			wg.Wait()
			return sum, readErr[i]
		}
		sum.Skipped += readSum[i].Skipped
		for _, e := range read[i] {
			if err := add(e); err != nil {
				return sum, err
			}
		}
		read[i] = nil
	}
	if len(merged) == 0 {
		return sum, errors.New("kb: build: the sources hold no entity")
	}
	sort.Strings(order)
	ents := make([]*Entity, 0, len(order))
	for _, id := range order {
		e := merged[id]
		if len(e.Labels) == 0 && len(e.Aliases) == 0 {
			sum.Skipped++
			continue
		}
		if e.Type == "" {
			sum.Skipped++
			continue
		}
		if len(e.OntologyTypes) == 0 {
			cls := e.Classes
			if len(cls) == 0 {
				cls = []string{defaultClass[e.Type]}
			}
			_, e.OntologyTypes = ClassifyClasses(cls)
		}
		e.Finalize()
		ents = append(ents, e)
	}
	parent := filepath.Dir(filepath.Clean(outDir))
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return sum, fmt.Errorf("kb: build: %w", err)
	}
	tmp, err := os.MkdirTemp(parent, "."+filepath.Base(outDir)+".tmp-")
	if err != nil {
		return sum, fmt.Errorf("kb: build: %w", err)
	}
	done := false
	defer func() {
		if !done {
			os.RemoveAll(tmp)
		}
	}()
	// The merged records are written while the index is built; both only
	// read ents.
	entsDone := make(chan error, 1)
	go func() {
		err := writeEntities(filepath.Join(tmp, entitiesFile), ents)
		if err == nil && dataHash == "" {
			dataHash, err = fileHash(filepath.Join(tmp, entitiesFile))
		}
		entsDone <- err
	}()
	nAliases, pairs, err := writeIndex(ctx, filepath.Join(tmp, indexDir), ents, pr)
	if err == nil {
		err = writeSoundIndex(filepath.Join(tmp, soundFile), buildSoundIndex(ents, pairs...))
	}
	if entsErr := <-entsDone; entsErr != nil {
		return sum, entsErr
	}
	if err != nil {
		return sum, err
	}
	sum.Entities = len(ents)
	sum.Aliases = nAliases
	sum.Types = map[string]int{}
	srcSet := map[string]bool{}
	for _, e := range ents {
		sum.Types[e.Type]++
		for _, s := range e.Sources {
			srcSet[s] = true
		}
	}
	sum.Sources = sortedKeys(srcSet)
	sum.Seconds = time.Since(start).Seconds()
	sum.PerSecond = float64(sum.Entities) / sum.Seconds
	meta := Meta{Format: formatVersion, DataHash: dataHash, Entities: sum.Entities, Aliases: nAliases,
		Types: sum.Types, Sources: sum.Sources, BuiltAt: time.Now().UTC().Format(time.RFC3339), BuildSecs: sum.Seconds}
	mb, _ := json.MarshalIndent(meta, "", "  ")
	if err := os.WriteFile(filepath.Join(tmp, "meta.json"), mb, 0o644); err != nil {
		return sum, fmt.Errorf("kb: build: %w", err)
	}
	sum.IndexBytes = dirSize(tmp)
	if err := ctx.Err(); err != nil {
		return sum, err
	}
	if err := switchVersion(tmp, outDir); err != nil {
		return sum, err
	}
	done = true
	pr.finish(sum.String())
	return sum, nil
}

func readSource(ctx context.Context, s source, add func(*Entity) error, sum *Summary) error {
	rc, err := s.open(ctx)
	if err != nil {
		return err
	}
	defer rc.Close()
	br := newPeekReader(rc)
	head, _ := br.peekLine()
	count := add
	if bytes.Contains(head, []byte(`"nomenKB"`)) {
		if _, err := ReadRecords(ctx, br, count); err != nil {
			return fmt.Errorf("kb: build: %s: %w", s.name, err)
		}
		return nil
	}
	st, err := ReadWikidataDump(ctx, br, count)
	sum.Skipped += st.NoLabel + st.OutOfFamily
	if err != nil {
		return fmt.Errorf("kb: build: %s: %w", s.name, err)
	}
	return nil
}

func writeEntities(path string, ents []*Entity) error {
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("kb: build: %w", err)
	}
	// Level 2 costs what BestSpeed costs, writes a smaller file and
	// decodes three times faster at Open.
	w, err := newRecordWriter(f, Header{Layer: "merged"}, 2)
	if err != nil {
		f.Close()
		return err
	}
	for _, e := range ents {
		if err := w.Write(e); err != nil {
			f.Close()
			return err
		}
	}
	if err := w.Close(); err != nil {
		f.Close()
		return fmt.Errorf("kb: build: %w", err)
	}
	return f.Close()
}

// batchSize is the number of documents per bleve batch.
const batchSize = 5000

// indexShards is the fixed number of bleve indexes a build writes
// (dir/shard-N, searched through an index alias by Open). It does not
// depend on the machine, so the scores, whose idf is per shard, are the
// same wherever the index was built; the shards are written concurrently.
const indexShards = 2

// writeIndex writes the bleve index of ents into dir as indexShards shards:
// entity i goes to shard i mod indexShards. Each shard has its own offline
// builder and a goroutine preparing its documents (names normalized)
// while bleve indexes. It returns the number of distinct normalized
// names indexed.
func writeIndex(ctx context.Context, dir string, ents []*Entity, pr *progress) (int, [][]soundPair, error) {
	im, err := newIndexMapping()
	if err != nil {
		return 0, nil, err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return 0, nil, fmt.Errorf("kb: build index: %w", err)
	}
	pr.phase("indexing")
	var (
		wg      sync.WaitGroup
		mu      sync.Mutex
		indexed int
		names   = make([]int, indexShards)
		pairs   = make([][]soundPair, indexShards)
		errs    = make([]error, indexShards)
	)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	for sh := 0; sh < indexShards; sh++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			names[sh], pairs[sh], errs[sh] = writeShard(ctx, filepath.Join(dir, fmt.Sprintf("shard-%d", sh)), im, ents, sh, func(n int) {
				mu.Lock()
				indexed += n
				pr.total(indexed, len(ents))
				mu.Unlock()
			})
			if errs[sh] != nil {
				cancel()
			}
		}()
	}
	wg.Wait()
	total := 0
	for sh := range indexShards {
		if errs[sh] != nil {
			return 0, nil, errs[sh]
		}
		total += names[sh]
	}
	pr.total(len(ents), len(ents))
	return total, pairs, nil
}

// writeShard indexes the entities ents[shard], ents[shard+indexShards], ...
// into the bleve index at path, reporting progress every 2,000 entities.
func writeShard(ctx context.Context, path string, im mapping.IndexMapping, ents []*Entity, shard int, progress func(int)) (int, []soundPair, error) {
	if shard >= len(ents) {
		// No entity falls to this shard (a knowledge base of one record): bleve's offline
		// builder cannot close an empty index, so an empty regular index is written.
		idx, err := bleve.New(path, im)
		if err != nil {
			return 0, nil, fmt.Errorf("kb: build index: %w", err)
		}
		if err := idx.Close(); err != nil {
			return 0, nil, fmt.Errorf("kb: build index: %w", err)
		}
		return 0, nil, nil
	}
	// The offline builder writes segments of batchSize documents and merges
	// them once at the end into one segment: no background persister or
	// merger.
	bld, err := bleve.NewBuilder(path, im, map[string]any{
		"batchSize":       batchSize,
		"mergeMax":        32,
		"buildPathPrefix": filepath.Dir(path),
	})
	if err != nil {
		return 0, nil, fmt.Errorf("kb: build index: %w", err)
	}
	type prepared struct {
		f     *nameField
		names int
	}
	docs := make(chan prepared, 4096)
	stop := make(chan struct{})
	sounds := make(chan []soundPair, 1)
	go func() {
		defer close(docs)
		tb := newTermsBuilder()
		var pairs []soundPair
		defer func() { sounds <- pairs }()
		for i := shard; i < len(ents); i += indexShards {
			f, n := docFor(ents[i], tb)
			pairs = appendSoundPairs(pairs, tb.terms, int32(i))
			select {
			case docs <- prepared{f, n}:
			case <-stop:
				return
			}
		}
	}()
	defer func() {
		close(stop)
		for range docs {
		}
	}()
	names, count := 0, 0
	for i := shard; i < len(ents); i += indexShards {
		if count%256 == 0 {
			if err := ctx.Err(); err != nil {
				bld.Close()
				return 0, nil, err
			}
		}
		d := <-docs
		names += d.names
		if err := bld.Index(ents[i].ID, d.f); err != nil {
			bld.Close()
			return 0, nil, fmt.Errorf("kb: build index %s: %w", ents[i].ID, err)
		}
		count++
		if count%2000 == 0 {
			progress(2000)
		}
	}
	if err := bld.Close(); err != nil {
		return 0, nil, fmt.Errorf("kb: build index: %w", err)
	}
	for range docs {
	}
	return names, <-sounds, nil
}

// switchVersion moves the finished build tmp into outDir as a new version
// directory and atomically points outDir/current at it, then removes the
// versions no longer current. A plain KB directory (meta.json directly in
// outDir, as a user may have copied) is first moved into a version.
func switchVersion(tmp, outDir string) error {
	if err := os.MkdirAll(outDir, 0o755); err != nil {
		return fmt.Errorf("kb: switch: %w", err)
	}
	if _, err := os.Lstat(filepath.Join(outDir, currentLink)); err != nil {
		if _, err := os.Stat(filepath.Join(outDir, "meta.json")); err == nil {
			return fmt.Errorf("kb: switch: %s holds a plain KB; build into another directory", outDir)
		}
	}
	ver := "v" + strconv.FormatInt(time.Now().UnixNano(), 36)
	if err := os.Rename(tmp, filepath.Join(outDir, ver)); err != nil {
		return fmt.Errorf("kb: switch: %w", err)
	}
	link := filepath.Join(outDir, ".current.tmp-"+ver)
	if err := os.Symlink(ver, link); err != nil {
		os.RemoveAll(filepath.Join(outDir, ver))
		return fmt.Errorf("kb: switch: %w", err)
	}
	if err := os.Rename(link, filepath.Join(outDir, currentLink)); err != nil {
		os.Remove(link)
		os.RemoveAll(filepath.Join(outDir, ver))
		return fmt.Errorf("kb: switch: %w", err)
	}
	entries, _ := os.ReadDir(outDir)
	for _, de := range entries {
		n := de.Name()
		if n != ver && (strings.HasPrefix(n, "v") || strings.HasPrefix(n, ".current.tmp-")) && !strings.Contains(n, ".") || strings.HasPrefix(n, ".current.tmp-") && n != ".current.tmp-"+ver {
			os.RemoveAll(filepath.Join(outDir, n))
		}
	}
	return nil
}

func fileHash(path string) (string, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return "", fmt.Errorf("kb: hash: %w", err)
	}
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:]), nil
}

func dirSize(dir string) int64 {
	var n int64
	_ = filepath.Walk(dir, func(_ string, info os.FileInfo, err error) error {
		if err == nil && !info.IsDir() {
			n += info.Size()
		}
		return nil
	})
	return n
}
