-- +goose Up
-- The daily cap of a company's report mails (issue 36 item 12,
-- domain.MaxReportesEmailPorDia) counts its report messages of the day in the
-- outbox: this index reads them without the tickets' mails.
CREATE INDEX mensajes_reportes_idx ON mensajes (empresa_id, created_at) WHERE tipo = 'reporte';

-- +goose Down
DROP INDEX mensajes_reportes_idx;
