package server

import (
	"github.com/gin-gonic/gin"
	"strings"
)

// Each handler binds, validates, makes one call and responds. Operations whose module has
// not landed validate their request fully and then answer 501.

// textBody binds a text request and its options, and checks the output parameter and the
// licence of the given language.
func textBody(c *gin.Context, allowURI bool, opts any) (*TextRequest, bool, error) {
	adm, err := wantADM(c)
	if err != nil {
		return nil, false, err
	}
	var r TextRequest
	if err := bind(c, &r); err != nil {
		return nil, false, err
	}
	if err := r.check(allowURI, !allowURI); err != nil {
		return nil, false, err
	}
	if err := decodeOptions(r.Options, opts); err != nil {
		return nil, false, err
	}
	if r.Language != "" {
		if err := licensed(c, r.Language); err != nil {
			return nil, false, err
		}
	}
	return &r, adm, nil
}

func (s *Server) fail(c *gin.Context, err error) { writeError(c, err) }

func (s *Server) nameTranslation(c *gin.Context) {
	var r NameTranslationRequest
	if err := bind(c, &r); err != nil {
		s.fail(c, err)
		return
	}
	s.translateName(c, &r)
}

// callerMessage is err's text without the leading package prefixes of nomen's analyzers
// ("entities: ", "morph: "), which say nothing to a caller.
func callerMessage(err error, prefixes ...string) string {
	msg := err.Error()
	for _, p := range prefixes {
		msg = strings.TrimPrefix(msg, p)
	}
	return msg
}
