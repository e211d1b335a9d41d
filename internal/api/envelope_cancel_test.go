package api

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"net/http/httptest"
	"strings"
	"testing"
)

func TestWriteErrorDoesNotLogACancelledRequestAsInternal(t *testing.T) {
	var logged bytes.Buffer
	log := slog.New(slog.NewTextHandler(&logged, &slog.HandlerOptions{Level: slog.LevelInfo}))

	rec := httptest.NewRecorder()
	writeError(rec, log, fmt.Errorf("store: listar pasajeros: %w", context.Canceled))
	if rec.Code != statusClientClosed || logged.Len() != 0 {
		t.Fatalf("cancelada: status %d, log %q", rec.Code, logged.String())
	}

	rec = httptest.NewRecorder()
	writeError(rec, log, fmt.Errorf("store: algo se rompió"))
	if rec.Code != 500 || !strings.Contains(logged.String(), "error interno") {
		t.Fatalf("interno: status %d, log %q", rec.Code, logged.String())
	}
}

func TestAnErrorOfARequestTheClientCancelledIsNotInternal(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	r := httptest.NewRequest("GET", "/api/pasajes", nil).WithContext(ctx)
	interrumpida := fmt.Errorf("store: listar pasajes: interrupted (9)")
	if err := canceladaPorElCliente(r, interrumpida); err != interrumpida {
		t.Fatalf("petición viva: %v", err)
	}
	cancel()
	var logged bytes.Buffer
	log := slog.New(slog.NewTextHandler(&logged, &slog.HandlerOptions{Level: slog.LevelInfo}))
	rec := httptest.NewRecorder()
	writeError(rec, log, canceladaPorElCliente(r, interrumpida))
	if rec.Code != statusClientClosed || logged.Len() != 0 {
		t.Fatalf("cancelada: status %d, log %q", rec.Code, logged.String())
	}
}
