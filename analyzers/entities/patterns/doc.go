// Package patterns finds the pattern entities of a text with regular expressions and
// validation in Go: e-mail addresses (EM), URLs (URL), phone numbers (TEL#), payment
// card numbers (CC#), money (MONEY, and CURRENCY when split), dates (DATE), times
// (TIME), latitude/longitude pairs (LATLNG), UTM coordinates (UTM), distances (Dist)
// and personal identification numbers (PERS ID).
//
// Find returns spans in Unicode code points, End exclusive, sorted and non-overlapping.
// Where two candidates overlap, the type earlier in the order EM, URL, PERS ID, CC#,
// UTM, LATLNG, MONEY, DATE, TIME, TEL#, Dist wins, then the longer span.
// The regular expressions are compiled once (the language-dependent ones on first use
// of a language) and are RE2 (linear time); every search restarts at most a bounded
// distance back, so Find is linear in the length of the text. Find is safe for
// concurrent use and never panics.
package patterns
