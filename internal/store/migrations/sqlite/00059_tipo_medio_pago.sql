-- +goose Up
-- A payment method's behaviour by its tipo (docs/features/venta-diferida.md,
-- "A payment method's behaviour by its tipo"): whether it goes into the cash
-- drawer, is counted at the close, is confirmed outside (a Mercado Pago QR)
-- or sold offline follows a closed list, never the method's name. Filled from
-- the name rule the code used until now, so no register's figure changes:
-- "efectivo" → efectivo; "débito", "crédito" or "tarjeta" → tarjeta;
-- "transferencia" → transferencia; anything else, today's 'Mercado Pago'
-- included, → otro. SQLite's lower() folds only ASCII letters: 'DÉBITO'
-- becomes 'dÉbito', matched too.
ALTER TABLE medios_pago ADD COLUMN tipo TEXT NOT NULL DEFAULT 'otro'
    CHECK (tipo IN ('efectivo', 'tarjeta', 'transferencia', 'mercadopago_qr', 'otro'));
UPDATE medios_pago SET tipo = CASE
    WHEN lower(nombre) LIKE '%efectivo%' THEN 'efectivo'
    WHEN lower(nombre) LIKE '%débito%' OR lower(nombre) LIKE '%dÉbito%' OR lower(nombre) LIKE '%debito%'
        OR lower(nombre) LIKE '%crédito%' OR lower(nombre) LIKE '%crÉdito%' OR lower(nombre) LIKE '%credito%'
        OR lower(nombre) LIKE '%tarjeta%' THEN 'tarjeta'
    WHEN lower(nombre) LIKE '%transferencia%' THEN 'transferencia'
    ELSE 'otro'
END;

-- +goose Down
ALTER TABLE medios_pago DROP COLUMN tipo;
