# Muelle — the two commands a new user needs: `make run` and `make test`.
SHELL := /bin/bash
.DEFAULT_GOAL := run

BIN      := bin/muelle
# make run listens on MUELLE_ADDR and opens MUELLE_DB, as muelle serve does (ADDR= and DB= also work).
ADDR     ?= $(or $(MUELLE_ADDR),127.0.0.1:8080)
DB       ?= $(or $(MUELLE_DB),sqlite:data/muelle.db)
GO_SRC   := $(shell find cmd internal web/embed.go -name '*.go' -o -name '*.sql' 2>/dev/null)
# Go packages: ./... would also walk into web/node_modules (some npm packages ship Go files).
GO_PKGS  := ./cmd/... ./internal/... ./web
WEB_SRC  := $(shell find web/src web/public web/index.html web/vite.config.ts web/tsconfig*.json -type f 2>/dev/null)

.PHONY: run build web generate check-generated test test-go vet go-test fuzz-short fuzz test-web typecheck lint vitest e2e bench clean

web/node_modules/.installed: web/package.json web/package-lock.json
	cd web && npm ci --no-audit --no-fund
	touch $@

web/dist/index.html: web/node_modules/.installed $(WEB_SRC)
	cd web && npm run build
	touch web/dist/.gitkeep

web: web/dist/index.html ## build the React app into web/dist

# VERSION is stamped into the binary (the system configuration shows it).
VERSION  ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo desarrollo)

$(BIN): web/dist/index.html $(GO_SRC) go.mod go.sum
	go build -ldflags "-X main.version=$(VERSION)" -o $(BIN) ./cmd/muelle

build: $(BIN) ## the binary with the web app embedded

run: build ## build, seed the demo data and start the server
	./$(BIN) seed --demo --db $(DB)
	@printf '\n  Muelle está listo en http://$(ADDR)  (personal: http://$(ADDR)/admin/login)\n  Ctrl+C detiene el servidor.\n\n'
	./$(BIN) serve --addr $(ADDR) --db $(DB)

generate: web/node_modules/.installed ## the API contract: docs/openapi.json from the route table, then web/src/api/types.gen.ts
	go run ./cmd/openapi docs/openapi.json
	cd web && npm run --silent generate:types

check-generated: web/node_modules/.installed ## fails when a generated file is stale (run make generate) or the contract breaks Redocly's recommended rules
	@tmp=$$(mktemp -d); trap 'rm -rf "$$tmp"' EXIT; \
	go run ./cmd/openapi "$$tmp/openapi.json" && \
	web/node_modules/.bin/openapi-typescript "$$tmp/openapi.json" -o "$$tmp/types.gen.ts" >/dev/null && \
	diff -u docs/openapi.json "$$tmp/openapi.json" && diff -u web/src/api/types.gen.ts "$$tmp/types.gen.ts" || \
	{ echo "Los archivos generados están desactualizados: ejecute make generate" >&2; exit 1; }
	cd web && npm run --silent lint:openapi

# go test: two packages at a time, and up to four parallel tests in each (a test's
# SQLite and PostgreSQL runs are two; they wait on the database as much as on a core).
GO_TEST_FLAGS ?= -count=1 -timeout 30m -p 2 -parallel 4

test: ## the whole suite, a Go lane and a web lane side by side, each stage timed (scripts/suite.sh)
	scripts/suite.sh

test-go: fuzz-short vet go-test ## Go only: fuzz-short, vet and the tests

vet:
	go vet $(GO_PKGS)

go-test:
	@if [ -n "$$MUELLE_TEST_POSTGRES" ]; then echo "Go: SQLite y PostgreSQL"; else echo "Go: solo SQLite (defina MUELLE_TEST_POSTGRES para PostgreSQL)"; fi
	go test $(GO_TEST_FLAGS) $(GO_PKGS)

FUZZ_TARGETS := FuzzDecodeVenta FuzzDecodeMovimiento FuzzQueryParameters FuzzForwardingHeaders
FUZZTIME     ?= 2m
# fuzz-short counts inputs instead of seconds: a -fuzztime in seconds races its
# own deadline when the machine is busy (Go reports "context deadline exceeded"
# with no failing input). FuzzQueryParameters starts the whole server per input.
FUZZ_SHORT   := FuzzDecodeVenta:5000x FuzzDecodeMovimiento:5000x FuzzQueryParameters:100x FuzzForwardingHeaders:5000x

fuzz-short: ## the fuzz tests (request decoders, query parameters), a fixed number of inputs each
	@for t in $(FUZZ_SHORT); do go test -run '^$$' -fuzz "^$${t%%:*}$$" -fuzztime "$${t#*:}" -parallel 1 ./internal/api || exit 1; done

fuzz: ## the fuzz tests, longer (FUZZTIME=2m each)
	@for f in $(FUZZ_TARGETS); do go test -run '^$$' -fuzz "^$$f$$" -fuzztime $(FUZZTIME) ./internal/api || exit 1; done

test-web: typecheck lint vitest ## web only: typecheck, lint and Vitest

typecheck: web/node_modules/.installed
	cd web && npm run typecheck

lint: web/node_modules/.installed
	cd web && npm run lint

vitest: web/node_modules/.installed
	cd web && npm test

e2e: build ## Playwright in Chromium against bin/muelle on a fresh SQLite database
	scripts/e2e.sh

.PHONY: lighthouse
lighthouse: build ## Lighthouse (mobile) on the login, sale screen and validator: scores and transfer sizes, a figure
	scripts/lighthouse.sh

bench: ## benchmarks: figures only, never pass/fail on timings (PostgreSQL too when MUELLE_TEST_POSTGRES is set)
	go test -run '^$$$$' -bench . -benchmem $(GO_PKGS)
	go run ./cmd/muellebench

clean:
	rm -rf bin web/dist/assets web/dist/index.html web/node_modules
