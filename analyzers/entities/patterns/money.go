package patterns

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/nomenhq/nomen/analyzers/entities/span"
)

const (
	confMoneySymbol = 0.97 // a currency sign, ISO 4217 code or letter symbol ("R$", "Rs.")
	confMoneyWord   = 0.95 // a currency word ("dollars", "рублей", "美元")
)

// Money is found from its currency: every currency sign, code, letter symbol or word is
// located by a scan in Go, then the amount (with an optional magnitude word) is read
// after it ("$1,200.50", "EUR 30", "£2bn") or, failing that, before it ("30 €",
// "1.5 million dollars", "5 000 руб.", "3亿元"). Only the amount itself is a regular
// expression, anchored and run on a few dozen bytes, so the cost is linear and small.

// currencyPrefixes are the letters that may precede "$" in one symbol ("US$", "R$").
var currencyPrefixes = set("US USD A AU C CA NZ HK S NT R MX RD CR")

// letterSymbols are currency symbols written with letters (case-sensitive); a trailing
// full stop belongs to those listed with one.
var letterSymbols = set(`Rs Rs. Rp Rp. RM zł Kč Ft kr kr. Fr. CHF лв лв. грн грн. руб руб. р. ریال تومان`)

// moneyCodes are ISO 4217 codes in common use.
var moneyCodes = set(`USD EUR GBP JPY CNY RMB CHF CAD AUD NZD HKD SGD TWD INR RUB BRL MXN KRW SEK NOK DKK ISK
	PLN CZK HUF RON BGN TRY ZAR ILS AED SAR QAR KWD BHD OMR JOD EGP MAD IDR MYR PHP THB VND PKR IRR AFN BDT LKR NGN
	KES GHS ARS CLP COP PEN UAH KZT BTC`)

// moneyWords are currency names in the supported languages, lower case.
var moneyWords = set(`dollar dollars euro euros sterling yen yuan renminbi rupee rupees rouble roubles ruble rubles
	franc francs peso pesos reais real reals shekel shekels lira liras dinar dinars dirham dirhams riyal riyals rial
	rials rand kronor kroner krona krone forint forints zloty zlotys ringgit rupiah baht bahts hryvnia hryvnias naira
	nairas cent cents pence bitcoin bitcoins
	pfund franken rubel kronen euro's us-dollar
	livres centimes dólares dólar libras céntimos reales rublos yenes centavos dollari dollaro sterline sterlina rubli
	franchi
	рублей рубля рубль долларов доллара доллар евро копеек юаней гривен тенге
	dolar piso đồng
	دولار دولارات يورو جنيه جنيهات ريال ريالات درهم دراهم دينار دنانير ليرة
	שקלים שקל דולר אירו دلار یورو تومان روپے روپیہ ڈالر افغانۍ افغانی`)

// moneyPhrases are two-word currency names; the first word alone is not one.
var moneyPhrases = set(`us|dollars us|dollar pounds|sterling pound|sterling livres|sterling dollars|américains đô|la`)

// cjkCurrencies are currency words written without spaces, longest first.
var cjkCurrencies = []string{"人民币", "人民幣", "美元", "美金", "欧元", "歐元", "日元", "英镑", "英鎊", "港元", "港币", "块钱",
	"ユーロ", "ポンド", "달러", "유로", "ドル", "元", "円", "块", "원", "엔"}

// magnitudes scale an amount ("1.5 million", "2bn", "3 млрд", "5万"), lower case.
var magnitudes = set(`thousand million millions billion billions trillion mn bn tn t tr mm m b k mi bi tri mio mio. mrd
	mrd. md tsd tsd. milliard milliards millones millón mil milhões milhão bilhões bilhão milioni milione miliardi
	miliardo miljoen miljard miljoner miljarder millió milliárd ezer juta miliar triliun ribu bilion triệu tỷ nghìn
	млн млн. млрд млрд. тыс тыс. مليون مليار ألف מיליון מיליארד میلیون میلیارد هزار لاکھ کروڑ lakh crore`)

// cjkMagnitudes are magnitude characters glued to CJK amounts.
const cjkMagnitudes = "万萬億亿千百兆억만천"

const moneyAmount = `(?:\d{1,3}(?:[,. ']\d{3})+|\d{1,15})(?:[.,]\d{1,4})?`

var (
	reAmountAfter  = regexp.MustCompile(`^-?` + moneyAmount)
	reAmountPlain  = regexp.MustCompile(`^-?\d{1,15}(?:[.,]\d{1,4})?`)
	reAmountBefore = regexp.MustCompile(moneyAmount + `$`)
)

func set(words string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(words) {
		m[strings.ReplaceAll(w, "|", " ")] = true
	}
	return m
}

// curTok is a currency found in the text; symbol marks signs, codes and letter symbols,
// which may also precede the amount.
type curTok struct {
	s, e   int
	symbol bool
}

// currencyTokens returns the currencies of t in text order.
func currencyTokens(t string) []curTok {
	var toks []curTok
	var ws []window
	words(t, func(s, e int) { ws = append(ws, window{s, e}) })
	wi := 0
	for i, r := range t {
		// Words that end before i are handled in order with the signs.
		for wi < len(ws) && ws[wi].lo < i {
			toks = appendWordCurrency(toks, t, ws, wi)
			wi++
		}
		if !unicode.Is(unicode.Sc, r) {
			continue
		}
		s := i
		if r == '$' && wi > 0 && ws[wi-1].hi == i && currencyPrefixes[t[ws[wi-1].lo:i]] {
			s = ws[wi-1].lo
			if n := len(toks); n > 0 && toks[n-1].s == s {
				toks = toks[:n-1]
			}
		}
		toks = append(toks, curTok{s, i + utf8.RuneLen(r), true})
	}
	for ; wi < len(ws); wi++ {
		toks = appendWordCurrency(toks, t, ws, wi)
	}
	return toks
}

// appendWordCurrency appends the currency that word ws[i] is or holds, if any.
func appendWordCurrency(toks []curTok, t string, ws []window, i int) []curTok {
	s, e := ws[i].lo, ws[i].hi
	w := t[s:e]
	if r, _ := utf8.DecodeRuneInString(w); isCJK(r) {
		// Currencies inside a run of CJK characters: "100美元", "3亿元", "5천달러".
		for off := 0; off < len(w); {
			found := false
			for _, c := range cjkCurrencies {
				if strings.HasPrefix(w[off:], c) {
					toks = append(toks, curTok{s + off, s + off + len(c), false})
					off += len(c)
					found = true
					break
				}
			}
			if !found {
				_, n := utf8.DecodeRuneInString(w[off:])
				off += n
			}
		}
		return toks
	}
	next := nextRune(t, e)
	switch {
	case next == '.' && letterSymbols[w+"."]:
		return append(toks, curTok{s, e + 1, true})
	case letterSymbols[w] || moneyCodes[w]:
		return append(toks, curTok{s, e, true})
	case w == "ש" && (next == '"' || next == '״') && strings.HasPrefix(t[e+len(string(next)):], "ח"):
		return append(toks, curTok{s, e + len(string(next)) + len("ח"), true})
	case (w == "د" || w == "ر" || w == "ج") && next == '.':
		if i+1 < len(ws) && ws[i+1].lo == e+1 && strings.Contains("إسم", t[ws[i+1].lo:ws[i+1].hi]) {
			return append(toks, curTok{s, ws[i+1].hi, true})
		}
	}
	lw := strings.ToLower(w)
	if i+1 < len(ws) && ws[i+1].lo == e+1 && t[e] == ' ' && moneyPhrases[lw+" "+strings.ToLower(t[ws[i+1].lo:ws[i+1].hi])] {
		return append(toks, curTok{s, ws[i+1].hi, false})
	}
	if moneyWords[lw] {
		return append(toks, curTok{s, e, false})
	}
	return toks
}

func findMoney(sc *scan) {
	if !sc.digit {
		return
	}
	t := sc.text
	last := -1 // index in sc.out of the last money candidate
	for _, tok := range currencyTokens(t) {
		if last >= 0 && tok.s < sc.out[last].e {
			continue
		}
		c, ok := moneyAfter(t, tok)
		if !ok {
			c, ok = moneyBefore(t, tok)
		}
		if !ok {
			continue
		}
		// "$5 USD": the code repeats the currency of the amount before it.
		if last >= 0 && c.as < sc.out[last].e {
			if c.cs > c.as && strings.TrimSpace(t[sc.out[last].e:c.cs]) == "" {
				sc.out[last].e = c.ce
			}
			continue
		}
		sc.out = append(sc.out, c)
		last = len(sc.out) - 1
	}
}

// moneyAfter reads a symbol followed by an amount: "$1,200.50", "EUR 30", "£2bn".
func moneyAfter(t string, tok curTok) (cand, bool) {
	if !tok.symbol {
		return cand{}, false
	}
	if p := prevRune(t, tok.s); isAlnum(p) && !isCJK(p) {
		return cand{}, false
	}
	as := tok.e
	if as < len(t) && t[as] == ' ' {
		as++
	}
	m := reAmountAfter.FindStringIndex(t[as:min(len(t), as+40)])
	if m == nil {
		return cand{}, false
	}
	ae := as + m[1]
	if n := nextRune(t, ae); isDigit(n) || strings.ContainsRune(".,", n) && isDigit(nextRune2(t, ae)) {
		// "$1.2710": not a thousands group but four decimals.
		if m = reAmountPlain.FindStringIndex(t[as:min(len(t), as+40)]); m == nil {
			return cand{}, false
		}
		ae = as + m[1]
		if n := nextRune(t, ae); isDigit(n) || strings.ContainsRune(".,", n) && isDigit(nextRune2(t, ae)) {
			return cand{}, false
		}
	}
	ae = magnitudeAfter(t, ae)
	if n := nextRune(t, ae); isAlnum(n) && !isCJK(n) {
		return cand{}, false
	}
	return moneyCand(tok, as, ae), true
}

// magnitudeAfter extends the amount ending at ae over a magnitude word ("2bn",
// "$1.5 million", "5万").
func magnitudeAfter(t string, ae int) int {
	p := ae
	if p < len(t) && t[p] == ' ' {
		p++
	}
	r, n := utf8.DecodeRuneInString(t[p:])
	if strings.ContainsRune(cjkMagnitudes, r) {
		return p + n
	}
	if !unicode.IsLetter(r) {
		return ae
	}
	e := p
	for e < len(t) {
		r, n := utf8.DecodeRuneInString(t[e:])
		if !unicode.IsLetter(r) {
			break
		}
		e += n
	}
	w := strings.ToLower(t[p:e])
	if e < len(t) && t[e] == '.' && magnitudes[w+"."] {
		return e + 1
	}
	if magnitudes[w] {
		return e
	}
	return ae
}

// moneyBefore reads an amount, an optional magnitude and connector, then the currency:
// "30 €", "1.5 million dollars", "6 millones de euros", "5 000 руб.", "3亿元".
func moneyBefore(t string, tok curTok) (cand, bool) {
	if n := nextRune(t, tok.e); isAlnum(n) && !isCJK(n) || isDigit(n) {
		return cand{}, false
	}
	p := tok.s
	if p > 0 && t[p-1] == ' ' {
		p--
	}
	amountEnd := p
	// Magnitudes and a connector: "millones de", "mil millones de", "亿".
	if r, n := utf8.DecodeLastRuneInString(t[:p]); strings.ContainsRune(cjkMagnitudes, r) {
		p -= n
		if r2, n2 := utf8.DecodeLastRuneInString(t[:p]); r2 == '百' {
			p -= n2
		}
	} else {
		q := p
		if w, ws := wordBefore(t, q); w == "de" || w == "di" {
			q = ws
			if q > 0 && t[q-1] == ' ' {
				q--
			}
		}
		found := false
		for k := 0; k < 2; k++ {
			w, ws := wordBefore(t, q)
			if ws < q && t[q-1] == '.' {
				w += "."
			}
			if !magnitudes[strings.ToLower(w)] {
				break
			}
			found = true
			q = ws
			if q > 0 && t[q-1] == ' ' {
				q--
			}
		}
		if found {
			p = q
		}
	}
	lo := max(0, p-40)
	for lo > 0 && !utf8.RuneStart(t[lo]) {
		lo--
	}
	m := reAmountBefore.FindStringIndex(t[lo:p])
	if m == nil {
		return cand{}, false
	}
	as := lo + m[0]
	// "2023 500 dollars": drop leading groups glued to another number.
	for tries := 0; tries < 4 && isDigit(prevRune(t, as)); tries++ {
		i := strings.IndexAny(t[as:p], " ,.'")
		if i < 0 {
			return cand{}, false
		}
		as += i + 1
	}
	if pr := prevRune(t, as); isAlnum(pr) && !isCJK(pr) || strings.ContainsRune(".,-", pr) && isDigit(prevRune2(t, as)) {
		return cand{}, false
	}
	ae := amountEnd
	// "real" is also an adjective ("2 real problems"): it needs a formatted amount.
	if w := strings.ToLower(t[tok.s:tok.e]); (w == "real" || w == "reals") && !strings.ContainsAny(t[as:ae], ".,") {
		return cand{}, false
	}
	return moneyCand(tok, as, ae), true
}

// wordBefore returns the letters that end at byte offset q and where they start.
func wordBefore(t string, q int) (string, int) {
	s := q
	for s > 0 {
		r, n := utf8.DecodeLastRuneInString(t[:s])
		if !unicode.IsLetter(r) || isCJK(r) {
			break
		}
		s -= n
	}
	return t[s:q], s
}

func moneyCand(tok curTok, as, ae int) cand {
	conf := confMoneyWord
	if tok.symbol {
		conf = confMoneySymbol
	}
	s, e := min(tok.s, as), max(tok.e, ae)
	return cand{s: s, e: e, typ: span.MONEY, conf: conf, cs: tok.s, ce: tok.e, as: as, ae: ae}
}
