package server

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strings"

	"github.com/gin-gonic/gin"
	"github.com/nomenhq/nomen/internal/errs"
)

// validator is implemented by request types that check their own rules after decoding.
type validator interface {
	validate() error
}

// bind decodes the JSON body into v strictly: one JSON value, no unknown fields (the error
// names the field), then v's own validation.
func bind(c *gin.Context, v any) error {
	body, err := io.ReadAll(c.Request.Body)
	if err != nil {
		var maxErr *http.MaxBytesError
		if errors.As(err, &maxErr) {
			return err
		}
		return errs.Wrap(errs.Invalid, err, "cannot read request body")
	}
	if len(bytes.TrimSpace(body)) == 0 {
		return errs.E(errs.Invalid, "request body is empty; a JSON object is required")
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		if isSyntaxError(err) {
			return errs.E(errs.Invalid, "malformed JSON: %s", jsonMessage(err))
		}
		// Well-formed JSON whose values are wrong (a field of the wrong type, an unknown
		// field, a value a field's own decoder refuses): say what is wrong, not "malformed".
		return errs.E(errs.Invalid, "invalid request: %s", jsonMessage(err))
	}
	if dec.More() {
		return errs.E(errs.Invalid, "malformed JSON: more than one value in the body")
	}
	if vv, ok := v.(validator); ok {
		return vv.validate()
	}
	return nil
}

// isSyntaxError reports whether err says the body is not well-formed JSON.
func isSyntaxError(err error) bool {
	var syntaxErr *json.SyntaxError
	return errors.As(err, &syntaxErr) || errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF)
}

// jsonMessage rewrites encoding/json's errors into sentences that name the field.
func jsonMessage(err error) string {
	var typeErr *json.UnmarshalTypeError
	var syntaxErr *json.SyntaxError
	switch {
	case errors.As(err, &typeErr):
		field := typeErr.Field
		if field == "" {
			return "the body must be a JSON object"
		}
		return "field " + field + " must be " + jsonKind(typeErr.Type.Kind().String()) + ", got " + typeErr.Value
	case errors.As(err, &syntaxErr):
		return syntaxErr.Error() + " at byte " + itoa(syntaxErr.Offset)
	case errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, io.EOF):
		return "unexpected end of input"
	}
	msg := err.Error()
	if strings.HasPrefix(msg, "json: unknown field ") {
		return "unknown field " + strings.TrimPrefix(msg, "json: unknown field ")
	}
	return strings.TrimPrefix(msg, "json: ")
}

func jsonKind(k string) string {
	switch k {
	case "string":
		return "a string"
	case "bool":
		return "a boolean"
	case "float64", "int", "int64", "float32":
		return "a number"
	case "slice":
		return "an array"
	case "map", "struct", "ptr":
		return "an object"
	}
	return "a " + k
}

func itoa(n int64) string {
	b, _ := json.Marshal(n)
	return string(b)
}
