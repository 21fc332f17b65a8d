package coref_test

import (
	"fmt"

	"github.com/nomenhq/nomen/analyzers/entities/coref"
	"github.com/nomenhq/nomen/analyzers/entities/span"
	"github.com/nomenhq/nomen/analyzers/tokenize"
)

func ExampleResolve() {
	text := "Barack Obama visited IBM. Obama said the company impressed him."
	ents := []span.Span{
		{Start: 0, End: 12, Type: span.PER},  // Barack Obama
		{Start: 21, End: 24, Type: span.ORG}, // IBM
		{Start: 26, End: 31, Type: span.PER}, // Obama
	}
	res := coref.Resolve(text, "eng", tokenize.Tokens(text, "eng"), ents)
	fmt.Println(res.Chain)
	rs := []rune(text)
	for _, x := range res.Extra {
		fmt.Printf("%q → chain %d (%s, %s)\n", string(rs[x.Span.Start:x.Span.End]), x.Chain, x.Kind, x.Span.Type)
	}
	// Output:
	// [0 1 0]
	// "the company" → chain 1 (nominal, ORG)
	// "him" → chain 0 (pronoun, PER)
}
