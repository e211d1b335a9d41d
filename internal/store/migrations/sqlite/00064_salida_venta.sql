-- +goose Up
-- Selling a departure (issue 40 item 2; docs/features/salidas.md, "Venta de una
-- salida"): the departure a ticket was sold for (salida_venta_id; salida_id
-- stays the one it boarded into) and the seats sold for each departure
-- (salidas.vendidos, its active and boarded tickets: a sale takes them with a
-- conditional UPDATE bounded by the boat's capacity, a cancellation gives them
-- back). SQLite keeps its foreign keys single-column.
ALTER TABLE salidas ADD COLUMN vendidos INTEGER NOT NULL DEFAULT 0 CHECK (vendidos >= 0);
ALTER TABLE pasajes ADD COLUMN salida_venta_id INTEGER REFERENCES salidas (id);
CREATE INDEX pasajes_salida_venta_idx ON pasajes (salida_venta_id) WHERE salida_venta_id IS NOT NULL;
-- A pending Mercado Pago order holds its departure's seats as it holds the day's.
ALTER TABLE pedidos ADD COLUMN salida_id INTEGER REFERENCES salidas (id);

-- +goose Down
ALTER TABLE pedidos DROP COLUMN salida_id;
DROP INDEX pasajes_salida_venta_idx;
ALTER TABLE pasajes DROP COLUMN salida_venta_id;
ALTER TABLE salidas DROP COLUMN vendidos;
