package patterns

// langTable holds the words of one language that the date, time and distance patterns
// need. Month names are "|"-separated, full names and abbreviations alike; a name that
// may take a trailing full stop is listed without it.
type langTable struct {
	months [12]string
	// capital: month names must start with an upper-case letter (English "May", "March"
	// are also common words; German nouns are capitalised anyway).
	capital bool
	// prefix is an optional clitic glued to the month name (Hebrew "ב").
	prefix string
	// ordinal follows the day number: "5th", "5.", "1er", "5:e".
	ordinal string
	// dayMonth goes between the day and the month ("of", "de").
	dayMonth string
	// monthYear goes between the month and the year (",", "de", "عام").
	monthYear string
	// yearSuffix may follow the year ("г.", "года").
	yearSuffix string
	// mdy: the month may come before the day ("March 5, 2024").
	mdy bool
	// ymd: year first with a full stop ("2024. március 5.").
	ymd bool
	// weekdays may open a date ("Tuesday, March 5, 2024").
	weekdays string
	// native: the language writes dates with number words instead of month names
	// (zho, jpn, kor, vie); the patterns for them live in datetime.go.
	native bool
	// ampm: "10 am" and "10:30 pm" are times ("am" is a German word).
	ampm bool
	// clock is a word after the hour ("14 Uhr", "14.30 uur"); hourH: "14h30".
	clock string
	hourH bool
	// units are the distance unit words, "|"-separated; those of up to three ASCII
	// letters are matched case-sensitively ("m", "km", "mi").
	units string
}

func (t *langTable) hasDate() bool { return t.native || t.months[0] != "" }

// canonical maps codes that name the same language to one code.
func canonical(lang string) string {
	switch lang {
	case "zsm", "zlm", "may", "ms":
		return "msa"
	case "pes", "per":
		return "fas"
	case "cmn", "chi":
		return "zho"
	case "arb":
		return "ara"
	case "fil":
		return "tgl"
	case "pbt", "pbu":
		return "pus"
	}
	return lang
}

// tables are the language tables, keyed by ISO 639-3 code.
var tables = map[string]*langTable{
	"eng": {
		months: [12]string{"January|Jan", "February|Feb", "March|Mar", "April|Apr", "May", "June|Jun", "July|Jul",
			"August|Aug", "September|Sept|Sep", "October|Oct", "November|Nov", "December|Dec"},
		capital: true, ordinal: `(?:st|nd|rd|th)`, dayMonth: `(?:of\s+)?`, monthYear: `,?`, mdy: true,
		weekdays: "Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|Mon|Tue|Tues|Wed|Thu|Thur|Thurs|Fri|Sat|Sun",
		ampm:     true,
		units: "kilometres|kilometers|kilometre|kilometer|km|metres|meters|metre|meter|m|miles|mile|mi|feet|foot|ft|" +
			"yards|yard|yd|inches|inch|centimetres|centimeters|centimetre|centimeter|cm|millimetres|millimeters|mm|" +
			"nautical miles|nautical mile|nmi|light-years|light years|light-year|light year",
	},
	"deu": {
		months: [12]string{"Januar|Jänner|Jan", "Februar|Feber|Feb", "März|Mär|Mrz", "April|Apr", "Mai", "Juni|Jun",
			"Juli|Jul", "August|Aug", "September|Sept|Sep", "Oktober|Okt", "November|Nov", "Dezember|Dez"},
		capital: true, ordinal: `\.`, monthYear: `,?`,
		weekdays: "Montag|Dienstag|Mittwoch|Donnerstag|Freitag|Samstag|Sonnabend|Sonntag",
		clock:    "Uhr",
		units:    "Kilometern|Kilometer|km|Metern|Meter|m|Meilen|Meile|Seemeilen|Seemeile|Zentimeter|cm|Millimeter|mm|Fuß|Lichtjahren|Lichtjahre",
	},
	"fra": {
		months: [12]string{"janvier|janv", "février|févr|fév", "mars", "avril|avr", "mai", "juin", "juillet|juil",
			"août", "septembre|sept", "octobre|oct", "novembre|nov", "décembre|déc"},
		ordinal: `(?:er|e)`, monthYear: `,?`,
		weekdays: "lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche",
		hourH:    true,
		units:    "kilomètres|kilomètre|km|mètres|mètre|m|milles|mille|miles|centimètres|centimètre|cm|millimètres|mm|pieds|années-lumière",
	},
	"spa": {
		months: [12]string{"enero|ene", "febrero|feb", "marzo", "abril|abr", "mayo", "junio|jun", "julio|jul",
			"agosto|ago", "septiembre|setiembre|sept|sep", "octubre|oct", "noviembre|nov", "diciembre|dic"},
		ordinal: `(?:º|°)`, dayMonth: `(?:de\s+)?`, monthYear: `(?:,|\s+de|\s+del)?`,
		weekdays: "lunes|martes|miércoles|jueves|viernes|sábado|domingo",
		units:    "kilómetros|kilómetro|km|metros|metro|m|millas|milla|centímetros|centímetro|cm|milímetros|mm|pies|años luz",
	},
	"por": {
		months: [12]string{"janeiro|jan", "fevereiro|fev", "março|mar", "abril|abr", "maio", "junho|jun",
			"julho|jul", "agosto|ago", "setembro|set", "outubro|out", "novembro|nov", "dezembro|dez"},
		ordinal: `(?:º|°)`, dayMonth: `(?:de\s+)?`, monthYear: `(?:,|\s+de)?`,
		weekdays: "segunda-feira|terça-feira|quarta-feira|quinta-feira|sexta-feira|sábado|domingo",
		hourH:    true,
		units:    "quilômetros|quilómetros|quilômetro|quilómetro|km|metros|metro|m|milhas|milha|centímetros|cm|milímetros|mm|pés|anos-luz",
	},
	"ita": {
		months: [12]string{"gennaio|gen", "febbraio|feb", "marzo|mar", "aprile|apr", "maggio|mag", "giugno|giu",
			"luglio|lug", "agosto|ago", "settembre|set", "ottobre|ott", "novembre|nov", "dicembre|dic"},
		ordinal: `(?:º|°)`, monthYear: `,?`,
		weekdays: "lunedì|martedì|mercoledì|giovedì|venerdì|sabato|domenica",
		units:    "chilometri|chilometro|km|metri|metro|m|miglia|miglio|centimetri|centimetro|cm|millimetri|mm|piedi",
	},
	"nld": {
		months: [12]string{"januari|jan", "februari|feb", "maart|mrt", "april|apr", "mei", "juni|jun", "juli|jul",
			"augustus|aug", "september|sept|sep", "oktober|okt", "november|nov", "december|dec"},
		monthYear: `,?`,
		weekdays:  "maandag|dinsdag|woensdag|donderdag|vrijdag|zaterdag|zondag",
		clock:     "uur",
		units:     "kilometers|kilometer|km|meters|meter|m|mijlen|mijl|zeemijlen|zeemijl|centimeter|cm|millimeter|mm|voet",
	},
	"rus": {
		months: [12]string{"января|январь|январе|янв", "февраля|февраль|феврале|фев", "марта|март|марте|мар",
			"апреля|апрель|апреле|апр", "мая|май|мае", "июня|июнь|июне|июн", "июля|июль|июле|июл",
			"августа|август|августе|авг", "сентября|сентябрь|сентябре|сент|сен", "октября|октябрь|октябре|окт",
			"ноября|ноябрь|ноябре|ноя", "декабря|декабрь|декабре|дек"},
		monthYear: `,?`, yearSuffix: `(?:\s?г\.|\s+года|\s+году|\s+год)`,
		units: "километров|километра|километр|км|метров|метра|метр|м|миль|мили|миля|сантиметров|сантиметра|см|миллиметров|мм",
	},
	"swe": {
		months: [12]string{"januari|jan", "februari|feb", "mars|mar", "april|apr", "maj", "juni|jun", "juli|jul",
			"augusti|aug", "september|sept|sep", "oktober|okt", "november|nov", "december|dec"},
		ordinal: `(?::e|:a)`, monthYear: `,?`,
		units: "kilometer|km|meter|m|engelska mil|sjömil|mil|centimeter|cm|millimeter|mm|fot",
	},
	"hun": {
		months: [12]string{"január|jan", "február|febr|feb", "március|márc", "április|ápr", "május|máj", "június|jún",
			"július|júl", "augusztus|aug", "szeptember|szept", "október|okt", "november|nov", "december|dec"},
		ordinal: `(?:\.|-én|-án|-i|-ig|-jén|-ján)`, monthYear: `,?`, ymd: true,
		units: "kilométer|km|méter|m|mérföld|centiméter|cm|milliméter|mm|láb",
	},
	"ind": {
		months: [12]string{"Januari|Jan", "Februari|Feb", "Maret|Mar", "April|Apr", "Mei", "Juni|Jun", "Juli|Jul",
			"Agustus|Agu|Agt", "September|Sep", "Oktober|Okt", "November|Nov", "Desember|Des"},
		monthYear: `,?`,
		units:     "kilometer|km|meter|m|mil|sentimeter|cm|milimeter|mm|kaki",
	},
	"msa": {
		months: [12]string{"Januari|Jan", "Februari|Feb", "Mac", "April|Apr", "Mei", "Jun", "Julai|Jul",
			"Ogos|Ogo", "September|Sep", "Oktober|Okt", "November|Nov", "Disember|Dis"},
		monthYear: `,?`,
		units:     "kilometer|kilometre|km|meter|metre|m|sentimeter|cm|milimeter|mm|kaki",
	},
	"tgl": {
		months: [12]string{"Enero", "Pebrero|Febrero", "Marso", "Abril", "Mayo", "Hunyo", "Hulyo", "Agosto",
			"Setyembre|Septiyembre|Setiyembre", "Oktubre", "Nobyembre", "Disyembre"},
		monthYear: `,?`, mdy: true, ampm: true,
		units: "kilometro|kilometer|km|metro|m|milya|sentimetro|cm|talampakan",
	},
	"vie": {
		native: true,
		units:  "ki-lô-mét|kilômét|cây số|km|mét|m|dặm|xen-ti-mét|cm",
	},
	"ara": {
		months: [12]string{"يناير|كانون الثاني", "فبراير|شباط", "مارس|آذار", "أبريل|إبريل|ابريل|نيسان", "مايو|أيار|ايار",
			"يونيو|يونيه|حزيران", "يوليو|يوليه|تموز", "أغسطس|اغسطس|آب", "سبتمبر|أيلول|ايلول", "أكتوبر|اكتوبر|تشرين الأول|تشرين الاول",
			"نوفمبر|تشرين الثاني", "ديسمبر|كانون الأول|كانون الاول"},
		monthYear: `(?:,|\s+عام|\s+سنة)?`,
		units:     "كيلومترات|كيلومترا|كيلومتر|كم|أمتار|مترا|متر|أميال|ميلا|ميل|سنتيمتر|سم|km|m",
	},
	"heb": {
		months: [12]string{"ינואר", "פברואר", "מרץ|מרס", "אפריל", "מאי", "יוני", "יולי", "אוגוסט", "ספטמבר",
			"אוקטובר", "נובמבר", "דצמבר"},
		prefix: "ב", monthYear: `,?`,
		units: `קילומטרים|קילומטר|ק"מ|ק״מ|מטרים|מטר|מיילים|מייל|ס"מ|ס״מ|km|m`,
	},
	"fas": {
		months: [12]string{"ژانویه|فروردین", "فوریه|اردیبهشت", "مارس|خرداد", "آوریل|تیر", "مه|مرداد|امرداد",
			"ژوئن|شهریور", "ژوئیه|جولای|مهر", "اوت|آگوست|آبان", "سپتامبر|آذر", "اکتبر|دی", "نوامبر|بهمن", "دسامبر|اسفند"},
		monthYear: `(?:,|\s+ماه|\s+سال|\s+ماه\s+سال)?`,
		units:     "کیلومتر|کیلو\u200cمتر|متر|مایل|سانتیمتر|سانتی\u200cمتر|km|m",
	},
	"urd": {
		months: [12]string{"جنوری", "فروری", "مارچ", "اپریل", "مئی", "جون", "جولائی", "اگست", "ستمبر", "اکتوبر",
			"نومبر", "دسمبر"},
		monthYear: `,?`,
		units:     "کلومیٹر|کلو میٹر|میٹر|میل|سینٹی میٹر|km|m",
	},
	"pus": {
		months: [12]string{"جنوري", "فبروري", "مارچ", "اپرېل|اپریل", "مۍ|مئ", "جون", "جولای", "اګست|اگست", "سپتمبر",
			"اکتوبر", "نومبر", "دسمبر"},
		monthYear: `,?`,
		units:     "کیلومتره|کیلومتر|کيلومتره|متره|متر|میله|میل|km|m",
	},
	"zho": {native: true, units: "公里|千米|英里|厘米|毫米|米|km"},
	"jpn": {native: true, units: "キロメートル|メートル|マイル|センチメートル|センチ|km|m"},
	"kor": {native: true, units: "킬로미터|미터|마일|센티미터|km|m"},
}
