package name

// Options are the name matcher's parameters. Each field is one parameter of the shared
// registry (see internal/paramtag); all scores and weights are dimensionless.
type Options struct {
	// Token-pair scores by kind of evidence.
	ExactScore        float64 `param:"exactMatchScore" def:"1" min:"0" max:"1" applies:"PERSON,LOCATION,ORGANIZATION" help:"Score of two tokens with the same normalised form."`
	FoldedScore       float64 `param:"foldedMatchScore" def:"0.97" min:"0" max:"1" applies:"PERSON,LOCATION,ORGANIZATION" help:"Score of two tokens equal only after removing diacritics (Müller/Muller)."`
	NicknameScore     float64 `param:"nicknameScore" def:"0.98" min:"0" max:"1" applies:"PERSON" help:"Score of two given names that are nickname variants (William/Bill)."`
	VariantListScore  float64 `param:"tokenVariantScore" def:"0.92" min:"0" max:"1" applies:"PERSON,LOCATION,ORGANIZATION" help:"Score of two tokens listed as equivalent in the universe's variants."`
	PhoneticScore     float64 `param:"phoneticMatchScore" def:"0.86" min:"0" max:"1" applies:"PERSON,LOCATION,ORGANIZATION" help:"Score of two tokens with the same Double Metaphone key and enough string similarity."`
	PhoneticMinSim    float64 `param:"phoneticMinSimilarity" def:"0.6" min:"0" max:"1" applies:"PERSON,LOCATION,ORGANIZATION" help:"Least string similarity for a phonetic-key match to count."`
	EditMinSim        float64 `param:"editDistanceMinSimilarity" def:"0.52" min:"0" max:"0.99" applies:"PERSON,LOCATION,ORGANIZATION" help:"String similarity at which edit-distance evidence starts to score above zero."`
	EditMaxScore      float64 `param:"editDistanceMaxScore" def:"1" min:"0" max:"1" applies:"PERSON,LOCATION,ORGANIZATION" help:"Score of an edit-distance match at similarity 1 (scaled linearly down to the minimum similarity)."`
	LevenshteinWeight float64 `param:"levenshteinWeight" def:"0.4" min:"0" max:"1" applies:"PERSON,LOCATION,ORGANIZATION" help:"Share of normalised edit similarity (optimal string alignment: a transposition is one edit; rest: Jaro-Winkler) in the string similarity of two tokens."`
	InitialsScore     float64 `param:"initialsScore" def:"0.8" min:"0" max:"1" applies:"PERSON" help:"Score of an initial against a name starting with that letter (J/John)."`
	InitialInitial    float64 `param:"initialsPairScore" def:"0.9" min:"0" max:"1" applies:"PERSON" help:"Score of two equal initials."`
	InitialsConflict  float64 `param:"initialsConflictScore" def:"0" min:"0" max:"1" applies:"PERSON" help:"Score of an initial against a name or initial with another first letter."`
	AcronymScore      float64 `param:"acronymScore" def:"0.9" min:"0" max:"1" applies:"ORGANIZATION" help:"Score of an organization acronym against the name it abbreviates (IBM/International Business Machines)."`
	CompoundScore     float64 `param:"compoundScore" def:"0.95" min:"0" max:"1" applies:"PERSON,LOCATION,ORGANIZATION" help:"Factor on the similarity of one token and two adjacent tokens written together (Abdulrahman/Abdul Rahman, Zedong/Tse Tung)."`
	TranslitScale     float64 `param:"transliterationScore" def:"0.87" min:"0" max:"1" applies:"PERSON,LOCATION,ORGANIZATION" help:"Factor on token scores found through transliteration into Latin (cross-script comparison)."`
	TranslitWeightExp float64 `param:"transliterationWeightExponent" def:"0" min:"0" max:"3" applies:"PERSON,LOCATION,ORGANIZATION" help:"Exponent on the probability of a transliteration variant applied to its token score (0: all variants equal)."`
	TranslitVariants  int     `param:"transliterationVariants" def:"10" min:"1" max:"32" applies:"PERSON,LOCATION,ORGANIZATION" help:"Latin variants considered per non-Latin token."`
	CrossEditMinSim   float64 `param:"crossScriptEditMinSimilarity" def:"0.5" min:"0" max:"0.99" applies:"PERSON,LOCATION,ORGANIZATION" help:"String similarity at which edit-distance evidence starts to score, for tokens compared through transliteration."`
	CrossScriptExp    float64 `param:"crossScriptExponent" def:"0.995" min:"0.1" max:"3" applies:"PERSON,LOCATION,ORGANIZATION" help:"Exponent applied to token similarities across scripts (below 1 forgives transliteration noise)."`
	TokenMatchMin     float64 `param:"tokenMatchThreshold" def:"0.4" min:"0" max:"1" applies:"PERSON,LOCATION,ORGANIZATION" help:"Token pairs scoring below this are not aligned and count as unmatched."`

	// Unmatched tokens.
	DeletionScore        float64 `param:"deletionScore" def:"0.45" min:"0" max:"1" applies:"PERSON,LOCATION,ORGANIZATION" help:"Credit for a token present in one name only (a dropped middle name), as a share of its weight."`
	OutOfOrderDeletion   float64 `param:"outOfOrderDeletionScore" def:"0.2" min:"0" max:"1" applies:"PERSON,LOCATION,ORGANIZATION" help:"Deletion credit when the aligned tokens are also out of order."`
	InitialDeletionScore float64 `param:"initialDeletionScore" def:"0.7" min:"0" max:"1" applies:"PERSON" help:"Deletion credit for an unmatched initial."`
	FamilyDeletionScore  float64 `param:"familyNameDeletionScore" def:"0.1" min:"0" max:"1" applies:"PERSON" help:"Deletion credit for an unmatched family name."`
	ConflictScore        float64 `param:"conflictScore" def:"0" min:"0" max:"1" applies:"PERSON,LOCATION,ORGANIZATION" help:"Credit for a pair of unmatched tokens, one on each side, that conflict (John Smith/Peter Smith)."`
	LegalFormDeletion    float64 `param:"legalFormDeletionScore" def:"0.9" min:"0" max:"1" applies:"ORGANIZATION" help:"Deletion credit for a legal form present in one name only (Acme/Acme Inc)."`
	LegalFormConflict    float64 `param:"legalFormConflictScore" def:"0.4" min:"0" max:"1" applies:"ORGANIZATION" help:"Credit for two different legal forms (Acme Ltd/Acme GmbH)."`
	StopWordDeletion     float64 `param:"stopWordDeletionScore" def:"0.9" min:"0" max:"1" applies:"ORGANIZATION,LOCATION" help:"Deletion credit for a stop word present in one name only (The Acme Company)."`

	// Token weights.
	GivenWeight     float64 `param:"givenNameWeight" def:"0.8" min:"0" max:"5" applies:"PERSON" help:"Weight of given-name tokens."`
	FamilyWeight    float64 `param:"familyNameWeight" def:"1.2" min:"0" max:"5" applies:"PERSON" help:"Weight of family-name tokens."`
	UnknownWeight   float64 `param:"unknownRoleWeight" def:"1" min:"0" max:"5" applies:"PERSON,LOCATION,ORGANIZATION" help:"Weight of tokens whose role is unknown (and of organization and location words)."`
	InitialWeight   float64 `param:"initialWeight" def:"0.4" min:"0" max:"5" applies:"PERSON" help:"Weight of initials."`
	ParticleWeight  float64 `param:"particleWeight" def:"0.3" min:"0" max:"5" applies:"PERSON" help:"Weight of surname particles (van, de, al, bin)."`
	LegalFormWeight float64 `param:"legalFormWeight" def:"0.2" min:"0" max:"5" applies:"ORGANIZATION" help:"Weight of organization legal forms (Ltd, GmbH, S.A.)."`
	StopWordWeight  float64 `param:"stopWordWeight" def:"0.15" min:"0" max:"5" applies:"ORGANIZATION,LOCATION" help:"Weight of stop words (the, of, and)."`
	NumberWeight    float64 `param:"numberWeight" def:"1.2" min:"0" max:"5" applies:"PERSON,LOCATION,ORGANIZATION" help:"Weight of tokens made of digits."`
	RareWeight      float64 `param:"rareTokenWeight" def:"0.7" min:"0" max:"5" applies:"PERSON" help:"Weight factor of a token never seen in the name-frequency table."`
	CommonWeight    float64 `param:"commonTokenWeight" def:"1.2" min:"0" max:"5" applies:"PERSON" help:"Weight factor of the most frequent name token (John); others interpolate by log frequency."`

	// Penalties and adjustments on the whole name.
	ReorderPenalty        float64 `param:"reorderPenalty" def:"0.04" min:"0" max:"1" applies:"PERSON,LOCATION,ORGANIZATION" help:"Penalty per pair of aligned tokens in crossed order (Smith John/John Smith)."`
	GenderConflict        float64 `param:"genderConflictPenalty" def:"0.12" min:"0" max:"1" applies:"PERSON" help:"Penalty when the names' genders (given or inferred) differ."`
	GenderMinConfidence   float64 `param:"genderInferenceMinConfidence" def:"0.9" min:"0.5" max:"1" applies:"PERSON" help:"Least probability for a gender inferred from a given name to count."`
	TitleConflict         float64 `param:"titleConflictPenalty" def:"0.05" min:"0" max:"1" applies:"PERSON" help:"Penalty when both names carry gendered titles that disagree (Mr/Mrs)."`
	SuffixConflict        float64 `param:"suffixConflictPenalty" def:"0.35" min:"0" max:"1" applies:"PERSON" help:"Penalty when both names carry different generational suffixes (Jr/Sr, II/III)."`
	SuffixMissing         float64 `param:"suffixMissingPenalty" def:"0.02" min:"0" max:"1" applies:"PERSON" help:"Penalty when one name carries a generational suffix and the other none."`
	NumberMismatch        float64 `param:"numberMismatchPenalty" def:"0.25" min:"0" max:"1" applies:"PERSON,LOCATION,ORGANIZATION" help:"Penalty when both names contain numbers and they differ (Route 66/Route 67)."`
	IncompletePenalty     float64 `param:"singleTokenPenalty" def:"0.05" min:"0" max:"1" applies:"PERSON" help:"Penalty when one person name has a single token and the other several (Smith/John Smith)."`
	CrossScriptPenalty    float64 `param:"crossScriptPenalty" def:"0" min:"0" max:"0.5" applies:"PERSON,LOCATION,ORGANIZATION" help:"Penalty on every comparison of names written in different scripts."`
	FamilyFirstTolerance  bool    `param:"familyFirstOrderTolerance" def:"true" applies:"PERSON" help:"Treat family-name-first order (Chinese, Japanese, Korean) as no reordering."`
	FinalBias             float64 `param:"finalBias" def:"0" min:"-0.5" max:"0.5" applies:"PERSON,LOCATION,ORGANIZATION" help:"Constant added to every score before clamping (moves all scores against a fixed threshold)."`
	ScoreExponent         float64 `param:"scoreExponent" def:"0.52" min:"0.2" max:"5" applies:"PERSON,LOCATION,ORGANIZATION" help:"Exponent on the final score (above 1 spreads high scores apart)."`
	NonIdenticalMax       float64 `param:"nonIdenticalMaxScore" def:"0.99" min:"0.5" max:"1" applies:"PERSON,LOCATION,ORGANIZATION" help:"Highest score of two names that are not identical text."`
	MaxTokens             int     `param:"maxNameTokens" def:"24" min:"2" max:"64" static:"true" help:"Tokens kept per name for alignment; the rest are ignored."`
	CJKCharacterSimWeight float64 `param:"hanCharacterWeight" def:"0.5" min:"0" max:"1" applies:"PERSON,LOCATION,ORGANIZATION" help:"Share of character overlap (rest: romanized similarity) when two Han or Hangul tokens are compared directly."`
}
