-- +goose Up
-- Web Push (docs/features/web-push.md): the browsers of staff users
-- subscribed to their push service, and the pushes waiting to reach them.
-- One browser has one endpoint: it belongs to the user who subscribed it
-- last. p256dh and auth are the keys the payload is encrypted to (RFC 8291),
-- base64url. actualizada_en orders a user's subscriptions (the newest
-- domain.MaxSuscripcionesPush stay).
CREATE TABLE push_suscripciones (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    empresa_id INTEGER NOT NULL REFERENCES empresas (id),
    usuario_id INTEGER NOT NULL REFERENCES usuarios (id) ON DELETE CASCADE,
    endpoint TEXT NOT NULL UNIQUE,
    p256dh TEXT NOT NULL,
    auth TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    actualizada_en TIMESTAMP NOT NULL
);
CREATE INDEX push_suscripciones_usuario_idx ON push_suscripciones (usuario_id, actualizada_en);

-- The push outbox: one row per notification and subscription, written in the
-- notification's transaction and deleted once delivered, expired (vence_en)
-- or failed for good; a subscription that goes takes its rows with it.
-- Claimed like mensajes (intentos, proximo_intento, reclamado_hasta).
CREATE TABLE push_envios (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    empresa_id INTEGER NOT NULL REFERENCES empresas (id),
    suscripcion_id INTEGER NOT NULL REFERENCES push_suscripciones (id) ON DELETE CASCADE,
    tag TEXT NOT NULL,
    payload TEXT NOT NULL,
    vence_en TIMESTAMP NOT NULL,
    intentos INTEGER NOT NULL DEFAULT 0,
    proximo_intento TIMESTAMP NOT NULL,
    reclamado_hasta TIMESTAMP,
    error TEXT,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX push_envios_pendientes_idx ON push_envios (proximo_intento);
CREATE INDEX push_envios_suscripcion_idx ON push_envios (suscripcion_id);

-- +goose Down
DROP TABLE push_envios;
DROP TABLE push_suscripciones;
