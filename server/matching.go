package server

import (
	"context"
	"encoding/json"

	"github.com/gin-gonic/gin"
	"github.com/nomenhq/nomen/engine"
	"github.com/nomenhq/nomen/matchers/name"
)

func (a *Address) input() engine.AddressInput {
	return engine.AddressInput{Text: a.Text, Fields: a.Fields}
}

// bindAddresses decodes an address-similarity request.
func (s *Server) bindAddresses(c *gin.Context) (*AddressSimilarityRequest, bool) {
	var r AddressSimilarityRequest
	if err := bind(c, &r); err != nil {
		s.fail(c, err)
		return nil, false
	}
	if s.svc.Engine == nil {
		s.fail(c, notImplemented("address similarity", "issue 4"))
		return nil, false
	}
	return &r, true
}

func (s *Server) addressSimilarity(c *gin.Context) {
	r, ok := s.bindAddresses(c)
	if !ok {
		return
	}
	s.run(c, func(ctx context.Context) (any, error) {
		res, err := s.svc.Engine.AddressSimilarity(ctx, engine.AddressRequest{Address1: r.Address1.input(), Address2: r.Address2.input(), Parameters: r.Parameters, Universe: r.ParameterUniverse})
		if err != nil {
			return nil, err
		}
		return gin.H{"score": res.Score}, nil
	})
}

// addressSimilarityExplain answers POST /address-similarity/explain (an addition of nomen's):
// the score with the per-field scores, cross-field matches and penalties.
func (s *Server) addressSimilarityExplain(c *gin.Context) {
	r, ok := s.bindAddresses(c)
	if !ok {
		return
	}
	s.run(c, func(ctx context.Context) (any, error) {
		res, err := s.svc.Engine.AddressSimilarity(ctx, engine.AddressRequest{Address1: r.Address1.input(), Address2: r.Address2.input(), Parameters: r.Parameters, Universe: r.ParameterUniverse})
		if err != nil {
			return nil, err
		}
		return gin.H{"score": res.Score, "explainInfo": res.Explain}, nil
	})
}

// AddressParseRequest is the body of POST /address-parse (an addition of nomen's).
type AddressParseRequest struct {
	Address string `json:"address"`
}

func (s *Server) addressParse(c *gin.Context) {
	var r AddressParseRequest
	if err := bind(c, &r); err != nil {
		s.fail(c, err)
		return
	}
	s.run(c, func(ctx context.Context) (any, error) {
		f, err := engine.ParseAddress(r.Address)
		if err != nil {
			return nil, err
		}
		return gin.H{"address": r.Address, "fields": f}, nil
	})
}

// recordResult is one result of POST /record-similarity.
type recordResult struct {
	Fields      map[string]RecordField     `json:"fields,omitempty"`
	Score       float64                    `json:"score"`
	Left        map[string]json.RawMessage `json:"left"`
	Right       map[string]json.RawMessage `json:"right"`
	ExplainInfo *engine.RecordExplain      `json:"explainInfo,omitempty"`
	Error       string                     `json:"error,omitempty"`
}

func (s *Server) recordSimilarity(c *gin.Context) {
	var r RecordSimilarityRequest
	if err := bind(c, &r); err != nil {
		s.fail(c, err)
		return
	}
	if s.svc.Engine == nil {
		s.fail(c, notImplemented("record similarity", "issue 5"))
		return
	}
	req := engine.RecordRequest{Fields: map[string]engine.FieldSpec{}, Left: r.Records.Left, Right: r.Records.Right}
	for n, f := range r.Fields {
		req.Fields[n] = engine.FieldSpec{Type: f.Type, ScoreIfNull: f.ScoreIfNull, Weight: f.Weight}
	}
	if p := r.Properties; p != nil {
		if p.Threshold != nil {
			req.Threshold = *p.Threshold
		}
		req.Explain, req.Parameters, req.Universe = p.IncludeExplainInfo, p.Parameters, p.ParameterUniverse
	}
	s.run(c, func(ctx context.Context) (any, error) {
		res, err := s.svc.Engine.RecordSimilarity(ctx, req)
		if err != nil {
			return nil, err
		}
		out := make([]recordResult, len(res))
		failed := 0
		for i, x := range res {
			out[i] = recordResult{Fields: r.Fields, Score: x.Score, Left: x.Left, Right: x.Right, ExplainInfo: x.ExplainInfo, Error: x.Error}
			if x.Error != "" {
				failed++
			}
		}
		body := gin.H{"results": out}
		if failed > 0 {
			body["errorMessage"] = "some record pairs could not be scored; see the error of each result"
		}
		return body, nil
	})
}

func (s *Server) nameDeduplication(c *gin.Context) {
	var r DedupRequest
	if err := bind(c, &r); err != nil {
		s.fail(c, err)
		return
	}
	for _, n := range r.Names {
		if err := licensed(c, n.Language); err != nil {
			s.fail(c, err)
			return
		}
	}
	if s.svc.Engine == nil {
		s.fail(c, notImplemented("name deduplication", "issue 5"))
		return
	}
	names := make([]name.Input, len(r.Names))
	for i := range r.Names {
		names[i] = r.Names[i].input()
	}
	s.run(c, func(ctx context.Context) (any, error) {
		ids, err := s.svc.Engine.Deduplicate(ctx, names, r.Threshold, "", nil)
		if err != nil {
			return nil, err
		}
		return gin.H{"results": ids}, nil
	})
}
