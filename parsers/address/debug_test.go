package address

import (
	"encoding/json"
	"flag"
	"fmt"
	"testing"
)

var parseFlag = flag.String("parse", "", "print the parse of this address")

func TestParseDebug(t *testing.T) {
	if *parseFlag == "" {
		t.Skip("use -parse ADDRESS")
	}
	f, err := testParser(t).Parse(*parseFlag) // -modeldir DIR parses with that model
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(f)
	fmt.Printf("%q\n%s\n", Tokens(*parseFlag), b)
}

var ocFlag = flag.Bool("ocfail", false, "print OpenCage failures")

func TestOpenCageFailures(t *testing.T) {
	if !*ocFlag {
		t.Skip()
	}
	p, _ := Default()
	debugFail = func(text string, comps []goldComponent, got Fields) {
		b, _ := json.Marshal(got)
		fmt.Printf("%q\n  gold %v\n  got  %s\n", text, comps, b)
	}
	p.evalOpenCage(testDataDir(t) + "/opencage-address-formatting/testcases")
	p.evalLibpostal(testDataDir(t) + "/libpostal/tests/address_parser_cases.jsonl")
}
