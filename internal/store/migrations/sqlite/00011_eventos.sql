-- +goose Up
-- The events of committed writes, kept a day so that a client that reconnects
-- receives what it missed; every instance delivers them to its own sockets.
-- The target: the whole company, or one user (usuario_id), or some roles
-- (roles, comma-separated; '' means every role).
CREATE TABLE eventos (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    empresa_id INTEGER NOT NULL,
    usuario_id INTEGER,
    roles TEXT NOT NULL DEFAULT '',
    nombre TEXT NOT NULL,
    datos TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX eventos_creado_idx ON eventos (created_at);

-- Each user's notifications, the newest 50 kept.
CREATE TABLE notificaciones (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    empresa_id INTEGER NOT NULL REFERENCES empresas (id),
    usuario_id INTEGER NOT NULL REFERENCES usuarios (id),
    tipo TEXT NOT NULL,
    titulo TEXT NOT NULL,
    mensaje TEXT NOT NULL,
    datos TEXT NOT NULL DEFAULT '{}',
    leida BOOLEAN NOT NULL DEFAULT FALSE,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX notificaciones_usuario_idx ON notificaciones (usuario_id, id);

-- +goose Down
DROP TABLE notificaciones;
DROP TABLE eventos;
