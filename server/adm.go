package server

import (
	"github.com/gin-gonic/gin"
	"github.com/nomenhq/nomen/internal/errs"
)

// ADM is the Annotated Data Model: the input text plus typed annotation layers whose items
// carry character offsets (Unicode code points, end exclusive). Text endpoints answer with it
// for output=service; each module adds its layers (token, sentence, languageDetection,
// entities, ...) as it lands.
type ADM struct {
	Version          string              `json:"version"`
	Data             string              `json:"data"`
	Attributes       map[string]any      `json:"attributes"`
	DocumentMetadata map[string][]string `json:"documentMetadata"`
}

// ADMList is a list layer of the ADM.
type ADMList struct {
	Type     string `json:"type"`
	ItemType string `json:"itemType"`
	Items    any    `json:"items"`
}

// NewADM returns an ADM document for text with no layers.
func NewADM(text string) *ADM {
	return &ADM{Version: "1.1.0", Data: text, Attributes: map[string]any{}, DocumentMetadata: map[string][]string{}}
}

// AddList adds a list layer named name.
func (a *ADM) AddList(name, itemType string, items any) {
	a.Attributes[name] = ADMList{Type: "list", ItemType: itemType, Items: items}
}

// wantADM reads the output query parameter of a text endpoint.
func wantADM(c *gin.Context) (bool, error) {
	switch v, ok := c.GetQuery("output"); {
	case !ok:
		return false, nil
	case v == "service":
		return true, nil
	default:
		return false, errs.E(errs.Invalid, "query parameter output must be \"service\" (ADM) or absent, got %q", v)
	}
}
