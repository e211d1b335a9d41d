-- +goose Up
-- The customer portal (docs/features/portal-cliente.md; backoffice
-- §2.21). A customer's portal password (bcrypt, like the staff's) and the
-- version of its sessions (raising it ends every portal session of it).
CREATE TABLE clientes_portal (
    cliente_id INTEGER PRIMARY KEY REFERENCES clientes (id),
    empresa_id INTEGER NOT NULL REFERENCES empresas (id),
    password_hash TEXT NOT NULL,
    sesion_version INTEGER NOT NULL DEFAULT 1,
    ultimo_login TIMESTAMP,
    updated_at TIMESTAMP NOT NULL
);

-- One-time codes that prove who sets a portal password: only their SHA-256
-- is kept; valid 15 minutes, used once.
CREATE TABLE clientes_codigos (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    empresa_id INTEGER NOT NULL REFERENCES empresas (id),
    cliente_id INTEGER NOT NULL REFERENCES clientes (id),
    codigo_hash TEXT NOT NULL,
    vence_en TIMESTAMP NOT NULL,
    usado_en TIMESTAMP,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX clientes_codigos_cliente_idx ON clientes_codigos (cliente_id, vence_en);

-- The text of an outbox message that is neither tickets nor a report (the
-- customer's one-time code): subject and body as the channel sends them.
CREATE TABLE mensaje_textos (
    mensaje_id INTEGER PRIMARY KEY REFERENCES mensajes (id),
    asunto TEXT NOT NULL,
    texto TEXT NOT NULL
);

-- +goose Down
DROP TABLE mensaje_textos;
DROP TABLE clientes_codigos;
DROP TABLE clientes_portal;
