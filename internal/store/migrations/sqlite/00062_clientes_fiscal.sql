-- +goose Up
-- The customer's IVA condition and CUIT, which decide the document an invoice
-- names them by (issue 42 item 1; docs/features/facturacion.md): a customer is
-- a consumidor final unless staff say otherwise, and any other condition
-- carries its CUIT (11 digits, check digit checked by domain.NormalizarCUIT).
ALTER TABLE clientes ADD COLUMN condicion_iva TEXT NOT NULL DEFAULT 'consumidor_final'
    CHECK (condicion_iva IN ('consumidor_final', 'responsable_inscripto', 'monotributo', 'exento'));
ALTER TABLE clientes ADD COLUMN cuit TEXT;

-- +goose Down
ALTER TABLE clientes DROP COLUMN cuit;
ALTER TABLE clientes DROP COLUMN condicion_iva;
