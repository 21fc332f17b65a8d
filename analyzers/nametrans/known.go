package nametrans

import (
	"github.com/nomenhq/nomen/analyzers/script"
	"github.com/nomenhq/nomen/kb"
)

// kbLabelLang maps the target languages to the language keys of knowledge-base labels.
var kbLabelLang = map[string]string{
	"eng": "en", "deu": "de", "fra": "fr", "spa": "es", "por": "pt", "ita": "it", "nld": "nl",
	"rus": "ru", "ukr": "uk", "bul": "bg", "srp": "sr", "bel": "be", "mkd": "mk", "ell": "el",
	"ara": "ar", "fas": "fa", "urd": "ur", "heb": "he", "hin": "hi", "zho": "zh", "jpn": "ja",
	"kor": "ko", "tha": "th",
}

// kbTypes maps the interface's entity types to the knowledge base's.
var kbTypes = map[string]string{"PERSON": kb.TypePER, "LOCATION": kb.TypeLOC, "ORGANIZATION": kb.TypeORG}

// KBKnown returns a KnownFunc over k: the whole name must be an exact, not merely
// machine-translated, name of an entity of the requested type (any type when entityType is
// empty), and that entity must have a label in the target language written in the target
// script. The confidence is p(entity | name) among the entities sharing the name.
func KBKnown(k *kb.KB) KnownFunc {
	return func(name, entityType, tgt, tgtScript string) (string, float64, bool) {
		lang, ok := kbLabelLang[tgt]
		if !ok || k == nil {
			return "", 0, false
		}
		typ := kbTypes[entityType]
		cs := k.ExactCandidates(name, typ, 2)
		if len(cs) == 0 || cs[0].Score < 0.5 {
			return "", 0, false // no name, or a weak (machine-translated) alias only
		}
		label := cs[0].Entity.Labels[lang]
		if label == "" || !scriptFits(tgtScript, script.Detect(label)) {
			return "", 0, false
		}
		return label, cs[0].Prior, true
	}
}
