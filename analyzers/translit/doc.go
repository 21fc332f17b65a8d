// Package translit renders name tokens written in non-Latin scripts as
// lowercase ASCII Latin variants for cross-script name matching.
//
// ToLatin combines two layers:
//
//   - rule-based romanization schemes: Cyrillic (BGN/PCGN plus the English
//     spellings people use, with Ukrainian, Belarusian, Bulgarian, Serbian
//     and Macedonian differences), Greek (ELOT 743), Arabic and Persian and
//     Hebrew (unwritten short vowels produce vowel variants), Devanagari
//     (Hindi schwa deletion), Thai (RTGS), Hangul (Revised Romanization,
//     McCune–Reischauer, common surname spellings), kana (Hepburn) and Han
//     (pinyin without tones plus Wade–Giles-like variants; Japanese kanji
//     through kagome readings, loaded lazily on the first Japanese kanji
//     token);
//   - a learned layer per script (arabic, chinese, hebrew, japanese,
//     katakana, korean, russian) trained from the Wikidata name pairs
//     (`_80` split only): a joint-sequence (graphone) trigram model over
//     EM-aligned native-chunk/Latin-chunk pairs decoded by beam search, and a
//     lookup table of frequent native tokens with their English spellings.
//     The tables live in data/ (built by Train, embedded with go:embed) and
//     are decoded once on first use.
//
// ToLatin merges the layers by lang: a language written natively in the
// script (rus for Cyrillic, zho for Han, kor for Hangul, ...) puts the
// rules first; any other language (eng, ...) puts the learned layer first;
// "" weighs the learned layer higher except for Hangul and Han, where the
// training pairs hold almost no native names and both weigh the same.
// Results are kept in a bounded cache (16 × 4096 entries).
//
// Fit goes the other way for a learned model: it scores a given Latin
// spelling of a native token (the log-probability loss of its best graphone
// segmentation against the best rendering, per letter), so that a spelling
// missing from the n-best list still gets graded evidence; the name matcher
// uses it for Han tokens. DevHeldOut names the `_80` rows kept out of a
// model's training for the name matcher's dev pairs.
//
// Invariants: every Variant.Text is non-empty lowercase ASCII ([a-z0-9]);
// variants are deduplicated and sorted by descending Weight; the best has
// Weight 1 and all weights lie in (0,1]; results are deterministic. All
// exported functions are safe for concurrent use and never panic on any
// input, including invalid UTF-8.
package translit
