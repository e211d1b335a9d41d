-- +goose Up
-- Indexes behind the boarding's figures (issue 9): the latest boardings of a
-- company (newest first: the id breaks ties) and what a crew member boarded in a
-- day read only boarded tickets.
CREATE INDEX pasajes_embarque_idx ON pasajes (empresa_id, fecha_embarque, id) WHERE fecha_embarque IS NOT NULL;
-- The seller's open register is found by its user and state on every sale,
-- with a plan that does not depend on the state's value.
CREATE INDEX cajas_usuario_estado_idx ON cajas (usuario_id, estado);

-- +goose Down
DROP INDEX cajas_usuario_estado_idx;
DROP INDEX pasajes_embarque_idx;
