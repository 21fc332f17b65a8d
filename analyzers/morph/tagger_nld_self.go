package morph

import (
	"bufio"
	"compress/gzip"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"unicode"
)

// Self-training of the Dutch tagger on the Europeana Newspapers Dutch
// text (ner-multi-europeana-newspapers, enp_NL.kb: 19th/20th-century OCR,
// auxiliary TRAIN data, CC0). The token stream is cut into sentences at
// final punctuation; the sentences kept are those whose words the
// OpenSubtitles list mostly knows (modern spelling, clean OCR), and of
// these the ones on which the two tagger passes agree. Choices by
// 5-fold cross-validation on the dev split (TestTuneManual, MORPH_NLDSELF).

// nldSelfMax is how many automatically tagged Europeana sentences the
// Dutch tagger learns from (0: no self-training).
var nldSelfMax = 0

// nldCleanShare is the share, in twentieths, of a sentence's lower-case
// words that the frequency list must hold.
var nldCleanShare = 18

// nldSelfFile is the Europeana Dutch file, relative to the data directory;
// only its first nine tenths are read (the last tenth is the suggested
// in-domain held-out part).
const nldSelfFile = "ner-multi-europeana-newspapers/enp_NL.kb.bio.gz"

// readEuropeanaNL returns the token sentences of the first nine tenths of
// the Europeana Dutch file whose alphabetic words are at least 95% in freq.
func readEuropeanaNL(dataDir string, freq map[string]int) ([][]string, error) {
	p := filepath.Join(dataDir, nldSelfFile)
	f, err := os.Open(p)
	if err != nil {
		return nil, fmt.Errorf("morph: europeana: %w", err)
	}
	defer f.Close()
	gz, err := gzip.NewReader(f)
	if err != nil {
		return nil, fmt.Errorf("morph: europeana: %s: %w", p, err)
	}
	var toks []string
	sc := bufio.NewScanner(gz)
	for sc.Scan() {
		tok, _, _ := strings.Cut(sc.Text(), " ")
		if tok == "" {
			continue
		}
		toks = append(toks, splitTrailingPunct(tok)...)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("morph: europeana: %s: %w", p, err)
	}
	toks = toks[:len(toks)*9/10]
	var out [][]string
	var cur []string
	for _, t := range toks {
		cur = append(cur, t)
		if t == "." || t == "?" || t == "!" {
			if cleanNL(cur, freq) {
				out = append(out, cur)
			}
			cur = nil
		}
	}
	return out, nil
}

// splitTrailingPunct splits the trailing , . ; : ? ! ) of an OCR token off
// as tokens of their own.
func splitTrailingPunct(tok string) []string {
	end := len(tok)
	for end > 0 && strings.ContainsRune(",.;:?!)", rune(tok[end-1])) {
		end--
	}
	if end == 0 || end == len(tok) {
		return []string{tok}
	}
	out := []string{tok[:end]}
	for _, c := range tok[end:] {
		out = append(out, string(c))
	}
	return out
}

// cleanNL reports whether a sentence is 6 to 40 tokens long, starts with
// an upper-case letter and has at least nldCleanShare twentieths of its
// lower-case words (but the first) in freq.
func cleanNL(toks []string, freq map[string]int) bool {
	if len(toks) < 6 || len(toks) > 40 {
		return false
	}
	if r := []rune(toks[0]); !unicode.IsUpper(r[0]) {
		return false
	}
	alpha, known := 0, 0
	for i, t := range toks {
		if !strings.ContainsFunc(t, unicode.IsLetter) {
			continue
		}
		if r := []rune(t); i > 0 && unicode.IsUpper(r[0]) {
			continue // a name
		}
		alpha++
		if _, ok := freq[strings.ToLower(t)]; ok {
			known++
		}
	}
	return alpha > 0 && known*20 >= alpha*nldCleanShare
}

// selfTrainNLD retrains the Dutch tagger of m on sents plus up to
// nldSelfMax Europeana sentences tagged by m (those on which the first and
// second passes agree on every word); nothing happens for other languages
// or when nldSelfMax is 0.
func selfTrainNLD(dataDir string, m *langModel, lang string, tb treebank, sents []sentence, freq map[string]int) error {
	if lang != "nld" || nldSelfMax <= 0 {
		return nil
	}
	raw, err := readEuropeanaNL(dataDir, freq)
	if err != nil {
		return err
	}
	var sc scratch
	auto := append([]sentence(nil), sents...)
	n := 0
	for _, forms := range raw {
		if n >= nldSelfMax {
			break
		}
		tags, _ := m.tagWords(forms, &sc, 1)
		first, _ := greedy(m.tagger, &sc, nil, 1, m.feats)
		agree := true
		for k := range tags {
			if tags[k] != first[k] {
				agree = false
				break
			}
		}
		if !agree {
			continue
		}
		s := sentence{Text: strings.Join(forms, " "), Tokens: make([]surface, len(forms))}
		for k, w := range forms {
			s.Tokens[k] = surface{Form: w, Words: []word{{Form: w, Lemma: w, UPOS: tags[k]}}}
		}
		auto = append(auto, s)
		n++
	}
	nm := buildModel(lang, auto, nil, nil, tb, freq, m.wn)
	m.tagger, m.tagger2, m.amb = nm.tagger, nm.tagger2, nm.amb
	return nil
}
