-- +goose Up
-- Electronic invoicing with ARCA, items 1 and 2 of issue 42
-- (docs/features/facturacion.md). empresa_facturacion is a company's tax
-- profile; its certificate and key live sealed in credenciales_servicios
-- (servicio 'arca'), and only what may be shown of the certificate is here:
-- its subject CN and expiry, and the expiry last warned of.
CREATE TABLE empresa_facturacion (
    empresa_id BIGINT PRIMARY KEY REFERENCES empresas (id),
    cuit TEXT NOT NULL CHECK (length(cuit) = 11),
    condicion_iva TEXT NOT NULL CHECK (condicion_iva IN ('responsable_inscripto', 'monotributo', 'exento')),
    punto_venta_cae INTEGER NOT NULL CHECK (punto_venta_cae BETWEEN 1 AND 99999),
    punto_venta_caea INTEGER NOT NULL CHECK (punto_venta_caea BETWEEN 1 AND 99999),
    entorno TEXT NOT NULL CHECK (entorno IN ('homologacion', 'produccion')),
    certificado_cn TEXT,
    certificado_vence TIMESTAMPTZ,
    aviso_vencimiento TIMESTAMPTZ,
    updated_at TIMESTAMPTZ NOT NULL,
    CHECK (punto_venta_cae <> punto_venta_caea)
);

-- A section's tax treatment: exento (a leg of at most 100 km) unless the
-- accountant sets 10.5 % or 21 %.
ALTER TABLE secciones ADD COLUMN tratamiento_iva TEXT NOT NULL DEFAULT 'exento'
    CHECK (tratamiento_iva IN ('exento', 'iva_10_5', 'iva_21'));

-- WSAA's access tickets (TA), one per company, CUIT, service and environment:
-- datos is the token and sign sealed under arca_tickets.datos/{empresa}/
-- {cuit}/{servicio}/{entorno}; renovando_hasta is the claim of the one
-- instance asking for a new one; esperar_hasta holds new logins back after
-- WSAA said a valid ticket it gave is not the one kept here.
CREATE TABLE arca_tickets (
    empresa_id BIGINT NOT NULL REFERENCES empresas (id),
    cuit TEXT NOT NULL,
    servicio TEXT NOT NULL,
    entorno TEXT NOT NULL,
    datos TEXT NOT NULL DEFAULT '',
    expira TIMESTAMPTZ,
    renovando_hasta TIMESTAMPTZ,
    esperar_hasta TIMESTAMPTZ,
    updated_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (empresa_id, cuit, servicio, entorno)
);

INSERT INTO modulos (codigo, nombre, descripcion, categoria, orden) VALUES
    ('facturacion', 'Facturación electrónica', 'Perfil fiscal, certificado y comprobantes de ARCA', 'avanzado', 12);

-- +goose Down
DELETE FROM empresa_modulos WHERE modulo_id = (SELECT id FROM modulos WHERE codigo = 'facturacion');
DELETE FROM modulos WHERE codigo = 'facturacion';
DROP TABLE arca_tickets;
ALTER TABLE secciones DROP COLUMN tratamiento_iva;
DROP TABLE empresa_facturacion;
