package patterns

import (
	"regexp"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/nomenhq/nomen/analyzers/entities/span"
)

const (
	confMoneySymbol = 0.95 // a currency symbol or ISO 4217 code
	confMoneyWord   = 0.9  // a currency word ("dollars", "рублей", "美元")
)

// Currency symbols, written as regular expressions; the letter ones ("R$", "Rs", "kr")
// count as symbols.
const moneySymbols = `US\$|USD\$|A\$|AU\$|C\$|CA\$|NZ\$|HK\$|S\$|NT\$|R\$|MX\$|RD\$|\$|€|£|¥|￥|₹|₽|₩|₪|₺|₫|₱|₦|฿|₴|₸|₡|₲|₵|₭|₮|₼|₾|₿|¢|৳|﷼|Rs\.?|₨|Rp\.?|RM|zł|Kč|Ft|kr\.?|Fr\.|CHF|лв\.?|грн\.?|руб\.?|р\.|ریال|تومان|د\.إ|ر\.س|ج\.م|ש"ח|ש״ח`

// moneyCodes are ISO 4217 codes in common use.
const moneyCodes = `USD|EUR|GBP|JPY|CNY|RMB|CHF|CAD|AUD|NZD|HKD|SGD|TWD|INR|RUB|BRL|MXN|KRW|SEK|NOK|DKK|ISK|PLN|CZK|HUF|RON|BGN|TRY|ZAR|ILS|AED|SAR|QAR|KWD|BHD|OMR|JOD|EGP|MAD|IDR|MYR|PHP|THB|VND|PKR|IRR|AFN|BDT|LKR|NGN|KES|GHS|ARS|CLP|COP|PEN|UAH|KZT|BTC`

// moneyWords are currency names, singular and plural, in the supported languages.
var moneyWords = strings.Join([]string{
	// eng
	"dollars?", "US dollars?", "euros?", "pounds sterling", "sterling", "yen", "yuan", "renminbi", "rupees?", "roubles?", "rubles?",
	"francs?", "pesos?", "reais", "reals?", "shekels?", "lira", "liras", "dinars?", "dirhams?", "riyals?", "rials?", "rand",
	"kronor", "kroner", "krona", "krone", "forints?", "zlotys?", "ringgit", "rupiah", "bahts?", "hryvnias?", "nairas?",
	"cents?", "pence", "bitcoins?",
	// deu, nld, swe
	"Euro", "Dollar", "US-Dollar", "Pfund", "Franken", "Rubel", "Kronen", "Cent", "euro's", "dollar", "kronor",
	// fra, spa, por, ita
	"dollars américains", "livres sterling", "livres", "roubles", "centimes", "dólares", "dólar", "libras", "céntimos",
	"reales", "rublos", "yenes", "real", "centavos", "dollari", "dollaro", "sterline", "sterlina", "rubli", "franchi",
	// rus
	"рублей", "рубля", "рубль", "долларов", "доллара", "доллар", "евро", "копеек", "юаней", "гривен", "тенге",
	// hun, ind, msa, tgl, vie
	"forint", "dolar", "piso", "đồng", "đô la",
	// ara, heb, fas, urd, pus
	"دولار", "دولارات", "يورو", "جنيه", "جنيهات", "ريال", "ريالات", "درهم", "دراهم", "دينار", "دنانير", "ليرة",
	"שקלים", "שקל", "דולר", "אירו", "دلار", "یورو", "تومان", "روپے", "روپیہ", "ڈالر", "افغانۍ", "افغانی",
	// zho, jpn, kor
	"美元", "美金", "人民币", "人民幣", "欧元", "歐元", "日元", "英镑", "英鎊", "港元", "港币", "元", "块钱", "块",
	"円", "ドル", "ユーロ", "ポンド", "원", "달러", "유로", "엔",
}, "|")

// moneyMagnitudes scale an amount ("1.5 million", "£2bn", "3 млрд", "5万"), longest
// first so that "milhões" is not read as "m".
var moneyMagnitudes = `(?i:` + alternation(strings.Split(`thousand|million|billion|trillion|mn|bn|tn|mm|m|b|k|mi|bi|tri|`+
	`Mio\.?|Mrd\.?|Md|Tsd\.?|milliards?|millions?|billions?|`+
	`mil millones|millones|millón|milhões|milhão|bilhões|bilhão|mil|milioni|milione|miliardi|miliardo|miljoen|miljard|`+
	`miljoner|miljarder|millió|milliárd|ezer|juta|miliar|triliun|ribu|bilion|triệu|tỷ|nghìn|`+
	`млн\.?|млрд\.?|тыс\.?|مليون|مليار|ألف|מיליון|מיליארד|میلیون|میلیارد|هزار|لاکھ|کروڑ|lakh|crore|`+
	`万|億|亿|千|百万|兆|억|만|천`, "|")) + `)`

const moneyAmount = `(?:\d{1,3}(?:[,. ']\d{3})+|\d{1,15})(?:[.,]\d{1,4})?`

var reMoney = regexp.MustCompile(
	`(?:(` + moneySymbols + `|` + moneyCodes + `) ?(-?` + moneyAmount + `(?: ?(?:` + moneyMagnitudes + `))?))` +
		`|(?:(` + moneyAmount + `(?: ?(?:` + moneyMagnitudes + `)(?: (?:de|di))?)?) ?(` + moneySymbols + `|` + moneyCodes + `|(?i:` + alternation(strings.Split(moneyWords, "|")) + `)))`)

// moneyTriggers are the lower-case words that may be (the start of) a currency; the
// money expression runs only near one of them or near a currency sign.
var moneyTriggers = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Split(moneyWords+"|"+moneyCodes, "|") {
		w = strings.ToLower(w)
		if strings.HasSuffix(w, "s?") {
			m[strings.TrimSuffix(w, "?")] = true
			w = strings.TrimSuffix(w, "s?")
		}
		for _, f := range strings.Fields(w) {
			m[f] = true
		}
	}
	for _, w := range []string{"rs", "rp", "rm", "zł", "kč", "ft", "kr", "fr", "chf", "лв", "грн", "руб", "р", "ریال", "تومان", "د", "ر", "ج", "ש"} {
		m[w] = true
	}
	return m
}()

// cjkCurrencies are the currency words written without spaces.
var cjkCurrencies = []string{"元", "円", "ドル", "ユーロ", "ポンド", "원", "달러", "유로", "엔", "块", "美金", "人民币", "人民幣"}

// moneyWindows returns the stretches of text around currency signs and words.
func moneyWindows(t string) []window {
	var hits []window
	for i, r := range t {
		if unicode.Is(unicode.Sc, r) {
			hits = append(hits, window{i, i + utf8.RuneLen(r)})
		}
	}
	words(t, func(s, e int) {
		if r, _ := utf8.DecodeRuneInString(t[s:]); isCJK(r) {
			for _, c := range cjkCurrencies {
				if strings.Contains(t[s:e], c) {
					hits = append(hits, window{s, e})
					return
				}
			}
			return
		}
		if inSet(moneyTriggers, t[s:e]) {
			hits = append(hits, window{s, e})
		}
	})
	sort.Slice(hits, func(i, j int) bool { return hits[i].lo < hits[j].lo })
	return windows(t, hits, 64, 64)
}

func findMoney(sc *scan) {
	if !sc.digit {
		return
	}
	t := sc.text
	for _, w := range moneyWindows(t) {
		eachIn(reMoney, t, w.lo, w.hi, func(m []int) bool { return acceptMoney(sc, m) })
	}
}

// acceptMoney validates a match of the money expression and records it.
func acceptMoney(sc *scan, m []int) bool {
	t := sc.text
	{
		s, e := m[0], m[1]
		var cs, ce, as, ae int
		prefix := m[2] >= 0
		if prefix {
			cs, ce, as, ae = m[2], m[3], m[4], m[5]
			// A letter currency ("USD", "Rs") must start a word.
			if p := prevRune(t, cs); isAlnum(p) && !isCJK(p) {
				return false
			}
			// "$5 more": the magnitude "m" is the start of a word; keep "$5".
			if n := nextRune(t, ae); isAlnum(n) && !isCJK(n) {
				ae = as + strings.LastIndexAny(t[as:ae], "0123456789") + 1
				e = ae
				m[1] = e
			}
			if n := nextRune(t, ae); isDigit(n) || strings.ContainsRune(".,", n) && isDigit(nextRune2(t, ae)) {
				return false
			}
		} else {
			as, ae, cs, ce = m[6], m[7], m[8], m[9]
			// The amount must stand alone: not "A12 dollars", not "1.2.3 €".
			if p := prevRune(t, as); isAlnum(p) && !isCJK(p) || strings.ContainsRune(".,-", p) && isDigit(prevRune2(t, as)) {
				return false
			}
			// A currency word must end the word: not "5 Eurostars".
			if last, _ := utf8.DecodeLastRuneInString(t[cs:ce]); isAlnum(last) && !isCJK(last) {
				if n := nextRune(t, ce); isAlnum(n) && !isCJK(n) {
					return false
				}
			}
		}
		cur := t[cs:ce]
		conf := confMoneySymbol
		if !reSymbolOrCode.MatchString(cur) {
			conf = confMoneyWord
			// "real" is also an adjective ("2 real problems"): it needs a formatted amount.
			if strings.EqualFold(cur, "real") && !strings.ContainsAny(t[as:ae], ".,") {
				return false
			}
		}
		sc.out = append(sc.out, cand{s: s, e: e, typ: span.MONEY, conf: conf, cs: cs, ce: ce, as: as, ae: ae})
		return true
	}
}

var reSymbolOrCode = regexp.MustCompile(`^(?:` + moneySymbols + `|` + moneyCodes + `)$`)
