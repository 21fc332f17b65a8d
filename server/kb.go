package server

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"
	"github.com/nomenhq/nomen/internal/errs"
	"github.com/nomenhq/nomen/kb"
)

// KBSource gives the knowledge base once it is open; until then it returns an error
// (the default KB's index is built on first start, which takes about a minute).
type KBSource interface {
	KB() (*kb.KB, error)
}

func (s *Server) knowledgeBase() (*kb.KB, error) {
	if s.svc.KB == nil {
		return nil, notImplemented("the knowledge base", "issue 6")
	}
	return s.svc.KB.KB()
}

// kbSearch answers GET /rest/v1/kb/search?q=&type=&language=&limit= (an addition of nomen's):
// the entities the linker would consider for q, best first.
func (s *Server) kbSearch(c *gin.Context) {
	q := strings.TrimSpace(c.Query("q"))
	if q == "" {
		s.fail(c, errs.E(errs.Invalid, "query parameter q is required"))
		return
	}
	typ := c.Query("type")
	switch typ {
	case "", "PER", "ORG", "LOC", "PROD":
	default:
		s.fail(c, errs.E(errs.Invalid, "type must be PER, ORG, LOC or PROD, got %q", typ))
		return
	}
	lang := c.Query("language")
	if err := checkLang("language", lang); err != nil {
		s.fail(c, err)
		return
	}
	limit := 10
	if l := c.Query("limit"); l != "" {
		n, err := strconv.Atoi(l)
		if err != nil || n < 1 || n > 100 {
			s.fail(c, errs.E(errs.Invalid, "limit must be an integer in [1, 100], got %q", l))
			return
		}
		limit = n
	}
	k, err := s.knowledgeBase()
	if err != nil {
		s.fail(c, err)
		return
	}
	hits, err := k.Search(q, typ, lang, limit)
	if err != nil {
		s.fail(c, err)
		return
	}
	if hits == nil {
		hits = []kb.Hit{}
	}
	c.JSON(http.StatusOK, gin.H{"entities": hits})
}

// kbEntity answers GET /rest/v1/kb/entities/{id} (an addition of nomen's): the whole record.
func (s *Server) kbEntity(c *gin.Context) {
	k, err := s.knowledgeBase()
	if err != nil {
		s.fail(c, err)
		return
	}
	e, ok := k.Entity(c.Param("id"))
	if !ok {
		s.fail(c, errs.E(errs.NotFound, "no entity %q in the knowledge base", c.Param("id")))
		return
	}
	c.JSON(http.StatusOK, e)
}
