package engine

import (
	"bufio"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"

	pdate "github.com/nomenhq/nomen/parsers/date"
	"github.com/ulikunitz/xz"
)

// DedupRecordsDevSet builds a labelled person-record deduplication set of n records from TRAIN
// data only, for designing and checking DedupPersonRecords (never fake_1000, which is
// HELD-OUT). Given names come from nltk-names and family names from the English side of
// wikidata-name-transliteration's _80 Russian file (as DedupDevSet), nicknames from
// nicknames, cities from geonames cities15000; e-mail domains are a short invented list.
// Names, family names and cities are drawn with Zipf-like weights so that different people
// share them. Each entity has a date of birth (1930–2009), a city and an e-mail address
// built from its name, and 1 to 6 records; every record (the first included) independently
// loses or corrupts each field: a missing value, a typo, a nickname, a date of birth with
// one digit changed, day and month swapped, a few days or months off or a year off, an
// e-mail with a typo or another domain, a misspelt city; noise scales every probability of
// loss and corruption (1: 8–20% missing, 10–30% corrupted per field). Random choices come from a PCG
// generator seeded with seed, so the set is a pure function of the files, n and seed.
func DedupRecordsDevSet(dataDir string, n int, seed uint64, noise float64) ([]PersonRecord, []int, error) {
	if noise < 0 || noise > 2.5 {
		return nil, nil, fmt.Errorf("engine: dev set: noise %g out of [0, 2.5]", noise)
	}
	ps, err := loadPersonDevSources(dataDir)
	if err != nil {
		return nil, nil, err
	}
	src, cities, pops := ps.names, ps.cities, ps.pops
	r := rand.New(rand.NewPCG(seed, 0x646576))
	// Pools with Zipf-like weights over a random order.
	pool := func(list []string, size int, s float64) func() string {
		idx := r.Perm(len(list))
		size = min(size, len(list))
		cum := make([]float64, size)
		t := 0.0
		for k := range size {
			t += 1 / math.Pow(float64(k+1), s)
			cum[k] = t
		}
		return func() string {
			x := r.Float64() * t
			k := sort.SearchFloat64s(cum, x)
			return list[idx[min(k, size-1)]]
		}
	}
	given := pool(src.given, 600, 0.9)
	family := pool(src.family, 2000, 0.8)
	cumPop := make([]float64, len(pops))
	t := 0.0
	for k, p := range pops {
		t += p
		cumPop[k] = t
	}
	city := func() string {
		return cities[min(sort.SearchFloat64s(cumPop, r.Float64()*t), len(cities)-1)]
	}
	domains := []string{"gmail.com", "yahoo.com", "hotmail.com", "outlook.com", "mail.com", "web.de", "orange.fr"}
	title := func(s string) string {
		if s == "" {
			return s
		}
		return strings.ToUpper(s[:1]) + s[1:]
	}
	typo := func(s string) string { return randomTypo(r, s) }
	corruptDate := func(d pdate.Date) pdate.Date {
		for range 10 {
			e := d
			switch r.IntN(5) {
			case 0: // one digit changed
				s := []byte(d.String())
				pos := []int{2, 3, 5, 6, 8, 9}[r.IntN(6)]
				s[pos] = byte('0' + r.IntN(10))
				if x, err := pdate.Parse(string(s), "yyyy-MM-dd"); err == nil {
					e = x
				}
			case 1:
				e.Month, e.Day = d.Day, d.Month
			case 2: // days off
				e.Day += 1 + r.IntN(10)
			case 3: // months off
				e.Month += 1 + r.IntN(3)
			default:
				e.Year += 1 - 2*r.IntN(2)
			}
			if e != d && e.Valid() {
				return e
			}
		}
		return d
	}
	var recs []PersonRecord
	var gold []int
	for c := 0; len(recs) < n; c++ {
		g := given()
		f := title(family())
		dob := pdate.Date{Year: 1930 + r.IntN(80), Month: 1 + r.IntN(12), Day: 1 + r.IntN(28)}
		cty := city()
		lg, lf := strings.ToLower(g), strings.ToLower(f)
		var local string
		switch r.IntN(4) {
		case 0:
			local = lg + strconv.Itoa(r.IntN(1000))
		case 1:
			local = lg + "." + lf
		case 2:
			local = lg[:1] + lf
		default:
			local = lg + lf[:1] + strconv.Itoa(r.IntN(100))
		}
		email := local + "@" + domains[r.IntN(len(domains))]
		size := 1 + r.IntN(6)
		for k := 0; k < size && len(recs) < n; k++ {
			rec := PersonRecord{FirstName: g, Surname: f, DOB: dob.String(), Email: email, City: cty}
			switch x := r.Float64(); {
			case x < 0.08*noise:
				rec.FirstName = ""
			case x < 0.18*noise:
				if ns := src.nick[lg]; len(ns) > 0 {
					rec.FirstName = title(ns[r.IntN(len(ns))])
				}
			case x < 0.30*noise:
				rec.FirstName = typo(g)
			}
			switch x := r.Float64(); {
			case x < 0.08*noise:
				rec.Surname = ""
			case x < 0.20*noise:
				rec.Surname = typo(f)
			}
			switch x := r.Float64(); {
			case x < 0.03*noise:
				rec.DOB = ""
			case x < 0.33*noise:
				rec.DOB = corruptDate(dob).String()
			}
			switch x := r.Float64(); {
			case x < 0.20*noise:
				rec.Email = ""
			case x < 0.30*noise:
				l, dom, _ := strings.Cut(email, "@")
				rec.Email = typo(l) + "@" + dom
			case x < 0.38*noise:
				rec.Email = local + "@" + domains[r.IntN(len(domains))]
			}
			switch x := r.Float64(); {
			case x < 0.20*noise:
				rec.City = ""
			case x < 0.28*noise:
				rec.City = typo(cty)
			}
			recs = append(recs, rec)
			gold = append(gold, c)
		}
	}
	r.Shuffle(len(recs), func(i, j int) { recs[i], recs[j] = recs[j], recs[i]; gold[i], gold[j] = gold[j], gold[i] })
	return recs, gold, nil
}

// personDevSources are the TRAIN files behind DedupRecordsDevSet, read once per data directory.
type personDevSources struct {
	names  devSources
	cities []string
	pops   []float64
}

var personDevCache struct {
	sync.Mutex
	byDir map[string]*personDevSources
}

func loadPersonDevSources(dataDir string) (*personDevSources, error) {
	personDevCache.Lock()
	defer personDevCache.Unlock()
	if ps, ok := personDevCache.byDir[dataDir]; ok {
		return ps, nil
	}
	src, err := loadDevSources(dataDir)
	if err != nil {
		return nil, err
	}
	cities, pops, err := readCities(filepath.Join(dataDir, "geonames", "cities15000_2013-02.txt.xz"))
	if err != nil {
		return nil, err
	}
	ps := &personDevSources{names: src, cities: cities, pops: pops}
	if personDevCache.byDir == nil {
		personDevCache.byDir = map[string]*personDevSources{}
	}
	personDevCache.byDir[dataDir] = ps
	return ps, nil
}

// readCities returns the ASCII names and populations of geonames' cities15000.
func readCities(path string) ([]string, []float64, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, fmt.Errorf("engine: dev set: %w", err)
	}
	defer f.Close()
	zr, err := xz.NewReader(bufio.NewReader(f))
	if err != nil {
		return nil, nil, fmt.Errorf("engine: dev set: %s: %w", path, err)
	}
	var names []string
	var pops []float64
	sc := bufio.NewScanner(zr)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		p := strings.Split(sc.Text(), "\t")
		if len(p) < 15 || p[2] == "" {
			continue
		}
		pop, err := strconv.ParseFloat(p[14], 64)
		if err != nil || pop <= 0 {
			continue
		}
		names = append(names, p[2])
		pops = append(pops, pop)
	}
	if err := sc.Err(); err != nil {
		return nil, nil, fmt.Errorf("engine: dev set: %s: %w", path, err)
	}
	if len(names) == 0 {
		return nil, nil, fmt.Errorf("engine: dev set: no cities in %s", path)
	}
	return names, pops, nil
}
