package langid

import (
	"embed"
	_ "unsafe" // for go:linkname

	_ "github.com/pemistahl/lingua-go" // links the package that owns the model files
)

// linguaModels is lingua-go v1.4.0's embedded model tree
// (language-models/<iso639-1>/<order>s.pb.bin.zip, Apache-2.0). lingua keeps
// it unexported; it is read here so the models ship once, inside the binary,
// exactly as lingua-go built them, with no copy in this repository and no
// file-system access at run time. TestLinguaModelsLinked fails if a lingua-go
// upgrade renames the variable.
//
//go:linkname linguaModels github.com/pemistahl/lingua-go.languageModels
var linguaModels embed.FS
