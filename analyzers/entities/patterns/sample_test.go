package patterns

import (
	"bufio"
	"compress/gzip"
	"fmt"
	"os"
	"strings"
	"testing"
)

// TestSampleDump prints every match of Find, with its context, on the "# text =" lines
// of CoNLL-U files named by PATTERNS_SAMPLE ("eng=path.conllu.gz,deu=path..."); it is
// how the precision figures of the package documentation were counted:
//
//	PATTERNS_SAMPLE=eng=../shared/data/ud-en-ewt/en_ewt-ud-train.conllu.gz \
//	  go test -run TestSampleDump -v ./analyzers/entities/patterns
//
// It is skipped when PATTERNS_SAMPLE is unset.
func TestSampleDump(t *testing.T) {
	spec := os.Getenv("PATTERNS_SAMPLE")
	if spec == "" {
		t.Skip()
	}
	for _, lf := range strings.Split(spec, ",") {
		lang, file, _ := strings.Cut(lf, "=")
		f, err := os.Open(file)
		if err != nil {
			t.Fatal(err)
		}
		gz, err := gzip.NewReader(f)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(gz)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			line := sc.Text()
			if !strings.HasPrefix(line, "# text = ") {
				continue
			}
			text := line[9:]
			rs := []rune(text)
			for _, s := range Find(text, lang, Options{}) {
				fmt.Printf("%s\t%s\t%q\t%q\n", lang, s.Type, string(rs[s.Start:s.End]), string(rs[max(0, s.Start-30):min(len(rs), s.End+30)]))
			}
		}
		f.Close()
	}
}
