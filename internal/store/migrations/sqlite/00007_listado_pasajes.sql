-- +goose Up
-- The ticket list filters a company's tickets by sale time (and state, section,
-- trip type, seller) and sums their prices: covering indexes let the count and
-- the total read the index alone, newest first for the page.
DROP INDEX pasajes_creado_idx;
CREATE INDEX pasajes_listado_idx ON pasajes (empresa_id, created_at, estado, precio, seccion_id, tipo_viaje_id, usuario_id);
CREATE INDEX pasajes_vendedor_idx ON pasajes (empresa_id, usuario_id, created_at, estado, precio);

-- A cancelled ticket's refund and a reactivated ticket's charge name their ticket.
ALTER TABLE caja_movimientos ADD COLUMN pasaje_id INTEGER REFERENCES pasajes (id);
CREATE INDEX caja_movimientos_pasaje_idx ON caja_movimientos (pasaje_id) WHERE pasaje_id IS NOT NULL;

-- +goose Down
DROP INDEX caja_movimientos_pasaje_idx;
ALTER TABLE caja_movimientos DROP COLUMN pasaje_id;
DROP INDEX pasajes_vendedor_idx;
DROP INDEX pasajes_listado_idx;
CREATE INDEX pasajes_creado_idx ON pasajes (empresa_id, created_at);
