// Command eastasianpairs writes testdata/names/eastasian-dev.jsonl: a development check of
// Korean, Japanese and Chinese personal names written natively (Hangul, kanji, kana, Han)
// against the Latin spellings in common use (Kim Jong Un / Kim Jong-un / 김정은, Shinzo Abe /
// Shinzō Abe / 安倍晋三, Mao Zedong / Mao Tse-tung / 毛泽东). The names are hand-written for nomen in names.tsv beside this file (public
// figures; no data source). Each spelling gives four pairs:
//   - a match against its native form with the native language given (category korean or
//     japanese) and one without a language (korean-nolang, japanese-nolang);
//   - a non-match against another native name of the same language, with and without the
//     language: the nearest row sharing the native name's first character (a family name:
//     김정일 for Kim Jong Un) when there is one, else the next row.
//
// It sits under testdata so that ./... does not build it; run it by path:
//
//	go run ./testdata/names/eastasianpairs > testdata/names/eastasian-dev.jsonl
//
// The output is deterministic.
package main

import (
	"bufio"
	"encoding/json"
	"log"
	"os"
	"path/filepath"
	"runtime"
	"strings"
)

type nameJSON struct {
	Text       string `json:"text"`
	Language   string `json:"language,omitempty"`
	EntityType string `json:"entityType"`
}

type pair struct {
	Name1    nameJSON `json:"name1"`
	Name2    nameJSON `json:"name2"`
	Match    bool     `json:"match"`
	Category string   `json:"category"`
}

type row struct {
	lang, native string
	latin        []string
}

func main() {
	_, self, _, _ := runtime.Caller(0)
	f, err := os.Open(filepath.Join(filepath.Dir(self), "names.tsv"))
	if err != nil {
		log.Fatal(err)
	}
	defer f.Close()
	var rows []row
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		c := strings.Split(line, "\t")
		if len(c) != 3 {
			log.Fatalf("bad line %q", line)
		}
		rows = append(rows, row{c[0], c[1], strings.Split(c[2], "|")})
	}
	if err := sc.Err(); err != nil {
		log.Fatal(err)
	}
	cat := map[string]string{"kor": "korean", "jpn": "japanese", "zho": "chinese"}
	w := bufio.NewWriter(os.Stdout)
	defer w.Flush()
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	for i, r := range rows {
		neg := other(rows, i)
		for _, l := range r.latin {
			for _, lang := range []string{r.lang, ""} {
				c := cat[r.lang]
				if lang == "" {
					c += "-nolang"
				}
				for _, p := range []pair{
					{nameJSON{l, "", "PERSON"}, nameJSON{r.native, lang, "PERSON"}, true, c},
					{nameJSON{l, "", "PERSON"}, nameJSON{rows[neg].native, lang, "PERSON"}, false, c},
				} {
					if err := enc.Encode(p); err != nil {
						log.Fatal(err)
					}
				}
			}
		}
	}
}

// other returns the row whose native name is the non-match of row i: the nearest later row of
// the same language (wrapping around) sharing its first character, else the next row of the
// same language.
func other(rows []row, i int) int {
	first := []rune(rows[i].native)[0]
	next := -1
	for k := 1; k < len(rows); k++ {
		j := (i + k) % len(rows)
		if rows[j].lang != rows[i].lang {
			continue
		}
		if next < 0 {
			next = j
		}
		if []rune(rows[j].native)[0] == first {
			return j
		}
	}
	return next
}
