package patterns

import (
	"fmt"
	"testing"
)

func TestSmoke(t *testing.T) {
	for _, c := range []struct{ lang, text string }{
		{"eng", "Contact john.doe@example.com or visit https://example.com/a?b=1. Call +44 20 7946 0958 or (415) 555-2671."},
		{"eng", "Card 4111 1111 1111 1111 paid $1,200.50 and EUR 30 and 30 € and 1.5 million dollars, 5 000 руб., ¥300, £2bn."},
		{"eng", "On Tuesday, March 5, 2024 at 10:30 am; 5. März 2024; 2024-03-05T14:30:00Z and 05/03/2024, 2024年3月5日 15時30分"},
		{"deu", "Am 5. März 2024 um 14.30 Uhr fuhr er 10 Kilometer. Tel. 030 12345678"},
		{"fra", "le 5 mars 2024 à 14h30, 01 23 45 67 89, NIR 1 84 12 76 451 089 46"},
		{"spa", "el 5 de marzo de 2024, DNI 12345678Z, 912 345 678, 5 km"},
		{"eng", "NYC is at 40.7128° N, 74.0060° W or 40.7128, -74.0060 or 40°42′46″N 74°00′22″W. UTM 33T 500000 4649776 and 17N 630084 4833438."},
		{"eng", "SSN 123-45-6789, NI AB 12 34 56 C, version 1.2.3, 2024-2025, 1234567890, ran 3.2 miles and 100 m."},
		{"rus", "5 марта 2024 года в 14:30, тел. 8 (495) 123-45-67, 5 000 руб."},
	} {
		fmt.Println(c.text)
		rs := []rune(c.text)
		for _, s := range Find(c.text, c.lang, Options{}) {
			fmt.Printf("   %-8s %.2f %q\n", s.Type, s.Confidence, string(rs[s.Start:s.End]))
		}
	}
}
