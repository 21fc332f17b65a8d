# nomen — make targets. `make run` serves on the embedded defaults; `make test` runs the tests.
GO       ?= go
DATA     ?= ../shared/data
VERSION  ?= 0.1.0
BUILDNUM ?= $(shell git rev-parse --short=8 HEAD 2>/dev/null || echo unknown)
BUILDTIM ?= $(shell date -u +%Y-%m-%dT%H:%M:%SZ)
LDFLAGS  := -X main.version=$(VERSION) -X main.buildNumber=$(BUILDNUM) -X main.buildTime=$(BUILDTIM)
STATICCHECK ?= honnef.co/go/tools/cmd/staticcheck@v0.6.1
FUZZTIME ?= 20s

.PHONY: build run test test-race lint fuzz bench models eval

# models regenerates every committed model and table from $(DATA) (TRAIN sets only).
models:
	$(GO) run ./cmd/nomen train all --data $(DATA)

# eval prints the held-out figures quoted in the README.
eval:
	$(GO) run ./cmd/nomen eval names
	$(GO) run ./cmd/nomen eval addresses
	$(GO) run ./cmd/nomen eval address-parser --data $(DATA)
	$(GO) run ./cmd/nomen eval records --data $(DATA)
	$(GO) run ./cmd/nomen eval dedup --data $(DATA)
	$(GO) run ./cmd/nomen eval language --data $(DATA)
	$(GO) run ./cmd/nomen eval morphology --data $(DATA)
	$(GO) run ./cmd/nomen eval translit --data $(DATA)
	$(GO) run ./cmd/nomen eval linking --data $(DATA)
	$(GO) run ./cmd/nomen eval entities --data $(DATA)
	$(GO) run ./cmd/nomen eval entities --model DNN --data $(DATA)
	$(GO) run ./cmd/nomen eval coref --split test --data $(DATA)
	$(GO) run ./cmd/nomen eval entity-linking --data $(DATA)
	$(GO) run ./cmd/nomen eval cross-script-linking --data $(DATA)
	$(GO) run ./cmd/nomen eval sentiment --data $(DATA)
	$(GO) run ./cmd/nomen eval topics --data $(DATA)
	$(GO) run ./cmd/nomen eval name-translation --data $(DATA)
	$(GO) run ./cmd/nomen eval semantics --data $(DATA)
	$(GO) run ./cmd/nomen eval events

build:
	$(GO) build -ldflags "$(LDFLAGS)" -o bin/nomen ./cmd/nomen

run:
	$(GO) run -ldflags "$(LDFLAGS)" ./cmd/nomen serve

test:
	$(GO) vet ./...
	$(GO) test -count=1 ./...

test-race:
	$(GO) test -race -count=1 ./server/... ./engine/... ./internal/...

lint:
	@test -z "$$(gofmt -l $$(git ls-files '*.go'))" || { gofmt -l $$(git ls-files '*.go'); echo "gofmt: files above need formatting"; exit 1; }
	$(GO) vet ./...
	$(GO) run $(STATICCHECK) ./...

# fuzz runs every fuzz target for FUZZTIME each.
fuzz:
	@for pkg in $$($(GO) list ./...); do \
	  for t in $$($(GO) test -list 'Fuzz.*' $$pkg | grep '^Fuzz'); do \
	    echo "== $$pkg $$t"; $(GO) test $$pkg -run XXX -fuzz "^$$t$$" -fuzztime $(FUZZTIME) || exit 1; \
	  done; \
	done

bench:
	$(GO) test -run XXX -bench . -benchmem ./...
