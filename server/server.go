package server

import (
	"context"
	"errors"
	"fmt"
	"github.com/nomenhq/nomen/analyzers/entities"
	"github.com/nomenhq/nomen/analyzers/events"
	"github.com/nomenhq/nomen/analyzers/sentiment"
	"github.com/nomenhq/nomen/analyzers/topics"
	"log/slog"
	"net"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/nomenhq/nomen/analyzers/langid"
	"github.com/nomenhq/nomen/analyzers/semantics"
	"github.com/nomenhq/nomen/engine"
	"github.com/nomenhq/nomen/internal/errs"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// BuildInfo identifies the running binary for GET /info.
type BuildInfo struct {
	Name        string `json:"name"`
	Version     string `json:"version"`
	BuildNumber string `json:"buildNumber"`
	BuildTime   string `json:"buildTime"`
}

// Services are the operations the server exposes. A nil field makes its operation answer
// 501 notImplemented after the request has been validated.
type Services struct {
	Build     BuildInfo
	Languages *Languages
	// Engine scores names, addresses and records.
	Engine *engine.Engine
	// Language identifies the language of text.
	Language *langid.Detector
	// Morphology analyses tokens, lemmas, parts of speech, compounds and Han readings.
	Morphology bool
	// KB is the knowledge base behind linking and the kb lookup endpoints.
	KB KBSource
	// Entities extracts entities; nil answers 501.
	Entities *entities.Pipeline
	// Sentiment scores documents and their entities; nil answers 501.
	Sentiment *sentiment.Analyzer
	// Topics finds keyphrases and concepts; nil answers 501.
	Topics *topics.Extractor
	// Semantics holds the English term vectors; nil answers 501.
	Semantics *semantics.Model
	// Events holds the event models (workspaces); nil answers 501.
	Events *events.Registry
}

// Server is the HTTP service. Create it with New; it is an http.Handler.
type Server struct {
	cfg     Config
	keys    *Keys
	svc     Services
	engine  *gin.Engine
	metrics *metrics
	sem     chan struct{}
}

// New builds the server. keys may be nil: the service is then open to every caller.
func New(cfg Config, keys *Keys, svc Services) *Server {
	cfg.fill()
	if svc.Languages == nil {
		svc.Languages = NewLanguages()
	}
	gin.SetMode(gin.ReleaseMode)
	s := &Server{cfg: cfg, keys: keys, svc: svc, engine: gin.New(), metrics: newMetrics(), sem: make(chan struct{}, cfg.MaxConcurrent)}
	s.routes()
	return s
}

// ServeHTTP implements http.Handler.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.engine.ServeHTTP(w, r) }

func (s *Server) routes() {
	e := s.engine
	e.HandleMethodNotAllowed = true
	e.RedirectTrailingSlash = false
	e.RedirectFixedPath = false
	e.Use(recovery, requestID, accessLog, s.metrics.middleware)
	e.NoRoute(func(c *gin.Context) {
		writeError(c, errs.E(errs.NotFound, "no such path: %s", c.Request.URL.Path))
	})
	e.NoMethod(func(c *gin.Context) {
		writeError(c, errs.E(errs.MethodNotAllowed, "method %s is not allowed on %s", c.Request.Method, c.Request.URL.Path))
	})
	e.GET("/metrics", gin.WrapH(promhttp.HandlerFor(s.metrics.registry, promhttp.HandlerOpts{})))

	v1 := e.Group("/rest/v1", s.auth, s.limit, s.jsonBody)
	v1.GET("/ping", s.ping)
	v1.GET("/info", func(c *gin.Context) { c.JSON(http.StatusOK, s.svc.Build) })
	for _, op := range shapeA {
		v1.GET("/"+op+"/supported-languages", s.languagesA(op))
	}
	for _, op := range shapeB {
		v1.GET("/"+op+"/supported-languages", s.languagesB(op))
	}
	v1.POST("/entities", s.entities)
	v1.POST("/semantics/similar", s.semanticsSimilar)
	v1.POST("/semantics/vector", s.semanticsVector)
	v1.POST("/morphology/:feature", s.morphology)
	v1.POST("/name-translation", s.nameTranslation)
	v1.POST("/record-similarity", s.recordSimilarity)
	v1.POST("/address-similarity", s.addressSimilarity)
	v1.POST("/address-similarity/explain", s.addressSimilarityExplain)
	v1.POST("/address-parse", s.addressParse)
	v1.POST("/language", s.language)
	v1.POST("/name-similarity", s.nameSimilarity)
	v1.POST("/name-similarity/explain", s.nameSimilarityExplain)
	v1.GET("/name-similarity/parameters", s.parameters)
	v1.POST("/sentiment", s.sentiment)
	v1.POST("/name-deduplication", s.nameDeduplication)
	v1.POST("/topics", s.topics)
	v1.POST("/events", s.events)
	v1.GET("/events/info", s.eventsInfo)
	v1.GET("/kb/search", s.kbSearch)
	v1.GET("/kb/entities/:id", s.kbEntity)
}

func (s *Server) ping(c *gin.Context) {
	c.JSON(http.StatusOK, gin.H{"message": s.svc.Build.Name + " at your service", "time": time.Now().UnixMilli()})
}

func (s *Server) languagesA(op string) gin.HandlerFunc {
	return func(c *gin.Context) { c.JSON(http.StatusOK, s.svc.Languages.shapeA(op, keyOf(c))) }
}

func (s *Server) languagesB(op string) gin.HandlerFunc {
	return func(c *gin.Context) { c.JSON(http.StatusOK, s.svc.Languages.shapeB(op, keyOf(c))) }
}

// run executes one operation under the request's time limit and writes its result as JSON
// with status 200, or its error. The operation gets a context that is cancelled at the limit;
// an operation that overruns is abandoned and the caller gets 503 timeout.
func (s *Server) run(c *gin.Context, op func(ctx context.Context) (any, error)) {
	ctx, cancel := context.WithTimeout(c.Request.Context(), s.cfg.RequestTimeout)
	defer cancel()
	type result struct {
		v   any
		err error
	}
	done := make(chan result, 1)
	go func() {
		defer func() {
			if r := recover(); r != nil {
				slog.Error("panic in operation", "value", fmt.Sprint(r), "path", c.Request.URL.Path, "requestId", c.GetString(ctxRequestID))
				done <- result{err: errs.E(errs.Internal, "panic: %v", r)}
			}
		}()
		v, err := op(ctx)
		done <- result{v, err}
	}()
	select {
	case r := <-done:
		if r.err != nil {
			writeError(c, r.err)
			return
		}
		c.JSON(http.StatusOK, r.v)
	case <-ctx.Done():
		if errors.Is(ctx.Err(), context.DeadlineExceeded) {
			writeError(c, errs.E(errs.Timeout, "the request took longer than %s", s.cfg.RequestTimeout))
			return
		}
		writeError(c, errs.E(errs.Timeout, "the request was cancelled"))
	}
}

// licensed answers 403 when the caller's key is not licensed for lang.
func licensed(c *gin.Context, lang string) error {
	if !keyOf(c).licensed(lang) {
		return errs.E(errs.Forbidden, "your key is not licensed for language %s", lang)
	}
	return nil
}

func notImplemented(what, issue string) error {
	return errs.E(errs.NotImplemented, "%s is not implemented in this build (%s)", what, issue)
}

// Serve listens on addr and serves until ctx is cancelled, then shuts down gracefully:
// in-flight requests finish, bounded by the configured shutdown timeout.
func (s *Server) Serve(ctx context.Context, ln net.Listener) error {
	hs := &http.Server{Handler: s, ReadHeaderTimeout: 10 * time.Second}
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	select {
	case err := <-errc:
		return fmt.Errorf("server: %w", err)
	case <-ctx.Done():
	}
	slog.Info("shutting down", "timeout", s.cfg.ShutdownTimeout.String())
	sctx, cancel := context.WithTimeout(context.Background(), s.cfg.ShutdownTimeout)
	defer cancel()
	if err := hs.Shutdown(sctx); err != nil {
		return fmt.Errorf("server: shutdown: %w", err)
	}
	if err := <-errc; err != nil && !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("server: %w", err)
	}
	return nil
}
