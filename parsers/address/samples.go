package address

import (
	"math/rand"
	"path/filepath"
	"strings"
)

// Sample is a labelled address from the TRAIN sources, for building evaluation pairs.
type Sample struct {
	Country string // ISO 3166 alpha-2
	Text    string // the address as one string
	Fields  Fields // its gold fields
}

// SampleAddresses returns n labelled addresses built only from TRAIN data under dataDir: about
// a quarter from usaddress training/labeled.xml, the rest generated from the OpenCage
// templates with the given seed. The result is deterministic for a seed.
func SampleAddresses(dataDir string, n int, seed int64) ([]Sample, error) {
	r, err := loadResources(dataDir)
	if err != nil {
		return nil, err
	}
	us, err := readUSAddress(filepath.Join(dataDir, "usaddress", "training", "labeled.xml"))
	if err != nil {
		return nil, err
	}
	rng := rand.New(rand.NewSource(seed))
	var out []Sample
	nUS := n / 4
	for _, i := range rng.Perm(len(us)) {
		if len(out) >= nUS {
			break
		}
		s := sampleOf("US", us[i])
		// Keep whole street addresses only: a house number, a road and a place.
		if s.Fields.HouseNumber == "" || s.Fields.Road == "" || (s.Fields.City == "" && s.Fields.PostCode == "") {
			continue
		}
		out = append(out, s)
	}
	g := newGenerator(r, seed)
	cs := countryList()
	for len(out) < n {
		cc, segs := g.next(cs)
		s := sampleOf(cc, segs)
		if s.Fields.Road == "" && s.Fields.PoBox == "" {
			continue
		}
		out = append(out, s)
	}
	return out, nil
}

func sampleOf(cc string, segs []segment) Sample {
	var b strings.Builder
	var f Fields
	for _, s := range segs {
		b.WriteString(s.sep)
		b.WriteString(s.text)
		if s.field == fieldOther {
			continue
		}
		v := strings.Trim(strings.TrimSpace(s.text), ",;")
		if v == "" {
			continue
		}
		fd := Field(s.field)
		if old := f.Get(fd); old != "" {
			v = old + " " + v
		}
		f.Set(fd, v)
	}
	return Sample{Country: cc, Text: strings.TrimSpace(b.String()), Fields: f}
}
