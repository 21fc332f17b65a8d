package entities

import "testing"

const benchText = `President Barack Obama met German Chancellor Angela Merkel in Berlin on Tuesday to discuss the ` +
	`crisis in Ukraine. Obama said the United States and the European Union would coordinate sanctions ` +
	`against Russia. Merkel, speaking after the meeting at the Chancellery, praised the American ` +
	`delegation. Officials from Microsoft and Siemens attended a later session in Munich, where ` +
	`Satya Nadella announced a new data centre near Frankfurt. Call +49 30 1234567 or write to ` +
	`press@example.org for details; tickets cost EUR 25.`

// benchExtract runs p.Extract on text b.N times and reports tokens per second (and bytes per
// second when bytes is set); the first call must find entities.
func benchExtract(b *testing.B, p *Pipeline, text, lang string, o Options, bytes bool) {
	b.Helper()
	res, err := p.Extract(text, lang, o)
	if err != nil || len(res.Entities) == 0 {
		b.Fatal(err, res.Entities)
	}
	tokens := len(res.Tokens)
	b.ReportAllocs()
	if bytes {
		b.SetBytes(int64(len(text)))
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := p.Extract(text, lang, o); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(tokens)*float64(b.N)/b.Elapsed().Seconds(), "tokens/s")
}

// BenchmarkExtractEnglish runs the whole pipeline (statistical model, gazetteers, patterns,
// coreference and salience; no linking) on a news paragraph of about 100 tokens.
func BenchmarkExtractEnglish(b *testing.B) {
	m, err := Default("", nil)
	if err != nil {
		b.Fatal(err)
	}
	benchExtract(b, New(m), benchText, "eng", Options{Patterns: true, Coref: true, Salience: true, Confidence: true}, true)
}

const benchTextRus = `Президент Владимир Путин встретился в Казани с главой Татарстана. По словам Дмитрия ` +
	`Пескова, переговоры касались поставок газа в Германию и Китай. Компания «Газпром» увеличила ` +
	`добычу в Сибири, а акции Сбербанка подешевели на Московской бирже. Игорь Сечин заявил, что ` +
	`Роснефть откроет офис в Санкт-Петербурге.`

// BenchmarkExtractRussianKB runs the path of a language without a tagger (knowledge-base
// names, morphology, proper-noun runs, organisation phrases; no linking) on a Russian news
// paragraph, over the small test knowledge base.
func BenchmarkExtractRussianKB(b *testing.B) {
	benchExtract(b, kbPipeline(b, fixtureKB(b), true), benchTextRus, "rus", Options{}, false)
}

// BenchmarkExtractRussianKBLinked is BenchmarkExtractRussianKB with linking: the persons the
// test knowledge base does not know in Cyrillic are also looked up by their English
// spellings (romanizations), declined names in their nominative guesses too.
func BenchmarkExtractRussianKBLinked(b *testing.B) {
	benchExtract(b, kbPipeline(b, fixtureKB(b), true), benchTextRus, "rus", Options{Link: true}, false)
}

// BenchmarkExtractEnglishKB is BenchmarkExtractEnglish with a knowledge base configured (the
// test KB), as the service runs: the curated organisation names are looked up too.
func BenchmarkExtractEnglishKB(b *testing.B) {
	benchExtract(b, kbPipeline(b, fixtureKB(b), false), benchText, "eng", Options{Patterns: true, Coref: true, Salience: true, Confidence: true}, false)
}

const benchTextFra = `Le président Emmanuel Macron a reçu mardi à Paris le chancelier Olaf Scholz. La ` +
	`Commission européenne et la Banque centrale européenne ont salué l'accord, selon un porte-parole ` +
	`de l'Organisation mondiale du commerce. Les dirigeants de Renault et d'Airbus ont rencontré ` +
	`la ministre à Toulouse, où le Conseil régional a voté un nouveau plan d'investissement.`

// BenchmarkExtractFrench runs the French path (statistical model, gazetteers and the
// institution names found by their head noun, which need the morphology tagger) on a news
// paragraph, with the test knowledge base.
func BenchmarkExtractFrench(b *testing.B) {
	benchExtract(b, kbPipeline(b, fixtureKB(b), false), benchTextFra, "fra", Options{}, false)
}

// BenchmarkExtractRussianKBLong is BenchmarkExtractRussianKB on a document of 200 such
// paragraphs (~11,000 tokens): the per-document steps must stay linear (resolving overlaps,
// titles and proper-noun runs once scanned every candidate for every candidate: 168,000
// tokens took 12 s, 3.9 s since).
func BenchmarkExtractRussianKBLong(b *testing.B) {
	text := ""
	for i := 0; i < 200; i++ {
		text += benchTextRus + "\n\n"
	}
	benchExtract(b, kbPipeline(b, fixtureKB(b), true), text, "rus", Options{}, false)
}

const benchTextZho = `国家主席习近平昨天在北京会见了来访的法国总统埃马纽埃尔·马克龙。双方讨论了中欧关系和乌克兰局势。` +
	`马克龙表示，法国愿与中国加强在气候变化领域的合作。随后，两国元首出席了在人民大会堂举行的欢迎宴会。` +
	`华为公司和空中客车公司的代表参加了在上海举行的经贸论坛，世界卫生组织总干事谭德塞也发表了视频讲话。`

// BenchmarkExtractChinese runs the Chinese path (morphology segmenter, statistical model,
// gazetteers; no linking) on a news paragraph, with the test knowledge base.
func BenchmarkExtractChinese(b *testing.B) {
	benchExtract(b, kbPipeline(b, fixtureKB(b), false), benchTextZho, "zho", Options{}, false)
}
