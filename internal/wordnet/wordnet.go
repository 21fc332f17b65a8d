// Package wordnet reads the files of the WordNet 3.0 database tarball in the data directory
// (wordnet/wordnet-3.0.tar.xz), for the packages that build tables from it (morph's tagger
// lexicon, semantics' term vectors).
package wordnet

import (
	"archive/tar"
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/ulikunitz/xz"
)

// Path is where the WordNet database lies under the data directory.
const Path = "wordnet/wordnet-3.0.tar.xz"

// EachFile calls fn with the base name and the content of every file of the tarball under
// dataDir whose base name want accepts, in the tarball's order. Errors name the tarball.
func EachFile(dataDir string, want func(name string) bool, fn func(name string, r io.Reader) error) error {
	path := filepath.Join(dataDir, Path)
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("wordnet: %w", err)
	}
	defer f.Close()
	xr, err := xz.NewReader(bufio.NewReader(f))
	if err != nil {
		return fmt.Errorf("wordnet %s: %w", path, err)
	}
	tr := tar.NewReader(xr)
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return fmt.Errorf("wordnet %s: %w", path, err)
		}
		name := filepath.Base(h.Name)
		if h.Typeflag != tar.TypeReg || !want(name) {
			continue
		}
		if err := fn(name, tr); err != nil {
			return fmt.Errorf("wordnet %s: %s: %w", path, name, err)
		}
	}
}

// Lines calls fn with every line of r that is not blank and not part of a licence header
// (lines that start with a space).
func Lines(r io.Reader, fn func(line string) error) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || line[0] == ' ' {
			continue
		}
		if err := fn(line); err != nil {
			return err
		}
	}
	return sc.Err()
}
