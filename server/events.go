package server

import (
	"context"

	"github.com/gin-gonic/gin"
	"github.com/nomenhq/nomen/analyzers/entities"
	"github.com/nomenhq/nomen/analyzers/events"
	"github.com/nomenhq/nomen/internal/errs"
)

type eventRole struct {
	StartOffset   int      `json:"startOffset"`
	EndOffset     int      `json:"endOffset"`
	Name          string   `json:"name"`
	ID            string   `json:"id"`
	DataSpan      string   `json:"dataSpan"`
	Confidence    *float64 `json:"confidence,omitempty"`
	ExtractorName string   `json:"extractorName,omitempty"`
	RoleType      string   `json:"roleType,omitempty"`
}

type negationCue struct {
	StartOffset int    `json:"startOffset"`
	EndOffset   int    `json:"endOffset"`
	DataSpan    string `json:"dataSpan"`
}

type eventMention struct {
	StartOffset  int           `json:"startOffset"`
	EndOffset    int           `json:"endOffset"`
	Roles        []eventRole   `json:"roles"`
	Polarity     string        `json:"polarity,omitempty"`
	NegationCues []negationCue `json:"negationCues,omitempty"`
}

type eventAnswer struct {
	EventType   string         `json:"eventType"`
	Mentions    []eventMention `json:"mentions"`
	Confidence  float64        `json:"confidence"`
	WorkspaceID string         `json:"workspaceId"`
}

func (s *Server) events(c *gin.Context) {
	var o EventsOptions
	r, adm, err := textBody(c, false, &o)
	if err == nil {
		err = checkEventContent(r)
	}
	if err != nil {
		s.fail(c, err)
		return
	}
	if s.svc.Events == nil {
		s.fail(c, notImplemented("event extraction", "not configured"))
		return
	}
	s.run(c, func(ctx context.Context) (any, error) {
		lang, err := s.languageOf(c, r)
		if err != nil {
			return nil, err
		}
		ws, err := s.eventWorkspaces(o, lang)
		if err != nil {
			return nil, err
		}
		out := []eventAnswer{}
		if len(ws) > 0 {
			text := *r.Content
			doc, err := events.NewDoc(text, lang, s.eventEntities(text, lang))
			if err != nil {
				return nil, err
			}
			for _, w := range ws {
				for _, e := range w.Extract(doc, o.Negation) {
					out = append(out, eventAnswerOf(e, o.Negation))
				}
			}
		}
		if adm {
			a := NewADM(*r.Content)
			a.AddList("events", "event", out)
			return a, nil
		}
		return gin.H{"events": out}, nil
	})
}

// eventWorkspaces returns the workspaces a request asks for, in the content's language.
func (s *Server) eventWorkspaces(o EventsOptions, lang string) ([]*events.Workspace, error) {
	var ids []string
	switch {
	case o.WorkspaceID != "":
		ids = []string{o.WorkspaceID}
	case o.Plan != nil:
		for _, list := range o.Plan {
			for _, id := range list {
				if _, ok := s.svc.Events.Get(id); !ok {
					return nil, errs.E(errs.Invalid, "options.plan names the unknown workspace %q", id)
				}
			}
		}
		ids = o.Plan[lang]
	default:
		for _, w := range s.svc.Events.Workspaces() {
			ids = append(ids, w.ID)
		}
	}
	var out []*events.Workspace
	for _, id := range ids {
		w, ok := s.svc.Events.Get(id)
		if !ok {
			return nil, errs.E(errs.Invalid, "unknown workspaceId %q (GET /rest/v1/events/info lists them)", id)
		}
		if w.Language == lang {
			out = append(out, w)
		}
	}
	return out, nil
}

// eventEntities returns the entities and patterns of text, linked when the knowledge base is
// loaded; none for a language without entity extraction.
func (s *Server) eventEntities(text, lang string) []events.Entity {
	if s.svc.Entities == nil {
		return nil
	}
	res, err := s.svc.Entities.Extract(text, lang, entities.Options{Confidence: true, Link: true, LinkWhenReady: true, Patterns: true})
	if err != nil {
		return nil // a language without entity extraction: no entity roles
	}
	var out []events.Entity
	for _, e := range res.Entities {
		for _, m := range e.Mentions {
			if m.Kind != "" && m.Kind != "name" {
				continue // pronouns and other coreference additions
			}
			out = append(out, events.Entity{Start: m.Start, End: m.End, Type: e.Type, ID: e.EntityID, Confidence: e.Confidence})
		}
	}
	return out
}

func eventAnswerOf(e events.Event, negation string) eventAnswer {
	m := eventMention{StartOffset: e.Mention.Start, EndOffset: e.Mention.End}
	for _, r := range e.Mention.Roles {
		er := eventRole{StartOffset: r.Start, EndOffset: r.End, Name: r.Name, ID: r.ID, DataSpan: r.Text}
		if !r.Key {
			er.Confidence = ptr(r.Confidence)
			er.ExtractorName, er.RoleType = r.Extractor, r.RoleType
		}
		m.Roles = append(m.Roles, er)
	}
	if negation != "" && negation != events.NegIgnore {
		m.Polarity = "Positive"
		if e.Mention.Negated {
			m.Polarity = "Negative"
		}
		m.NegationCues = []negationCue{}
		for _, c := range e.Mention.NegationCues {
			m.NegationCues = append(m.NegationCues, negationCue{c.Start, c.End, c.Text})
		}
	}
	return eventAnswer{EventType: e.EventType, Mentions: []eventMention{m}, Confidence: e.Confidence, WorkspaceID: e.WorkspaceID}
}

func (s *Server) eventsInfo(c *gin.Context) {
	if s.svc.Events == nil {
		s.fail(c, notImplemented("event models", "not configured"))
		return
	}
	if id, ok := c.GetQuery("workspaceId"); ok {
		w, found := s.svc.Events.Get(id)
		if !found {
			s.fail(c, errs.E(errs.NotFound, "no workspace %q", id))
			return
		}
		c.JSON(200, w)
		return
	}
	c.JSON(200, gin.H{"workspaces": s.svc.Events.Workspaces()})
}
