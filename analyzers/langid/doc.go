// Package langid identifies the language of text: 75 languages from
// lingua-go v1.4.0's n-gram models, Latin-script Serbian derived from them,
// uen (English written without case distinctions) and, on request, North
// (qkp) and South (qkr) Korean.
//
// # Method
//
// Detect follows lingua's high-accuracy algorithm step for step (and agrees
// with it, see TestAgreesWithLingua): the text is lower-cased and split into
// words; rules decide outright when most words are in a script only one
// language uses (Greek, Hangul, kana...) or hold characters unique to one
// language; otherwise the candidates are narrowed to the languages of the
// dominant script and of characteristic letters, and each candidate is
// scored by the summed log-probabilities of the text's distinct 1- to
// 5-grams (trigrams only from 120 letters on), backing off to an n-gram's
// prefixes where a language lacks it, divided by the number of the text's
// distinct characters the language knows. Confidences are the softmax of
// these scores: in [0, 1], summing to at most 1 over the (at most
// MaxResults) returned languages, and comparable across calls. Text with no
// letters yields Unknown ("xxx").
//
// # Model format
//
// lingua keeps each language's models as maps from n-gram strings to
// float64, 1.95 GB for all languages. This package reads the same files
// (the zipped protobufs embedded in lingua-go, reached through a
// linkname directive to its embed.FS, so nothing is copied into this repository)
// and builds one table per n-gram order shared by all languages: the 64-bit
// hashes of the 7.6 million distinct n-grams, sorted within 2^k buckets by
// their top bits, each with a postings list of (language, −ln p quantized
// to 1/1024 in 16 bits). One lookup returns every language's probability for
// an n-gram. The arrays take 163 MB, live outside the Go heap (anonymous
// mappings, released when the Detector is garbage) and are built on first
// use or by Load (about 9 s of CPU, spread over GOMAXPROCS; the embedded
// zip pages are handed back to the kernel afterwards). A process holding all
// languages stays near 190 MB resident; lingua-go needs 1.9–2.2 GB. 64-bit hash collisions are possible in principle
// (expected count below 10⁻⁵ across the tables) and would only perturb a
// score.
//
// # Short strings and Latin Serbian
//
// Text of at most ShortTextRunes (140) code points takes the short-string
// path: all five n-gram orders whatever the letter count, and Latin-script
// Serbian among the candidates with Options.SerbianLatinWeight (100 when
// zero). In the normal path Latin Serbian is off unless the weight is
// positive; the weight w adds ln(w/100) to its score. Latin Serbian is
// reported as "srp", like Cyrillic Serbian.
//
// # Regions
//
// With Options.Multilingual, Detect also returns regions: runs of words of
// one language with code-point offsets (end exclusive), each ranked on its
// own text; see (*Detector).regions.
//
// # Korean dialects
//
// With Options.KoreanDialects, a Korean detection is split into qkp and qkr
// by NorthKoreanProbability, a hand-weighted log-linear model over the
// initial-sound rule (로동/노동, 력사/역사, 녀자/여자, 리용/이용), -여/-어
// after front vowels (되였다/되었다), the spacing of the bound noun 수, and
// vocabulary specific to each state (인민, 동무, 원수님, 령도... versus
// 대한민국, 북한, 국회...). See korean.go for the features and weights.
//
// A Detector is safe for concurrent use. Per-call scratch is pooled; a
// sentence costs about two allocations.
package langid
