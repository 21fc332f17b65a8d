package address

import (
	"flag"
	"fmt"
	"strings"
	"testing"
)

var usTrain = flag.Bool("ustrain", false, "score the model on the usaddress training files (TRAIN; to see what a post-rule changes on US addresses)")

// TestUSTrainScore scores the committed model (or the one in -modeldir) on the usaddress
// training files. The model was trained on them, so the figure only serves to compare the
// post-rules (NOMEN_NO...RULE=1) on US addresses, which the generated dev split has few of.
func TestUSTrainScore(t *testing.T) {
	if !*usTrain {
		t.Skip("use -ustrain")
	}
	p := testParser(t)
	files, err := usaddressFiles(testDataDir(t), "training")
	if err != nil {
		t.Fatal(err)
	}
	var s Score
	for _, f := range files {
		addrs, err := readUSAddress(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, a := range addrs {
			ex := buildExample(a, p.lex)
			before := s.AddressesCorrect
			p.scoreTokens(&s, ex.toks, ex.labels)
			if *handFail && s.AddressesCorrect == before {
				var b []string
				for _, tk := range ex.toks {
					b = append(b, tk.text)
				}
				fmt.Println("   ", strings.Join(b, " "))
			}
		}
	}
	fmt.Printf("usaddress training: %d addresses, token %.4f whole %.4f (%d correct)\n", s.Addresses, s.TokenAccuracy(), s.AddressAccuracy(), s.AddressesCorrect)
}
