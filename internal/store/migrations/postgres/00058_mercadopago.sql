-- +goose Up
-- Mercado Pago's set-up per company (issue 43 item 1; docs/features/mercadopago.md).
-- The access token and the webhooks' secret are sealed credentials
-- (credenciales_servicios, servicio 'mercadopago'); this row holds what is not
-- secret: the store the counter is in (Mercado Pago requires its location),
-- the account the token belongs to and the last test, and the store's id at
-- Mercado Pago once created. One point of sale per seller (mercadopago_cajas,
-- external_pos_id = domain.IDExternoCajaMP). Every key names the company (a user's
-- reference stays single-column, as every one to usuarios).
CREATE TABLE mercadopago_cuentas (
    empresa_id BIGINT PRIMARY KEY REFERENCES empresas (id),
    local_nombre TEXT NOT NULL,
    local_calle TEXT NOT NULL,
    local_numero TEXT NOT NULL,
    local_ciudad TEXT NOT NULL,
    local_provincia TEXT NOT NULL,
    local_latitud DOUBLE PRECISION NOT NULL CHECK (local_latitud BETWEEN -90 AND 90),
    local_longitud DOUBLE PRECISION NOT NULL CHECK (local_longitud BETWEEN -180 AND 180),
    cuenta_id BIGINT,
    cuenta_apodo TEXT NOT NULL DEFAULT '',
    local_id TEXT,
    probado_en TIMESTAMPTZ,
    prueba_error TEXT NOT NULL DEFAULT '',
    updated_at TIMESTAMPTZ NOT NULL
);

CREATE TABLE mercadopago_cajas (
    empresa_id BIGINT NOT NULL REFERENCES empresas (id),
    usuario_id BIGINT NOT NULL REFERENCES usuarios (id),
    id_externo TEXT NOT NULL,
    pos_id TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (empresa_id, usuario_id)
);
CREATE UNIQUE INDEX mercadopago_cajas_externo_uq ON mercadopago_cajas (empresa_id, id_externo);

-- +goose Down
DROP TABLE mercadopago_cajas;
DROP TABLE mercadopago_cuentas;
