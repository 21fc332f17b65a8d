package patterns

import (
	"regexp"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/nomenhq/nomen/analyzers/entities/span"
)

const (
	confLatLngHemi   = 0.95 // with hemisphere letters
	confLatLngSigned = 0.85 // a signed decimal pair
	confUTM          = 0.9
	confDistWord     = 0.95
	confDistMetre    = 0.85 // the bare "m" after a space
)

// A coordinate: degrees with optional decimals, degree sign, minutes and seconds.
const coord = `(\d{1,3}(?:\.\d{1,10})?) ?(°|º|˚|deg)?(?: ?(\d{1,2}(?:\.\d{1,8})?) ?['′])?(?: ?(\d{1,2}(?:\.\d{1,8})?) ?(?:"|″|''|′′))?`

var (
	// reLatLngHemi: 40.7128° N, 74.0060° W; 40°42′46″N 74°00′22″W; N 40.7128, W 74.0060.
	reLatLngHemi = regexp.MustCompile(coord + ` ?([NS])[ ,;/]{0,3}` + coord + ` ?([EWO])` +
		`|([NS]) ?` + coord + `[ ,;/]{1,3}([EWO]) ?` + coord)
	// reLatLngSigned: 40.7128, -74.0060.
	reLatLngSigned = regexp.MustCompile(`(-?\d{1,2}\.\d{4,10})°?, ?(-?\d{1,3}\.\d{4,10})°?`)
	// reUTM: 33T 500000 4649776; 17N 630084 4833438; 33T 500000mE 4649776mN.
	reUTM = regexp.MustCompile(`\b(\d{1,2}) ?([C-HJ-NP-X]) (\d{6})(?:\.\d{1,3})? ?(?:mE|m E|E)?,? (\d{7})(?:\.\d{1,3})?(?: ?(?:mN|m N|N))?\b`)
)

func findLatLng(sc *scan) {
	if !sc.digit {
		return
	}
	t := sc.text
	// Coordinates with hemisphere letters hold a degree, minute or second sign, or a
	// one-letter word N or S.
	var hits []window
	for i, r := range t {
		if strings.ContainsRune("°º˚′″", r) {
			hits = append(hits, window{i, i + utf8.RuneLen(r)})
		}
	}
	words(t, func(s, e int) {
		if w := t[s:e]; w == "N" || w == "S" || w == "deg" {
			hits = append(hits, window{s, e})
		}
	})
	sort.Slice(hits, func(i, j int) bool { return hits[i].lo < hits[j].lo })
	eachWindow(reLatLngHemi, t, windows(t, hits, 80, 80), func(m []int) bool {
		s, e := m[0], m[1]
		var lat, lng int // first submatch of each coordinate
		if m[2] >= 0 {
			lat, lng = 1, 6
		} else {
			lat, lng = 12, 17
		}
		if !coordValue(t, m, lat, 90) || !coordValue(t, m, lng, 180) {
			return false
		}
		if p := prevRune(t, s); isAlnum(p) || strings.ContainsRune("°′″'\"", p) || strings.ContainsRune(".,-", p) && isDigit(prevRune2(t, s)) {
			return false
		}
		if n := nextRune(t, e); isAlnum(n) {
			return false
		}
		sc.add(s, e, span.LATLN, confLatLngHemi)
		return true
	})
	// A signed pair holds a number with at least four decimals followed by a comma.
	hits = hits[:0]
	for i := 0; i+5 < len(t); i++ {
		if t[i] == '.' && isDigit(rune(t[i+1])) && isDigit(rune(t[i+2])) && isDigit(rune(t[i+3])) && isDigit(rune(t[i+4])) && i > 0 && isDigit(rune(t[i-1])) {
			hits = append(hits, window{i, i + 1})
		}
	}
	eachWindow(reLatLngSigned, t, windows(t, hits, 4, 36), func(m []int) bool {
		s, e := m[0], m[1]
		la, _ := strconv.ParseFloat(sub(t, m, 1), 64)
		lo, _ := strconv.ParseFloat(sub(t, m, 2), 64)
		if la < -90 || la > 90 || lo < -180 || lo > 180 {
			return false
		}
		// Not one pair out of a longer list of decimals.
		if p := prevRune(t, s); isAlnum(p) || strings.ContainsRune(".,-", p) || p == ' ' && prevRune2(t, s) == ',' {
			return false
		}
		if n := nextRune(t, e); isAlnum(n) || n == '.' && isDigit(nextRune2(t, e)) {
			return false
		}
		if rest := strings.TrimLeft(t[e:], " "); strings.HasPrefix(rest, ",") {
			if rest = strings.TrimLeft(rest[1:], " "); rest != "" && (isDigit(rune(rest[0])) || rest[0] == '-') {
				return false
			}
		}
		sc.add(s, e, span.LATLN, confLatLngSigned)
		return true
	})
}

// coordValue reads the coordinate whose degrees are submatch i (then degree sign,
// minutes, seconds) and checks it against limit. A coordinate needs a degree sign,
// minutes or decimals: "5 N" alone is not one.
func coordValue(t string, m []int, i int, limit float64) bool {
	degs, sign, mins, secs := sub(t, m, i), sub(t, m, i+1), sub(t, m, i+2), sub(t, m, i+3)
	if sign == "" && mins == "" && !strings.Contains(degs, ".") {
		return false
	}
	d, err := strconv.ParseFloat(degs, 64)
	if err != nil {
		return false
	}
	if mins != "" {
		if sign == "" || strings.Contains(degs, ".") {
			return false
		}
		mv, _ := strconv.ParseFloat(mins, 64)
		if mv >= 60 {
			return false
		}
		d += mv / 60
	}
	if secs != "" {
		if mins == "" || strings.Contains(mins, ".") {
			return false
		}
		sv, _ := strconv.ParseFloat(secs, 64)
		if sv >= 60 {
			return false
		}
		d += sv / 3600
	}
	return d <= limit
}

func findUTM(sc *scan) {
	if !sc.digit {
		return
	}
	t := sc.text
	// The easting is a run of six digits.
	var hits []window
	for i := 0; i < len(t); {
		if !isDigit(rune(t[i])) {
			i++
			continue
		}
		j := i
		for j < len(t) && isDigit(rune(t[j])) {
			j++
		}
		if j-i == 6 {
			hits = append(hits, window{i, j})
		}
		i = j
	}
	eachWindow(reUTM, t, windows(t, hits, 6, 40), func(m []int) bool {
		s, e := m[0], m[1]
		zone := atoi(sub(t, m, 1))
		band := sub(t, m, 2)[0]
		east, north := atoi(sub(t, m, 3)), atoi(sub(t, m, 4))
		if zone < 1 || zone > 60 || east < 100000 || east > 900000 || north > 10000000 {
			return false
		}
		// Bands C-M lie south of the equator, where northings start at the false
		// northing of 10,000 km and run down to about 1,100 km at 80°S; N-X lie north,
		// up to about 9,330 km at 84°N. "N" and "S" may also be hemisphere letters.
		if band < 'N' && band != 'S' && north < 1000000 || band > 'N' && band != 'S' && north > 9400000 {
			return false
		}
		if !numBounded(t, s, e) {
			return false
		}
		sc.add(s, e, span.UTM, confUTM)
		return true
	})
}

// notDistance are the words after a length unit that make it an area or a speed.
var notDistance = []string{" /", "/", " square", " sq", " cuadrad", " carré", " quadrad", " quadrat", " квадрат",
	" per ", " an hour", " a hour", " por hora", " à l'heure", " pro stunde", " in der stunde", " в час", " all'ora", " per uur"}

func findDist(sc *scan) {
	if !sc.digit || sc.lang.dist == nil {
		return
	}
	t := sc.text
	ui := sc.lang.dist.SubexpIndex("u")
	c := sc.lang
	var hits []window
	words(t, func(s, e int) {
		if r, _ := utf8.DecodeRuneInString(t[s:]); isCJK(r) {
			for _, u := range c.cjkUnits {
				if strings.Contains(t[s:e], u) {
					hits = append(hits, window{s, e})
					return
				}
			}
			return
		}
		if inSet(c.unitWords, t[s:e]) {
			hits = append(hits, window{s, e})
		}
	})
	eachWindow(c.dist, t, windows(t, hits, 48, 4), func(m []int) bool {
		s, e := m[0], m[1]
		if p := prevRune(t, s); isAlnum(p) && !isCJK(p) || strings.ContainsRune(".,-/:", p) && isDigit(prevRune2(t, s)) ||
			strings.ContainsRune("$€£¥₹₽#", p) {
			return false
		}
		unit := t[m[2*ui]:m[2*ui+1]]
		last, _ := utf8.DecodeLastRuneInString(unit)
		n := nextRune(t, e)
		if isAlnum(n) && !(isCJK(n) && isCJK(last)) || strings.ContainsRune("²³/", n) {
			return false
		}
		if n == '.' && unit == "m" && isDigit(nextRune2(t, e)) {
			return false
		}
		// "km/h", "m²", "230 kilómetros cuadrados", "240 kilometers an hour" are speeds
		// and areas.
		after := strings.ToLower(t[e:min(len(t), e+24)])
		for _, w := range notDistance {
			if strings.HasPrefix(after, w) {
				return false
			}
		}
		conf := confDistWord
		if unit == "m" || unit == "м" {
			// "10m" is as often ten million as ten metres: the bare metre needs a space.
			if t[m[2*ui]-1] != ' ' {
				return false
			}
			conf = confDistMetre
		}
		sc.add(s, e, span.Dist, conf)
		return true
	})
}
