package address

import "math/rand"

// This file writes a share of the first-level divisions of the United States, Canada, Mexico
// and Australia in their traditional abbreviations, as newspapers (the AP style), older
// documents and many Mexican and Canadian writers still do: "Springfield, Ill. 62701",
// "Winnipeg, Man.", "Monterrey, N.L.", "Melbourne, Vic. 3000". The generator wrote only the
// postal codes (IL, MB, NLE, VIC) and the full names, and the parser read "Ill. 62701" as the
// postcode and "Ind." as a country. The abbreviations are general knowledge, written for
// nomen; the choices draw from their own random stream (aux6), so the rest of the generated
// addresses stay as they were.

// traditionalShare is the share of the divisions that have a traditional abbreviation written
// with it.
const traditionalShare = 0.15

// traditionalStateAbbrs are the traditional abbreviations of first-level divisions, keyed by
// alpha-2 + "|" + the GeoNames name of the division. The US states the AP style writes out
// (Alaska, Hawaii, Idaho, Iowa, Maine, Ohio, Texas, Utah) have none.
var traditionalStateAbbrs = map[string][]string{
	"US|Alabama": {"Ala."}, "US|Arizona": {"Ariz."}, "US|Arkansas": {"Ark."}, "US|California": {"Calif.", "Cal."},
	"US|Colorado": {"Colo."}, "US|Connecticut": {"Conn."}, "US|Delaware": {"Del."}, "US|Florida": {"Fla."},
	"US|Georgia": {"Ga."}, "US|Illinois": {"Ill."}, "US|Indiana": {"Ind."}, "US|Kansas": {"Kan.", "Kans."},
	"US|Kentucky": {"Ky."}, "US|Louisiana": {"La."}, "US|Maryland": {"Md."}, "US|Massachusetts": {"Mass."},
	"US|Michigan": {"Mich."}, "US|Minnesota": {"Minn."}, "US|Mississippi": {"Miss."}, "US|Missouri": {"Mo."},
	"US|Montana": {"Mont."}, "US|Nebraska": {"Neb.", "Nebr."}, "US|Nevada": {"Nev."}, "US|New Hampshire": {"N.H."},
	"US|New Jersey": {"N.J."}, "US|New Mexico": {"N.M.", "N.Mex."}, "US|New York": {"N.Y."}, "US|North Carolina": {"N.C."},
	"US|North Dakota": {"N.D.", "N.Dak."}, "US|Oklahoma": {"Okla."}, "US|Oregon": {"Ore.", "Oreg."},
	"US|Pennsylvania": {"Pa.", "Penn.", "Penna."}, "US|Rhode Island": {"R.I."}, "US|South Carolina": {"S.C."},
	"US|South Dakota": {"S.D.", "S.Dak."}, "US|Tennessee": {"Tenn."}, "US|Texas": {"Tex."}, "US|Vermont": {"Vt."},
	"US|Virginia": {"Va."}, "US|Washington": {"Wash."}, "US|West Virginia": {"W.Va.", "W. Va."},
	"US|Wisconsin": {"Wis.", "Wisc."}, "US|Wyoming": {"Wyo."}, "US|District of Columbia": {"D.C."},
	"CA|Alberta": {"Alta."}, "CA|British Columbia": {"B.C."}, "CA|Manitoba": {"Man."}, "CA|New Brunswick": {"N.B."},
	"CA|Newfoundland and Labrador": {"Nfld.", "N.L."}, "CA|Northwest Territories": {"N.W.T."}, "CA|Nova Scotia": {"N.S."},
	"CA|Ontario": {"Ont."}, "CA|Prince Edward Island": {"P.E.I."}, "CA|Quebec": {"Que.", "Qué."}, "CA|Saskatchewan": {"Sask."},
	"CA|Yukon":          {"Y.T."},
	"MX|Aguascalientes": {"Ags."}, "MX|Baja California": {"B.C."}, "MX|Baja California Sur": {"B.C.S."},
	"MX|Campeche": {"Camp."}, "MX|Chiapas": {"Chis."}, "MX|Chihuahua": {"Chih."}, "MX|Coahuila de Zaragoza": {"Coah."},
	"MX|Colima": {"Col."}, "MX|Durango": {"Dgo."}, "MX|Estado de México": {"Edo. Méx.", "Méx."}, "MX|Guanajuato": {"Gto."},
	"MX|Guerrero": {"Gro."}, "MX|Hidalgo": {"Hgo."}, "MX|Jalisco": {"Jal."}, "MX|Mexico City": {"CDMX", "D.F."},
	"MX|Michoacán": {"Mich."}, "MX|Morelos": {"Mor."}, "MX|Nayarit": {"Nay."}, "MX|Nuevo León": {"N.L."},
	"MX|Oaxaca": {"Oax."}, "MX|Puebla": {"Pue."}, "MX|Querétaro": {"Qro."}, "MX|Quintana Roo": {"Q. Roo", "Q.R."},
	"MX|San Luis Potosí": {"S.L.P."}, "MX|Sinaloa": {"Sin."}, "MX|Sonora": {"Son."}, "MX|Tabasco": {"Tab."},
	"MX|Tamaulipas": {"Tamps."}, "MX|Tlaxcala": {"Tlax."}, "MX|Veracruz": {"Ver."}, "MX|Yucatán": {"Yuc."},
	"MX|Zacatecas":       {"Zac."},
	"AU|New South Wales": {"N.S.W."}, "AU|Queensland": {"Qld", "Qld."}, "AU|Victoria": {"Vic.", "Vic"},
	"AU|Tasmania": {"Tas.", "Tas"}, "AU|Western Australia": {"W.A."}, "AU|South Australia": {"S.A."},
	"AU|Northern Territory": {"N.T."}, "AU|Australian Capital Territory": {"A.C.T."},
}

func newAux6(seed int64) *rand.Rand { return rand.New(rand.NewSource(seed ^ 0xabb4e7)) }

// traditionalStates writes, for a share of the addresses of city c in country cc, the
// division in its traditional abbreviation instead of its code or name.
func (g *generator) traditionalStates(cc string, c city, lines [][]segment) [][]segment {
	if genOff["abbr"] || g.aux6 == nil || c.admin1 == "" {
		return lines
	}
	li, si := find(lines, State)
	if li < 0 {
		return lines
	}
	u := g.aux6.Float64()
	var abbrs []string
	for _, s := range g.r.states[cc] {
		if s.admin1 == c.admin1 {
			abbrs = traditionalStateAbbrs[cc+"|"+s.name]
			break
		}
	}
	if len(abbrs) == 0 || u >= traditionalShare {
		return lines
	}
	lines[li][si].text = abbrs[g.aux6.Intn(len(abbrs))]
	return lines
}

// English counties. Many English addresses name the county between the post town and the
// postcode, in full or in its traditional abbreviation ("Bishop's Stortford, Herts CM23 2LT",
// "Richmond, Surrey TW9 1PX"); the parser read the county as the city and the town as a
// suburb. gbCountyShare of the English addresses without a county get one after the town, and
// countyAbbrShare of the counties that have an abbreviation are written so. The names and
// abbreviations are general knowledge, written for nomen; the choices draw from their own
// random stream (aux8).
const (
	gbCountyShare   = 0.15
	countyAbbrShare = 0.35
)

// englishCounties are the counties written, with their traditional abbreviations (none for
// those always written in full).
var englishCounties = map[string][]string{
	"Bedfordshire": {"Beds"}, "Berkshire": {"Berks"}, "Buckinghamshire": {"Bucks"}, "Cambridgeshire": {"Cambs"},
	"Cheshire": {"Ches"}, "Derbyshire": {"Derbys"}, "Gloucestershire": {"Glos"}, "Hampshire": {"Hants"},
	"Herefordshire": {"Herefs"}, "Hertfordshire": {"Herts"}, "Lancashire": {"Lancs"}, "Leicestershire": {"Leics"},
	"Lincolnshire": {"Lincs"}, "Middlesex": {"Middx"}, "Northamptonshire": {"Northants"}, "Northumberland": {"Northd"},
	"Nottinghamshire": {"Notts"}, "Oxfordshire": {"Oxon"}, "Shropshire": {"Salop", "Shrops"}, "Staffordshire": {"Staffs"},
	"Warwickshire": {"Warks"}, "Wiltshire": {"Wilts"}, "Worcestershire": {"Worcs"}, "North Yorkshire": {"N Yorks", "N. Yorks"},
	"West Yorkshire": {"W Yorks", "W. Yorks"}, "South Yorkshire": {"S Yorks", "S. Yorks"}, "East Sussex": {"E Sussex", "E. Sussex"},
	"West Sussex": {"W Sussex", "W. Sussex"}, "Somerset": {"Som"}, "County Durham": {"Co. Durham", "Co Durham"},
	"Kent": nil, "Essex": nil, "Surrey": nil, "Norfolk": nil, "Suffolk": nil, "Devon": nil, "Cornwall": nil,
	"Dorset": nil, "Cumbria": nil, "Rutland": nil,
}

// englishCountyNames are the keys of englishCounties, sorted (for deterministic draws).
var englishCountyNames = sortedKeys(englishCounties)

func newAux8(seed int64) *rand.Rand { return rand.New(rand.NewSource(seed ^ 0xc0c0a7)) }

// englishCounty writes, for a share of the British addresses with a town, a county after the
// town where there is none, and a share of the counties (its own or one already there) in
// their traditional abbreviation.
func (g *generator) englishCounty(cc string, lines [][]segment) [][]segment {
	if genOff["county"] || g.aux8 == nil || cc != "GB" {
		return lines
	}
	u, v := g.aux8.Float64(), g.aux8.Float64()
	if li, si := find(lines, StateDistrict); li >= 0 {
		if abbrs := englishCounties[lines[li][si].text]; len(abbrs) > 0 && v < countyAbbrShare {
			lines[li][si].text = abbrs[g.aux8.Intn(len(abbrs))]
		}
		return lines
	}
	ci, cs := find(lines, City)
	if ci < 0 || u >= gbCountyShare {
		return lines
	}
	name := englishCountyNames[g.aux8.Intn(len(englishCountyNames))]
	if abbrs := englishCounties[name]; len(abbrs) > 0 && v < countyAbbrShare {
		name = abbrs[g.aux8.Intn(len(abbrs))]
	}
	sep := ", "
	if g.aux8.Float64() < 0.5 {
		sep = " "
	}
	insertAfter(lines, ci, cs, segment{sep: sep, text: name, field: int(StateDistrict)})
	return lines
}
