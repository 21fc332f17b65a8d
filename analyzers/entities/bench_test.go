package entities

import "testing"

const benchText = `President Barack Obama met German Chancellor Angela Merkel in Berlin on Tuesday to discuss the ` +
	`crisis in Ukraine. Obama said the United States and the European Union would coordinate sanctions ` +
	`against Russia. Merkel, speaking after the meeting at the Chancellery, praised the American ` +
	`delegation. Officials from Microsoft and Siemens attended a later session in Munich, where ` +
	`Satya Nadella announced a new data centre near Frankfurt. Call +49 30 1234567 or write to ` +
	`press@example.org for details; tickets cost EUR 25.`

// BenchmarkExtractEnglish runs the whole pipeline (statistical model, gazetteers, patterns,
// coreference and salience; no linking) on a news paragraph of about 100 tokens.
func BenchmarkExtractEnglish(b *testing.B) {
	m, err := Default("", nil)
	if err != nil {
		b.Fatal(err)
	}
	p := New(m)
	o := Options{Patterns: true, Coref: true, Salience: true, Confidence: true}
	res, err := p.Extract(benchText, "eng", o)
	if err != nil || len(res.Entities) == 0 {
		b.Fatal(err, res.Entities)
	}
	tokens := len(res.Tokens)
	b.ReportAllocs()
	b.SetBytes(int64(len(benchText)))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := p.Extract(benchText, "eng", o); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(tokens*b.N)/b.Elapsed().Seconds(), "tokens/s")
}

const benchTextRus = `Президент Владимир Путин встретился в Казани с главой Татарстана. По словам Дмитрия ` +
	`Пескова, переговоры касались поставок газа в Германию и Китай. Компания «Газпром» увеличила ` +
	`добычу в Сибири, а акции Сбербанка подешевели на Московской бирже. Игорь Сечин заявил, что ` +
	`Роснефть откроет офис в Санкт-Петербурге.`

// BenchmarkExtractRussianKB runs the path of a language without a tagger (knowledge-base
// names, morphology, proper-noun runs; no linking) on a Russian news paragraph, over the small
// test knowledge base.
func BenchmarkExtractRussianKB(b *testing.B) {
	p := kbPipeline(b, fixtureKB(b), true)
	res, err := p.Extract(benchTextRus, "rus", Options{})
	if err != nil || len(res.Entities) == 0 {
		b.Fatal(err, res.Entities)
	}
	tokens := len(res.Tokens)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := p.Extract(benchTextRus, "rus", Options{}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(tokens*b.N)/b.Elapsed().Seconds(), "tokens/s")
}

// BenchmarkExtractEnglishKB is BenchmarkExtractEnglish with a knowledge base configured (the
// test KB), as the service runs: the curated organisation names are looked up too.
func BenchmarkExtractEnglishKB(b *testing.B) {
	p := kbPipeline(b, fixtureKB(b), false)
	o := Options{Patterns: true, Coref: true, Salience: true, Confidence: true}
	res, err := p.Extract(benchText, "eng", o)
	if err != nil || len(res.Entities) == 0 {
		b.Fatal(err, res.Entities)
	}
	tokens := len(res.Tokens)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := p.Extract(benchText, "eng", o); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(tokens)*float64(b.N)/b.Elapsed().Seconds(), "tokens/s")
}
