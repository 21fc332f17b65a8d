// Package date parses calendar dates written in many styles into a Date of up to three parts.
//
// A Date holds a year, a month and a day; 0 marks an unknown part. Every Date returned without
// error is valid: Year is in 1..9999, Month is 0 or 1..12, Day is 0 or a real day of that month
// (leap years follow the proleptic Gregorian calendar), and Day is known only when Month is.
// So "1987" (year only) and "March 1987" (year-month) are partial dates, while a day and month
// without a year ("4 March") are rejected.
//
// Without a format, Parse accepts:
//
//   - ISO 8601 dates: 2020-03-04, 20200304, 2020-03, an optional '+' year sign and an
//     optional time after 'T' or a space (+2020-03-04T10:00:00Z) being ignored;
//   - numeric day, month and year separated by '/', '.', '-', ',' or spaces: 04/03/2020,
//     4.3.20, 2020/03/04;
//   - textual months in English, German, French, Spanish, Italian, Portuguese, Dutch, Swedish,
//     Polish and Russian, full, genitive or abbreviated, with or without diacritics, and any
//     unambiguous prefix of at least three letters: "4th of March 2020", "March 4, 2020",
//     "4 mars 2020", "4. März 2020", "4 de marzo de 2020", "4 марта 2020 г.", "Mar 2020";
//   - a year alone: "1987".
//
// Ambiguous numeric dates. When both the first and the second number could be the month
// (04/03/2020), a number above 12 decides if there is one; otherwise the separator does: with
// '/' the default reading is month first (M/D/Y, as in the United States), with '.', '-' or a
// space it is day first (D.M.Y, as in most of Europe). ParseAll returns every valid reading,
// the default first, so a matcher can take the best one; Parse returns the default. Readings
// also tells the order each reading assumed, so that two ambiguous values can be read under
// one convention (Reading.Compatible).
//
// Two-digit years. A two-digit year yy means 20yy when yy < Pivot (30) and 19yy otherwise, so
// "4.3.20" is 2020-03-04 and "4.3.87" is 1987-03-04.
//
// Formats. An optional layout fixes the order: yyyy (four-digit year), yy (two-digit year), MM
// or M (month number, one or two digits), MMM or longer (textual month in any supported
// language), dd or d (day, one or two digits); any other non-letter character is a literal that
// must appear in the input, and a space in the layout matches any run of white space. Letters
// are case-insensitive (YYYY, DD and mm are accepted too, since no time fields are supported);
// any other letter is an error. Examples: yyyy-MM-dd, MM/dd/yyyy, dd.MM.yy, d MMM yyyy.
//
// All functions are pure and safe for concurrent use; bad input yields an error wrapping
// ErrSyntax, ErrInvalid or ErrLayout, never a panic.
package date
