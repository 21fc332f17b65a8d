package entities

import (
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/nomenhq/nomen/analyzers/entities/coref"
	"github.com/nomenhq/nomen/analyzers/entities/dnn"
	"github.com/nomenhq/nomen/analyzers/entities/gazetteer"
	"github.com/nomenhq/nomen/analyzers/entities/ner"
	"github.com/nomenhq/nomen/analyzers/entities/patterns"
	"github.com/nomenhq/nomen/analyzers/entities/span"
	"github.com/nomenhq/nomen/analyzers/morph"
	"github.com/nomenhq/nomen/analyzers/tokenize"
	"github.com/nomenhq/nomen/kb"
	"github.com/nomenhq/nomen/linking"
)

// Default returns the shipped modules: the statistical and neural taggers, the built-in
// gazetteers merged with the list files of gazetteerDir (none when ""), the patterns,
// coreference, the morphology tagger for salience, and the knowledge base kbFn (nil: no
// linking, no KB names).
func Default(gazetteerDir string, kbFn func() (*kb.KB, error)) (Modules, error) {
	g := gazetteer.Default()
	if gazetteerDir != "" {
		var err error
		if g, err = gazetteer.LoadDir(gazetteerDir); err != nil {
			return Modules{}, fmt.Errorf("entities: gazetteers: %w", err)
		}
	}
	return Modules{
		Tagger:    loadTagger,
		Gazetteer: g.Find,
		UserList:  func(s span.Span) bool { return !builtinTypes[s.Type] },
		Patterns: func(text, lang string, split bool) []span.Span {
			return patterns.Find(text, lang, patterns.Options{CurrencySplit: split})
		},
		Coref: func(text, lang string, toks []tokenize.Token, ents []span.Span) ([]int, []Reference) {
			r := coref.Resolve(text, lang, toks, ents)
			extra := make([]Reference, len(r.Extra))
			for i, x := range r.Extra {
				extra[i] = Reference{Span: x.Span, Chain: x.Chain, Kind: x.Kind}
			}
			return r.Chain, extra
		},
		KB:    kbFn,
		Verbs: verbs,
		Morph: morph.Tag,
		// Extracted mentions are noisier than gold ones: links under 0.5 confidence were
		// mostly wrong on the Wiki-Fair v1 development set (precision 0.39 at the linker's
		// default 0.25, 0.59 at 0.5, same recall), so they stay unlinked with a T id.
		// ExactOnly never searches the fuzzy index: on that set 2 of the 53 links to an
		// entity the mention is no exact name of were right (end to end P/R/F1 0.590 / 0.175 /
		// 0.270 → 0.711 / 0.174 / 0.279), and unknown names cost no fuzzy lookup.
		Linking:   linking.Options{Threshold: LinkThreshold, ExactOnly: true},
		Segment:   segmentWords,
		Supported: supported,
	}, nil
}

var (
	supportedOnce sync.Once
	supportedSet  map[string]bool
)

// supported reports whether lang is one of Languages().
func supported(lang string) bool {
	supportedOnce.Do(func() {
		supportedSet = map[string]bool{}
		for _, l := range Languages() {
			supportedSet[l.Language] = true
		}
	})
	return supportedSet[lang]
}

// LinkThreshold is the linking confidence under which an extracted entity stays unlinked.
const LinkThreshold = 0.5

// builtinTypes are the types of the built-in lists; any other gazetteer type comes from a
// user list.
var builtinTypes = map[string]bool{span.TTL: true, span.NAT: true, span.REL: true}

func loadTagger(model, lang string) (Extractor, error) {
	switch model {
	case ModelDNN:
		m, err := dnn.Load(lang)
		if err != nil {
			if !slices.Contains(dnn.Languages(), lang) {
				return nil, fmt.Errorf("%w: no DNN model for %q (DNN models: %s)", ErrUnsupported, lang, strings.Join(dnn.Languages(), ", "))
			}
			return nil, fmt.Errorf("entities: DNN model for %q: %w", lang, err)
		}
		return m, nil
	default:
		m, err := ner.Load(lang)
		if errors.Is(err, ner.ErrNoModel) {
			return nil, fmt.Errorf("%w: no statistical model for %q", ErrUnsupported, lang)
		}
		if err != nil {
			return nil, err
		}
		return m, nil
	}
}

// segmentWords returns the tokens and sentences of text. Chinese text, written without
// spaces, is cut into words by the trained segmenter of package morph, which learnt the
// segmentation of UD Chinese GSDSimp, the words the Chinese tagger learnt from (UNER
// GSDSimp); gse, the tokenizer's segmenter, cuts transliterated names into pieces ("巴塞 洛
// 缪"), where the tagger then fails. The other languages keep tokenize.Segment's tokens.
func segmentWords(text, lang string) (toks, sents []tokenize.Token, err error) {
	if segmentByMorph[lang] && morphSegmentOn {
		return morph.Segment(text, lang)
	}
	toks, sents = tokenize.Segment(text, lang)
	return toks, sents, nil
}

// segmentByMorph lists the languages segmentWords cuts with package morph's segmenter;
// morphSegmentOn turns it on (off only in development measurements).
var segmentByMorph = map[string]bool{"zho": true}

var morphSegmentOn = true

// verbs marks the VERB and AUX tokens, for the subject-position salience rule.
func verbs(words []string, lang string) ([]bool, error) {
	pos, _, err := morph.Tag(words, lang)
	if err != nil {
		return nil, err
	}
	out := make([]bool, len(pos))
	for i, p := range pos {
		out[i] = p == "VERB" || p == "AUX"
	}
	return out, nil
}

// Language is one supported language and the processors that serve it.
type Language struct {
	Language, Script string
	// Statistical, DNN, Gazetteer, Patterns and Coref report what is available.
	Statistical, DNN, Gazetteer, Patterns, Coref bool
}

// SpecLanguages are the languages of the interface's entity table, with their scripts.
var SpecLanguages = [][2]string{
	{"ara", "Arab"}, {"zho", "Hani"}, {"nld", "Latn"}, {"eng", "Latn"}, {"fra", "Latn"}, {"deu", "Latn"},
	{"ita", "Latn"}, {"por", "Latn"}, {"spa", "Latn"}, {"pus", "Arab"}, {"heb", "Hebr"}, {"hun", "Latn"},
	{"ind", "Latn"}, {"zsm", "Latn"}, {"tgl", "Latn"}, {"jpn", "Jpan"}, {"rus", "Cyrl"}, {"kor", "Kore"},
	{"fas", "Arab"}, {"swe", "Latn"}, {"urd", "Arab"}, {"vie", "Latn"},
}

// Languages lists the languages entity extraction serves: every language of the interface's
// table (all have gazetteers or knowledge-base names, and patterns) plus the other languages
// that have a statistical model, in code order.
func Languages() []Language {
	has := func(list []string) map[string]bool {
		m := map[string]bool{}
		for _, l := range list {
			m[l] = true
		}
		return m
	}
	st, dn, gz, pt, cr := has(ner.Languages()), has(dnn.Languages()), has(gazetteer.Default().Languages()), has(patterns.Languages()), has(coref.Languages())
	scripts := map[string]string{}
	for _, l := range SpecLanguages {
		scripts[l[0]] = l[1]
	}
	for l := range st {
		if _, ok := scripts[l]; !ok {
			scripts[l] = scriptOf(l)
		}
	}
	var out []Language
	for l, s := range scripts {
		out = append(out, Language{Language: l, Script: s, Statistical: st[l], DNN: dn[l], Gazetteer: gz[l], Patterns: pt[l], Coref: cr[l]})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Language < out[j].Language })
	return out
}

// langScript returns the script of lang: the interface's table, else scriptOf.
func langScript(lang string) string {
	for _, l := range SpecLanguages {
		if l[0] == lang {
			return l[1]
		}
	}
	return scriptOf(lang)
}

func scriptOf(lang string) string {
	switch lang {
	case "srp", "bul", "ukr", "bel", "mkd":
		return "Cyrl"
	case "ell":
		return "Grek"
	}
	return "Latn"
}
