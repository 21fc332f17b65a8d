package server

import (
	"context"
	"math"
	"net/http"

	"github.com/gin-gonic/gin"
	"github.com/nomenhq/nomen/engine"
	"github.com/nomenhq/nomen/matchers/name"
)

func (n *Name) input() name.Input {
	return name.Input{Text: n.Text, Language: n.Language, EntityType: n.EntityType, Script: n.Script, Gender: n.Gender}
}

// bindNames decodes and checks a name-similarity request.
func (s *Server) bindNames(c *gin.Context) (*NameSimilarityRequest, bool) {
	var r NameSimilarityRequest
	if err := bind(c, &r); err != nil {
		s.fail(c, err)
		return nil, false
	}
	for _, l := range []string{r.Name1.Language, r.Name2.Language} {
		if err := licensed(c, l); err != nil {
			s.fail(c, err)
			return nil, false
		}
	}
	if s.svc.Engine == nil {
		s.fail(c, notImplemented("name similarity", "issue 3"))
		return nil, false
	}
	return &r, true
}

func (s *Server) nameSimilarity(c *gin.Context) {
	r, ok := s.bindNames(c)
	if !ok {
		return
	}
	s.run(c, func(ctx context.Context) (any, error) {
		res, err := s.svc.Engine.NameSimilarity(ctx, engine.NameRequest{Name1: r.Name1.input(), Name2: r.Name2.input(), Parameters: r.Parameters, Universe: r.ParameterUniverse})
		if err != nil {
			return nil, err
		}
		return gin.H{"score": res.Score}, nil
	})
}

// nameSimilarityExplain answers POST /name-similarity/explain (an addition of nomen's): the
// score with its token alignment, per-token scores, penalties and the parameters that applied.
func (s *Server) nameSimilarityExplain(c *gin.Context) {
	r, ok := s.bindNames(c)
	if !ok {
		return
	}
	s.run(c, func(ctx context.Context) (any, error) {
		res, err := s.svc.Engine.NameSimilarity(ctx, engine.NameRequest{Name1: r.Name1.input(), Name2: r.Name2.input(), Parameters: r.Parameters, Universe: r.ParameterUniverse, Explain: true})
		if err != nil {
			return nil, err
		}
		return gin.H{"score": res.Score, "explainInfo": explainInfo{res.Explain, res.KB}}, nil
	})
}

// explainInfo is the explanation of a name-similarity score: the string matcher's, plus what
// the knowledge base decided for LOCATION and ORGANIZATION pairs (omitted when it did not
// apply).
type explainInfo struct {
	*name.Explanation
	KnowledgeBase *engine.KBDecision `json:"knowledgeBase,omitempty"`
}

// paramInfo is one parameter in GET /name-similarity/parameters.
type paramInfo struct {
	Name        string   `json:"name"`
	Group       string   `json:"group"`
	Type        string   `json:"type"`
	Default     string   `json:"default"`
	Min         *float64 `json:"min,omitempty"`
	Max         *float64 `json:"max,omitempty"`
	Values      []string `json:"values,omitempty"`
	Static      bool     `json:"static"`
	AppliesTo   []string `json:"appliesTo,omitempty"`
	Description string   `json:"description"`
}

// parameters answers GET /name-similarity/parameters (an addition of nomen's): every
// parameter of the registry with its default and range, and the universes.
func (s *Server) parameters(c *gin.Context) {
	if s.svc.Engine == nil {
		s.fail(c, notImplemented("the parameter registry", "issue 3"))
		return
	}
	all := s.svc.Engine.Registry().All()
	out := make([]paramInfo, 0, len(all))
	for _, p := range all {
		pi := paramInfo{Name: p.Name, Group: p.Group, Type: p.Kind.String(), Default: p.Default, Values: p.Enum, Static: p.Static, AppliesTo: p.Applies, Description: p.Help}
		if !math.IsInf(p.Min, -1) {
			v := p.Min
			pi.Min = &v
		}
		if !math.IsInf(p.Max, 1) {
			v := p.Max
			pi.Max = &v
		}
		out = append(out, pi)
	}
	c.JSON(http.StatusOK, gin.H{"parameters": out, "universes": s.svc.Engine.Universes().Names()})
}
