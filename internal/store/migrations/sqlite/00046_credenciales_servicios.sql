-- +goose Up
-- A company's credentials for an outside service (docs/architecture.md,
-- "Outside services"; issue 38 item 4): ARCA's certificate and key, Mercado
-- Pago's access token and webhook secret. One row per company and service;
-- datos is what the service's package stores (its own encoding), sealed with
-- the installation key under the context
-- credenciales_servicios.datos/{empresa_id}/{servicio}, re-sealed by
-- `muelle secret rotate` and opened by the secrets check of `muelle migrar`.
CREATE TABLE credenciales_servicios (
    empresa_id INTEGER NOT NULL REFERENCES empresas (id),
    servicio TEXT NOT NULL,
    datos TEXT NOT NULL,
    updated_at TIMESTAMP NOT NULL,
    PRIMARY KEY (empresa_id, servicio)
);

-- +goose Down
DROP TABLE credenciales_servicios;
