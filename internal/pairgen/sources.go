package pairgen

import (
	"bufio"
	"encoding/csv"
	"encoding/xml"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/ulikunitz/xz"
)

// openText opens a data file, decompressing .xz files.
func openText(path string) (io.Reader, func() error, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, fmt.Errorf("pairgen: %w", err)
	}
	if !strings.HasSuffix(path, ".xz") {
		return f, f.Close, nil
	}
	zr, err := xz.NewReader(bufio.NewReader(f))
	if err != nil {
		f.Close()
		return nil, nil, fmt.Errorf("pairgen: %s: %w", path, err)
	}
	return zr, f.Close, nil
}

// readLines returns the lines of a data file without line terminators.
func readLines(path string) ([]string, error) {
	r, closeFn, err := openText(path)
	if err != nil {
		return nil, err
	}
	defer closeFn()
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	var out []string
	for sc.Scan() {
		out = append(out, strings.TrimRight(sc.Text(), "\r"))
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("pairgen: read %s: %w", path, err)
	}
	return out, nil
}

// translitRow is one English token with its native-script rendering.
type translitRow struct {
	en, native string
	count      int
}

// loadTranslit reads a wd_<script>_{20,80}.tsv.xz file, keeping rows whose
// English side is a plain word and whose native side is written entirely in
// the script. Duplicate (en, native) rows are dropped; file order is kept.
func loadTranslit(path string, sc *script) ([]translitRow, error) {
	lines, err := readLines(path)
	if err != nil {
		return nil, err
	}
	seen := map[[2]string]bool{}
	var out []translitRow
	for _, l := range lines {
		f := strings.Split(l, "\t")
		if len(f) != 3 {
			continue
		}
		en := strings.TrimSpace(f[0])
		native := strings.ReplaceAll(f[1], " ", "")
		n, err := strconv.Atoi(strings.TrimSpace(f[2]))
		if err != nil || !isWord(en) || len([]rune(en)) < 2 || !sc.only(native) || len([]rune(native)) < sc.minRunes {
			continue
		}
		k := [2]string{en, native}
		if seen[k] {
			continue
		}
		seen[k] = true
		out = append(out, translitRow{en: en, native: native, count: n})
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("pairgen: %s: no usable rows", path)
	}
	return out, nil
}

// isWord reports whether s is non-empty and made of letters and combining
// marks only.
func isWord(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if !unicode.IsLetter(r) && !unicode.Is(unicode.Mn, r) {
			return false
		}
	}
	return true
}

// fullRow is one full name with its native-script rendering.
type fullRow struct {
	en, native []string // tokens
}

// loadFullnames reads a wd_<script>_fullnames.tsv.xz file, keeping person
// names of two or three capitalised tokens whose native rendering has the
// same number of tokens in the script. Each English name and each native
// name is kept once (first occurrence).
func loadFullnames(path string, sc *script) ([]fullRow, error) {
	lines, err := readLines(path)
	if err != nil {
		return nil, err
	}
	seenEn, seenNative := map[string]bool{}, map[string]bool{}
	var out []fullRow
	for _, l := range lines {
		f := strings.Split(l, "\t")
		if len(f) != 2 {
			continue
		}
		en, native := strings.Fields(f[0]), strings.Fields(f[1])
		if len(en) < 2 || len(en) > 3 || len(native) != len(en) {
			continue
		}
		ok := true
		for _, t := range en {
			rs := []rune(t)
			if !unicode.IsUpper(rs[0]) || !isNameToken(t) {
				ok = false
			}
		}
		for _, t := range native {
			if !sc.only(t) {
				ok = false
			}
		}
		if !ok || seenEn[f[0]] || seenNative[f[1]] {
			continue
		}
		seenEn[f[0]], seenNative[f[1]] = true, true
		out = append(out, fullRow{en: en, native: native})
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("pairgen: %s: no usable rows", path)
	}
	return out, nil
}

// isNameToken reports whether t is letters with at most inner hyphens,
// apostrophes or a final period (an initial such as "W.").
func isNameToken(t string) bool {
	t = strings.TrimSuffix(t, ".")
	if t == "" {
		return false
	}
	for i, r := range t {
		if unicode.IsLetter(r) || unicode.Is(unicode.Mn, r) {
			continue
		}
		if (r == '-' || r == '\'') && i > 0 && i < len(t)-1 {
			continue
		}
		return false
	}
	return true
}

// person is a given name and a family name.
type person struct {
	given, family string
	id            string // source record or cluster id; equal ids are one entity
}

// csvRecords reads a CSV file with a header row and returns rows as maps
// from trimmed column name to trimmed value.
func csvRecords(path string) ([]map[string]string, error) {
	r, closeFn, err := openText(path)
	if err != nil {
		return nil, err
	}
	defer closeFn()
	cr := csv.NewReader(r)
	cr.FieldsPerRecord = -1
	cr.LazyQuotes = true
	header, err := cr.Read()
	if err != nil {
		return nil, fmt.Errorf("pairgen: %s: header: %w", path, err)
	}
	for i := range header {
		header[i] = strings.TrimSpace(header[i])
	}
	var out []map[string]string
	for {
		rec, err := cr.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("pairgen: %s: %w", path, err)
		}
		m := make(map[string]string, len(header))
		for i, v := range rec {
			if i < len(header) {
				m[header[i]] = strings.TrimSpace(v)
			}
		}
		out = append(out, m)
	}
	return out, nil
}

// febrlRecord is one febrl record's name fields.
type febrlRecord struct {
	orig          string // original record number within its file
	dup           bool
	given, family string
}

// loadFebrl reads the given files of the febrl folder. Names are lower case
// in the source.
func loadFebrl(dir string, files ...string) ([]febrlRecord, error) {
	var out []febrlRecord
	for _, name := range files {
		recs, err := csvRecords(filepath.Join(dir, name))
		if err != nil {
			return nil, err
		}
		for _, m := range recs {
			id := strings.Split(m["rec_id"], "-")
			if len(id) < 3 {
				continue
			}
			out = append(out, febrlRecord{
				orig:   name + "/" + id[1],
				dup:    id[2] == "dup",
				given:  m["given_name"],
				family: m["surname"],
			})
		}
	}
	return out, nil
}

// orgName is one organisation name with an optional cluster id and country.
type orgName struct {
	text, id, country string
}

// loadChicago reads the dedupe-chicago site names with their true ids,
// skipping names damaged by mis-decoded characters.
func loadChicago(path string) ([]orgName, error) {
	recs, err := csvRecords(path)
	if err != nil {
		return nil, err
	}
	var out []orgName
	for _, m := range recs {
		t := strings.Join(strings.Fields(m["Site name"]), " ")
		if t == "" || strings.ContainsAny(t, "‚Äö√Ñ¥Ã?") || strings.ContainsRune(t, unicode.ReplacementChar) {
			continue
		}
		out = append(out, orgName{text: t, id: "chicago/" + m["True Id"]})
	}
	return out, nil
}

// loadSEC reads cleanco's SEC company list; parity 1 keeps odd-numbered
// lines (1-based) and parity 0 even-numbered ones.
func loadSEC(path string, parity int) ([]orgName, error) {
	lines, err := readLines(path)
	if err != nil {
		return nil, err
	}
	var out []orgName
	for i, l := range lines {
		if (i+1)%2 != parity {
			continue
		}
		name, country, ok := strings.Cut(l, ";")
		name = strings.Join(strings.Fields(name), " ")
		if !ok || name == "" {
			continue
		}
		out = append(out, orgName{text: name, id: fmt.Sprintf("sec/%d", i+1), country: strings.TrimSpace(country)})
	}
	return out, nil
}

// ppName is one labelled name from probablepeople's XML: tokens with labels.
type ppName struct {
	Tokens []struct {
		XMLName xml.Name
		Text    string `xml:",chardata"`
	} `xml:",any"`
}

// ppEntry is one probablepeople name: its tokens in order and their labels.
type ppEntry struct {
	tokens, labels []string
}

// has reports whether any token of e carries label.
func (e ppEntry) has(label string) bool { return slices.Contains(e.labels, label) }

// loadProbablePeople reads a parserator XML file.
func loadProbablePeople(path string) ([]ppEntry, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("pairgen: %w", err)
	}
	var doc struct {
		Names []ppName `xml:"Name"`
	}
	if err := xml.Unmarshal(b, &doc); err != nil {
		return nil, fmt.Errorf("pairgen: %s: %w", path, err)
	}
	out := make([]ppEntry, 0, len(doc.Names))
	for _, n := range doc.Names {
		var e ppEntry
		for _, t := range n.Tokens {
			e.tokens = append(e.tokens, strings.TrimSpace(t.Text))
			e.labels = append(e.labels, t.XMLName.Local)
		}
		out = append(out, e)
	}
	return out, nil
}

// loadNicknameTable reads the nicknames CSV (name1,relationship,name2) as
// formal name -> nicknames, both lower case.
func loadNicknameTable(path string) (map[string][]string, error) {
	recs, err := csvRecords(path)
	if err != nil {
		return nil, err
	}
	out := map[string][]string{}
	for _, m := range recs {
		if m["relationship"] != "has_nickname" || m["name1"] == "" || m["name2"] == "" {
			continue
		}
		out[m["name1"]] = append(out[m["name1"]], m["name2"])
	}
	for k, v := range out {
		slices.Sort(v)
		out[k] = slices.Compact(v)
	}
	return out, nil
}
