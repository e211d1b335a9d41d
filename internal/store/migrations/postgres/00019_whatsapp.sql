-- +goose Up
-- WhatsApp per company (backoffice §2.8): the company's link to its device in
-- whatsmeow's own tables (whatsmeow_device, created and upgraded by its
-- sqlstore at start-up; jid NULL: none linked), the connection state the
-- internal/whatsapp Gestor writes on every change (so every instance answers
-- the status), the QR code waiting to be scanned, the last error and the
-- counters; and the company's configuration entries.
CREATE TABLE whatsapp_sesiones (
    empresa_id BIGINT PRIMARY KEY REFERENCES empresas (id),
    jid TEXT,
    estado TEXT NOT NULL CHECK (estado IN ('connected', 'connecting', 'disconnected', 'qr_ready', 'not_initialized')),
    qr TEXT,
    numero TEXT NOT NULL DEFAULT '',
    nombre TEXT NOT NULL DEFAULT '',
    error TEXT,
    mensajes_enviados BIGINT NOT NULL DEFAULT 0,
    ultima_conexion TIMESTAMPTZ,
    updated_at TIMESTAMPTZ NOT NULL
);
CREATE UNIQUE INDEX whatsapp_sesiones_jid_idx ON whatsapp_sesiones (jid) WHERE jid IS NOT NULL;

CREATE TABLE whatsapp_configuracion (
    empresa_id BIGINT NOT NULL REFERENCES empresas (id),
    clave TEXT NOT NULL CHECK (clave IN ('mensaje_bienvenida', 'horario_atencion', 'auto_respuesta')),
    valor TEXT NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (empresa_id, clave)
);

-- +goose Down
DROP TABLE whatsapp_configuracion;
DROP TABLE whatsapp_sesiones;
