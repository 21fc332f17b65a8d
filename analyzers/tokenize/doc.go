// Package tokenize splits text into tokens and sentences for every language
// nomen analyses.
//
// Tokens follows Unicode word boundaries (letters, digits and their combining
// marks stay together; emoji sequences, including ZWJ sequences, skin-tone
// modifiers, keycaps and flags, are one token each; punctuation is split off)
// plus per-language rules: English clitics ("don't" → "do" "n't", "'s",
// "'ll"...), French elision ("l'", "qu'"...), hyphenated words kept whole for
// Portuguese, French, Dutch, Russian, Danish, Swedish, Croatian, Serbian and Slovak (as
// their treebanks, and the entity corpora built on them, write them: "Jyllands-Posten",
// "SDP-a"), numbers with separators ("3.14", "1,000", "10:30"), URLs, e-mail addresses and abbreviations ("Dr.", "U.S.").
// Chinese runs of Han characters are segmented with gse (embedded dictionary)
// and Japanese runs with kagome and the IPA dictionary; both dictionaries are
// loaded lazily, once, on first use.
//
// Invariants: offsets are in Unicode code points (not bytes), Start < End,
// End is exclusive, tokens are non-overlapping and in increasing order, and
// Token.Text is exactly the text between the offsets. All functions are
// safe for concurrent use and never panic on any input, including invalid
// UTF-8 (each invalid byte counts as one code point, U+FFFD).
package tokenize
