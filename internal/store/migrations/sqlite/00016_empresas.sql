-- +goose Up
-- A company's logo lives in the database (every instance serves it), one row
-- per company; etag is the SHA-256 of the bytes.
CREATE TABLE empresa_logos (
    empresa_id INTEGER PRIMARY KEY REFERENCES empresas (id),
    tipo TEXT NOT NULL,
    datos BLOB NOT NULL,
    etag TEXT NOT NULL,
    updated_at TIMESTAMP NOT NULL
);

-- Per-company settings: key, value, description (backoffice §3 presets).
CREATE TABLE empresa_configuraciones (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    empresa_id INTEGER NOT NULL REFERENCES empresas (id),
    clave TEXT NOT NULL,
    valor TEXT NOT NULL,
    descripcion TEXT NOT NULL DEFAULT '',
    updated_at TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX empresa_configuraciones_clave_uq ON empresa_configuraciones (empresa_id, clave);

-- +goose Down
DROP TABLE empresa_configuraciones;
DROP TABLE empresa_logos;
