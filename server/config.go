package server

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"gopkg.in/yaml.v3"
)

// Config holds the service settings read from the --config YAML file. Zero fields take the
// defaults listed on each field.
type Config struct {
	// MaxBodyBytes is the largest request body accepted; larger bodies get 413. Default 1 MiB.
	MaxBodyBytes int64 `yaml:"maxBodyBytes"`
	// RequestTimeout bounds the work of one request; past it the caller gets 503 timeout.
	// Default 30s.
	RequestTimeout time.Duration `yaml:"requestTimeout"`
	// MaxConcurrent is the number of /rest/v1 requests processed at once; more get 429.
	// Default 64.
	MaxConcurrent int `yaml:"maxConcurrent"`
	// ShutdownTimeout bounds how long in-flight requests may run after SIGTERM. Default 15s.
	ShutdownTimeout time.Duration `yaml:"shutdownTimeout"`
	// Fetch configures server-side fetching of contentUri.
	Fetch FetchConfig `yaml:"fetch"`
}

// FetchConfig configures the contentUri fetcher.
type FetchConfig struct {
	// AllowPrivate permits fetching from loopback, link-local and private addresses. Default
	// false: such addresses are refused, as a contentUri is a server-side request.
	AllowPrivate bool `yaml:"allowPrivate"`
	// MaxBytes is the largest document fetched. Default 1 MiB.
	MaxBytes int64 `yaml:"maxBytes"`
	// Timeout bounds one fetch. Default 10s.
	Timeout time.Duration `yaml:"timeout"`
}

// DefaultConfig returns the settings used when no file is given.
func DefaultConfig() Config {
	var c Config
	c.fill()
	return c
}

func (c *Config) fill() {
	if c.MaxBodyBytes <= 0 {
		c.MaxBodyBytes = 1 << 20
	}
	if c.RequestTimeout <= 0 {
		c.RequestTimeout = 30 * time.Second
	}
	if c.MaxConcurrent <= 0 {
		c.MaxConcurrent = 64
	}
	if c.ShutdownTimeout <= 0 {
		c.ShutdownTimeout = 15 * time.Second
	}
	if c.Fetch.MaxBytes <= 0 {
		c.Fetch.MaxBytes = 1 << 20
	}
	if c.Fetch.Timeout <= 0 {
		c.Fetch.Timeout = 10 * time.Second
	}
}

// LoadConfig reads a YAML config file; unknown keys are an error so that typos do not pass
// silently.
func LoadConfig(path string) (Config, error) {
	var c Config
	b, err := os.ReadFile(path)
	if err != nil {
		return c, fmt.Errorf("server: read config: %w", err)
	}
	dec := yaml.NewDecoder(bytes.NewReader(b))
	dec.KnownFields(true)
	if err := dec.Decode(&c); err != nil && !errors.Is(err, io.EOF) {
		return c, fmt.Errorf("server: config %s: %w", path, err)
	}
	c.fill()
	return c, nil
}
