-- +goose Up
-- The money value of a points movement (docs/features/puntos.md): for
-- a canje, the discount its benefit gave at the sale; for a reversion_compra,
-- what the cancelled ticket kept from its refund for points it earned that
-- were already spent (issue 36 item 2). 0 for every other movement.
ALTER TABLE puntos_movimientos ADD COLUMN valor INTEGER NOT NULL DEFAULT 0 CHECK (valor >= 0);
-- What cancelling a ticket whose points were redeemed does, as the company
-- chooses: 'descontar' refunds the price less the value of those points,
-- 'rechazar' refuses the cancellation.
ALTER TABLE puntos_configuracion ADD COLUMN anulacion_puntos_canjeados TEXT NOT NULL DEFAULT 'descontar'
    CHECK (anulacion_puntos_canjeados IN ('descontar', 'rechazar'));

-- +goose Down
ALTER TABLE puntos_configuracion DROP COLUMN anulacion_puntos_canjeados;
ALTER TABLE puntos_movimientos DROP COLUMN valor;
