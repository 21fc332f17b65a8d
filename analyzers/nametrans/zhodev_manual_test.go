package nametrans

import (
	"bufio"
	"os"
	"strings"
	"testing"
)

// TestForeignChineseDevManual prints how many foreign persons' names written in Simplified
// Chinese (testdata/zho_foreign_dev.tsv) have their English name among the four likeliest
// romanizations: NOMEN_ZHO_DEV=1.
func TestForeignChineseDevManual(t *testing.T) {
	if os.Getenv("NOMEN_ZHO_DEV") == "" {
		t.Skip("set NOMEN_ZHO_DEV=1")
	}
	f, err := os.Open("testdata/zho_foreign_dev.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var n, top1, top4 int
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		zh, en, _ := strings.Cut(line, "\t")
		n++
		res, err := Translate(Request{Name: zh, TargetLanguage: "eng", EntityType: "PERSON", SourceLanguageOfUse: "zho", MaximumResults: 4})
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for i, tr := range res.Translations {
			got = append(got, tr.Text)
			if strings.EqualFold(tr.Text, en) {
				top4++
				if i == 0 {
					top1++
				}
			}
		}
		t.Logf("%s\t%s\t%v", zh, en, got)
	}
	t.Logf("%d names: English name first %d, among the first four %d", n, top1, top4)
}
