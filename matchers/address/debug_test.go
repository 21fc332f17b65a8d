package address

import (
	"encoding/json"
	"flag"
	"fmt"
	"testing"
)

var cmpA = flag.String("a", "", "first address")
var cmpB = flag.String("b", "", "second address")

func TestCompareDebug(t *testing.T) {
	if *cmpA == "" {
		t.Skip("use -a and -b")
	}
	r, err := New(DefaultOptions()).CompareStrings(*cmpA, *cmpB)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.MarshalIndent(r, "", " ")
	fmt.Println(string(b))
}
