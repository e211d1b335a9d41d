-- +goose Up
-- Payment references (issue 41 item 7; docs/features/referencias-pago.md):
-- a payment method says which reference its sales record (referencia:
-- 'ninguna', 'tarjeta' the card's last four digits and the authorization
-- code, 'transferencia' the transfer's id) and whether it is required. The
-- reference is stored on the sale's register movement, where the close and
-- the reports read it; each part is searchable within the company.
ALTER TABLE medios_pago ADD COLUMN referencia TEXT NOT NULL DEFAULT 'ninguna'
    CHECK (referencia IN ('ninguna', 'tarjeta', 'transferencia'));
ALTER TABLE medios_pago ADD COLUMN referencia_obligatoria BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE caja_movimientos ADD COLUMN referencia_ultimos4 TEXT;
ALTER TABLE caja_movimientos ADD COLUMN referencia_autorizacion TEXT;
ALTER TABLE caja_movimientos ADD COLUMN referencia_transferencia TEXT;
CREATE INDEX caja_movimientos_ultimos4_idx ON caja_movimientos (empresa_id, referencia_ultimos4)
    WHERE referencia_ultimos4 IS NOT NULL;
CREATE INDEX caja_movimientos_autorizacion_idx ON caja_movimientos (empresa_id, referencia_autorizacion)
    WHERE referencia_autorizacion IS NOT NULL;
CREATE INDEX caja_movimientos_transferencia_idx ON caja_movimientos (empresa_id, referencia_transferencia)
    WHERE referencia_transferencia IS NOT NULL;

-- +goose Down
DROP INDEX caja_movimientos_transferencia_idx;
DROP INDEX caja_movimientos_autorizacion_idx;
DROP INDEX caja_movimientos_ultimos4_idx;
ALTER TABLE caja_movimientos DROP COLUMN referencia_transferencia;
ALTER TABLE caja_movimientos DROP COLUMN referencia_autorizacion;
ALTER TABLE caja_movimientos DROP COLUMN referencia_ultimos4;
ALTER TABLE medios_pago DROP COLUMN referencia_obligatoria;
ALTER TABLE medios_pago DROP COLUMN referencia;
