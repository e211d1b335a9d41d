-- +goose Up
-- Reprints are marked (issue 41 item 8; docs/features/impresion.md): one row
-- per print of a ticket, numbered from 1 per ticket inside the one writer's
-- transaction (store.RegistrarImpresiones). Print 1 is the original; print
-- N >= 2 says 'DUPLICADO' and 'Duplicado N'. SQLite keeps its foreign keys
-- single-column (docs/architecture.md "Growing beyond one PostgreSQL").
CREATE TABLE pasaje_impresiones (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    empresa_id INTEGER NOT NULL REFERENCES empresas (id),
    pasaje_id INTEGER NOT NULL REFERENCES pasajes (id),
    numero INTEGER NOT NULL CHECK (numero > 0),
    formato TEXT NOT NULL CHECK (formato IN ('html', 'pdf', 'sin_conexion')),
    papel TEXT NOT NULL,
    usuario_id INTEGER REFERENCES usuarios (id),
    created_at TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX pasaje_impresiones_numero_uq ON pasaje_impresiones (empresa_id, pasaje_id, numero);
CREATE UNIQUE INDEX pasaje_impresiones_empresa_id_uq ON pasaje_impresiones (empresa_id, id);

-- +goose Down
DROP TABLE pasaje_impresiones;
