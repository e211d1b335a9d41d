-- +goose Up
-- Reports sent by e-mail (backoffice §2.15) and their schedules.
-- reportes_programados: a report that goes out on its own (yesterday's
-- registers every day, last week's or last month's sales) to a list of
-- addresses, with the permission of its owner, re-checked at each send. A
-- send is claimed (reclamado_hasta) so one instance does it; proximo_envio is
-- when it is due, dia_envio the business day whose period it reports (a
-- failed send retries the same day); FallosParaPausar failures in a row pause it.
CREATE TABLE reportes_programados (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    empresa_id INTEGER NOT NULL REFERENCES empresas (id),
    usuario_id INTEGER NOT NULL REFERENCES usuarios (id),
    tipo TEXT NOT NULL CHECK (tipo IN ('cajas_diario', 'ventas_semanal', 'ventas_mensual')),
    formato TEXT NOT NULL CHECK (formato IN ('pdf', 'xlsx')),
    hora INTEGER NOT NULL CHECK (hora BETWEEN 0 AND 23),
    destinatarios TEXT NOT NULL,
    asunto TEXT NOT NULL,
    activo BOOLEAN NOT NULL,
    fallos_seguidos INTEGER NOT NULL DEFAULT 0,
    proximo_envio TIMESTAMP NOT NULL,
    dia_envio TEXT NOT NULL,
    reclamado_hasta TIMESTAMP,
    ultimo_envio TIMESTAMP,
    ultimo_error TEXT,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE INDEX reportes_programados_empresa_idx ON reportes_programados (empresa_id, id);
CREATE INDEX reportes_programados_pendientes_idx ON reportes_programados (proximo_envio) WHERE activo = 1;

-- The report an outbox message carries: its subject, its HTML body and the
-- file (none when the period had no rows: the body says so), and the
-- schedule that sent it, whose failures its delivery counts.
CREATE TABLE mensaje_reportes (
    mensaje_id INTEGER PRIMARY KEY REFERENCES mensajes (id),
    asunto TEXT NOT NULL,
    cuerpo TEXT NOT NULL,
    archivo_nombre TEXT,
    archivo_tipo TEXT,
    archivo BLOB,
    programa_id INTEGER
);

-- +goose Down
DROP TABLE mensaje_reportes;
DROP TABLE reportes_programados;
