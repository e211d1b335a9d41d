-- +goose Up
-- The crew roster of a departure (issue 40 item 4; docs/features/manifiesto.md):
-- who is on board besides the passengers, with their function (one patrón, the
-- master who signs the rol de pasajeros), chosen from the company's users or
-- typed; replaced whole until the departure sails, then frozen with its
-- manifest. SQLite keeps its foreign keys single-column.
CREATE TABLE salida_tripulantes (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    empresa_id INTEGER NOT NULL REFERENCES empresas (id),
    salida_id INTEGER NOT NULL REFERENCES salidas (id),
    usuario_id INTEGER REFERENCES usuarios (id),
    nombre TEXT NOT NULL,
    funcion TEXT NOT NULL CHECK (funcion IN ('patron', 'marinero', 'auxiliar')),
    orden INTEGER NOT NULL,
    UNIQUE (empresa_id, id),
    UNIQUE (empresa_id, salida_id, orden)
);

-- +goose Down
DROP TABLE salida_tripulantes;
