-- +goose Up
-- The business day each ticket was sold, in its company's time zone (the
-- sale writes it, computed in Go with the zone): the reports' figures
-- (Store.Cifras) group and filter by it instead of turning created_at into a
-- day on every read. Existing tickets take the day of their created_at in
-- their company's zone (an unknown zone name reads as Buenos Aires, like
-- domain.Location).
ALTER TABLE pasajes ADD COLUMN dia_venta DATE;
UPDATE pasajes p SET dia_venta = (p.created_at AT TIME ZONE z.zona)::date
    FROM (SELECT e.id, CASE WHEN e.timezone IN (SELECT name FROM pg_timezone_names) THEN e.timezone
                            ELSE 'America/Argentina/Buenos_Aires' END AS zona FROM empresas e) z
    WHERE z.id = p.empresa_id;
ALTER TABLE pasajes ALTER COLUMN dia_venta SET NOT NULL;

-- The figures reader reads only these indexes (index-only scans): every
-- column it filters, groups or sums, led by the company and the day of the
-- chosen basis (sale or travel date).
CREATE INDEX pasajes_cifras_venta_idx ON pasajes (empresa_id, dia_venta, estado, seccion_id, tipo_viaje_id, usuario_id, medio_pago_id, precio);
CREATE INDEX pasajes_cifras_viaje_idx ON pasajes (empresa_id, fecha_viaje, estado, seccion_id, tipo_viaje_id, usuario_id, medio_pago_id, precio);

-- +goose Down
DROP INDEX pasajes_cifras_viaje_idx;
DROP INDEX pasajes_cifras_venta_idx;
ALTER TABLE pasajes DROP COLUMN dia_venta;
