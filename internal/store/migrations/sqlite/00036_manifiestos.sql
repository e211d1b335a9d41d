-- +goose Up
-- The manifest of a departure, frozen when it sails (docs/features/manifiesto.md).
-- The transaction that moves a departure to 'zarpo' writes its
-- manifest here once (salida_id unique): datos is the JSON of the boat as it
-- sailed and the rows boarded into it (store.ManifiestoCongelado). Afterwards
-- the manifest is read from here, never again from the tickets' boarding
-- columns.
CREATE TABLE manifiestos (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    empresa_id INTEGER NOT NULL REFERENCES empresas (id),
    salida_id INTEGER NOT NULL REFERENCES salidas (id),
    datos TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX manifiestos_salida_uq ON manifiestos (salida_id);

-- A correction of a frozen manifest: a ticket's leg added ('agregar', fila is
-- the row as it was added) or removed ('quitar'), with its reason, who and
-- when (audited too). The manifest shows the frozen rows with these applied.
CREATE TABLE manifiesto_correcciones (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    empresa_id INTEGER NOT NULL REFERENCES empresas (id),
    salida_id INTEGER NOT NULL REFERENCES salidas (id),
    pasaje_id INTEGER NOT NULL REFERENCES pasajes (id),
    accion TEXT NOT NULL CHECK (accion IN ('agregar', 'quitar')),
    tramo TEXT NOT NULL CHECK (tramo IN ('ida', 'vuelta')),
    motivo TEXT NOT NULL,
    fila TEXT,
    usuario_id INTEGER NOT NULL REFERENCES usuarios (id),
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX manifiesto_correcciones_salida_idx ON manifiesto_correcciones (salida_id, id);

-- +goose Down
DROP TABLE manifiesto_correcciones;
DROP TABLE manifiestos;
