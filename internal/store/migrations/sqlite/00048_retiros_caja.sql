-- +goose Up
-- A partial drop of cash to the safe (retiro / sangría, movement tipo
-- 'retiro_caja') is authorized by a supervisor on the cashier's screen: the
-- movement keeps who (docs/features/cierre-ciego.md; issue 36 item 28).
ALTER TABLE caja_movimientos ADD COLUMN autorizado_por INTEGER REFERENCES usuarios (id);

-- +goose Down
ALTER TABLE caja_movimientos DROP COLUMN autorizado_por;
