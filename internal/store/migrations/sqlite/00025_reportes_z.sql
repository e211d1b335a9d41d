-- +goose Up
-- The Z report of each closed register: written once, in the transaction of
-- the close, numbered in sequence per company, and never changed. contenido is
-- the report's JSON as it was at the close (domain.ReporteCaja). Registers
-- closed before this migration have none: their report is computed from their
-- movements and carries no number.
CREATE TABLE reportes_z (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    empresa_id INTEGER NOT NULL REFERENCES empresas (id),
    caja_id INTEGER NOT NULL REFERENCES cajas (id),
    numero INTEGER NOT NULL,
    contenido TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX reportes_z_caja_uq ON reportes_z (caja_id);
CREATE UNIQUE INDEX reportes_z_numero_uq ON reportes_z (empresa_id, numero);

-- +goose Down
DROP TABLE reportes_z;
