package address

// This file adds the two fields the generator had never produced (issue #4, all 18 fields):
// islands ("Ventnor, Isle of Wight", "07420 Sa Pobla, Mallorca", "Oak Bluffs, Martha's
// Vineyard, MA") after the city, and informal regions of a country ("Recife, PE, Nordeste,
// Brasil", "Namur, Wallonie, Belgique"; libpostal's country_region, its boundaries/osm
// admin levels 3–4 in BE, BR, JP, PH, RU, RO, HU) after the division or the city. The names
// are general knowledge written for nomen. Which island or region goes with which city is
// not known to the generator, so the pairs are often geographically wrong; the tagger learns
// the form. Choices are drawn from a sixth random stream so that the rest of the generated
// stream stays as it was.

import (
	"math/rand"
	"strings"
)

// islands are islands people write in addresses, by country.
var islands = map[string][]string{
	"GB": {"Isle of Wight", "Isle of Skye", "Anglesey", "Shetland", "Orkney", "Isle of Mull", "Isle of Arran", "Isle of Lewis", "Isles of Scilly", "Hayling Island", "Canvey Island"},
	"IE": {"Achill Island", "Inis Mór", "Valentia Island", "Bere Island", "Arranmore"},
	"ES": {"Mallorca", "Menorca", "Ibiza", "Eivissa", "Formentera", "Tenerife", "Gran Canaria", "Lanzarote", "Fuerteventura", "La Palma", "La Gomera", "El Hierro"},
	"IT": {"Capri", "Ischia", "Procida", "Elba", "Isola d'Elba", "Lampedusa", "Isola del Giglio", "Murano", "Burano", "Lido di Venezia", "Lipari"},
	"GR": {"Crete", "Kriti", "Rhodes", "Rodos", "Corfu", "Kerkyra", "Santorini", "Mykonos", "Naxos", "Paros", "Kos", "Zakynthos", "Lesvos", "Chios", "Aegina"},
	"FR": {"Île de Ré", "Île d'Oléron", "Belle-Île-en-Mer", "Île d'Yeu", "Noirmoutier", "Île de Bréhat", "Ouessant"},
	"DE": {"Rügen", "Sylt", "Usedom", "Föhr", "Amrum", "Norderney", "Borkum", "Fehmarn", "Helgoland", "Juist"},
	"NL": {"Texel", "Terschelling", "Ameland", "Vlieland", "Schiermonnikoog"},
	"DK": {"Bornholm", "Fyn", "Funen", "Sjælland", "Zealand", "Lolland", "Falster", "Ærø", "Samsø", "Møn"},
	"SE": {"Gotland", "Öland", "Orust", "Tjörn", "Värmdö", "Ekerö"},
	"NO": {"Lofoten", "Senja", "Hitra", "Frøya", "Tromsøya", "Stord"},
	"FI": {"Åland", "Hailuoto", "Kimitoön"},
	"US": {"Martha's Vineyard", "Nantucket", "Long Island", "Oahu", "Maui", "Kauai", "Big Island", "Mackinac Island", "Hilton Head Island", "Catalina Island", "Amelia Island", "Sanibel Island", "Whidbey Island", "Mount Desert Island", "Block Island", "Galveston Island"},
	"CA": {"Vancouver Island", "Salt Spring Island", "Cape Breton Island", "Manitoulin Island", "Bowen Island", "Gabriola Island", "Wolfe Island", "Île d'Orléans"},
	"AU": {"Kangaroo Island", "Rottnest Island", "Magnetic Island", "Phillip Island", "K'gari", "Fraser Island", "Bruny Island", "King Island", "Hamilton Island", "Stradbroke Island"},
	"NZ": {"North Island", "South Island", "Waiheke Island", "Stewart Island", "Great Barrier Island", "Rakiura"},
	"JP": {"Honshu", "Kyushu", "Shikoku", "Awaji Island", "Yakushima", "Miyakojima", "Ishigaki Island", "Sado Island", "Shodoshima"},
	"PH": {"Luzon", "Mindanao", "Cebu Island", "Bohol", "Palawan", "Boracay", "Siargao", "Mactan Island", "Panay", "Negros"},
	"ID": {"Bali", "Java", "Jawa", "Sumatra", "Sumatera", "Lombok", "Sulawesi", "Batam", "Bintan", "Nusa Penida"},
	"MY": {"Langkawi", "Penang Island", "Pulau Pinang", "Labuan", "Pulau Tioman", "Pulau Redang"},
	"TH": {"Ko Samui", "Koh Samui", "Ko Phangan", "Ko Tao", "Ko Chang", "Ko Lanta", "Phuket Island"},
	"HR": {"Hvar", "Brač", "Krk", "Korčula", "Vis", "Rab", "Pag", "Cres", "Lošinj", "Mljet"},
	"PT": {"Madeira", "Porto Santo", "São Miguel", "Terceira", "Faial", "Pico", "Flores"},
	"BR": {"Ilhabela", "Ilha Grande", "Ilha de Santa Catarina", "Fernando de Noronha", "Ilha do Mel", "Ilha de Itaparica"},
	"EE": {"Saaremaa", "Hiiumaa", "Muhu"},
	"TR": {"Büyükada", "Bozcaada", "Gökçeada"},
	"CL": {"Chiloé", "Isla de Chiloé", "Isla de Pascua", "Rapa Nui"},
	"MX": {"Isla Mujeres", "Cozumel", "Isla del Carmen", "Isla Holbox"},
	"VE": {"Isla de Margarita", "Margarita"},
	"SG": {"Sentosa", "Pulau Ubin", "Jurong Island"},
	"KR": {"Jeju Island", "Jejudo", "Geojedo", "Ganghwado", "Ulleungdo"},
	"HK": {"Lantau Island", "Lamma Island", "Cheung Chau", "Hong Kong Island"},
	"CN": {"Chongming Island", "Gulangyu", "Hainan Island"},
	"TW": {"Kinmen", "Penghu", "Green Island", "Orchid Island"},
}

// countryRegions are informal regions of a country, each with its spellings.
var countryRegions = map[string][][]string{
	"BE": {{"Vlaanderen", "Flanders", "Flandre", "Flandern"}, {"Wallonie", "Wallonia", "Wallonië", "Wallonien"}},
	"BR": {{"Nordeste", "Região Nordeste"}, {"Sudeste", "Região Sudeste"}, {"Sul", "Região Sul"}, {"Norte", "Região Norte"}, {"Centro-Oeste", "Região Centro-Oeste"}},
	"JP": {{"Kanto", "Kantō", "Kanto region"}, {"Kansai", "Kinki"}, {"Tohoku", "Tōhoku"}, {"Chubu", "Chūbu"}, {"Chugoku", "Chūgoku"}, {"Kyushu", "Kyūshū"}, {"Hokkaido region"}},
	"PH": {{"NCR", "Metro Manila", "National Capital Region"}, {"Calabarzon", "Region IV-A"}, {"Central Luzon", "Region III"}, {"Central Visayas", "Region VII"}, {"Western Visayas", "Region VI"}, {"Davao Region", "Region XI"}, {"Ilocos Region", "Region I"}},
	"RU": {{"Центральный федеральный округ", "ЦФО", "Central Federal District"}, {"Северо-Западный федеральный округ", "СЗФО", "Northwestern Federal District"}, {"Приволжский федеральный округ", "ПФО", "Volga Federal District"}, {"Сибирский федеральный округ", "СФО", "Siberian Federal District"}, {"Уральский федеральный округ", "УФО", "Ural Federal District"}, {"Южный федеральный округ", "ЮФО", "Southern Federal District"}, {"Дальневосточный федеральный округ", "ДФО", "Far Eastern Federal District"}},
	"RO": {{"Muntenia"}, {"Transilvania", "Transylvania"}, {"Oltenia"}, {"Banat"}, {"Dobrogea"}, {"Bucovina"}},
	"HU": {{"Közép-Magyarország"}, {"Dél-Alföld"}, {"Észak-Alföld"}, {"Nyugat-Dunántúl"}, {"Közép-Dunántúl"}, {"Dél-Dunántúl"}, {"Észak-Magyarország"}},
	"US": {{"New England"}, {"Midwest"}, {"Pacific Northwest"}},
	"IT": {{"Nord Italia", "Italia settentrionale"}, {"Mezzogiorno", "Sud Italia", "Italia meridionale"}, {"Italia centrale"}},
	"ES": {{"Península Ibérica"}},
}

// islandShare and countryRegionShare are the shares of the addresses of those countries
// that get an island or a country region.
const (
	islandShare        = 0.02
	countryRegionShare = 0.02
)

func newAux5(seed int64) *rand.Rand { return rand.New(rand.NewSource(seed ^ 0x151a4d)) }

// islandsAndRegions adds an island after the city or a country region after the division
// (or the city) of some addresses. Like worldRegion it runs on the joined segments and
// follows the address's separators and letter case.
func (g *generator) islandsAndRegions(cc string, segs []segment) []segment {
	if genOff["island"] || g.aux5 == nil {
		return segs
	}
	u, v, w, x := g.aux5.Float64(), g.aux5.Float64(), g.aux5.Float64(), g.aux5.Float64()
	var text string
	var field Field
	var after int
	switch {
	case u < islandShare && len(islands[cc]) > 0:
		is := islands[cc]
		text, field = is[min(int(w*float64(len(is))), len(is)-1)], Island
		after = lastOf(segs, City)
	case u >= 0.5 && u < 0.5+countryRegionShare && len(countryRegions[cc]) > 0:
		rs := countryRegions[cc]
		names := rs[min(int(w*float64(len(rs))), len(rs)-1)]
		text, field = names[min(int(x*float64(len(names))), len(names)-1)], CountryRegion
		after = lastOf(segs, State)
		if after < 0 {
			after = lastOf(segs, City)
		}
	default:
		return segs
	}
	if after < 0 {
		return segs
	}
	sep := ", "
	if t := strings.TrimSpace(segs[after].sep); v < 0.25 || after > 0 && t == "" && v < 0.6 {
		sep = " "
	}
	return insertSegment(segs, after, segment{sep: sep, text: caseLike(segs[after].text, text), field: int(field)})
}

// lastOf returns the index of the last segment of field f, or -1.
func lastOf(segs []segment, f Field) int {
	for i := len(segs) - 1; i >= 0; i-- {
		if segs[i].field == int(f) {
			return i
		}
	}
	return -1
}
