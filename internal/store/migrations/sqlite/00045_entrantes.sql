-- +goose Up
-- The inbox of the outside (docs/architecture.md, "Inbound webhooks"; issue
-- 38 item 3): every event an outside service sent through POST
-- /api/webhooks/{proveedor} whose signature was good, kept once by the
-- provider's id for it (a second delivery of the same event stores and queues
-- nothing) and kept forever (no purge: it is the record of what the provider
-- said). cuerpo is the raw body as signed (at most 64 KB), encabezados the
-- headers the verifier read (JSON); empresa_id 0 when the provider names no
-- company. estado: recibido until its job processed it (procesado) or gave up
-- (fallido, with its error); a failure that will be retried keeps recibido
-- with its last error.
CREATE TABLE entrantes (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    proveedor TEXT NOT NULL,
    id_externo TEXT NOT NULL,
    empresa_id INTEGER NOT NULL DEFAULT 0,
    tipo TEXT NOT NULL,
    recibido_en TIMESTAMP NOT NULL,
    cuerpo BLOB NOT NULL,
    encabezados TEXT NOT NULL,
    estado TEXT NOT NULL CHECK (estado IN ('recibido', 'procesado', 'fallido')),
    procesado_en TIMESTAMP,
    error TEXT,
    UNIQUE (proveedor, id_externo)
);

-- +goose Down
DROP TABLE entrantes;
