package name

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// suffixes maps generational and professional suffixes to their canonical
// form.
var suffixes = map[string]string{
	"jr": "jr", "jnr": "jr", "junior": "jr", "sr": "sr", "snr": "sr", "senior": "sr",
	"ii": "ii", "iii": "iii", "iv": "iv", "v": "v", "vi": "vi", "2nd": "ii", "3rd": "iii", "4th": "iv",
	"phd": "phd", "md": "md", "esq": "esq", "esquire": "esq", "dds": "dds", "dvm": "dvm",
	"cpa": "cpa", "cfa": "cfa", "mba": "mba", "obe": "obe", "mbe": "mbe", "cbe": "cbe", "kbe": "kbe",
	"qc": "qc", "kc": "kc", "rn": "rn", "jd": "jd", "llm": "llm", "msc": "msc", "bsc": "bsc",
	"do": "do", "dmd": "dmd", "pharmd": "pharmd", "dc": "dc", "od": "od", "np": "np", "lpn": "lpn",
	"lcsw": "lcsw", "facs": "facs", "facp": "facp", "faap": "faap", "edd": "edd", "psyd": "psyd",
	"dnp": "dnp", "mph": "mph", "ret": "ret", "bsn": "bsn", "msn": "msn", "aia": "aia", "csi": "csi",
	"gri": "gri", "realtor": "realtor", "architect": "architect", "attorney": "attorney", "atty": "attorney",
	"trustee": "trustee", "lncc": "lncc", "aprn": "aprn", "crna": "crna", "lmft": "lmft", "lpc": "lpc",
	"attorney at law": "attorney", "atty at law": "attorney", "attorneys at law": "attorney",
}

// multiSuffixMax is the most tokens a dotted suffix spans ("D.D.S.").
const multiSuffixMax = 4

// suffixAt reports whether toks[idx[i:]] (all remaining tokens of idx
// from i) spell one suffix, either as one token ("PhD") or as dotted
// letters ("Ph.D.", "M.D."), and returns its canonical form.
func suffixAt(toks []tok, idx []int) (string, bool) {
	if len(idx) == 0 || len(idx) > multiSuffixMax {
		return "", false
	}
	if len(idx) == 1 {
		c, ok := suffixes[toks[idx[0]].Fold]
		return c, ok
	}
	var buf [64]byte
	// Phrases: "attorney at law".
	if c, ok := suffixes[string(appendKey(buf[:0], toks, idx))]; ok {
		return c, true
	}
	key := buf[:0]
	for _, j := range idx {
		t := &toks[j]
		if !t.dot || len(t.Fold) > 2 || t.amp {
			return "", false
		}
		key = append(key, t.Fold...)
	}
	c, ok := suffixes[string(key)]
	return c, ok
}

// markSuffix marks toks[idx] as one suffix token with canonical form c.
func markSuffix(toks []tok, idx []int, c string) {
	t := &toks[idx[0]]
	t.Role, t.Norm, t.Fold = Suffix, c, c
	if len(idx) > 1 {
		t.End = toks[idx[len(idx)-1]].End
		for _, j := range idx[1:] {
			toks[j].Role = roleMerged
		}
	}
}

// weakSuffixes are suffixes that are also initials; at the end of a name
// they count as suffixes only after at least two name words ("Henry Ford
// V"); after a comma they always do ("Edwin Frost, V").
var weakSuffixes = map[string]bool{"v": true, "vi": true}

// particles maps surname particles and patronymic markers to their
// canonical form.
var particles = map[string]string{
	"al": "al", "el": "al", "ul": "al", "bin": "bin", "ibn": "bin", "ben": "bin", "bint": "bint",
	"binti": "bint", "abu": "abu", "abou": "abu", "ould": "ould", "umm": "umm",
	"van": "van", "von": "von", "der": "der", "den": "den", "de": "de", "da": "da", "di": "di",
	"du": "du", "del": "del", "della": "della", "dela": "dela", "la": "la", "le": "le", "les": "les",
	"dos": "dos", "das": "das", "do": "do", "ter": "ter", "ten": "ten", "zu": "zu", "vom": "vom",
	"zum": "zum", "zur": "zur", "y": "y", "d": "d", "l": "l", "degli": "degli", "dei": "dei",
	"af": "af", "av": "av", "mac": "mac", "mc": "mac", "st": "st", "saint": "saint", "bar": "bar", "bat": "bat",
	// Arabic and Hebrew script (folded: hamza and vowel marks removed).
	"بن": "bin", "ابن": "bin", "بنت": "bint", "ابو": "abu", "ال": "al", "ولد": "ould", "ام": "umm",
	"בן": "bin", "בת": "bint",
}

// leadingParticles (folded spellings) may start a name ("Abu Bakr", "bin
// Laden"); other particles in first position are read as given names
// ("Van Morrison", "Ben Hall").
var leadingParticles = map[string]bool{
	"abu": true, "abou": true, "bin": true, "ibn": true, "bint": true, "binti": true, "ould": true, "umm": true,
	"ابو": true, "بن": true, "ابن": true, "بنت": true,
}

// familyFirstLangs write the family name first (ISO 639-3 and -1 codes).
var familyFirstLangs = map[string]bool{
	"zho": true, "chi": true, "cmn": true, "yue": true, "wuu": true, "jpn": true, "kor": true,
	"vie": true, "hun": true, "zh": true, "ja": true, "ko": true, "vi": true, "hu": true,
}

// twoSurnameLangs use two family names (father's and mother's).
var twoSurnameLangs = map[string]bool{"spa": true, "por": true, "cat": true, "glg": true, "es": true, "pt": true}

// parsePerson assigns person roles and returns the tokens, reordered to
// given-then-family order when the name is comma-inverted.
func parsePerson(d *dicts, n *Name, toks []tok) []tok {
	// Comma inversion: "Smith, John", "King, Martin Luther, Jr.".
	lastSeg := toks[len(toks)-1].seg
	if lastSeg > 0 {
		// Trailing segments made only of suffixes are suffixes.
		for s := lastSeg; s > 0; s-- {
			var segBuf [multiSuffixMax]int
			seg := segBuf[:0]
			tooLong := false
			for i := range toks {
				if toks[i].seg != s {
					continue
				}
				if len(seg) == multiSuffixMax {
					tooLong = true
					break
				}
				seg = append(seg, i)
			}
			if tooLong || len(seg) == 0 {
				break
			}
			if c, ok := suffixAt(toks, seg); ok {
				markSuffix(toks, seg, c)
			} else if !allSuffixes(toks, seg) {
				break
			}
			lastSeg = s - 1
		}
		if lastSeg > 0 && toks[0].seg == 0 {
			n.Inverted = true
		}
	}
	if n.Inverted {
		return parseInverted(d, n, toks)
	}
	var bodyStack [16]int
	body := contentRange(toks, bodyStack[:0])
	body = stripTitles(d, toks, body)
	body = stripSuffixes(toks, body)
	if len(body) == 1 && (n.Script == "Hani" || n.Script == "Jpan" || n.Script == "Kore") {
		toks, body = splitCJK(d, n, toks, body[0])
	}
	assignPerson(d, n, toks, body)
	finishPerson(n, toks)
	return toks
}

// splitCJK splits an unspaced Chinese, Japanese or Korean name written as
// one token into family name and given name, using the list of family
// names (longest match first). Chinese and Korean names of two to four
// characters with no listed family name are split after the first
// character, the usual length of a family name. It returns the new token
// list and body.
func splitCJK(d *dicts, n *Name, toks []tok, j int) ([]tok, []int) {
	t := toks[j]
	nr := utf8.RuneCountInString(t.Norm)
	if nr < 2 || nr != utf8.RuneCountInString(t.Raw) {
		return toks, []int{j}
	}
	k := 0
	for l := min(d.cjkMaxRunes, nr-1); l >= 1; l-- {
		if d.cjk[t.Norm[:runeOffset(t.Norm, l)]] {
			k = l
			break
		}
	}
	if first, _ := utf8.DecodeRuneInString(t.Norm); k == 0 && n.Script != "Jpan" && nr <= 4 && isCJK(first) && unicode.IsLetter(first) {
		k = 1
	}
	if k == 0 {
		return toks, []int{j}
	}
	nOff, rOff := runeOffset(t.Norm, k), runeOffset(t.Raw, k)
	fam, given := t, t
	fam.Norm, fam.Fold, fam.End = t.Norm[:nOff], t.Norm[:nOff], t.Start+rOff
	given.Norm, given.Fold, given.Start = t.Norm[nOff:], t.Norm[nOff:], t.Start+rOff
	if t.Fold != t.Norm { // rare: Latin letters or marks inside a CJK name
		fam.Fold, given.Fold = Fold(fam.Norm), Fold(given.Norm)
		if fam.Fold == "" {
			fam.Fold = fam.Norm
		}
		if given.Fold == "" {
			given.Fold = given.Norm
		}
	}
	given.Pos = t.Pos + 1
	out := make([]tok, 0, len(toks)+1)
	out = append(out, toks[:j]...)
	out = append(out, fam, given)
	out = append(out, toks[j+1:]...)
	return out, []int{j, j + 1}
}

// runeOffset returns the byte offset of the k-th rune of s.
func runeOffset(s string, k int) int {
	for i := range s {
		if k == 0 {
			return i
		}
		k--
	}
	return len(s)
}

// contentRange returns the indices of tokens that have no role yet.
func contentRange(toks []tok, idx []int) []int {
	for i := range toks {
		if toks[i].Role == Unknown && !toks[i].amp {
			idx = append(idx, i)
		}
	}
	return idx
}

// allSuffixes marks the tokens at idx as suffixes when each one is a
// suffix on its own ("Jr PhD"), and reports whether it did.
func allSuffixes(toks []tok, idx []int) bool {
	for _, j := range idx {
		if _, ok := suffixes[toks[j].Fold]; !ok {
			return false
		}
	}
	for _, j := range idx {
		setSuffix(&toks[j])
	}
	return true
}

func setSuffix(t *tok) {
	t.Role = Suffix
	if c, ok := suffixes[t.Fold]; ok {
		t.Norm, t.Fold = c, c
	}
}

// stripTitles marks leading title tokens (multi-word titles such as "His
// Excellency" become one token) as long as a name word remains, and
// returns the remaining body.
func stripTitles(d *dicts, toks []tok, body []int) []int {
	var keyBuf [128]byte
	for len(body) > 1 {
		matched := 0
		var canon string
		for l := min(d.titleMax, len(body)-1); l >= 1; l-- {
			if c, ok := d.titles[string(appendKey(keyBuf[:0], toks, body[:l]))]; ok {
				matched, canon = l, c
				break
			}
		}
		if matched == 0 {
			break
		}
		first := &toks[body[0]]
		if matched > 1 {
			last := toks[body[matched-1]]
			first.End = last.End
			for _, j := range body[1:matched] {
				toks[j].Role = roleMerged
			}
		}
		first.Role, first.Norm, first.Fold = Title, canon, canon
		body = body[matched:]
	}
	return body
}

// roleMerged marks tokens merged into the previous one; they are removed
// by compact.
const roleMerged Role = 255

// appendKey appends to dst the dictionary key of the tokens at idx: their
// Fold joined by spaces, "&" for the ampersand.
func appendKey(dst []byte, toks []tok, idx []int) []byte {
	for k, j := range idx {
		if k > 0 {
			dst = append(dst, ' ')
		}
		if toks[j].amp {
			dst = append(dst, '&')
		} else {
			dst = append(dst, toks[j].Fold...)
		}
	}
	return dst
}

// appendRangeKey is appendKey for the consecutive tokens toks[lo:hi].
func appendRangeKey(dst []byte, toks []tok, lo, hi int) []byte {
	for j := lo; j < hi; j++ {
		if j > lo {
			dst = append(dst, ' ')
		}
		if toks[j].amp {
			dst = append(dst, '&')
		} else {
			dst = append(dst, toks[j].Fold...)
		}
	}
	return dst
}

// stripSuffixes marks trailing suffix tokens while at least one name word
// (two for weak suffixes) remains, and returns the remaining body.
func stripSuffixes(toks []tok, body []int) []int {
outer:
	for len(body) > 1 {
		// Dotted suffixes first ("Ph.D."), keeping one name word.
		for l := min(multiSuffixMax, len(body)-1); l >= 2; l-- {
			if c, ok := suffixAt(toks, body[len(body)-l:]); ok {
				markSuffix(toks, body[len(body)-l:], c)
				body = body[:len(body)-l]
				continue outer
			}
		}
		t := &toks[body[len(body)-1]]
		if _, ok := suffixes[t.Fold]; !ok {
			break
		}
		if weakSuffixes[t.Fold] && len(body) < 3 {
			break
		}
		setSuffix(t)
		body = body[:len(body)-1]
	}
	return body
}

// isInitial reports whether a name word is a single letter of an
// alphabetic script.
func isInitial(t *tok) bool {
	r, size := utf8.DecodeRuneInString(t.Fold)
	if size != len(t.Fold) || r == utf8.RuneError {
		return false
	}
	return !isCJK(r) && !('0' <= r && r <= '9')
}

func isCJK(r rune) bool {
	return r >= 0x1100 && (r <= 0x11FF || (r >= 0x2E80 && r <= 0x9FFF) || (r >= 0xAC00 && r <= 0xD7AF) ||
		(r >= 0xF900 && r <= 0xFAFF) || (r >= 0x20000 && r <= 0x3FFFF))
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// assignPerson gives roles to the name words in body.
func assignPerson(d *dicts, n *Name, toks []tok, body []int) {
	if len(body) == 0 {
		return
	}
	cjkScript := n.Script == "Hani" || n.Script == "Jpan" || n.Script == "Kore" || n.Script == "Hang"
	familyFirst := cjkScript || familyFirstLangs[n.Lang]
	if familyFirst && !cjkScript && len(body) >= 2 {
		// Latin-script names with a CJK language hint: trust a known
		// romanised family name at either end.
		first, last := d.cjkLatn[toks[body[0]].Fold], d.cjkLatn[toks[body[len(body)-1]].Fold]
		if last && !first {
			familyFirst = false
		}
	}
	if len(body) == 1 {
		t := &toks[body[0]]
		switch {
		case isInitial(t):
			t.Role = Initial
		case isDigits(t.Fold):
			t.Role = Number
		case cjkScript:
			t.Role = Unknown
		case hasSurnameTitle(toks):
			t.Role = Family // "Mr Smith"
		case d.isGivenName(t.Fold):
			t.Role = Given
		default:
			// A lone word that is no known given name is most often a
			// family name (as in registers and lists).
			t.Role = Family
		}
		return
	}
	if familyFirst {
		n.FamilyFirst = true
		toks[body[0]].Role = Family
		for _, j := range body[1:] {
			t := &toks[j]
			switch {
			case isInitial(t):
				t.Role = Initial
			default:
				t.Role = Given
			}
		}
		return
	}
	// Russian-style "Family Given Patronymic": a patronymic last means the
	// family name came first.
	if len(body) >= 3 && isPatronymic(toks[body[len(body)-1]].Fold) && !isPatronymic(toks[body[1]].Fold) {
		toks[body[0]].Role = Family
		for _, j := range body[1:] {
			toks[j].Role = Given
		}
		return
	}
	// List order without a comma, "Kowalski Anna" or "Swanson Peter A": an
	// unknown first word before a known given name (and at most a trailing
	// initial) is the family name.
	if n.Lang == "" && (len(body) == 2 || (len(body) == 3 && isInitial(&toks[body[2]]))) &&
		!isInitial(&toks[body[0]]) && !isInitial(&toks[body[1]]) &&
		!d.isGivenName(toks[body[0]].Fold) && d.isGivenName(toks[body[1]].Fold) &&
		particles[toks[body[0]].Fold] == "" && !toks[body[1]].hyphen && !d.cjkLatn[toks[body[1]].Fold] {
		toks[body[0]].Role = Family
		toks[body[1]].Role = Given
		if len(body) == 3 {
			toks[body[2]].Role = Initial
		}
		return
	}
	// Western order: the last word is the family name, with the particles
	// and hyphenated parts before it.
	last := len(body) - 1
	// Trailing initials follow the family name ("Smith J") or, after a
	// lone known given name, abbreviate it ("Elizabeth B").
	if last > 0 && isInitial(&toks[body[last]]) && !isInitial(&toks[body[0]]) {
		for last > 0 && isInitial(&toks[body[last]]) {
			toks[body[last]].Role = Initial
			last--
		}
		if last == 0 && d.isGivenName(toks[body[0]].Fold) {
			toks[body[0]].Role = Given
			return
		}
	}
	toks[body[last]].Role = Family
	k := last - 1
	for k >= 1 || (k == 0 && leadingParticles[toks[body[0]].Fold]) {
		t := &toks[body[k]]
		if c, ok := particles[t.Fold]; ok && !isInitial(t) {
			t.Role, t.Norm, t.Fold = Particle, c, c
			k--
			continue
		}
		if toks[body[k+1]].hyphen && !isInitial(t) {
			t.Role = Family
			k--
			continue
		}
		break
	}
	// Spanish and Portuguese names carry two family names.
	if twoSurnameLangs[n.Lang] && k >= 1 && !isInitial(&toks[body[k]]) {
		toks[body[k]].Role = Family
		k--
		for k >= 1 {
			t := &toks[body[k]]
			c, ok := particles[t.Fold]
			if !ok || isInitial(t) {
				break
			}
			t.Role, t.Norm, t.Fold = Particle, c, c
			k--
		}
	}
	for i := 0; i <= k; i++ {
		t := &toks[body[i]]
		switch {
		case isInitial(t):
			t.Role = Initial
		case i == 0:
			if c, ok := particles[t.Fold]; ok && leadingParticles[t.Fold] {
				t.Role, t.Norm, t.Fold = Particle, c, c
			} else {
				t.Role = Given
			}
		case isDigits(t.Fold):
			t.Role = Number
		default:
			if c, ok := particles[t.Fold]; ok && (c == "bin" || c == "bint" || c == "abu" || c == "al" || c == "ould") {
				t.Role, t.Norm, t.Fold = Particle, c, c
			} else if d.isGivenName(t.Fold) || isPatronymic(t.Fold) || (t.hyphen && toks[body[i-1]].Role == Given) {
				t.Role = Given
			} else {
				t.Role = Unknown
			}
		}
	}
	// "Abu Bakr ..." : the first word after leading particles is a given name.
	for _, j := range body {
		if toks[j].Role == Particle {
			continue
		}
		if toks[j].Role == Unknown {
			toks[j].Role = Given
		}
		break
	}
}

// patronymicEndings are the endings of East Slavic patronymics (folded).
var patronymicEndings = []string{"ович", "евич", "ьевич", "овна", "евна", "ична", "инична", "ovich", "evich", "ovna", "evna", "ovych", "ivna"}

// isPatronymic reports whether a folded word looks like an East Slavic
// patronymic (Vladimirovich, Ивановна).
func isPatronymic(fold string) bool {
	if utf8.RuneCountInString(fold) < 6 {
		return false
	}
	for _, e := range patronymicEndings {
		if strings.HasSuffix(fold, e) {
			return true
		}
	}
	return false
}

// givenTitles are titles followed by a given name ("Sir Elton",
// "Sheikh Mohammed"); other titles before a single word ("Mrs Thatcher",
// "Dr. Watson") are followed by a family name.
var givenTitles = map[string]bool{
	"sir": true, "dame": true, "sheikh": true, "sheikha": true, "sayyid": true, "haji": true,
	"imam": true, "mullah": true, "maulana": true, "ayatollah": true, "lord": true, "lady": true,
}

func hasSurnameTitle(toks []tok) bool {
	for i := range toks {
		if toks[i].Role == Title && !givenTitles[toks[i].Norm] {
			return true
		}
	}
	return false
}

// parseInverted handles "Family, Given [, Suffix]" and returns the tokens
// in given-then-family order.
func parseInverted(d *dicts, n *Name, toks []tok) []tok {
	var fam, given []int
	for i := range toks {
		if toks[i].Role != Unknown || toks[i].amp {
			continue
		}
		if toks[i].seg == 0 {
			fam = append(fam, i)
		} else {
			given = append(given, i)
		}
	}
	given = stripTitles(d, toks, given)
	given = stripSuffixes(toks, given)
	// Titles may also lead the family part ("Dr. Smith, John"), and
	// suffixes end it ("Wells Jr, Jesse").
	fam = stripTitles(d, toks, fam)
	fam = stripSuffixes(toks, fam)
	// Particles at the end of the given part belong to the family name
	// ("Beethoven, Ludwig van").
	for len(given) > 1 {
		t := &toks[given[len(given)-1]]
		c, ok := particles[t.Fold]
		if !ok || isInitial(t) {
			break
		}
		t.Role, t.Norm, t.Fold = Particle, c, c
		given = given[:len(given)-1]
	}
	for _, j := range given {
		t := &toks[j]
		if isInitial(t) {
			t.Role = Initial
		} else {
			t.Role = Given
		}
	}
	for k, j := range fam {
		t := &toks[j]
		if c, ok := particles[t.Fold]; ok && k < len(fam)-1 {
			t.Role, t.Norm, t.Fold = Particle, c, c
		} else {
			t.Role = Family
		}
	}
	finishPerson(n, toks)
	// Reorder: titles, given names, particles moved from the end of the
	// given part, the family part, then suffixes.
	group := func(t *tok) int {
		switch {
		case t.Role == Title:
			return 0
		case t.Role == Suffix:
			return 4
		case t.seg > 0 && t.Role == Particle:
			return 2
		case t.seg > 0:
			return 1
		}
		return 3
	}
	out := make([]tok, 0, len(toks))
	for g := 0; g <= 4; g++ {
		for i := range toks {
			if group(&toks[i]) == g {
				out = append(out, toks[i])
			}
		}
	}
	return out
}

// finishPerson merges multi-word tokens, numbers the tokens and fills the
// Title and Suffix summaries.
func finishPerson(n *Name, toks []tok) {
	var title, suffix []string
	for i := range toks {
		switch toks[i].Role {
		case Title:
			title = append(title, toks[i].Norm)
		case Suffix:
			suffix = append(suffix, toks[i].Norm)
		}
	}
	if len(title) > 0 {
		n.Title = strings.Join(title, " ")
	}
	if len(suffix) > 0 {
		n.Suffix = strings.Join(suffix, " ")
	}
}

// parseOrg assigns organization roles: legal forms at the end (and, for
// forms such as OOO or PT, at the start), stop words, words and numbers.
func parseOrg(d *dicts, n *Name, toks []tok) []tok {
	content := func(lo, hi int) int {
		c := 0
		for i := lo; i < hi; i++ {
			if toks[i].Role == Unknown && !toks[i].amp && !d.stop[toks[i].Fold] {
				c++
			}
		}
		return c
	}
	var forms []string
	var keyBuf [256]byte
	// Legal forms from the end.
	end := len(toks)
	for end > 1 {
		matched := 0
		var lf legalForm
		for l := min(d.legalMax, end-1); l >= 1; l-- {
			if f, ok := d.legal[string(appendRangeKey(keyBuf[:0], toks, end-l, end))]; ok && content(0, end-l) > 0 &&
				!afterConjunction(toks, end-l, f.canon) {
				matched, lf = l, f
				break
			}
		}
		if matched == 0 {
			break
		}
		mergeLegal(toks, end-matched, end, lf.canon)
		forms = append([]string{lf.canon}, forms...)
		end -= matched
	}
	// Legal forms written first.
	start := 0
	for l := min(d.legalMax, end-1); l >= 1; l-- {
		if f, ok := d.legal[string(appendRangeKey(keyBuf[:0], toks, 0, l))]; ok && f.prefix && content(l, end) > 0 {
			mergeLegal(toks, 0, l, f.canon)
			forms = append([]string{f.canon}, forms...)
			start = l
			break
		}
	}
	// Common legal forms inside the name ("Mary Riordan Ltd. Attorneys at
	// Law"), never first.
	for i := start + 1; i < end-1; i++ {
		t := &toks[i]
		if t.Role != Unknown || t.amp {
			continue
		}
		if f, ok := d.legal[t.Fold]; ok && innerLegalForms[f.canon] && !afterConjunction(toks, i, f.canon) {
			mergeLegal(toks, i, i+1, f.canon)
			forms = append(forms, f.canon)
		}
	}
	nonStop := content(start, end)
	for i := start; i < end; i++ {
		t := &toks[i]
		if t.Role != Unknown || t.amp {
			continue
		}
		switch {
		case d.stop[t.Fold] && nonStop > 0 && !(t.dot && isInitial(t)):
			t.Role = StopWord
		case isDigits(t.Fold):
			t.Role = Number
		default:
			t.Role = Word
			t.Symbol = d.orgSym[t.Fold]
		}
	}
	n.LegalForm = strings.Join(forms, " ")
	return toks
}

// innerLegalForms are unambiguous legal forms also recognised inside a
// name, not only at its ends.
var innerLegalForms = map[string]bool{
	"ltd": true, "llc": true, "inc": true, "plc": true, "gmbh": true, "llp": true, "pllc": true,
	"corp": true, "pc": true, "coltd": true,
}

// afterConjunction reports whether the legal form starting at toks[i]
// follows "and" or "&": "Hotel and Spa" is no S.p.A.; "& Co." stays a
// legal form.
func afterConjunction(toks []tok, i int, canon string) bool {
	if i == 0 || canon == "co" {
		return false
	}
	p := &toks[i-1]
	return p.amp || p.Fold == "and" || p.Fold == "und" || p.Fold == "et" || p.Fold == "y"
}

// mergeLegal turns toks[lo:hi] into one LegalForm token at lo.
func mergeLegal(toks []tok, lo, hi int, canon string) {
	t := &toks[lo]
	t.End = toks[hi-1].End
	t.Role, t.Norm, t.Fold = LegalForm, canon, canon
	for i := lo + 1; i < hi; i++ {
		toks[i].Role = roleMerged
	}
}

// dropMerged removes tokens merged into the one before them.
func dropMerged(toks []tok) []tok {
	out := toks[:0]
	for _, t := range toks {
		if t.Role == roleMerged {
			continue
		}
		out = append(out, t)
	}
	return out
}

// locationAbbrev expands abbreviations in place names.
var locationAbbrev = map[string]string{
	"st": "saint", "ste": "sainte", "sts": "saints", "mt": "mount", "mtn": "mountain", "mts": "mountains",
	"ft": "fort", "pt": "point", "pte": "pointe", "lk": "lake", "spgs": "springs", "spg": "spring",
	"hts": "heights", "hbr": "harbor", "bch": "beach", "crk": "creek", "jct": "junction", "vlg": "village",
	"twp": "township", "is": "island", "isl": "island", "co": "county", "pk": "park", "cty": "city",
	"n": "north", "s": "south", "e": "east", "w": "west", "ne": "northeast", "nw": "northwest",
	"se": "southeast", "sw": "southwest", "nth": "north", "sth": "south", "gt": "great", "lt": "little",
}

// dottedOnly are abbreviations expanded only when written with a dot,
// because without one they are ordinary words.
var dottedOnly = map[string]bool{"is": true, "co": true, "pk": true, "gt": true, "lt": true, "cty": true}

// germanicLangs write "St." for "Sankt".
var germanicLangs = map[string]bool{"deu": true, "ger": true, "de": true, "nld": true, "dut": true}

func parseLocation(d *dicts, n *Name, toks []tok) {
	nonStop := 0
	for i := range toks {
		if !toks[i].amp && !d.stop[toks[i].Fold] {
			nonStop++
		}
	}
	for i := range toks {
		t := &toks[i]
		if t.amp {
			continue
		}
		if exp, ok := locationAbbrev[t.Fold]; ok && len(toks) > 1 && (t.dot || !dottedOnly[t.Fold]) {
			if len(t.Fold) == 1 && !t.dot && i == len(toks)-1 {
				// A trailing single letter is not a direction ("Route E").
			} else {
				if t.Fold == "st" && germanicLangs[n.Lang] {
					exp = "sankt"
				}
				t.Norm, t.Fold, t.Role = exp, exp, Word
				continue
			}
		}
		switch {
		case d.stop[t.Fold] && nonStop > 0:
			t.Role = StopWord
		case isDigits(t.Fold):
			t.Role = Number
		default:
			t.Role = Word
		}
	}
}

// Acronym returns the initials of the content words of n (given, family,
// unknown, initial and organization or location words; not stop words,
// legal forms, titles, suffixes, particles or numbers), lower-cased and
// folded: "International Business Machines Corp." → "ibm". It is empty
// when fewer than two such words exist and for Han, kana and Hangul names.
func Acronym(n Name) string {
	switch n.Script {
	case "Hani", "Jpan", "Kore", "Hang", "Hira", "Kana":
		return "" // initials of logographic or syllabic names mean nothing
	}
	var b strings.Builder
	count := 0
	for _, t := range n.Tokens {
		switch t.Role {
		case Given, Family, Unknown, Initial, Word:
		default:
			continue
		}
		r, _ := utf8.DecodeRuneInString(t.Fold)
		b.WriteRune(r)
		count++
	}
	if count < 2 {
		return ""
	}
	return b.String()
}
