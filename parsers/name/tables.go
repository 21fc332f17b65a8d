package name

import (
	"bufio"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"gopkg.in/yaml.v3"
)

// Generated table files, written by BuildTables into data/ and embedded.
const (
	fileNicknames  = "nicknames.tsv"
	fileGender     = "gender.tsv"
	fileLegalForms = "legalforms.tsv"
	fileTitles     = "titles.tsv"
	fileStopwords  = "stopwords.txt"
	fileOrgSymbols = "orgsymbols.tsv"
)

// BuildTables regenerates the embedded tables from the TRAIN data sets in
// dataDir (normally ../shared/data) and writes them into outDir (normally
// parsers/name/data). The output is deterministic: sorted, one entry a
// line, UTF-8. Sources: nicknames/names.csv, nltk-names/{male,female}.txt,
// opensanctions-rigour/resources/names/{org_types,stopwords,symbols}.yml and
// text/stopwords.yml, cleanco/legal_terms.json and
// gleif-elf-iso20275/elf-code-list-2026-02-19.csv, plus the hand-written
// lists in this file.
func BuildTables(dataDir, outDir string) error {
	if err := os.MkdirAll(outDir, 0o755); err != nil {
		return fmt.Errorf("name: build tables: %w", err)
	}
	steps := []struct {
		file  string
		build func(string) ([]string, error)
	}{
		{fileNicknames, buildNicknames},
		{fileGender, buildGender},
		{fileLegalForms, buildLegalForms},
		{fileTitles, buildTitles},
		{fileStopwords, buildStopwords},
		{fileOrgSymbols, buildOrgSymbols},
	}
	for _, s := range steps {
		lines, err := s.build(dataDir)
		if err != nil {
			return fmt.Errorf("name: build %s: %w", s.file, err)
		}
		data := strings.Join(lines, "\n") + "\n"
		if err := os.WriteFile(filepath.Join(outDir, s.file), []byte(data), 0o644); err != nil {
			return fmt.Errorf("name: build %s: %w", s.file, err)
		}
	}
	return nil
}

// keyOf returns the lookup key of a multi-word dictionary phrase: its
// tokens (split as Parse splits text) folded and joined by single spaces;
// "&" stays "&".
func keyOf(phrase string) string {
	spans := scan(phrase, nil)
	parts := make([]string, 0, len(spans))
	for _, sp := range spans {
		if sp.amp {
			parts = append(parts, "&")
			continue
		}
		parts = append(parts, Fold(phrase[sp.start:sp.end]))
	}
	return strings.Join(parts, " ")
}

// compact returns the canonical spelling of a legal form or title: folded,
// without spaces or punctuation ("S.A. de C.V." → "sadecv").
func compact(s string) string {
	return strings.ReplaceAll(keyOf(strings.ReplaceAll(s, "&", " ")), " ", "")
}

func buildNicknames(dataDir string) ([]string, error) {
	f, err := os.Open(filepath.Join(dataDir, "nicknames", "names.csv"))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	r := csv.NewReader(f)
	recs, err := r.ReadAll()
	if err != nil {
		return nil, err
	}
	groups := map[string]map[string]bool{}
	for i, rec := range recs {
		if i == 0 || len(rec) != 3 || rec[1] != "has_nickname" {
			continue
		}
		canon, nick := Fold(rec[0]), Fold(rec[2])
		if canon == "" || nick == "" || canon == nick || strings.Contains(canon+nick, " ") {
			continue
		}
		if groups[canon] == nil {
			groups[canon] = map[string]bool{}
		}
		groups[canon][nick] = true
	}
	lines := make([]string, 0, len(groups))
	for canon, nicks := range groups {
		lines = append(lines, canon+"\t"+strings.Join(sortedKeys(nicks), " "))
	}
	sort.Strings(lines)
	return lines, nil
}

func buildGender(dataDir string) ([]string, error) {
	g := map[string]byte{}
	for _, file := range []struct {
		name string
		bit  byte
	}{{"male.txt", 1}, {"female.txt", 2}} {
		words, err := readLines(filepath.Join(dataDir, "nltk-names", file.name))
		if err != nil {
			return nil, err
		}
		for _, w := range words {
			if k := Fold(w); k != "" && !strings.Contains(k, " ") {
				g[k] |= file.bit
			}
		}
	}
	lines := make([]string, 0, len(g))
	for k, v := range g {
		lines = append(lines, k+"\t"+[]string{"", "m", "f", "u"}[v])
	}
	sort.Strings(lines)
	return lines, nil
}

// manualLegalForms are canonical forms that take precedence over every
// source (the data sets disagree or miss them): alias → canonical.
var manualLegalForms = map[string]string{
	"co": "co", "company": "co", "cie": "co", "compagnie": "co", "compania": "co", "companhia": "co",
	"corp": "corp", "corporation": "corp", "corpn": "corp",
	"inc": "inc", "incorporated": "inc",
	"ltd": "ltd", "limited": "ltd", "ltda": "ltda",
	"llc": "llc", "l l c": "llc", "limited liability company": "llc",
	"plc": "plc", "p l c": "plc", "public limited company": "plc",
	"lp": "lp", "l p": "lp", "limited partnership": "lp",
	"llp": "llp", "l l p": "llp", "limited liability partnership": "llp",
	"gmbh": "gmbh", "ag": "ag", "aktiengesellschaft": "ag", "kg": "kg", "kgaa": "kgaa",
	"sa": "sa", "s a": "sa", "nv": "nv", "n v": "nv", "bv": "bv", "b v": "bv",
	"srl": "srl", "s r l": "srl", "spa": "spa", "s p a": "spa", "sas": "sas", "sarl": "sarl",
	"oy": "oy", "oyj": "oyj", "ab": "ab", "as": "as", "asa": "asa", "a s": "as", "aps": "aps",
	"se": "se", "pty": "pty", "pty ltd": "ptyltd", "proprietary limited": "ptyltd",
	"co ltd": "coltd", "company limited": "coltd",
	"& co": "co", "and co": "co", "& company": "co", "& cie": "co",
	"pc": "pc", "p c": "pc", "pllc": "pllc", "p l l c": "pllc", "fsb": "fsb", "f s b": "fsb",
	"ooo": "ooo", "ооо": "ooo", "oao": "oao", "оао": "oao", "zao": "zao", "зао": "zao",
	"pao": "pao", "пао": "pao", "ao": "ao", "ао": "ao", "tov": "tov", "тов": "tov",
	"aktiebolag": "ab", "aktiebolaget": "ab", "pt": "pt", "tbk": "tbk", "bhd": "bhd", "sdn bhd": "sdnbhd", "kk": "kk", "k k": "kk",
	"株式会社": "kk", "有限会社": "yk", "有限公司": "youxiangongsi", "股份有限公司": "gufenyouxiangongsi",
}

// prefixLegalForms lists canonical legal forms that are also written before
// the name ("OOO Gazprom", "PT Bank Mandiri", "AB Volvo").
var prefixLegalForms = map[string]bool{
	"ooo": true, "oao": true, "zao": true, "pao": true, "ao": true, "tov": true, "pat": true,
	"prat": true, "pt": true, "cv": true, "ab": true, "uab": true, "sia": true, "ou": true,
	"kk": true, "chp": true, "ip": true, "tbk": false,
}

// legalFormBlock lists aliases from the sources that collide with ordinary
// words, numerals or initials and are therefore not recognised.
var legalFormBlock = map[string]bool{
	"ii": true, "ok": true, "ms": true, "ed": true, "et": true, "ee": true, "eu": true, "nl": true,
	"bo": true, "op": true, "vi": true, "bi": true, "ik": true, "np": true, "cn": true, "fa": true,
	"ml": true, "ep": true, "lg": true, "lv": true, "rb": true, "ks": true, "eb": true, "de": true,
	"la": true, "el": true, "and": true, "the": true, "of": true, "sr": true, "jr": true, "st": true,
	"at": true, "an": true, "au": true, "ba": true, "ent": true, "dba": true, "fab": true, "ca": true,
	"si": true, "pac": true, "p a c": true, "association": true, "assoc": true, "district": true,
	"school district": true, "sanitary district": true, "partnership": true, "national bank": true,
	"and company": true, "foundation": true, "society": true, "union": true, "council": true,
	"bank": true, "trust": true, "fund": true, "group": true, "holding": true, "holdings": true,
}

// manualLegalClass gives the generic class of canonical forms rigour does
// not classify (rigour's vocabulary: llc, jsc, lp, llp, gp, sp, coop, soe,
// ngo, fin, ...).
var manualLegalClass = map[string]string{
	"corp": "llc", "coltd": "llc", "ptyltd": "llc", "pty": "llc", "kk": "jsc", "yk": "llc", "ab": "jsc",
	"asa": "jsc", "aps": "llc", "oyj": "jsc", "sas": "jsc", "sarl": "llc", "kgaa": "jsc", "lp": "lp",
	"llp": "llp", "gmbhcokg": "lp", "sdnbhd": "llc", "bhd": "jsc", "tbk": "jsc", "pt": "llc",
	"oao": "jsc", "zao": "jsc", "pao": "jsc", "ao": "jsc", "tov": "llc", "pc": "llc", "pllc": "llc",
	"youxiangongsi": "llc", "gufenyouxiangongsi": "jsc",
}

type legalAlias struct {
	canon string
	rank  int // lower wins: 0 manual, 1 rigour, 2 cleanco, 3 GLEIF
}

func buildLegalForms(dataDir string) ([]string, error) {
	forms := map[string]legalAlias{}
	add := func(alias, canon string, rank int, allowSingle bool) {
		for _, variant := range []string{alias, strings.ReplaceAll(alias, ".", "")} {
			k := keyOf(variant)
			if k == "" || canon == "" || legalFormBlock[k] {
				continue
			}
			if len([]rune(strings.ReplaceAll(k, " ", ""))) < 2 {
				continue
			}
			if !allowSingle && !strings.Contains(k, " ") {
				continue
			}
			if old, ok := forms[k]; ok && (old.rank < rank || (old.rank == rank && old.canon <= canon)) {
				continue
			}
			forms[k] = legalAlias{canon, rank}
		}
	}
	for alias, canon := range manualLegalForms {
		add(alias, canon, 0, true)
	}
	// rigour org_types: display/compare names with aliases.
	var org struct {
		Types []struct {
			Display, Compare, Generic string
			Aliases                   []string
		}
	}
	if err := readYAML(filepath.Join(dataDir, "opensanctions-rigour", "resources", "names", "org_types.yml"), &org); err != nil {
		return nil, err
	}
	class := map[string]string{}
	for k, v := range manualLegalClass {
		class[k] = v
	}
	for _, t := range org.Types {
		canon := compact(t.Compare)
		if canon == "" {
			canon = compact(t.Display)
		}
		if canon == "" {
			canon = compact(t.Generic)
		}
		if g := strings.ToLower(strings.TrimSpace(t.Generic)); g != "" && class[canon] == "" {
			class[canon] = g
		}
		for _, a := range t.Aliases {
			add(a, canon, 1, true)
		}
	}
	// cleanco: each term is its own canonical form.
	var cleanco struct {
		ByType    map[string][]string `json:"terms_by_type"`
		ByCountry map[string][]string `json:"terms_by_country"`
	}
	if err := readJSON(filepath.Join(dataDir, "cleanco", "legal_terms.json"), &cleanco); err != nil {
		return nil, err
	}
	for _, m := range []map[string][]string{cleanco.ByType, cleanco.ByCountry} {
		for _, terms := range m {
			for _, term := range terms {
				add(term, compact(term), 2, true)
			}
		}
	}
	// GLEIF ELF: abbreviations always; full names only with two or more
	// words (single words such as "Foundation" or "Stiftung" are too common).
	f, err := os.Open(filepath.Join(dataDir, "gleif-elf-iso20275", "elf-code-list-2026-02-19.csv"))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil {
		return nil, err
	}
	for i, rec := range recs {
		if i == 0 || len(rec) < 13 || rec[12] != "ACTV" {
			continue
		}
		var abbrevs []string
		for _, col := range []string{rec[9], rec[10]} {
			for _, a := range strings.Split(col, ";") {
				if a = strings.TrimSpace(a); a != "" {
					abbrevs = append(abbrevs, a)
				}
			}
		}
		canon := ""
		if len(abbrevs) > 0 {
			canon = compact(abbrevs[0])
		} else {
			canon = compact(rec[8])
			if canon == "" {
				canon = compact(rec[5])
			}
		}
		for _, a := range abbrevs {
			add(a, canon, 3, true)
		}
		add(rec[5], canon, 3, false)
		add(rec[8], canon, 3, false)
	}
	lines := make([]string, 0, len(forms))
	for k, v := range forms {
		flag := "s"
		if prefixLegalForms[v.canon] {
			flag = "ps"
		}
		lines = append(lines, k+"\t"+v.canon+"\t"+flag+"\t"+class[v.canon])
	}
	sort.Strings(lines)
	return lines, nil
}

// extraTitles complements rigour's PERSON_NAME_PREFIXES with honorifics
// that rigour leaves out because they double as given names; Parse only
// treats them as titles before at least one more name word.
var extraTitles = []string{
	"Sheikh", "Sheik", "Shaikh", "Sheikha", "Shaykh", "Sayyid", "Haji", "Hajji", "Hadji",
	"Mullah", "Mulla", "Imam", "Ayatollah", "Grand Ayatollah", "Hojatoleslam", "Maulana", "Mawlana",
	"Sir", "Rev", "Reverend", "Fr", "Rabbi", "Pastor", "Bishop", "Cardinal",
	"Mr", "Mrs", "Ms", "Miss", "Mx", "Dr", "Prof", "Herr", "Frau", "Mme", "Mlle", "Mademoiselle",
	"Sig", "Sig.ra", "Signor", "Signora", "Signorina", "Sra", "Srta", "Señor", "Señora", "Doña",
	"Ing", "Dipl.-Ing", "Dipl-Ing", "Mgr", "PhDr", "RNDr", "MUDr", "JUDr",
	"Gen", "Col", "Lt", "Lt Col", "Lt Gen", "Maj Gen", "Brig Gen", "Capt", "Cpt", "Cdr", "Adm", "Sgt", "Cpl",
	"Hon", "Judge", "Justice", "Senator", "Rep", "Gov", "Governor", "Pres", "Amb", "Minister", "Mayor",
	"Congressman", "Congresswoman", "Representative", "State Representative", "State Senator", "State Rep",
	"Alderman", "Alderwoman", "Commissioner", "Sheriff", "Father", "Attorney", "Atty",
	"Господин", "Госпожа", "г-н", "г-жа", "السيد", "السيدة", "الشيخ", "الدكتور", "Sayın",
	"Puan", "Datuk", "Dato", "Datin", "Tan Sri", "Shri", "Smt", "Shrimati",
}

// titleCanon maps spelled-out titles to their usual abbreviation so that
// "Doctor" and "Dr." compare equal.
var titleCanon = map[string]string{
	"doctor": "dr", "doktor": "dr", "doktorin": "dr", "dottore": "dr", "dott": "dr", "dottor": "dr",
	"professor": "prof", "mister": "mr", "monsieur": "m", "madame": "mme", "mademoiselle": "mlle",
	"sheik": "sheikh", "shaikh": "sheikh", "shaykh": "sheikh", "hajji": "haji", "hadji": "haji",
	"reverend": "rev", "senator": "sen", "governor": "gov", "president": "pres", "ambassador": "amb",
	"captain": "capt", "cpt": "capt", "general": "gen", "colonel": "col", "lieutenant": "lt",
	"signor": "sig", "señor": "sr", "senor": "sr", "señora": "sra", "senora": "sra", "señorita": "srta",
	"senorita": "srta", "mulla": "mullah", "mawlana": "maulana", "atty": "attorney",
	"doña": "dona", "honourable": "hon", "honorable": "hon", "the hon": "hon",
}

func buildTitles(dataDir string) ([]string, error) {
	var sw struct {
		Prefixes []string `yaml:"PERSON_NAME_PREFIXES"`
	}
	if err := readYAML(filepath.Join(dataDir, "opensanctions-rigour", "resources", "names", "stopwords.yml"), &sw); err != nil {
		return nil, err
	}
	titles := map[string]string{}
	for _, t := range append(sw.Prefixes, extraTitles...) {
		k := keyOf(t)
		if k == "" {
			continue
		}
		canon := k
		if c, ok := titleCanon[k]; ok {
			canon = Fold(c)
		}
		titles[k] = strings.ReplaceAll(canon, " ", "")
	}
	lines := make([]string, 0, len(titles))
	for k, v := range titles {
		lines = append(lines, k+"\t"+v)
	}
	sort.Strings(lines)
	return lines, nil
}

// extraStopwords complements rigour's STOPWORDS with articles and
// prepositions common in organisation and place names.
var extraStopwords = []string{
	"der", "die", "das", "des", "dem", "den", "und", "für", "fur", "von", "vom", "zum", "zur",
	"les", "aux", "au", "d", "l", "lo", "gli", "il", "i", "e", "o", "os", "as", "do", "da", "dos",
	"das", "della", "delle", "dello", "degli", "dei", "del", "van", "het", "een", "en", "voor",
	"och", "af", "og", "og", "i", "på",
}

func buildStopwords(dataDir string) ([]string, error) {
	var sw struct {
		Stopwords []string `yaml:"STOPWORDS"`
	}
	if err := readYAML(filepath.Join(dataDir, "opensanctions-rigour", "resources", "text", "stopwords.yml"), &sw); err != nil {
		return nil, err
	}
	set := map[string]bool{}
	for _, w := range append(sw.Stopwords, extraStopwords...) {
		if k := Fold(w); k != "" && !strings.Contains(k, " ") {
			set[k] = true
		}
	}
	return sortedKeys(set), nil
}

// buildOrgSymbols maps single-word spellings of common organization
// terms to their rigour symbol ("International", "Int'l", "Internacional"
// → "intl"), from org_symbols and org_domains in symbols.yml. A spelling
// in several groups keeps the symbol it equals, else one it shares its
// first three letters with ("national" → "natl", not "allrussian"), else
// the alphabetically first.
func buildOrgSymbols(dataDir string) ([]string, error) {
	var sym struct {
		Symbols map[string][]string `yaml:"org_symbols"`
		Domains map[string][]string `yaml:"org_domains"`
	}
	if err := readYAML(filepath.Join(dataDir, "opensanctions-rigour", "resources", "names", "symbols.yml"), &sym); err != nil {
		return nil, err
	}
	out := map[string]string{}
	for _, m := range []map[string][]string{sym.Symbols, sym.Domains} {
		for key, aliases := range m {
			symbol := keyOf(key)
			if symbol == "" || strings.Contains(symbol, " ") {
				continue
			}
			for _, a := range append(aliases, key) {
				k := keyOf(a)
				if k == "" || strings.Contains(k, " ") {
					continue
				}
				if old, ok := out[k]; !ok || symbolRank(k, symbol) < symbolRank(k, old) ||
					(symbolRank(k, symbol) == symbolRank(k, old) && symbol < old) {
					out[k] = symbol
				}
			}
		}
	}
	lines := make([]string, 0, len(out))
	for k, v := range out {
		lines = append(lines, k+"\t"+v)
	}
	sort.Strings(lines)
	return lines, nil
}

// symbolRank orders candidate symbols for a spelling: 0 equal, 1 same
// first three letters, 2 other.
func symbolRank(spelling, symbol string) int {
	switch {
	case spelling == symbol:
		return 0
	case len(spelling) >= 3 && len(symbol) >= 3 && spelling[:3] == symbol[:3]:
		return 1
	}
	return 2
}

func readYAML(path string, v any) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	if err := yaml.Unmarshal(b, v); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}

func readJSON(path string, v any) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	if err := json.Unmarshal(b, v); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}

func readLines(path string) ([]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return scanLines(f)
}

func scanLines(r io.Reader) ([]string, error) {
	var out []string
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		if line := strings.TrimSpace(sc.Text()); line != "" && !strings.HasPrefix(line, "#") {
			out = append(out, line)
		}
	}
	return out, sc.Err()
}

func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
