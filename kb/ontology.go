package kb

import (
	"bufio"
	"bytes"
	_ "embed"
	"sort"
	"strings"
	"sync"
)

// ontologyTSV maps Wikidata classes to DBpedia classes and type paths:
// "Q515<TAB>dbo:City<TAB>Place/PopulatedPlace/Settlement/City" per line. It is
// written by PrepareDefault from the DBpedia ontology (CC BY-SA 3.0).
//
//go:embed data/ontology.tsv
var ontologyTSV []byte

// familyClasses are the Wikidata classes of the configured class families
// with their coarse type, for classes that the DBpedia map lacks or maps to
// a path that does not tell the coarse type.
var familyClasses = map[string]string{
	// people
	"Q5": TypePER,
	// organizations
	"Q43229": TypeORG, "Q4830453": TypeORG, "Q783794": TypeORG, "Q891723": TypeORG,
	"Q6881511": TypeORG, "Q7278": TypeORG, "Q327333": TypeORG, "Q2659904": TypeORG,
	"Q476028": TypeORG, "Q847017": TypeORG, "Q215380": TypeORG, "Q3918": TypeORG,
	"Q3914": TypeORG, "Q9842": TypeORG, "Q22687": TypeORG, "Q16917": TypeORG,
	"Q163740": TypeORG, "Q4438121": TypeORG, "Q1616075": TypeORG, "Q11032": TypeORG,
	"Q1331793": TypeORG, "Q484652": TypeORG, "Q245065": TypeORG, "Q1785733": TypeORG,
	"Q507619": TypeORG, "Q13235160": TypeORG, "Q17127659": TypeORG, "Q2085381": TypeORG,
	"Q192350": TypeORG, "Q18127": TypeORG, "Q875538": TypeORG, "Q38723": TypeORG,
	"Q7210356": TypeORG, "Q15911314": TypeORG, "Q1002697": TypeORG, "Q4671277": TypeORG,
	"Q1058914": TypeORG, "Q740752": TypeORG, "Q5283295": TypeORG, "Q12973014": TypeORG,
	"Q17149090": TypeORG, "Q1194970": TypeORG, "Q46970": TypeORG, "Q2001305": TypeORG,
	// places
	"Q6256": TypeLOC, "Q3624078": TypeLOC, "Q7275": TypeLOC, "Q515": TypeLOC,
	"Q1549591": TypeLOC, "Q1637706": TypeLOC, "Q200250": TypeLOC, "Q5119": TypeLOC,
	"Q486972": TypeLOC, "Q3957": TypeLOC, "Q532": TypeLOC, "Q15284": TypeLOC,
	"Q747074": TypeLOC, "Q484170": TypeLOC, "Q262166": TypeLOC, "Q1093829": TypeLOC,
	"Q10864048": TypeLOC, "Q13220204": TypeLOC, "Q56061": TypeLOC, "Q35657": TypeLOC,
	"Q107390": TypeLOC, "Q34876": TypeLOC, "Q82794": TypeLOC, "Q23442": TypeLOC,
	"Q46831": TypeLOC, "Q4022": TypeLOC, "Q23397": TypeLOC, "Q8502": TypeLOC,
	"Q9430": TypeLOC, "Q165": TypeLOC, "Q5107": TypeLOC, "Q41176": TypeLOC,
	"Q12280": TypeLOC, "Q570116": TypeLOC, "Q33506": TypeLOC, "Q11303": TypeLOC,
	"Q47168": TypeLOC, "Q28575": TypeLOC, "Q6465": TypeLOC, "Q161243": TypeLOC,
	"Q46195901": TypeLOC, "Q1763527": TypeLOC, "Q3455524": TypeLOC, "Q2221906": TypeLOC,
	"Q355304": TypeLOC, "Q166620": TypeLOC, "Q1620908": TypeLOC, "Q123705": TypeLOC,
	"Q185113": TypeLOC, "Q1221156": TypeLOC, "Q200023": TypeLOC, "Q7930989": TypeLOC,
	"Q1115575": TypeLOC, "Q15617994": TypeLOC, "Q46169": TypeLOC, "Q23413": TypeLOC,
	"Q1248784": TypeLOC, "Q483110": TypeLOC, "Q44782": TypeLOC, "Q39614": TypeLOC,
	// products and brands
	"Q2424752": TypePROD, "Q431289": TypePROD, "Q7397": TypePROD, "Q9135": TypePROD,
	"Q7889": TypePROD, "Q35127": TypePROD, "Q1420": TypePROD, "Q3231690": TypePROD,
	"Q22811234": TypePROD, "Q19723451": TypePROD, "Q1172284": TypePROD, "Q17155032": TypePROD,
	"Q167270": TypePROD, "Q11424": TypePROD, "Q7725634": TypePROD, "Q482994": TypePROD,
	"Q5398426": TypePROD, "Q571": TypePROD, "Q41298": TypePROD,
}

type ontoClass struct {
	dbo, path string
}

var (
	ontoOnce sync.Once
	onto     map[string]ontoClass
)

func ontology() map[string]ontoClass {
	ontoOnce.Do(func() {
		onto = map[string]ontoClass{}
		sc := bufio.NewScanner(bytes.NewReader(ontologyTSV))
		for sc.Scan() {
			f := strings.Split(sc.Text(), "\t")
			if len(f) == 3 {
				onto[f[0]] = ontoClass{dbo: f[1], path: f[2]}
			}
		}
	})
	return onto
}

// typeOfPath returns the coarse type a DBpedia type path implies, or "".
func typeOfPath(p string) string {
	switch {
	case strings.Contains(p, "/Person") || strings.HasPrefix(p, "Person"):
		return TypePER
	case strings.HasPrefix(p, "Agent/Organisation"):
		return TypeORG
	case strings.HasPrefix(p, "Place") || strings.HasPrefix(p, "ArchitecturalStructure"):
		return TypeLOC
	case strings.HasPrefix(p, "Work") || strings.HasPrefix(p, "Device") ||
		strings.HasPrefix(p, "MeanOfTransportation") || strings.HasPrefix(p, "Software"):
		return TypePROD
	}
	return ""
}

// ClassifyClasses returns the coarse type and the DBpedia type paths of an
// entity with the given Wikidata instance-of classes. The type is "" when no
// class belongs to a configured family. The explicit family table wins over
// the DBpedia paths; among several classes the first with a type wins.
func ClassifyClasses(classes []string) (typ string, paths []string) {
	o := ontology()
	for _, c := range classes {
		if oc, ok := o[c]; ok {
			paths = unionStrings(paths, []string{oc.path})
		}
	}
	for _, c := range classes {
		if t := familyClasses[c]; t != "" {
			typ = t
			break
		}
	}
	if typ == "" {
		for _, c := range classes {
			if oc, ok := o[c]; ok {
				if t := typeOfPath(oc.path); t != "" {
					typ = t
					break
				}
			}
		}
	}
	sort.Strings(paths)
	return typ, paths
}

// defaultClass is the class assumed for a coarse type when a source gives
// no instance-of class (used to give such entities an ontology type path).
var defaultClass = map[string]string{TypePER: "Q5", TypeORG: "Q43229", TypeLOC: "Q2221906", TypePROD: "Q2424752"}
