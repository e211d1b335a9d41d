-- +goose Up
-- Each company's SMTP configuration (backoffice §2.9; the password sealed with
-- the installation key) and the outbox: one row per outgoing message, written
-- in the transaction of the action that asks for it and sent after commit by
-- the worker of `muelle serve` (internal/mensajeria).
CREATE TABLE configuracion_email (
    empresa_id INTEGER PRIMARY KEY REFERENCES empresas (id),
    activo BOOLEAN NOT NULL,
    smtp_host TEXT NOT NULL,
    smtp_port INTEGER NOT NULL,
    smtp_secure BOOLEAN NOT NULL,
    smtp_user TEXT NOT NULL,
    smtp_password TEXT NOT NULL,
    email_remitente TEXT NOT NULL,
    nombre_remitente TEXT NOT NULL,
    plantilla_pasaje TEXT NOT NULL,
    ultima_prueba TIMESTAMP,
    ultimo_error TEXT,
    updated_at TIMESTAMP NOT NULL
);

CREATE TABLE mensajes (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    empresa_id INTEGER NOT NULL REFERENCES empresas (id),
    canal TEXT NOT NULL CHECK (canal IN ('email', 'whatsapp')),
    tipo TEXT NOT NULL,
    destino TEXT NOT NULL,
    cliente TEXT NOT NULL,
    estado TEXT NOT NULL CHECK (estado IN ('pendiente', 'enviado', 'fallido')),
    intentos INTEGER NOT NULL DEFAULT 0,
    proximo_intento TIMESTAMP NOT NULL,
    reclamado_hasta TIMESTAMP,
    error TEXT,
    usuario_id INTEGER NOT NULL REFERENCES usuarios (id),
    created_at TIMESTAMP NOT NULL,
    enviado_at TIMESTAMP
);
CREATE INDEX mensajes_pendientes_idx ON mensajes (proximo_intento) WHERE estado = 'pendiente';

CREATE TABLE mensaje_pasajes (
    mensaje_id INTEGER NOT NULL REFERENCES mensajes (id),
    pasaje_id INTEGER NOT NULL REFERENCES pasajes (id),
    PRIMARY KEY (mensaje_id, pasaje_id)
);
CREATE INDEX mensaje_pasajes_pasaje_idx ON mensaje_pasajes (pasaje_id);

-- +goose Down
DROP TABLE mensaje_pasajes;
DROP TABLE mensajes;
DROP TABLE configuracion_email;
