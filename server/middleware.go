package server

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"log/slog"
	"mime"
	"net/http"
	"runtime/debug"
	"strconv"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/nomenhq/nomen/internal/errs"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
)

const (
	headerRequestID = "X-ServiceAPI-Request-Id"
	headerKey       = "X-ServiceAPI-Key"
	ctxRequestID    = "nomen.requestId"
	ctxKey          = "nomen.key"
)

// requestID echoes the caller's request id or makes one, and sets it on the answer.
func requestID(c *gin.Context) {
	id := c.GetHeader(headerRequestID)
	if id == "" || len(id) > 128 {
		var b [12]byte
		_, _ = rand.Read(b[:])
		id = hex.EncodeToString(b[:])
	}
	c.Set(ctxRequestID, id)
	c.Header(headerRequestID, id)
	c.Next()
}

// accessLog writes one structured line per request.
func accessLog(c *gin.Context) {
	start := time.Now()
	c.Next()
	slog.Info("request",
		"method", c.Request.Method,
		"path", c.Request.URL.Path,
		"status", c.Writer.Status(),
		"durationMs", float64(time.Since(start).Microseconds())/1000,
		"bytes", c.Writer.Size(),
		"requestId", c.GetString(ctxRequestID),
		"remote", c.ClientIP(),
	)
}

// recovery turns a panic into a JSON 500 and logs the stack.
func recovery(c *gin.Context) {
	defer func() {
		if r := recover(); r != nil {
			slog.Error("panic", "value", fmt.Sprint(r), "stack", string(debug.Stack()), "path", c.Request.URL.Path, "requestId", c.GetString(ctxRequestID))
			if !c.Writer.Written() {
				writeError(c, errs.E(errs.Internal, "panic: %v", r))
			} else {
				c.Abort()
			}
		}
	}()
	c.Next()
}

type metrics struct {
	registry *prometheus.Registry
	requests *prometheus.CounterVec
	duration *prometheus.HistogramVec
	inFlight prometheus.Gauge
}

func newMetrics() *metrics {
	m := &metrics{
		registry: prometheus.NewRegistry(),
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "nomen_requests_total", Help: "HTTP requests by route, method and status code.",
		}, []string{"route", "method", "code"}),
		duration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "nomen_request_duration_seconds", Help: "HTTP request latency by route.",
			Buckets: []float64{.0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10},
		}, []string{"route"}),
		inFlight: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "nomen_requests_in_flight", Help: "Requests being processed.",
		}),
	}
	m.registry.MustRegister(m.requests, m.duration, m.inFlight,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}

func (m *metrics) middleware(c *gin.Context) {
	start := time.Now()
	m.inFlight.Inc()
	c.Next()
	m.inFlight.Dec()
	route := c.FullPath()
	if route == "" {
		route = "unmatched"
	}
	m.requests.WithLabelValues(route, c.Request.Method, strconv.Itoa(c.Writer.Status())).Inc()
	m.duration.WithLabelValues(route).Observe(time.Since(start).Seconds())
}

// auth requires a valid key on every /rest/v1 call except ping when keys are configured, and
// applies the key's rate limit.
func (s *Server) auth(c *gin.Context) {
	if s.keys == nil || c.FullPath() == "/rest/v1/ping" {
		c.Next()
		return
	}
	key := c.GetHeader(headerKey)
	if key == "" {
		writeError(c, errs.E(errs.Unauthorized, "missing %s header", headerKey))
		return
	}
	e := s.keys.lookup(key)
	if e == nil {
		writeError(c, errs.E(errs.Unauthorized, "invalid API key"))
		return
	}
	if e.bucket != nil && !e.bucket.allow(time.Now()) {
		c.Header("Retry-After", "1")
		writeError(c, errs.E(errs.TooManyRequests, "rate limit of %g requests per second exceeded", e.info.RateLimit))
		return
	}
	c.Set(ctxKey, e)
	c.Next()
}

// limit bounds the number of requests processed at once.
func (s *Server) limit(c *gin.Context) {
	select {
	case s.sem <- struct{}{}:
		defer func() { <-s.sem }()
		c.Next()
	default:
		c.Header("Retry-After", "1")
		writeError(c, errs.E(errs.TooManyRequests, "more than %d requests in progress", cap(s.sem)))
	}
}

// jsonBody checks the media type of POST bodies and caps their size.
func (s *Server) jsonBody(c *gin.Context) {
	if c.Request.Method != http.MethodPost {
		c.Next()
		return
	}
	mt, _, err := mime.ParseMediaType(c.GetHeader("Content-Type"))
	if err != nil || mt != "application/json" {
		writeError(c, errs.E(errs.UnsupportedMedia, "Content-Type must be application/json, got %q", c.GetHeader("Content-Type")))
		return
	}
	if c.Request.ContentLength > s.cfg.MaxBodyBytes {
		writeError(c, errs.E(errs.TooLarge, "request body is larger than %d bytes", s.cfg.MaxBodyBytes))
		return
	}
	c.Request.Body = http.MaxBytesReader(c.Writer, c.Request.Body, s.cfg.MaxBodyBytes)
	c.Next()
}

// keyOf returns the caller's key entry, or nil when the service is open.
func keyOf(c *gin.Context) *keyEntry {
	if v, ok := c.Get(ctxKey); ok {
		return v.(*keyEntry)
	}
	return nil
}
