-- +goose Up
-- An offline boarding scanned into a departure that could not take its seat
-- when it synced (full, sailed, cancelled, without a boat, of another section
-- or not the company's) stays applied without a departure and is a conflict
-- of its own kind (docs/features/offline.md).
ALTER TABLE conflictos_offline DROP CONSTRAINT conflictos_offline_tipo_check;
ALTER TABLE conflictos_offline ADD CONSTRAINT conflictos_offline_tipo_check
    CHECK (tipo IN ('embarque_duplicado', 'embarque_rechazado', 'venta_rechazada', 'embarque_sin_lugar'));

-- +goose Down
DELETE FROM conflictos_offline WHERE tipo = 'embarque_sin_lugar';
ALTER TABLE conflictos_offline DROP CONSTRAINT conflictos_offline_tipo_check;
ALTER TABLE conflictos_offline ADD CONSTRAINT conflictos_offline_tipo_check
    CHECK (tipo IN ('embarque_duplicado', 'embarque_rechazado', 'venta_rechazada'));
