-- +goose Up
-- A sale that completes later (issue 43 item 2; docs/features/venta-diferida.md):
-- a sale by a method that needs an outside confirmation (tipo mercadopago_qr)
-- is first a pending order holding its seats (taken from cupos when it is
-- created, given back when it is released) until vence_en; its completion
-- issues the tickets and the register movement. venta is the sale as checked
-- and priced, the prices frozen. A payment attempt (pagos) is stored before
-- the provider is called: its id is the provider's idempotency key. SQLite
-- keeps its foreign keys single-column.
CREATE TABLE pedidos (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    empresa_id INTEGER NOT NULL REFERENCES empresas (id),
    usuario_id INTEGER NOT NULL REFERENCES usuarios (id),
    caja_id INTEGER NOT NULL REFERENCES cajas (id),
    medio_pago_id INTEGER NOT NULL REFERENCES medios_pago (id),
    seccion_id INTEGER NOT NULL REFERENCES secciones (id),
    fecha_viaje TEXT NOT NULL,
    cantidad INTEGER NOT NULL CHECK (cantidad > 0),
    total INTEGER NOT NULL CHECK (total >= 0),
    venta TEXT NOT NULL,
    ip TEXT NOT NULL DEFAULT '',
    estado TEXT NOT NULL CHECK (estado IN ('pendiente', 'completado', 'vencido', 'cancelado')),
    vence_en TIMESTAMP NOT NULL,
    falla TEXT NOT NULL DEFAULT '',
    movimiento_id INTEGER REFERENCES caja_movimientos (id),
    created_at TIMESTAMP NOT NULL,
    cerrado_en TIMESTAMP,
    UNIQUE (empresa_id, id)
);
CREATE INDEX pedidos_pendientes_idx ON pedidos (vence_en) WHERE estado = 'pendiente';
CREATE INDEX pedidos_caja_idx ON pedidos (empresa_id, caja_id) WHERE estado = 'pendiente';

CREATE TABLE pagos (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    empresa_id INTEGER NOT NULL REFERENCES empresas (id),
    pedido_id INTEGER NOT NULL REFERENCES pedidos (id),
    proveedor TEXT NOT NULL,
    estado TEXT NOT NULL CHECK (estado IN ('creando', 'creado', 'pagado', 'cerrado', 'reembolsando', 'reembolsado', 'fallido')),
    monto INTEGER NOT NULL CHECK (monto >= 0),
    orden_id TEXT,
    pago_externo_id TEXT,
    qr_data TEXT,
    falla TEXT NOT NULL DEFAULT '',
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL,
    UNIQUE (empresa_id, id)
);
CREATE INDEX pagos_pedido_idx ON pagos (empresa_id, pedido_id);
CREATE UNIQUE INDEX pagos_orden_uq ON pagos (empresa_id, proveedor, orden_id) WHERE orden_id IS NOT NULL;

-- +goose Down
DROP TABLE pagos;
DROP TABLE pedidos;
