package server

import (
	"errors"
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"
	"github.com/nomenhq/nomen/internal/errs"
)

// statusOf maps an error kind to its HTTP status. It is the only such mapping in nomen.
func statusOf(k errs.Kind) int {
	switch k {
	case errs.Invalid:
		return http.StatusBadRequest
	case errs.Unauthorized:
		return http.StatusUnauthorized
	case errs.Forbidden:
		return http.StatusForbidden
	case errs.NotFound:
		return http.StatusNotFound
	case errs.MethodNotAllowed:
		return http.StatusMethodNotAllowed
	case errs.TooLarge:
		return http.StatusRequestEntityTooLarge
	case errs.UnsupportedMedia, errs.UnsupportedLanguage:
		return http.StatusUnsupportedMediaType
	case errs.TooManyRequests:
		return http.StatusTooManyRequests
	case errs.NotImplemented:
		return http.StatusNotImplemented
	case errs.Timeout, errs.Unavailable:
		return http.StatusServiceUnavailable
	}
	return http.StatusInternalServerError
}

// ErrorBody is the JSON body of every 4xx and 5xx answer.
type ErrorBody struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

// writeError writes err as a JSON error and aborts the chain. Internal errors are logged with
// their cause; the caller sees only a generic message.
func writeError(c *gin.Context, err error) {
	k := errs.KindOf(err)
	if k == errs.Internal {
		slog.Error("internal error", "err", err.Error(), "path", c.Request.URL.Path, "requestId", c.GetString(ctxRequestID))
	}
	var maxErr *http.MaxBytesError
	if errors.As(err, &maxErr) {
		k = errs.TooLarge
		err = errs.E(errs.TooLarge, "request body is larger than %d bytes", maxErr.Limit)
	}
	c.AbortWithStatusJSON(statusOf(k), ErrorBody{Code: k.Code(), Message: errs.Message(err)})
}
