-- +goose Up
-- Refunds through the provider of tickets paid with Mercado Pago QR and
-- cancelled (issue 43 item 4; docs/features/venta-diferida.md): one per
-- cancellation's register movement, with its amount; its id is the provider's
-- idempotency key; retried by the job pago_devolver until the provider
-- accepts it, its last failure kept for whoever looks. SQLite keeps its
-- foreign keys single-column.
CREATE TABLE reembolsos (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    empresa_id INTEGER NOT NULL REFERENCES empresas (id),
    pago_id INTEGER NOT NULL REFERENCES pagos (id),
    movimiento_id INTEGER NOT NULL REFERENCES caja_movimientos (id),
    monto INTEGER NOT NULL CHECK (monto > 0),
    estado TEXT NOT NULL CHECK (estado IN ('pendiente', 'hecho')),
    falla TEXT NOT NULL DEFAULT '',
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL,
    UNIQUE (empresa_id, id),
    UNIQUE (empresa_id, movimiento_id)
);
CREATE INDEX reembolsos_pago_idx ON reembolsos (empresa_id, pago_id);
-- a register movement's Mercado Pago ids (store.referenciaColumns) through its order
CREATE INDEX pedidos_movimiento_idx ON pedidos (empresa_id, movimiento_id) WHERE movimiento_id IS NOT NULL;

-- +goose Down
DROP INDEX pedidos_movimiento_idx;
DROP TABLE reembolsos;
