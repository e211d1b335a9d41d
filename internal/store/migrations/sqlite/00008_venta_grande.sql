-- +goose Up
-- A sale well above the usual asks for one confirmation at the counter: more
-- tickets than venta_grande_pasajes, or a total above venta_grande_centavos.
-- Each company sets its own threshold (the defaults are domain.VentaGrandePorDefecto).
ALTER TABLE empresas ADD COLUMN venta_grande_pasajes INTEGER NOT NULL DEFAULT 10;
ALTER TABLE empresas ADD COLUMN venta_grande_centavos INTEGER NOT NULL DEFAULT 10000000;

-- +goose Down
ALTER TABLE empresas DROP COLUMN venta_grande_centavos;
ALTER TABLE empresas DROP COLUMN venta_grande_pasajes;
