// Command kanjipairs writes testdata/names/kanji-dev.jsonl: a development check of Japanese
// names written in Han characters (kanji), built from the TRAIN transliteration file
// wikidata-name-transliteration/wd_japanese_80.tsv.xz (CC0). Each of 600 rows whose native
// form is Han characters only gives a match (its Latin spelling against its kanji, with
// language jpn) and a non-match (the same spelling against the next row's kanji). Many rows
// are Chinese or Korean names as Japanese writes them, which is what users send too. It sits
// under testdata so that ./... does not build it; run it by path:
//
//	go run ./testdata/names/kanjipairs --data ../shared/data > testdata/names/kanji-dev.jsonl
//
// The output is deterministic (PCG seed 20261123).
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"log"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"unicode"

	"github.com/ulikunitz/xz"
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

func main() {
	data := flag.String("data", "../shared/data", "shared data directory")
	n := flag.Int("n", 600, "rows to use")
	flag.Parse()
	f, err := os.Open(filepath.Join(*data, "wikidata-name-transliteration", "wd_japanese_80.tsv.xz"))
	if err != nil {
		log.Fatal(err)
	}
	defer f.Close()
	zr, err := xz.NewReader(f)
	if err != nil {
		log.Fatal(err)
	}
	type row struct{ latin, kanji string }
	var rows []row
	seen := map[string]bool{}
	sc := bufio.NewScanner(zr)
	for sc.Scan() {
		cols := strings.Split(sc.Text(), "\t")
		if len(cols) < 2 {
			continue
		}
		latin, kanji := cols[0], strings.ReplaceAll(cols[1], " ", "")
		if !allRunes(kanji, func(r rune) bool { return unicode.Is(unicode.Han, r) }) ||
			!allRunes(latin, func(r rune) bool { return unicode.IsLetter(r) && r < 0x250 || r == ' ' || r == '-' || r == '\'' }) ||
			seen[latin+"\t"+kanji] {
			continue
		}
		seen[latin+"\t"+kanji] = true
		rows = append(rows, row{titleCase(latin), kanji})
	}
	if err := sc.Err(); err != nil {
		log.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(20261123, 0))
	rng.Shuffle(len(rows), func(i, j int) { rows[i], rows[j] = rows[j], rows[i] })
	if len(rows) > *n {
		rows = rows[:*n]
	}
	w := bufio.NewWriter(os.Stdout)
	defer w.Flush()
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	for i, r := range rows {
		other := rows[(i+1)%len(rows)].kanji
		for _, p := range []pair{
			{nameJSON{r.latin, "", "PERSON"}, nameJSON{r.kanji, "jpn", "PERSON"}, true, "kanji-jpn"},
			{nameJSON{r.latin, "", "PERSON"}, nameJSON{other, "jpn", "PERSON"}, false, "kanji-jpn"},
		} {
			if err := enc.Encode(p); err != nil {
				log.Fatal(err)
			}
		}
	}
}

func allRunes(s string, ok func(rune) bool) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if !ok(r) {
			return false
		}
	}
	return true
}

func titleCase(s string) string {
	ws := strings.Fields(s)
	for i, w := range ws {
		rs := []rune(w)
		rs[0] = unicode.ToUpper(rs[0])
		ws[i] = string(rs)
	}
	return strings.Join(ws, " ")
}
