package address

import (
	"fmt"
	"math/rand"
)

// This file writes the unit and floor forms of Singapore and Hong Kong addresses, which the
// templates never produce: Singapore's "#05-01" (floor 05, unit 01) after the road, sometimes
// with the building's name after it ("8 Marina View, #43-01, Asia Square Tower 1, Singapore
// 018960"), and Hong Kong's flat or room and floor before the house number ("Flat A, 12/F, 8
// Harbour Road", "Rm 503, 5/F", "G/F"). The parser read "#05-01" as part of the road and "12/F"
// as a unit. "#05-01" is the unit, the floor the level, as libpostal labels them ("/ f" is a
// level word in its dictionary). The forms are general knowledge, written for nomen; the
// choices draw from their own random stream (aux11), so the other addresses stay as they
// were.

const (
	// sgUnitShare and hkFloorShare are the shares of the Singapore and Hong Kong (Latin)
	// addresses given a unit or a floor.
	sgUnitShare  = 0.5
	hkFloorShare = 0.6
	// sgBuildingShare is the share of those Singapore units followed by the building's name.
	sgBuildingShare = 0.25
)

var (
	sgBuildingWords = []string{"Tower", "Plaza", "Building", "Centre", "Point", "House", "Square", "Tower 1", "Tower 2", "Mall"}
	hkFlatWords     = []string{"Flat ", "Flat ", "Rm ", "Room ", "Unit ", "Shop ", "Suite "}
)

func newAux11(seed int64) *rand.Rand { return rand.New(rand.NewSource(seed ^ 0x5a6f11)) }

// asianUnits writes a Singapore unit or a Hong Kong flat and floor for a share of those
// countries' addresses with a house number.
func (g *generator) asianUnits(cc string, lines [][]segment) [][]segment {
	if genOff["asia"] || g.aux11 == nil || (cc != "SG" && cc != "HK") {
		return lines
	}
	u := g.aux11.Float64()
	hi, hs := find(lines, HouseNumber)
	if hi < 0 {
		return lines
	}
	if _, us := find(lines, Unit); us >= 0 {
		return lines
	}
	if _, ls := find(lines, Level); ls >= 0 {
		return lines
	}
	if cc == "SG" {
		if u >= sgUnitShare {
			return lines
		}
		return g.singaporeUnit(lines, hi, hs)
	}
	if u >= hkFloorShare {
		return lines
	}
	return g.hongKongFloor(lines, hi, hs)
}

// singaporeUnit inserts "#LL-UU" after the road (or the house number) of the line of the
// house number, and sometimes a building's name after it.
func (g *generator) singaporeUnit(lines [][]segment, hi, hs int) [][]segment {
	r := g.aux11
	floor := fmt.Sprintf("%02d", 1+r.Intn(40))
	if r.Float64() < 0.1 {
		floor = fmt.Sprintf("B%d", 1+r.Intn(3))
	}
	unit := fmt.Sprintf("%02d", 1+r.Intn(99))
	if r.Float64() < 0.3 {
		unit = fmt.Sprint(100 + r.Intn(900))
	}
	sep := " "
	if r.Float64() < 0.4 {
		sep = ", "
	}
	at := hs
	if hs+1 < len(lines[hi]) && lines[hi][hs+1].field == int(Road) {
		at = hs + 1
	}
	insertAfter(lines, hi, at, segment{sep: sep, text: "#" + floor + "-" + unit, field: int(Unit)})
	if r.Float64() < sgBuildingShare {
		name := g.r.surnames[r.Intn(len(g.r.surnames))]
		building := titleCase(name) + " " + sgBuildingWords[r.Intn(len(sgBuildingWords))]
		insertAfter(lines, hi, at+1, segment{sep: sep, text: building, field: int(House)})
	}
	return lines
}

// hongKongFloor puts a floor, and often a flat or room, before the house number.
func (g *generator) hongKongFloor(lines [][]segment, hi, hs int) [][]segment {
	r := g.aux11
	var floor string
	switch v := r.Float64(); {
	case v < 0.1:
		floor = "G/F"
	case v < 0.7:
		floor = fmt.Sprintf("%d/F", 1+r.Intn(60))
	case v < 0.85:
		floor = fmt.Sprintf("%dF", 1+r.Intn(60))
	default:
		floor = ordinal(1+r.Intn(60)) + " Floor"
	}
	add := []segment{{text: floor, field: int(Level)}}
	if r.Float64() < 0.7 {
		flat := hkFlatWords[r.Intn(len(hkFlatWords))]
		if r.Float64() < 0.4 {
			flat += string(rune('A' + r.Intn(8)))
		} else {
			flat += fmt.Sprint(1 + r.Intn(2999))
		}
		add = append([]segment{{text: flat, field: int(Unit)}}, add...)
	}
	l := lines[hi]
	at := hs // before the number, or before the road written before it
	if hs > 0 && l[hs-1].field == int(Road) {
		at = hs - 1
	}
	var out []segment
	out = append(out, l[:at]...)
	for i, s := range add {
		if i == 0 {
			s.sep = l[at].sep
		} else {
			s.sep = ", "
		}
		out = append(out, s)
	}
	first := l[at]
	first.sep = ", "
	out = append(out, first)
	out = append(out, l[at+1:]...)
	lines[hi] = out
	return lines
}

// indiaSectorShare is the share of the Indian addresses whose locality is a numbered sector
// ("Sector 18, Noida", "H.No. 221, Sector 9, Faridabad"), a suburb, as in the planned cities of
// north India; indiaNoRoadShare is the share of those written without the road.
const (
	indiaSectorShare = 0.15
	indiaNoRoadShare = 0.4
)

func newAux12(seed int64) *rand.Rand { return rand.New(rand.NewSource(seed ^ 0x1d5ec7)) }

// indianSector writes a numbered sector as the suburb of a share of the Indian addresses,
// replacing the suburb there is or after the road, and drops the road of some of them.
func (g *generator) indianSector(cc string, lines [][]segment) [][]segment {
	if genOff["asia"] || g.aux12 == nil || cc != "IN" {
		return lines
	}
	r := g.aux12
	u, n, v := r.Float64(), 1+r.Intn(150), r.Float64()
	if u >= indiaSectorShare {
		return lines
	}
	sector := fmt.Sprintf("Sector %d", n)
	if si, ss := find(lines, Suburb); si >= 0 {
		lines[si][ss].text = sector
	} else {
		li, at := find(lines, Road)
		if li < 0 {
			li, at = find(lines, HouseNumber)
		}
		if li < 0 {
			return lines
		}
		insertAfter(lines, li, at, segment{sep: ", ", text: sector, field: int(Suburb)})
	}
	if v < indiaNoRoadShare {
		if li, at := find(lines, Road); li >= 0 {
			if _, hs := find(lines, HouseNumber); hs >= 0 {
				l := append([]segment{}, lines[li][:at]...)
				next := lines[li][at+1:]
				if len(next) > 0 && at == 0 {
					next = append([]segment{}, next...)
					next[0].sep = lines[li][at].sep
				}
				lines[li] = append(l, next...)
			}
		}
	}
	return lines
}
