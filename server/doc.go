// Package server is nomen's HTTP layer and the only importer of gin.
//
// It routes every path of the interface under /rest/v1, decodes and validates JSON bodies,
// enforces API keys, licences, size, time and concurrency limits, serialises results (plain
// JSON or, for text endpoints with output=service, the Annotated Data Model) and writes every
// error through one writer as {"code": ..., "message": ...}. Handlers are thin: bind, validate,
// make one call into engine, analyzers, linking or kb, respond. The mapping from an error Kind
// (package internal/errs) to an HTTP status lives in errors.go and nowhere else.
package server
