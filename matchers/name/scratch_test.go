package name

import (
	"fmt"
	"testing"

	"github.com/nomenhq/nomen/internal/paramtag"
)

func TestScratch(t *testing.T) {
	m := New(paramtag.MustDefaults[Options](), nil)
	pairs := [][4]string{
		{"John Smith", "Jon Smith", "", ""},
		{"John Smith", "John Smith", "", ""},
		{"John Smith", "john smith", "", ""},
		{"John Smith", "Jane Smith", "", ""},
		{"John Doe", "Jane Doe", "", ""},
		{"William Smith", "Bill Smith", "", ""},
		{"John Smith", "John A. Smith", "", ""},
		{"John Smith", "Smith, John", "", ""},
		{"John Smith", "Peter Smith", "", ""},
		{"John Smith", "John Smyth", "", ""},
		{"Mao Zedong", "毛泽东", "", ""},
		{"Mao Tse-tung", "毛泽东", "", ""},
		{"Kim Jong-un", "김정은", "", ""},
		{"Vladimir Putin", "Владимир Путин", "", ""},
		{"Vladimir Putin", "Владимир Ленин", "", ""},
		{"Mohammed Ali", "محمد علي", "", ""},
		{"Abdul Rahman", "Abdulrahman", "", ""},
		{"Acme Corporation", "ACME Corp.", "ORGANIZATION", ""},
		{"International Business Machines", "IBM", "ORGANIZATION", ""},
		{"First National Bank", "First Republic Bank", "ORGANIZATION", ""},
		{"Deutsche Bank AG", "Deutsche Bank", "ORGANIZATION", ""},
		{"Benjamin Netanyahu", "בנימין נתניהו", "", ""},
		{"George Washington", "조지 워싱턴", "", ""},
		{"Peabody", "ピーボディ", "", ""},
	}
	for _, p := range pairs {
		a, err := m.Prepare(Input{Text: p[0], EntityType: p[2]})
		if err != nil {
			t.Fatal(err)
		}
		b, err := m.Prepare(Input{Text: p[1], EntityType: p[2]})
		if err != nil {
			t.Fatal(err)
		}
		r := m.Compare(a, b, true)
		fmt.Printf("%-35s %-30s %.3f %v\n", p[0], p[1], r.Score, r.Explain.Pairs)
	}
}
