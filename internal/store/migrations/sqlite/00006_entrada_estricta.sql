-- +goose Up
-- An idempotency key is one per user, whatever the operation, and keeps a
-- fingerprint (SHA-256) of the operation and the request it answered: the same
-- key with another request is refused. Expired keys are swept through the
-- created_at index, never scanned per request.
CREATE TABLE idempotencia_nueva (
    usuario_id INTEGER NOT NULL REFERENCES usuarios (id),
    clave TEXT NOT NULL,
    operacion TEXT NOT NULL,
    huella TEXT NOT NULL DEFAULT '',
    resultado TEXT NOT NULL DEFAULT '',
    created_at TIMESTAMP NOT NULL,
    PRIMARY KEY (usuario_id, clave)
);
INSERT INTO idempotencia_nueva (usuario_id, clave, operacion, resultado, created_at)
    SELECT usuario_id, clave, operacion, resultado, created_at FROM idempotencia WHERE TRUE
    ON CONFLICT DO NOTHING;
DROP TABLE idempotencia;
ALTER TABLE idempotencia_nueva RENAME TO idempotencia;
CREATE INDEX idempotencia_fecha_idx ON idempotencia (created_at);

-- How many days ahead a company sells tickets.
ALTER TABLE empresas ADD COLUMN dias_venta_anticipada INTEGER NOT NULL DEFAULT 365;

-- A register's volume: its opening amount plus every movement's amount. Kept
-- at most domain.MontoMaximo, it bounds every figure of the register, so a
-- movement that would pass it is refused and reads never overflow.
ALTER TABLE cajas ADD COLUMN volumen INTEGER NOT NULL DEFAULT 0;
UPDATE cajas SET volumen = monto_apertura
    + COALESCE((SELECT SUM(m.monto) FROM caja_movimientos m WHERE m.caja_id = cajas.id), 0);

-- +goose Down
ALTER TABLE cajas DROP COLUMN volumen;
ALTER TABLE empresas DROP COLUMN dias_venta_anticipada;
CREATE TABLE idempotencia_vieja (
    usuario_id INTEGER NOT NULL REFERENCES usuarios (id),
    operacion TEXT NOT NULL,
    clave TEXT NOT NULL,
    resultado TEXT NOT NULL DEFAULT '',
    created_at TIMESTAMP NOT NULL,
    PRIMARY KEY (usuario_id, operacion, clave)
);
INSERT INTO idempotencia_vieja (usuario_id, operacion, clave, resultado, created_at)
    SELECT usuario_id, operacion, clave, resultado, created_at FROM idempotencia;
DROP TABLE idempotencia;
ALTER TABLE idempotencia_vieja RENAME TO idempotencia;
