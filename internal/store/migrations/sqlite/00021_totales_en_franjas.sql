-- +goose Up
-- PostgreSQL keeps the per-day ticket totals in stripes (franja: see its
-- migration 00021). SQLite has one writer, whose transactions never wait for
-- one another's rows: every total stays in stripe 0.
ALTER TABLE pasajes_totales_dia ADD COLUMN franja INTEGER NOT NULL DEFAULT 0;

-- +goose Down
ALTER TABLE pasajes_totales_dia DROP COLUMN franja;
