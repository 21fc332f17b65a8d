// Package linking links entity mentions in a document to knowledge-base
// entities (Wikidata Q ids) from package kb.
//
// For each mention it takes candidates by alias (exact after
// normalization, then fuzzy and phonetic), and scores each by its alias
// prior p(entity | alias), popularity, agreement of coarse types, the
// similarity of the words around the mention to the entity's description
// and names, and coherence with the other mentions of the document (shared
// country, a country and its places, a short mention repeating a longer
// one). The confidence of the best candidate is its share of the score mass
// scaled by how well the mention matches its name; below the threshold the
// mention stays unlinked.
//
// Invariants: Link returns one Link per mention in input order; confidence
// is in [0,1]; results are deterministic; a Linker is safe for concurrent use.
package linking
