-- +goose Up
-- The business day each ticket was sold, in its company's time zone (the
-- sale writes it, computed in Go with the zone): the reports' figures
-- (Store.Cifras) group and filter by it. SQLite knows no named time zone:
-- existing tickets get it at start-up, right after the migrations, in Go
-- (Store.Migrate: completarDiaVenta). SQLite cannot make an existing column
-- NOT NULL without rebuilding the table; the trigger refuses a new ticket
-- without its day instead.
ALTER TABLE pasajes ADD COLUMN dia_venta TEXT;
-- +goose StatementBegin
CREATE TRIGGER pasajes_dia_venta_requerido BEFORE INSERT ON pasajes WHEN NEW.dia_venta IS NULL
BEGIN
    SELECT RAISE(ABORT, 'NOT NULL constraint failed: pasajes.dia_venta');
END;
-- +goose StatementEnd

-- The figures reader reads only these indexes (covering): every column it
-- filters, groups or sums, led by the company and the day of the chosen
-- basis (sale or travel date).
CREATE INDEX pasajes_cifras_venta_idx ON pasajes (empresa_id, dia_venta, estado, seccion_id, tipo_viaje_id, usuario_id, medio_pago_id, precio);
CREATE INDEX pasajes_cifras_viaje_idx ON pasajes (empresa_id, fecha_viaje, estado, seccion_id, tipo_viaje_id, usuario_id, medio_pago_id, precio);

-- +goose Down
DROP INDEX pasajes_cifras_viaje_idx;
DROP INDEX pasajes_cifras_venta_idx;
DROP TRIGGER pasajes_dia_venta_requerido;
ALTER TABLE pasajes DROP COLUMN dia_venta;
