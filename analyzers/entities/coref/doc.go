// Package coref resolves in-document coreference for entity extraction (option
// useIndocServer): it chains the entity mentions that name the same thing and finds
// pronouns and definite descriptions that refer back to them.
//
// Resolve takes the document text, its tokens (package tokenize) and the entity spans
// found by the extractors, and returns a chain id per entity and the extended
// references (Result.Extra). It is rule-based and deterministic: the same input always
// gives the same output. All offsets are Unicode code points, End exclusive.
//
// # Name chaining (every language written with spaces)
//
// Mentions are visited in text order; each joins an earlier chain of the same type or
// opens a new one. Words are compared folded (lower case, no diacritics, no dots), a
// final possessive "'s" dropped.
//
//   - Persons: leading honorifics and titles ("Mr.", "Dr.", "President", "Frau", "M.",
//     "Sra.") and trailing "Jr."/"III" are stripped; honorifics give the gender ("Mrs.").
//     A one-word mention joins a chain whose longest name ends or starts with it
//     ("Obama" → "Barack Obama"); a longer one joins when its words are an ordered
//     subsequence of the chain's longest name keeping the family name ("Barack Obama"
//     → "Barack Hussein Obama"), or contains every name of the chain; an initial matches
//     a word with that letter ("J. Smith"). Known genders (honorific, or the given name
//     in the embedded name lists) must agree, so "Mrs. Clinton" never joins "Bill
//     Clinton". A bare title ("the Emperor", "President") joins the most recent chain
//     introduced with that title.
//   - Organisations: a leading article and trailing legal forms ("Inc.", "AG", "GmbH",
//     "S.A.", "plc", "Group") are stripped; then equal names, an upper-case acronym of
//     the initials with or without stop words ("IBM" ↔ "International Business
//     Machines", "I.B.M."), or a word prefix ("Apple" ↔ "Apple Computer"; a one-word
//     prefix must not be a generic word such as "National") chain.
//   - Places: equal names without article or generic head ("City of Cleveland" ↔
//     "Cleveland", "Republic of Albania" ↔ "Albania") and acronyms ("U.S." ↔ "United
//     States"). Word prefixes do not chain places: on GUM "Cleveland" ↔ "Cleveland
//     Museum of Art" and "York" ↔ "York Minster" cost more than they gain.
//   - Other types (PROD, TTL, DATE, EM, ...): equal folded text.
//
// A short name compatible with several chains ("Clinton" after "Bill Clinton" and
// "Hillary Clinton") joins the most recently mentioned one (on GUM this beats leaving
// it alone; see RunEval -ablate).
//
// # Pronouns and nominals (Languages: eng, deu, fra, spa, por, ita, nld)
//
// Tokens are visited in order, keeping a history of mentions: entities, resolved
// references and (English) unnamed noun phrases ("the woman", "a phone", "the
// students") that compete as antecedents but are never returned. A pronoun is
// resolved to the most salient compatible referent within a window of sentences
// (after Lappin and Leass 1994, without a parser): each mention weighs 100, plus 210 if
// subject-like (sentence or clause start, or followed by a verb-like word), 130 if
// object-like, 40 if after a preposition; weights halve per sentence back and a chain
// gains 20 per earlier name mention (its topicality). When the winner is an unnamed
// noun phrase, the pronoun stays unresolved.
//
//   - Persons: English he/him/his/himself, she/her/hers/herself; German er/ihn/ihm/sein*,
//     sie/ihr* (lower-case only: "Sie" mid-sentence is the polite "you"); French il,
//     elle, lui, son/sa/ses; Spanish él (with its accent: "el" is the article), ella,
//     su/sus; Portuguese ele, ela, dele, dela, seu/sua; Italian lui, lei, egli, ella,
//     suo/sua; Dutch hij, hem, zij, haar. Gendered pronouns need a chain of that or
//     unknown gender; a chain of unknown gender takes the gender of the first gendered
//     pronoun resolved to it. The window is 10 sentences, reflexives stay in their
//     sentence; an object pronoun is not the subject of its own clause ("Brown praised
//     him").
//   - Things (English only): "it" (only as a clause subject, not "it's", and only with a
//     subject-like antecedent), "its", "itself" → organisations, places, products within
//     the previous sentence. "they/them/their" are not resolved: on GUM they almost
//     never refer to a named organisation.
//   - Pleonastic "it" is never resolved: weather ("it is raining"), extraposition with
//     modal or evaluative adjectives and cognitive passives ("it is important that/to",
//     "it is said that"), raising verbs ("it seems that"), time ("it is five o'clock"),
//     "it takes ... to", "make it clear that"; French "il pleut", "il faut", "il y a",
//     "il est ADJ de/que" likewise.
//   - Nominals: a definite article, optionally "former"/"late"/"current"..., and a head
//     noun from a small per-language list: "the company/firm/bank/party/team" →
//     organisation; "the country/nation" → a place named like a country (embedded
//     country names); "the city/town/capital/island/village/province" → a place that is
//     not a country; "the president/chancellor/CEO/king" (Kind "title") → a person chain
//     introduced with that title ("President Obama", "Merkel, the chancellor"). A
//     following "of", relative pronoun, proper name or hyphen marks a new description
//     ("the city of Paris") that is not resolved. The window is 3 sentences (10 for
//     titles); the most salient compatible chain wins.
//
// # Invariants
//
// len(Result.Chain) == len(ents); chain ids are 0..k-1 in order of first appearance in
// ents; invalid spans (out of the text, empty) get chains of their own. Extra spans lie
// in the text, are in text order, overlap neither each other nor any entity, carry the
// chain's entity type and Source span.SourceCoref, and their Confidence is the
// precision of their kind measured on GUM train+dev. Resolve never panics,
// is safe for concurrent use (the embedded lists are loaded once) and costs time
// linear in the text for a bounded number of entities per window.
//
// # Data
//
// data/male.txt, data/female.txt: the Kantrowitz names corpus (NLTK; redistributable
// with data/README.nltk-names). data/given-names-cc0.tsv: genders of further given
// names counted over CC0 lists (MoMA artists, US Congress legislators), generated by
// TestGenerateNames. data/countries.txt: country names in seven languages from
// i18n-iso-countries (MIT, data/LICENSE.i18n-iso-countries), generated by
// TestGenerateCountries. See MODELS-coref.md.
//
// # Evaluation
//
// RunEval scores the resolver against the coreference annotation of English GUM
// (ner-en-gum-open, Entity= groups in the CoNLL-U MISC column): MUC and B³ over the
// named person, organisation and place mentions given as entities, and precision and
// recall of pronouns and nominals whose gold group has an earlier named mention. The
// design choices above were made on train+dev (RunEval --split train,dev --ablate
// scores the alternatives). Held-out test split (18 documents, 725 named mentions):
// named chains MUC F1 0.910 (exact-string baseline 0.877), B³ F1 0.936 (0.913);
// person pronouns P 0.874 R 0.892; organisation/place pronouns P 0.436 R 0.447;
// nominals P 0.571 (7 resolved); 6 non-referential "it", none resolved.
package coref
