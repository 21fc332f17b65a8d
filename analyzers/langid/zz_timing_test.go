package langid
import ("testing";"time";"fmt")
func TestTiming(t *testing.T){ d:=New(); s:=time.Now(); r,_:=d.Detect("He also acknowledged the ongoing conflicts in Iraq and Afghanistan.",Options{}); fmt.Println(time.Since(s), r); s=time.Now(); r,_=d.Detect("Le gouvernement a annoncé de nouvelles mesures.",Options{}); fmt.Println(time.Since(s), r)}
