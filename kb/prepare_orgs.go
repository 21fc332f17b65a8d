package kb

import (
	"fmt"
	"strings"
)

// intlOrgNames names intergovernmental organizations, which no source of the default knowledge
// base lists: without them "NATO", "the IMF" or "the World Bank" stayed unlinked. Written for
// nomen (labels per language, then aliases such as acronyms); intlOrgs checks every Q id
// against CoDEx: its entity types must name an organization, an agency, an institution, a
// union or an organ, and the member-of triples of CoDEx-M confirm most of them (NATO 31
// members, WTO 157, Interpol 190, UNESCO 197, African Union 55, Council of Europe 46, ASEAN
// 12, Security Council 12).
var intlOrgNames = []struct {
	q       string
	labels  map[string]string   // language → name
	aliases map[string][]string // language → other names
}{
	{"Q7184", map[string]string{"en": "North Atlantic Treaty Organization", "de": "Organisation des Nordatlantikvertrags", "fr": "Organisation du traité de l'Atlantique nord", "es": "Organización del Tratado del Atlántico Norte", "pt": "Organização do Tratado do Atlântico Norte", "ru": "Организация Североатлантического договора", "zh": "北大西洋公约组织"},
		map[string][]string{"en": {"NATO"}, "de": {"NATO"}, "fr": {"OTAN"}, "es": {"OTAN"}, "pt": {"OTAN", "NATO"}, "ru": {"НАТО"}, "zh": {"北约"}, "ja": {"北大西洋条約機構", "NATO"}}},
	{"Q7817", map[string]string{"en": "World Health Organization", "de": "Weltgesundheitsorganisation", "fr": "Organisation mondiale de la santé", "es": "Organización Mundial de la Salud", "pt": "Organização Mundial da Saúde", "ru": "Всемирная организация здравоохранения", "zh": "世界卫生组织"},
		map[string][]string{"en": {"WHO"}, "de": {"WHO"}, "fr": {"OMS"}, "es": {"OMS"}, "pt": {"OMS"}, "ru": {"ВОЗ"}, "zh": {"世卫组织"}, "ja": {"世界保健機関"}}},
	{"Q7804", map[string]string{"en": "International Monetary Fund", "de": "Internationaler Währungsfonds", "fr": "Fonds monétaire international", "es": "Fondo Monetario Internacional", "pt": "Fundo Monetário Internacional", "ru": "Международный валютный фонд", "zh": "国际货币基金组织"},
		map[string][]string{"en": {"IMF"}, "de": {"IWF"}, "fr": {"FMI"}, "es": {"FMI"}, "pt": {"FMI"}, "ru": {"МВФ"}, "ja": {"国際通貨基金"}}},
	{"Q7164", map[string]string{"en": "World Bank", "de": "Weltbank", "fr": "Banque mondiale", "es": "Banco Mundial", "pt": "Banco Mundial", "ru": "Всемирный банк", "zh": "世界银行"},
		map[string][]string{"ja": {"世界銀行"}}},
	{"Q7825", map[string]string{"en": "World Trade Organization", "de": "Welthandelsorganisation", "fr": "Organisation mondiale du commerce", "es": "Organización Mundial del Comercio", "pt": "Organização Mundial do Comércio", "ru": "Всемирная торговая организация", "zh": "世界贸易组织"},
		map[string][]string{"en": {"WTO", "World Trade Organisation"}, "de": {"WTO"}, "fr": {"OMC"}, "es": {"OMC"}, "pt": {"OMC"}, "ru": {"ВТО"}, "zh": {"世贸组织"}, "ja": {"世界貿易機関"}}},
	{"Q7768", map[string]string{"en": "Association of Southeast Asian Nations", "de": "Verband Südostasiatischer Nationen", "fr": "Association des nations de l'Asie du Sud-Est", "es": "Asociación de Naciones del Sudeste Asiático", "pt": "Associação de Nações do Sudeste Asiático", "ru": "Ассоциация государств Юго-Восточной Азии", "zh": "东南亚国家联盟"},
		map[string][]string{"en": {"ASEAN"}, "de": {"ASEAN"}, "fr": {"ASEAN", "ANASE"}, "es": {"ASEAN", "ANSA"}, "pt": {"ASEAN"}, "ru": {"АСЕАН"}, "zh": {"东盟"}}},
	{"Q7159", map[string]string{"en": "African Union", "de": "Afrikanische Union", "fr": "Union africaine", "es": "Unión Africana", "pt": "União Africana", "ru": "Африканский союз", "zh": "非洲联盟"},
		map[string][]string{"zh": {"非盟"}}},
	{"Q7809", map[string]string{"en": "United Nations Educational, Scientific and Cultural Organization", "de": "Organisation der Vereinten Nationen für Erziehung, Wissenschaft und Kultur", "fr": "Organisation des Nations unies pour l'éducation, la science et la culture", "es": "Organización de las Naciones Unidas para la Educación, la Ciencia y la Cultura", "pt": "Organização das Nações Unidas para a Educação, a Ciência e a Cultura", "ru": "Организация Объединённых Наций по вопросам образования, науки и культуры", "zh": "联合国教育、科学及文化组织"},
		map[string][]string{"en": {"UNESCO"}, "de": {"UNESCO"}, "fr": {"UNESCO"}, "es": {"UNESCO"}, "pt": {"UNESCO"}, "ru": {"ЮНЕСКО"}, "zh": {"联合国教科文组织"}}},
	{"Q8908", map[string]string{"en": "Council of Europe", "de": "Europarat", "fr": "Conseil de l'Europe", "es": "Consejo de Europa", "pt": "Conselho da Europa", "ru": "Совет Европы", "zh": "欧洲委员会"}, nil},
	{"Q37470", map[string]string{"en": "United Nations Security Council", "de": "Sicherheitsrat der Vereinten Nationen", "fr": "Conseil de sécurité des Nations unies", "es": "Consejo de Seguridad de las Naciones Unidas", "pt": "Conselho de Segurança das Nações Unidas", "ru": "Совет Безопасности ООН", "zh": "联合国安全理事会"},
		map[string][]string{"en": {"UN Security Council", "UNSC"}, "de": {"UN-Sicherheitsrat"}, "fr": {"Conseil de sécurité de l'ONU"}, "es": {"Consejo de Seguridad de la ONU"}, "zh": {"安理会"}}},
	{"Q8475", map[string]string{"en": "Interpol", "de": "Interpol", "fr": "Interpol", "es": "Interpol", "pt": "Interpol", "ru": "Интерпол", "zh": "国际刑警组织"},
		map[string][]string{"en": {"International Criminal Police Organization", "INTERPOL"}}},
	// 2026-11-23: three more whose CoDEx types say intergovernmental organization (space agency).
	{"Q41550", map[string]string{"en": "Organisation for Economic Co-operation and Development", "de": "Organisation für wirtschaftliche Zusammenarbeit und Entwicklung", "fr": "Organisation de coopération et de développement économiques", "es": "Organización para la Cooperación y el Desarrollo Económicos", "pt": "Organização para a Cooperação e Desenvolvimento Económico", "ru": "Организация экономического сотрудничества и развития", "zh": "经济合作与发展组织"},
		map[string][]string{"en": {"OECD", "Organization for Economic Cooperation and Development"}, "de": {"OECD"}, "fr": {"OCDE"}, "es": {"OCDE"}, "pt": {"OCDE"}, "ru": {"ОЭСР"}, "zh": {"经合组织"}}},
	{"Q38130", map[string]string{"en": "International Atomic Energy Agency", "de": "Internationale Atomenergie-Organisation", "fr": "Agence internationale de l'énergie atomique", "es": "Organismo Internacional de Energía Atómica", "pt": "Agência Internacional de Energia Atómica", "ru": "Международное агентство по атомной энергии", "zh": "国际原子能机构"},
		map[string][]string{"en": {"IAEA"}, "de": {"IAEO"}, "fr": {"AIEA"}, "es": {"OIEA"}, "pt": {"AIEA"}, "ru": {"МАГАТЭ"}}},
	{"Q42262", map[string]string{"en": "European Space Agency", "de": "Europäische Weltraumorganisation", "fr": "Agence spatiale européenne", "es": "Agencia Espacial Europea", "pt": "Agência Espacial Europeia", "ru": "Европейское космическое агентство", "zh": "欧洲空间局"},
		map[string][]string{"en": {"ESA"}, "de": {"ESA"}, "fr": {"ESA"}, "es": {"ESA"}, "pt": {"ESA"}, "ru": {"ЕКА"}, "zh": {"欧空局"}}},
}

// orgClass is Wikidata's organization (Q43229).
const orgClass = "Q43229"

// intlOrgTypeWords are the words one of a Q id's CoDEx type labels must contain.
var intlOrgTypeWords = []string{"organization", "organisation", "agency", "institution", "union", "organ of"}

// intlOrgs writes the organizations of intlOrgNames to their layer, after checking each Q
// id's CoDEx types.
func (p *prep) intlOrgs() error {
	var types map[string][]string
	if err := p.readJSON(&types, "kb-sources", "codex-wikidata-entity-types", "entity2types.json.xz"); err != nil {
		return err
	}
	var labels map[string]struct {
		Label string `json:"label"`
	}
	if err := p.readJSON(&labels, "kb-sources", "codex-wikidata-entity-types", "types", "types.en.json.xz"); err != nil {
		return err
	}
	for _, o := range intlOrgNames {
		class := ""
		for _, t := range types[o.q] {
			l := strings.ToLower(labels[t].Label)
			for _, w := range intlOrgTypeWords {
				if class == "" && strings.Contains(l, w) {
					class = t
				}
			}
		}
		if class == "" {
			return fmt.Errorf("%s (%s) is no organization in CoDEx (types %v)", o.q, o.labels["en"], types[o.q])
		}
		e := p.orgs.get(o.q, TypeORG, class, "nomen-orgs")
		if class != orgClass {
			// The ontology maps the generic class only (Agent/Organisation).
			e.Classes = append(e.Classes, orgClass)
		}
		for _, lang := range sortedKeys(o.labels) {
			e.AddLabel(lang, o.labels[lang])
		}
		for _, lang := range sortedKeys(o.aliases) {
			for _, a := range o.aliases[lang] {
				e.AddAlias(lang, a)
			}
		}
		e.Popularity, e.Description = 0.9, "intergovernmental organization"
	}
	return nil
}
