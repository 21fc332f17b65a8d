package patterns

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/nomenhq/nomen/analyzers/entities/span"
)

// show renders spans as "TYPE=mention" for comparison.
func show(text string, spans []span.Span) []string {
	rs := []rune(text)
	out := make([]string, 0, len(spans))
	for _, s := range spans {
		out = append(out, s.Type+"="+string(rs[s.Start:s.End]))
	}
	return out
}

// positives: the text holds exactly these pattern entities, in order.
var positives = []struct {
	name, lang, text string
	want             []string
}{
	// EM
	{"em plain", "eng", "Write to john.doe@example.com today.", []string{"EM=john.doe@example.com"}},
	{"em plus", "eng", "<jane+news@mail.example.co.uk>", []string{"EM=jane+news@mail.example.co.uk"}},
	{"em underscore", "eng", "Nuria_R_Ibarra@calpx.com on", []string{"EM=Nuria_R_Ibarra@calpx.com"}},
	{"em idn", "deu", "Mail an müller@bücher.de bitte", []string{"EM=müller@bücher.de"}},
	{"em end of sentence", "eng", "Contact: a.b@c.org.", []string{"EM=a.b@c.org"}},
	{"em two", "eng", "x@y.com, z@w.net", []string{"EM=x@y.com", "EM=z@w.net"}},
	{"em uppercase", "eng", "lemelpe@NU.COM", []string{"EM=lemelpe@NU.COM"}},
	{"em after cjk", "zho", "邮箱wang@example.cn。", []string{"EM=wang@example.cn"}},
	// URL
	{"url https", "eng", "See https://example.com/a?b=1.", []string{"URL=https://example.com/a?b=1"}},
	{"url www", "eng", "at www.bbc.co.uk/news, then", []string{"URL=www.bbc.co.uk/news"}},
	{"url parens", "eng", "(see http://en.wikipedia.org/wiki/Foo_(bar)) ok", []string{"URL=http://en.wikipedia.org/wiki/Foo_(bar)"}},
	{"url in parens", "eng", "(http://www.adiccp.org/home/default.asp) offers", []string{"URL=http://www.adiccp.org/home/default.asp"}},
	{"url bare", "eng", "visit whitehouse.gov today", []string{"URL=whitehouse.gov"}},
	{"url bare path", "eng", "go to example.com/path/x.html now", []string{"URL=example.com/path/x.html"}},
	{"url ftp", "eng", "ftp://ftp.example.org/pub/file.txt", []string{"URL=ftp://ftp.example.org/pub/file.txt"}},
	{"url holds date", "eng", "http://blog.example.com/2005/10/05/post", []string{"URL=http://blog.example.com/2005/10/05/post"}},
	// TEL#
	{"tel e164", "eng", "Call +44 20 7946 0958 now", []string{"TEL#=+44 20 7946 0958"}},
	{"tel e164 compact", "eng", "SMS : +919819602175 Web", []string{"TEL#=+919819602175"}},
	{"tel e164 trunk", "eng", "+44 (0)20 7946 0958", []string{"TEL#=+44 (0)20 7946 0958"}},
	{"tel us parens", "eng", "Phone (713) 853-3242 Cell", []string{"TEL#=(713) 853-3242"}},
	{"tel us dashes", "eng", "call me at 713-853-1696.", []string{"TEL#=713-853-1696"}},
	{"tel us dots", "eng", "is 800.713.8600.", []string{"TEL#=800.713.8600"}},
	{"tel us 1-800", "eng", "dial 1-800-991-9019", []string{"TEL#=1-800-991-9019"}},
	{"tel us intl", "eng", "+1 (212) 899-4425", []string{"TEL#=+1 (212) 899-4425"}},
	{"tel two in a row", "eng", "Inc. 713-654-0365 800-553-3119 x365", []string{"TEL#=713-654-0365", "TEL#=800-553-3119"}},
	{"tel uk", "eng", "on 020 7946 0958 or 07700 900123", []string{"TEL#=020 7946 0958", "TEL#=07700 900123"}},
	{"tel de", "deu", "Telefon 030 12345678 oder 0171/1234567", []string{"TEL#=030 12345678", "TEL#=0171/1234567"}},
	{"tel fr", "fra", "appelez le 01 23 45 67 89", []string{"TEL#=01 23 45 67 89"}},
	{"tel es", "spa", "llame al 912 345 678", []string{"TEL#=912 345 678"}},
	{"tel it", "ita", "chiamare 06 1234 5678 o 347 1234567", []string{"TEL#=06 1234 5678", "TEL#=347 1234567"}},
	{"tel nl", "nld", "bel 06-12345678", []string{"TEL#=06-12345678"}},
	{"tel br", "por", "ligue (11) 91234-5678", []string{"TEL#=(11) 91234-5678"}},
	{"tel cn", "zho", "电话：010-12345678，手机 138 0013 8000", []string{"TEL#=010-12345678", "TEL#=138 0013 8000"}},
	{"tel jp", "jpn", "電話03-1234-5678まで", []string{"TEL#=03-1234-5678"}},
	{"tel in", "eng", "mobile 98765 43210", []string{"TEL#=98765 43210"}},
	{"tel ru", "rus", "тел. 8 (495) 123-45-67", []string{"TEL#=8 (495) 123-45-67"}},
	{"tel keyword plain", "eng", "Tel: 4155552671", []string{"TEL#=4155552671"}},
	{"tel 00 prefix", "deu", "0044 20 7946 0958", []string{"TEL#=0044 20 7946 0958"}},
	// CC#
	{"cc visa spaced", "eng", "card 4111 1111 1111 1111 expires", []string{"CC#=4111 1111 1111 1111"}},
	{"cc visa plain", "eng", "4012888888881881", []string{"CC#=4012888888881881"}},
	{"cc mastercard dashes", "eng", "5555-5555-5555-4444", []string{"CC#=5555-5555-5555-4444"}},
	{"cc mastercard 2-series", "eng", "2223 0031 2200 3222", []string{"CC#=2223 0031 2200 3222"}},
	{"cc amex", "eng", "Amex 3782 822463 10005.", []string{"CC#=3782 822463 10005"}},
	{"cc discover", "eng", "6011 1111 1111 1117", []string{"CC#=6011 1111 1111 1117"}},
	{"cc diners", "eng", "3056 930902 5904", []string{"CC#=3056 930902 5904"}},
	{"cc jcb", "eng", "3530111333300000", []string{"CC#=3530111333300000"}},
	{"cc visa 13", "eng", "4222222222222", []string{"CC#=4222222222222"}},
	// MONEY
	{"money dollar", "eng", "paid $1,200.50 yesterday", []string{"MONEY=$1,200.50"}},
	{"money eur code", "eng", "costs EUR 30 a day", []string{"MONEY=EUR 30"}},
	{"money euro suffix", "fra", "pour 30 € par mois", []string{"MONEY=30 €"}},
	{"money words", "eng", "about 1.5 million dollars in aid", []string{"MONEY=1.5 million dollars"}},
	{"money rub", "rus", "стоит 5 000 руб. в месяц", []string{"MONEY=5 000 руб."}},
	{"money yen", "jpn", "¥300", []string{"MONEY=¥300"}},
	{"money pound bn", "eng", "a £2bn deal", []string{"MONEY=£2bn"}},
	{"money real", "por", "custa R$ 28,15 e US$ 4,3 bilhões", []string{"MONEY=R$ 28,15", "MONEY=US$ 4,3 bilhões"}},
	{"money german", "deu", "Für 130,00 EUR und 20.000 Euro", []string{"MONEY=130,00 EUR", "MONEY=20.000 Euro"}},
	{"money spanish", "spa", "quieren 6 millones de euros", []string{"MONEY=6 millones de euros"}},
	{"money cjk", "zho", "损失100美元和3亿元", []string{"MONEY=100美元", "MONEY=3亿元"}},
	{"money yen word", "jpn", "興行収入は32億円。", []string{"MONEY=32億円"}},
	{"money persian", "fas", "۳۰۰ میلیون دلار", []string{"MONEY=۳۰۰ میلیون دلار"}},
	{"money magnitude not word", "eng", "$5 more", []string{"MONEY=$5"}},
	{"money four decimals", "eng", "rose to $1.2710, while", []string{"MONEY=$1.2710"}},
	{"money range", "eng", "$10,000-$20,000 per person", []string{"MONEY=$10,000", "MONEY=$20,000"}},
	// DATE
	{"date mdy", "eng", "On March 5, 2024 we met", []string{"DATE=March 5, 2024"}},
	{"date weekday", "eng", "Tuesday, March 5, 2024.", []string{"DATE=Tuesday, March 5, 2024"}},
	{"date dmy eng", "eng", "on 12th of July 2005", []string{"DATE=12th of July 2005"}},
	{"date month year", "eng", "since April 2003.", []string{"DATE=April 2003"}},
	{"date abbrev", "eng", "Dec. 12 at noon", []string{"DATE=Dec. 12"}},
	{"date deu", "deu", "am 5. März 2024 um", []string{"DATE=5. März 2024"}},
	{"date fra", "fra", "le 5 mars 2024 à Paris", []string{"DATE=5 mars 2024"}},
	{"date fra 1er", "fra", "le 1er février 2012", []string{"DATE=1er février 2012"}},
	{"date spa", "spa", "el 5 de marzo de 2024", []string{"DATE=5 de marzo de 2024"}},
	{"date por", "por", "em 6 de março de 1960.", []string{"DATE=6 de março de 1960"}},
	{"date ita", "ita", "il 5 marzo 2024", []string{"DATE=5 marzo 2024"}},
	{"date nld", "nld", "op 20 juni 1924 in", []string{"DATE=20 juni 1924"}},
	{"date rus", "rus", "12 октября 1988 года и", []string{"DATE=12 октября 1988 года"}},
	{"date rus locative", "rus", "В декабре 2012 года", []string{"DATE=декабре 2012 года"}},
	{"date swe", "swe", "den 5 mars 2024", []string{"DATE=5 mars 2024"}},
	{"date hun", "hun", "2024. március 5. óta", []string{"DATE=2024. március 5."}},
	{"date heb", "heb", "ב-22 בנובמבר 1995 בשעה", []string{"DATE=22 בנובמבר 1995"}},
	{"date ara", "ara", "في 5 مارس 2024", []string{"DATE=5 مارس 2024"}},
	{"date fas", "fas", "روز ۲۹ اردیبهشت ماه", []string{"DATE=۲۹ اردیبهشت"}},
	{"date ind", "ind", "pada 17 Agustus 1945", []string{"DATE=17 Agustus 1945"}},
	{"date tgl", "tgl", "noong Marso 5, 2024", []string{"DATE=Marso 5, 2024"}},
	{"date vie", "vie", "ngày 5 tháng 3 năm 2024", []string{"DATE=ngày 5 tháng 3 năm 2024"}},
	{"date cjk", "zho", "1945年8月14日，日本", []string{"DATE=1945年8月14日"}},
	{"date kor", "kor", "1918년 11월 독일", []string{"DATE=1918년 11월"}},
	{"date jp era", "jpn", "令和6年3月5日に", []string{"DATE=令和6年3月5日"}},
	{"date fullwidth", "jpn", "２０２４年３月５日", []string{"DATE=２０２４年３月５日"}},
	{"date iso", "eng", "released 2024-03-05.", []string{"DATE=2024-03-05"}},
	{"date iso datetime", "eng", "2024-03-05T14:30:00Z", []string{"DATE=2024-03-05", "TIME=14:30:00Z"}},
	{"date slash", "eng", "on 11/8/2000, and", []string{"DATE=11/8/2000"}},
	{"date dots", "deu", "am 05.03.2024 war", []string{"DATE=05.03.2024"}},
	{"date dashes", "spa", "23-02-2010 / El", []string{"DATE=23-02-2010"}},
	// TIME
	{"time am", "eng", "at 10:30 am sharp", []string{"TIME=10:30 am"}},
	{"time pm dots", "eng", "by 2:00 p.m. today", []string{"TIME=2:00 p.m."}},
	{"time hour am", "eng", "from 8am.", []string{"TIME=8am"}},
	{"time zone", "eng", "17:32 PST", []string{"TIME=17:32 PST"}},
	{"time seconds", "eng", "at 12:42:55 on", []string{"TIME=12:42:55"}},
	{"time range", "eng", "from 10:30-11:45 today", []string{"TIME=10:30", "TIME=11:45"}},
	{"time bare", "eng", "How is Wednesday at 2:30?", []string{"TIME=2:30"}},
	{"time oclock", "eng", "at 5 o'clock", []string{"TIME=5 o'clock"}},
	{"time uhr", "deu", "um 14.30 Uhr und 15 Uhr", []string{"TIME=14.30 Uhr", "TIME=15 Uhr"}},
	{"time uur", "nld", "rond 0.30 uur een", []string{"TIME=0.30 uur"}},
	{"time h", "fra", "à 14h30 et 20h", []string{"TIME=14h30", "TIME=20h"}},
	{"time cjk", "jpn", "午前11時に", []string{"TIME=午前11時"}},
	{"time zh", "zho", "下午3点30分开会", []string{"TIME=下午3点30分"}},
	{"time kor", "kor", "오후 3시 30분에", []string{"TIME=오후 3시 30분"}},
	// LATLNG
	{"latlng hemi", "eng", "at 40.7128° N, 74.0060° W.", []string{"LATLNG=40.7128° N, 74.0060° W"}},
	{"latlng signed", "eng", "coordinates 40.7128, -74.0060 here", []string{"LATLNG=40.7128, -74.0060"}},
	{"latlng dms", "eng", "40°42′46″N 74°00′22″W", []string{"LATLNG=40°42′46″N 74°00′22″W"}},
	{"latlng dms ascii", "eng", "51°30'26\"N, 0°7'39\"W", []string{"LATLNG=51°30'26\"N, 0°7'39\"W"}},
	{"latlng prefix", "eng", "N 40.7128, W 74.0060", []string{"LATLNG=N 40.7128, W 74.0060"}},
	{"latlng south east", "eng", "33.8688° S, 151.2093° E", []string{"LATLNG=33.8688° S, 151.2093° E"}},
	{"latlng ouest", "fra", "48°51′N 2°21′O", []string{"LATLNG=48°51′N 2°21′O"}},
	{"latlng decimal minutes", "eng", "40°42.767'N 74°00.367'W", []string{"LATLNG=40°42.767'N 74°00.367'W"}},
	// UTM
	{"utm band", "eng", "UTM 33T 500000 4649776 is", []string{"UTM=33T 500000 4649776"}},
	{"utm hemisphere", "eng", "17N 630084 4833438", []string{"UTM=17N 630084 4833438"}},
	{"utm units", "eng", "33T 500000mE 4649776mN", []string{"UTM=33T 500000mE 4649776mN"}},
	{"utm south", "eng", "56H 334786 6252080", []string{"UTM=56H 334786 6252080"}},
	{"utm no space", "eng", "zone 4Q 611123 2362537", []string{"UTM=4Q 611123 2362537"}},
	{"utm comma", "eng", "31U 448251, 5411932", []string{"UTM=31U 448251, 5411932"}},
	{"utm decimals", "eng", "18T 585628.1 4511322.8", []string{"UTM=18T 585628.1 4511322.8"}},
	{"utm zone 60", "eng", "60V 500000 6650000", []string{"UTM=60V 500000 6650000"}},
	// Dist
	{"dist km", "eng", "50 km west of Baghdad", []string{"Dist=50 km"}},
	{"dist miles", "eng", "ran 3.2 miles today", []string{"Dist=3.2 miles"}},
	{"dist metres spaced", "eng", "the 100 m final", []string{"Dist=100 m"}},
	{"dist kilometres", "eng", "just 30 kilometres from", []string{"Dist=30 kilometres"}},
	{"dist thousands", "eng", "lying 1,000 kilometers east", []string{"Dist=1,000 kilometers"}},
	{"dist range", "eng", "about 4-5cm long", []string{"Dist=4-5cm"}},
	{"dist adjective", "eng", "a 16-meter boat", []string{"Dist=16-meter"}},
	{"dist deu", "deu", "fuhr 10 Kilometer weit", []string{"Dist=10 Kilometer"}},
	{"dist spa", "spa", "a unos 4 metros de altura", []string{"Dist=4 metros"}},
	{"dist rus", "rus", "высотой 744 метра.", []string{"Dist=744 метра"}},
	{"dist zho", "zho", "全长12公里", []string{"Dist=12公里"}},
	{"dist heb", "heb", "כ-150 קילומטר דרומית", []string{"Dist=150 קילומטר"}},
	// PERS ID
	{"ssn", "eng", "SSN 123-45-6789.", []string{"PERS ID=123-45-6789"}},
	{"ssn no keyword", "eng", "number 234-56-7890 on file", []string{"PERS ID=234-56-7890"}},
	{"ssn plain keyword", "eng", "social security number 123456789", []string{"PERS ID=123456789"}},
	{"nino", "eng", "NI number AB 12 34 56 C", []string{"PERS ID=AB 12 34 56 C"}},
	{"nino compact", "eng", "NINO: AB123456C", []string{"PERS ID=AB123456C"}},
	{"dni", "spa", "DNI 12345678Z y", []string{"PERS ID=12345678Z"}},
	{"nie", "spa", "NIE X1234567L", []string{"PERS ID=X1234567L"}},
	{"insee", "fra", "NIR 1 84 12 76 451 089 46", []string{"PERS ID=1 84 12 76 451 089 46"}},
	{"insee corsica", "fra", "2 55 08 2A 004 123 69", []string{"PERS ID=2 55 08 2A 004 123 69"}},
	{"cpf", "por", "CPF 111.444.777-35", []string{"PERS ID=111.444.777-35"}},
	{"cn id", "zho", "身份证号11010519491231002X", []string{"PERS ID=11010519491231002X"}},
	{"codice fiscale", "ita", "CF RSSMRA85T10A562S", []string{"PERS ID=RSSMRA85T10A562S"}},
}

// negatives: the text holds no entity of the given type.
var negatives = []struct {
	name, lang, typ, text string
}{
	// EM
	{"em no tld", "eng", span.EM, "user@localhost is local"},
	{"em double dot", "eng", span.EM, "a..b@example.com"},
	{"em twitter", "eng", span.EM, "thanks @example.com for nothing"},
	{"em hyphen label", "eng", span.EM, "x@-bad.com"},
	{"em numeric tld", "eng", span.EM, "x@host.123"},
	{"em no at", "eng", span.EM, "john.doe.example.com"},
	{"em empty local", "eng", span.EM, "see @mail.com"},
	{"em bare at", "eng", span.EM, "meet @ 5pm"},
	// URL
	{"url sentence glue", "eng", span.URL, "the enchiladas did not taste good.at all."},
	{"url abbreviation", "eng", span.URL, "Mr.Smith and U.S.A. met"},
	{"url decimal", "eng", span.URL, "version 3.5 of the file"},
	{"url word tld", "eng", span.URL, "it was so.me"},
	{"url scheme only", "eng", span.URL, "http:// is a prefix"},
	{"url no dot", "eng", span.URL, "http://intranet/page"},
	{"url longer tld", "eng", span.URL, "example.community"},
	{"url file name", "eng", span.URL, "open report.docx now"},
	// TEL#
	{"tel date iso", "eng", span.TEL, "2024-03-05"},
	{"tel date dots", "deu", span.TEL, "am 05.03.2024"},
	{"tel date slash", "eng", span.TEL, "on 11/08/2000"},
	{"tel plain long", "eng", span.TEL, "the number 4155552671 appeared"},
	{"tel version", "eng", span.TEL, "version 10.0.19041.1234"},
	{"tel ip", "eng", span.TEL, "host 192.168.100.200"},
	{"tel year range", "eng", span.TEL, "from 1998-2005"},
	{"tel amount", "eng", span.TEL, "2 000 000 people"},
	{"tel isbn", "eng", span.TEL, "ISBN 978-3-16-148410-0"},
	{"tel bad country", "eng", span.TEL, "+999 123 456 789"},
	{"tel too short e164", "eng", span.TEL, "+44 1234 567"},
	{"tel same digit", "eng", span.TEL, "000-000-0000"},
	{"tel nanp area", "eng", span.TEL, "123-456-7890"},
	{"tel money", "eng", span.TEL, "$415 555 2671"},
	{"tel ssn shape", "eng", span.TEL, "SSN 078-05-1120"},
	// CC#
	{"cc luhn fail", "eng", span.CC, "4111 1111 1111 1112"},
	{"cc bad prefix", "eng", span.CC, "9111 1111 1111 1111"},
	{"cc mixed seps", "eng", span.CC, "4111-1111 1111 1111"},
	{"cc bad grouping", "eng", span.CC, "41111 11111 111111"},
	{"cc visa length", "eng", span.CC, "41111111111111111"},
	{"cc amex length", "eng", span.CC, "3782822463100051"},
	{"cc too long", "eng", span.CC, "41111111111111111111111"},
	{"cc in longer number", "eng", span.CC, "x4111111111111111"},
	// MONEY
	{"money no amount", "eng", span.MONEY, "the dollar fell"},
	{"money no currency", "eng", span.MONEY, "1.5 million people"},
	{"money glued word", "eng", span.MONEY, "5 Eurostars"},
	{"money code in word", "eng", span.MONEY, "XUSD 30"},
	{"money real adjective", "eng", span.MONEY, "2 real problems"},
	{"money year", "eng", span.MONEY, "in 2024 we"},
	{"money percent", "eng", span.MONEY, "up 5% today"},
	{"money inside number", "eng", span.MONEY, "v1.2.3 €"},
	// DATE
	{"date may verb", "eng", span.DATE, "you may 5 times try"},
	{"date decimal", "eng", span.DATE, "Jan 9.95 Feb 6.25"},
	{"date invalid day", "eng", span.DATE, "February 30, 2024"},
	{"date invalid numeric", "eng", span.DATE, "on 13/13/2024"},
	{"date bare month", "eng", span.DATE, "in March we"},
	{"date out of", "por", span.DATE, "5 out of 10"},
	{"date version", "eng", span.DATE, "version 1.2.3"},
	{"date bad iso", "eng", span.DATE, "2024-13-05"},
	{"date fraction", "eng", span.DATE, "1/2 cup"},
	{"date bare cjk month", "zho", span.DATE, "3月"},
	// TIME
	{"time bad hour", "eng", span.TIME, "at 25:00"},
	{"time bad minute", "eng", span.TIME, "at 10:75"},
	{"time ratio", "eng", span.TIME, "won 3:1"},
	{"time long", "eng", span.TIME, "1:2:3:4"},
	{"time ampm word", "eng", span.TIME, "10 amazing things"},
	{"time pm hour", "eng", span.TIME, "at 14:00 pm"},
	{"time in number", "eng", span.TIME, "x10:30"},
	{"time zh point", "zho", span.TIME, "3点建议"},
	// LATLNG
	{"latlng lat range", "eng", span.LATLN, "91.0000° N, 74.0060° W"},
	{"latlng lng range", "eng", span.LATLN, "40.7128, -181.0060"},
	{"latlng short decimals", "eng", span.LATLN, "prices 1.5, 2.5"},
	{"latlng list", "eng", span.LATLN, "1.2345, 2.3456, 3.4567"},
	{"latlng minutes", "eng", span.LATLN, "40°72′N 74°00′W"},
	{"latlng no sign", "eng", span.LATLN, "5 N, 3 E"},
	{"latlng seconds", "eng", span.LATLN, "40°42′76″N 74°00′22″W"},
	{"latlng version", "eng", span.LATLN, "v1.2345, 2.3456"},
	// UTM
	{"utm zone 0", "eng", span.UTM, "0T 500000 4649776"},
	{"utm zone 61", "eng", span.UTM, "61T 500000 4649776"},
	{"utm band I", "eng", span.UTM, "33I 500000 4649776"},
	{"utm band O", "eng", span.UTM, "33O 500000 4649776"},
	{"utm easting", "eng", span.UTM, "33T 050000 4649776"},
	{"utm northing short", "eng", span.UTM, "33T 500000 464977"},
	{"utm south band northing", "eng", span.UTM, "56H 334786 0252080"},
	{"utm north band northing", "eng", span.UTM, "33X 500000 9999999"},
	// Dist
	{"dist million", "eng", span.Dist, "10m - Estimated number"},
	{"dist speed", "eng", span.Dist, "100 km/h"},
	{"dist area", "eng", span.Dist, "50 km² of land"},
	{"dist area word", "spa", span.Dist, "230 kilómetros cuadrados"},
	{"dist speed word", "eng", span.Dist, "240 kilometers an hour"},
	{"dist glued word", "eng", span.Dist, "5 miletones"},
	{"dist money", "eng", span.Dist, "$5 m"},
	{"dist minutes", "eng", span.Dist, "3 min"},
	// PERS ID
	{"ssn area 000", "eng", span.PERID, "000-12-3456"},
	{"ssn area 666", "eng", span.PERID, "666-12-3456"},
	{"ssn area 9xx", "eng", span.PERID, "912-34-5678"},
	{"ssn group 00", "eng", span.PERID, "123-00-4567"},
	{"ssn serial 0000", "eng", span.PERID, "123-45-0000"},
	{"ssn woolworth", "eng", span.PERID, "078-05-1120"},
	{"ssn plain no keyword", "eng", span.PERID, "order 123456789"},
	{"nino bad prefix", "eng", span.PERID, "GB 12 34 56 C"},
	{"nino bad suffix", "eng", span.PERID, "AB 12 34 56 E"},
	{"dni bad letter", "spa", span.PERID, "12345678A"},
	{"insee bad key", "fra", span.PERID, "1 84 12 76 451 089 47"},
	{"cpf bad", "por", span.PERID, "111.444.777-36"},
	{"cn id bad check", "zho", span.PERID, "110105194912310021"},
	{"cn id bad date", "zho", span.PERID, "110105194913310026"},
	{"codice fiscale bad", "ita", span.PERID, "RSSMRA85T10A562T"},
}

func TestFindPositives(t *testing.T) {
	for _, c := range positives {
		t.Run(c.name, func(t *testing.T) {
			got := show(c.text, Find(c.text, c.lang, Options{}))
			if strings.Join(got, " | ") != strings.Join(c.want, " | ") {
				t.Errorf("Find(%q, %s)\n got %q\nwant %q", c.text, c.lang, got, c.want)
			}
		})
	}
}

func TestFindNegatives(t *testing.T) {
	for _, c := range negatives {
		t.Run(c.name, func(t *testing.T) {
			if got := Find(c.text, c.lang, Options{Types: []string{c.typ}}); len(got) > 0 {
				t.Errorf("Find(%q, %s, %s) = %q, want none", c.text, c.lang, c.typ, show(c.text, got))
			}
		})
	}
}

// TestNegativeTableCoverage keeps at least eight negative cases for every type.
func TestNegativeTableCoverage(t *testing.T) {
	n := map[string]int{}
	for _, c := range negatives {
		n[c.typ]++
	}
	for _, ty := range allTypes {
		if n[ty] < 8 {
			t.Errorf("%s has %d negative cases, want >= 8", ty, n[ty])
		}
	}
}

func TestOffsetsAreCodePoints(t *testing.T) {
	// Multi-byte text (2-, 3- and 4-byte runes, a fullwidth digit) before each match.
	prefix := "Ünïcødé 東京 𝄞 ２ — "
	cases := []struct{ text, mention, typ string }{
		{prefix + "mail a@b.com", "a@b.com", span.EM},
		{prefix + "call +44 20 7946 0958", "+44 20 7946 0958", span.TEL},
		{prefix + "le 5 mars 2024", "5 mars 2024", span.DATE},
		{prefix + "€30 et ¥300", "€30", span.MONEY},
		{prefix + "40.7128° N, 74.0060° W", "40.7128° N, 74.0060° W", span.LATLN},
	}
	for _, c := range cases {
		spans := Find(c.text, "", Options{Types: []string{c.typ}})
		if len(spans) == 0 {
			t.Fatalf("Find(%q): no %s", c.text, c.typ)
		}
		s := spans[0]
		byteStart := strings.Index(c.text, c.mention)
		wantStart := utf8.RuneCountInString(c.text[:byteStart])
		if s.Start != wantStart || s.End != wantStart+utf8.RuneCountInString(c.mention) {
			t.Errorf("Find(%q) = [%d,%d), want [%d,%d)", c.text, s.Start, s.End, wantStart, wantStart+utf8.RuneCountInString(c.mention))
		}
		if s.Source != span.SourcePattern || s.Confidence <= 0 || s.Confidence > 1 {
			t.Errorf("Find(%q) = %+v: bad source or confidence", c.text, s)
		}
	}
}

func TestCurrencySplit(t *testing.T) {
	cases := []struct {
		text string
		want []string
	}{
		{"paid $1,200.50 now", []string{"CURRENCY=$", "MONEY=1,200.50"}},
		{"EUR 30", []string{"CURRENCY=EUR", "MONEY=30"}},
		{"30 €", []string{"MONEY=30", "CURRENCY=€"}},
		{"1.5 million dollars", []string{"MONEY=1.5 million", "CURRENCY=dollars"}},
		{"£2bn", []string{"CURRENCY=£", "MONEY=2bn"}},
		{"5 000 руб.", []string{"MONEY=5 000", "CURRENCY=руб."}},
		{"100美元", []string{"MONEY=100", "CURRENCY=美元"}},
		{"6 millones de euros", []string{"MONEY=6 millones de", "CURRENCY=euros"}},
	}
	for _, c := range cases {
		spans := Find(c.text, "", Options{CurrencySplit: true})
		if got := show(c.text, spans); strings.Join(got, " | ") != strings.Join(c.want, " | ") {
			t.Errorf("Find(%q, split) = %q, want %q", c.text, got, c.want)
		}
		checkInvariants(t, c.text, spans)
		if unsplit := Find(c.text, "", Options{}); len(unsplit) != 1 || unsplit[0].Type != span.MONEY {
			t.Errorf("Find(%q) = %q, want one MONEY", c.text, show(c.text, unsplit))
		}
	}
}

func TestTypesFilter(t *testing.T) {
	text := "Mail a@b.com on March 5, 2024 at 10:30 am, pay $5."
	if got := show(text, Find(text, "eng", Options{Types: []string{span.DATE, span.MONEY}})); strings.Join(got, "|") != "DATE=March 5, 2024|MONEY=$5" {
		t.Errorf("filtered = %q", got)
	}
	if got := Find(text, "eng", Options{Types: []string{}}); got != nil {
		t.Errorf("empty Types = %q, want none", show(text, got))
	}
	if got := show(text, Find(text, "eng", Options{Types: []string{Currency}})); strings.Join(got, "|") != "MONEY=$5" {
		t.Errorf("CURRENCY filter = %q", got)
	}
}

func TestTypes(t *testing.T) {
	for _, lang := range Languages() {
		got := Types(lang)
		if len(got) != len(allTypes) {
			t.Errorf("Types(%s) = %v, want all %d", lang, got, len(allTypes))
		}
	}
	if got := Types("xxx"); len(got) != len(allTypes) {
		t.Errorf("Types(xxx) = %v", got)
	}
	if len(Languages()) != 22 {
		t.Errorf("Languages() = %v, want the spec's 22", Languages())
	}
	// Every language's tables compile and find a date in its own words.
	for _, lang := range Languages() {
		if c := compiledFor(lang); c.time == nil {
			t.Errorf("%s: no time expression", lang)
		}
	}
}

// checkInvariants asserts sorted, non-overlapping, in-range spans with valid fields.
func checkInvariants(t *testing.T, text string, spans []span.Span) {
	t.Helper()
	n := utf8.RuneCountInString(text)
	prev := 0
	for i, s := range spans {
		if s.Start < prev || s.Start >= s.End || s.End > n {
			t.Fatalf("Find(%q): span %d %+v out of order or range (text has %d runes)", text, i, s, n)
		}
		if s.Confidence <= 0 || s.Confidence > 1 || s.Source != span.SourcePattern || s.Type == "" {
			t.Fatalf("Find(%q): span %d %+v has bad fields", text, i, s)
		}
		prev = s.End
	}
}

func TestInvariantsOnTables(t *testing.T) {
	for _, c := range positives {
		for _, split := range []bool{false, true} {
			checkInvariants(t, c.text, Find(c.text, c.lang, Options{CurrencySplit: split}))
			checkInvariants(t, c.text, Find(c.text, "", Options{CurrencySplit: split}))
		}
	}
}

func TestPathological(t *testing.T) {
	// Long runs of what the patterns look for; Find must stay linear (no hang).
	inputs := []string{
		strings.Repeat("1", 20000),
		strings.Repeat("1 ", 10000),
		strings.Repeat("1-", 10000),
		strings.Repeat("a@", 10000),
		strings.Repeat("http://x.com/", 2000),
		strings.Repeat("5 March ", 2000),
		strings.Repeat("40.1234, ", 2000),
		strings.Repeat("$1 ", 5000),
		"\xff\xfe" + strings.Repeat("٣", 1000),
	}
	for _, in := range inputs {
		checkInvariants(t, in, Find(in, "", Options{CurrencySplit: true}))
	}
}

func FuzzFind(f *testing.F) {
	for _, c := range positives {
		f.Add(c.text, c.lang, false)
	}
	for _, c := range negatives {
		f.Add(c.text, c.lang, true)
	}
	f.Fuzz(func(t *testing.T, text, lang string, split bool) {
		checkInvariants(t, text, Find(text, lang, Options{CurrencySplit: split}))
	})
}

const newsParagraph = `WASHINGTON, March 5, 2024 (Reuters) - The Treasury said on Tuesday it would sell $1.5 billion of ` +
	`notes at 10:30 a.m. EST, after a 2.3% rise in yields. Officials met at 1600 Pennsylvania Ave. and spoke with ` +
	`reporters for about 45 minutes. "We expect demand to stay strong," a spokeswoman said, adding that the ` +
	`sale of the 10-year notes would settle on March 15. Investors can reach the press office at +1 202-622-2960 ` +
	`or press@treasury.gov, and details are posted at https://home.treasury.gov/news. In London, the Bank of ` +
	`England held rates at 5.25% and the pound rose 0.4% to $1.2710, while the euro traded at €0.92 per dollar. ` +
	`The European Central Bank, which meets on 11 April, said inflation slowed to 2.6% in February from 2.8% in ` +
	`January. Oil prices fell 1% to $82.10 a barrel after a tanker was reported 30 miles off the coast of Oman ` +
	`at 24.5° N, 58.2° E. Analysts at the firm, which manages about £2bn in assets, said growth could reach 1.8% ` +
	`this year. The company's chief executive, who joined in 2019, told analysts on a call at 8:00 a.m. that ` +
	`orders rose by 12,000 units to 345,000 in the fourth quarter, the highest since 2007. Shares closed up 3% at ` +
	`$45.67 on the New York Stock Exchange. The deal, valued at 1.2 billion euros, is expected to close by June 30, ` +
	`2024, subject to regulatory approval in the United States and the European Union. A spokesman declined to ` +
	`comment further, citing a quiet period that ends on April 2. The firm employs 4,500 people in 12 countries and ` +
	`reported revenue of $3.4 billion last year. Its headquarters are 5 km from the city centre. Separately, ` +
	`the city council voted 7-2 on Monday to widen a 3.2-mile stretch of Route 9, a project first proposed in ` +
	`the 1990s that is now budgeted at $85 million. Work is set to begin on 1 September and last 18 months, ` +
	`officials said in a statement posted at 4:15 p.m., adding that residents can call (555) 010-4477 for updates.`

func BenchmarkFind(b *testing.B) {
	text := newsParagraph
	if got := len(Find(text, "eng", Options{})); got < 15 {
		b.Fatalf("only %d spans in the news paragraph", got)
	}
	b.ReportAllocs()
	b.SetBytes(int64(len(text)))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		Find(text, "eng", Options{})
	}
}

func ExampleFind() {
	text := "Call +44 20 7946 0958 before 10:30 am on 5 March 2024; the fee is $1,200.50."
	for _, s := range Find(text, "eng", Options{CurrencySplit: true}) {
		fmt.Printf("%s %q\n", s.Type, string([]rune(text)[s.Start:s.End]))
	}
	// Output:
	// TEL# "+44 20 7946 0958"
	// TIME "10:30 am"
	// DATE "5 March 2024"
	// CURRENCY "$"
	// MONEY "1,200.50"
}

// TestEveryLanguage checks that each language table finds a date and a distance written
// in its own words, which is what Types promises.
func TestEveryLanguage(t *testing.T) {
	samples := map[string][2]string{
		"ara": {"في 5 مارس 2024", "على بعد 30 كيلومترا"},
		"deu": {"am 5. März 2024", "nach 10 Kilometern"},
		"eng": {"on March 5, 2024", "after 10 miles"},
		"fas": {"۱۵ فروردین ۱۴۰۳", "در فاصله ۸۰۰ متر"},
		"fra": {"le 5 mars 2024", "à 3 kilomètres"},
		"heb": {"ב-5 במרץ 2024", "כ-150 קילומטר"},
		"hun": {"2024. március 5.", "10 kilométer"},
		"ind": {"17 Agustus 1945", "sejauh 5 kilometer"},
		"ita": {"il 5 marzo 2024", "a 20 chilometri"},
		"jpn": {"2024年3月5日", "12キロメートル"},
		"kor": {"2024년 3월 5일", "5킬로미터"},
		"msa": {"5 Mac 2024", "sejauh 5 kilometer"},
		"nld": {"op 5 maart 2024", "na 10 kilometer"},
		"por": {"em 5 de março de 2024", "a 120 quilômetros"},
		"pus": {"5 مارچ 2024", "5 کیلومتره"},
		"rus": {"5 марта 2024 года", "в 8 км"},
		"spa": {"el 5 de marzo de 2024", "a 14 kilómetros"},
		"swe": {"den 5 mars 2024", "10 kilometer bort"},
		"tgl": {"Marso 5, 2024", "5 kilometro"},
		"urd": {"5 مارچ 2024", "10 کلومیٹر"},
		"vie": {"ngày 5 tháng 3 năm 2024", "cách 5 km"},
		"zho": {"2024年3月5日", "全长12公里"},
	}
	for _, lang := range Languages() {
		s, ok := samples[lang]
		if !ok {
			t.Errorf("%s: no sample", lang)
			continue
		}
		for i, typ := range []string{span.DATE, span.Dist} {
			if got := Find(s[i], lang, Options{Types: []string{typ}}); len(got) != 1 {
				t.Errorf("%s: Find(%q) = %q, want one %s", lang, s[i], show(s[i], got), typ)
			}
		}
	}
}

func TestConcurrent(t *testing.T) {
	want := show(newsParagraph, Find(newsParagraph, "", Options{}))
	done := make(chan []string)
	for g := 0; g < 8; g++ {
		go func() { done <- show(newsParagraph, Find(newsParagraph, "", Options{})) }()
	}
	for g := 0; g < 8; g++ {
		if got := <-done; strings.Join(got, "|") != strings.Join(want, "|") {
			t.Errorf("concurrent Find differs:\n got %q\nwant %q", got, want)
		}
	}
}
