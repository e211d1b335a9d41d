-- +goose Up
-- Mercado Pago's set-up per company (issue 43 item 1; docs/features/mercadopago.md).
-- The access token and the webhooks' secret are sealed credentials
-- (credenciales_servicios, servicio 'mercadopago'); this row holds what is not
-- secret: the store the counter is in (Mercado Pago requires its location),
-- the account the token belongs to and the last test, and the store's id at
-- Mercado Pago once created. One point of sale per seller (mercadopago_cajas,
-- external_pos_id = domain.IDExternoCajaMP). Every key names the company; SQLite keeps its
-- foreign keys single-column (docs/architecture.md "Growing beyond one PostgreSQL").
CREATE TABLE mercadopago_cuentas (
    empresa_id INTEGER PRIMARY KEY REFERENCES empresas (id),
    local_nombre TEXT NOT NULL,
    local_calle TEXT NOT NULL,
    local_numero TEXT NOT NULL,
    local_ciudad TEXT NOT NULL,
    local_provincia TEXT NOT NULL,
    local_latitud REAL NOT NULL CHECK (local_latitud BETWEEN -90 AND 90),
    local_longitud REAL NOT NULL CHECK (local_longitud BETWEEN -180 AND 180),
    cuenta_id INTEGER,
    cuenta_apodo TEXT NOT NULL DEFAULT '',
    local_id TEXT,
    probado_en TIMESTAMP,
    prueba_error TEXT NOT NULL DEFAULT '',
    updated_at TIMESTAMP NOT NULL
);

CREATE TABLE mercadopago_cajas (
    empresa_id INTEGER NOT NULL REFERENCES empresas (id),
    usuario_id INTEGER NOT NULL REFERENCES usuarios (id),
    id_externo TEXT NOT NULL,
    pos_id TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    PRIMARY KEY (empresa_id, usuario_id)
);
CREATE UNIQUE INDEX mercadopago_cajas_externo_uq ON mercadopago_cajas (empresa_id, id_externo);

-- +goose Down
DROP TABLE mercadopago_cajas;
DROP TABLE mercadopago_cuentas;
