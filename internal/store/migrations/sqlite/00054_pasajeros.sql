-- +goose Up
-- One passenger per ticket (issue 40 item 3; docs/features/pasajeros.md): a
-- sale may name each ticket's passenger; a section may require it; the
-- company keeps the data dias_retencion_pasajeros days after the trip, then
-- the job anonimizar_pasajeros blanks it (Ley 25.326). fecha_viaje is the
-- ticket's, copied so the job reads this table alone. SQLite keeps its
-- foreign keys single-column (docs/architecture.md "Growing beyond one
-- PostgreSQL").
ALTER TABLE secciones ADD COLUMN requiere_pasajeros BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE empresas ADD COLUMN dias_retencion_pasajeros INTEGER NOT NULL DEFAULT 365
    CHECK (dias_retencion_pasajeros >= 30 AND dias_retencion_pasajeros <= 3650);

CREATE TABLE pasajeros (
    empresa_id INTEGER NOT NULL REFERENCES empresas (id),
    pasaje_id INTEGER NOT NULL REFERENCES pasajes (id),
    fecha_viaje TEXT NOT NULL,
    nombre TEXT NOT NULL,
    documento_tipo TEXT,
    documento_numero TEXT,
    nacionalidad TEXT,
    fecha_nacimiento TEXT,
    franja_edad TEXT,
    sexo TEXT,
    anonimizado_en TIMESTAMP,
    PRIMARY KEY (empresa_id, pasaje_id)
);
CREATE INDEX pasajeros_retencion_idx ON pasajeros (empresa_id, fecha_viaje) WHERE anonimizado_en IS NULL;
-- A ticket's passenger is read by the ticket's id alone (store.pasajeroJoin): a
-- ticket's id is the installation's, and the key above makes it the company's.
CREATE INDEX pasajeros_pasaje_idx ON pasajeros (pasaje_id);

-- +goose Down
DROP TABLE pasajeros;
ALTER TABLE empresas DROP COLUMN dias_retencion_pasajeros;
ALTER TABLE secciones DROP COLUMN requiere_pasajeros;
