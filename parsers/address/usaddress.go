package address

import (
	"encoding/xml"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/ulikunitz/xz"
)

// segment is a labelled piece of an address; sep is the text written before it.
type segment struct {
	sep   string
	text  string
	field int // a Field, or fieldOther
}

// fieldOther is the segment label of text that belongs to no field.
const fieldOther = int(NumFields)

// usaddressLabel maps usaddress tags to fields.
var usaddressLabel = map[string]int{
	"AddressNumber": int(HouseNumber), "AddressNumberPrefix": int(HouseNumber), "AddressNumberSuffix": int(HouseNumber),
	"StreetName": int(Road), "StreetNamePreDirectional": int(Road), "StreetNamePostDirectional": int(Road),
	"StreetNamePreType": int(Road), "StreetNamePostType": int(Road), "StreetNamePreModifier": int(Road),
	"StreetNamePostModifier": int(Road), "IntersectionSeparator": int(Road), "CornerOf": int(Road),
	"OccupancyType": int(Unit), "OccupancyIdentifier": int(Unit), "SubaddressType": int(Unit), "SubaddressIdentifier": int(Unit),
	"BuildingName": int(House), "LandmarkName": int(House), "Recipient": int(House),
	"PlaceName": int(City), "StateName": int(State), "ZipCode": int(PostCode), "ZipPlus4": int(PostCode),
	"USPSBoxType": int(PoBox), "USPSBoxID": int(PoBox), "USPSBoxGroupType": int(PoBox), "USPSBoxGroupID": int(PoBox),
	"CountryName": int(Country), "NotAddress": fieldOther,
}

// levelWords are occupancy types that name a floor, mapped to the level field.
var levelWords = map[string]bool{"floor": true, "fl": true, "flr": true, "level": true, "lvl": true}

// readUSAddress reads a parserator XML file (optionally .xz-compressed) into labelled
// addresses.
func readUSAddress(path string) ([][]segment, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var r io.Reader = f
	if strings.HasSuffix(path, ".xz") {
		xr, err := xz.NewReader(f)
		if err != nil {
			return nil, fmt.Errorf("address: %s: %w", path, err)
		}
		r = xr
	}
	all, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("address: %s: %w", path, err)
	}
	// Each address is decoded on its own so that one malformed record (the synthetic files
	// have a few) is skipped instead of failing the file.
	var out [][]segment
	for _, chunk := range strings.Split(string(all), "</AddressString>") {
		i := strings.LastIndex(chunk, "<AddressString>")
		if i < 0 {
			continue
		}
		segs, err := decodeAddressString(chunk[i:] + "</AddressString>")
		if err != nil || len(segs) == 0 {
			continue
		}
		out = append(out, fixLevels(segs))
	}
	return out, nil
}

func decodeAddressString(s string) ([]segment, error) {
	dec := xml.NewDecoder(strings.NewReader(s))
	var cur []segment
	var sep, text strings.Builder
	tag := ""
	depth := 0
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			return cur, nil
		}
		if err != nil {
			return nil, err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			depth++
			if depth == 2 {
				tag = t.Name.Local
				text.Reset()
			} else if depth > 2 {
				return nil, fmt.Errorf("nested element %s", t.Name.Local)
			}
		case xml.CharData:
			if depth == 2 {
				text.Write(t)
			} else if depth == 1 {
				sep.Write(t)
			}
		case xml.EndElement:
			if depth == 2 {
				lab, ok := usaddressLabel[tag]
				if !ok {
					lab = fieldOther
				}
				cur = append(cur, segment{sep: sep.String(), text: text.String(), field: lab})
				sep.Reset()
			}
			depth--
		}
	}
}

// fixLevels relabels "Floor 2" / "2nd Floor" unit segments as level.
func fixLevels(segs []segment) []segment {
	for i, s := range segs {
		if s.field != int(Unit) || !levelWords[normWord(strings.Trim(s.text, ",#"))] {
			continue
		}
		segs[i].field = int(Level)
		for _, k := range []int{i - 1, i + 1} {
			if k >= 0 && k < len(segs) && segs[k].field == int(Unit) {
				segs[k].field = int(Level)
			}
		}
	}
	return segs
}

// usaddressFiles lists the XML files of a usaddress folder ("training" or "test").
func usaddressFiles(dataDir, sub string) ([]string, error) {
	m, err := filepath.Glob(filepath.Join(dataDir, "usaddress", sub, "*.xml*"))
	if err != nil {
		return nil, err
	}
	if len(m) == 0 {
		return nil, fmt.Errorf("address: no usaddress files in %s", filepath.Join(dataDir, "usaddress", sub))
	}
	return m, nil
}
