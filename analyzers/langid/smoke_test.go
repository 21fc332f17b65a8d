package langid

import (
	"testing"
	"time"
)

func TestSmoke(t *testing.T) {
	d, err := NewForLanguages([]string{"eng", "deu", "fra", "spa", "srp", "hrv", "bos", "kor", "rus", "jpn", "zho"})
	if err != nil {
		t.Fatal(err)
	}
	t0 := time.Now()
	if err := d.Load(); err != nil {
		t.Fatal(err)
	}
	t.Logf("load %v, %d bytes", time.Since(t0), d.ModelBytes())
	for _, s := range []string{"Hello, how are you doing today?", "Das ist ein schöner Tag", "Je ne sais pas", "hello world", "12345", "Ovo je lijepa kuća", "Ovo je lepa kuća i reka", "Ово је лепа кућа", "조선로동당 위원장 동무", "대한민국 국민", "Привет мир", "これは日本語です", "我是中国人", "Hello world. Das ist ein sehr schöner Tag in Berlin heute und morgen."} {
		r, err := d.Detect(s, Options{Multilingual: true, KoreanDialects: true})
		t.Logf("%q -> %+v", s, r)
		if err != nil {
			t.Fatal(err)
		}
	}
}
