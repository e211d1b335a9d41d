-- +goose Up
-- The blind close (docs/features/cierre-ciego.md). caja.ver_esperado
-- shows an open register's expected figures: the built-in roles that read a
-- register get it, and so does every custom role that reads its register
-- (they all saw those figures until now); a role without it closes blind.
UPDATE roles SET permisos = json_set(permisos, '$.caja.ver_esperado', json(CASE
    WHEN integrado AND nombre IN ('super_admin', 'admin', 'supervisor', 'vendedor') THEN 'true'
    WHEN NOT integrado AND json_extract(permisos, '$.caja.ver') = 1 THEN 'true'
    ELSE 'false' END))
WHERE json_type(permisos, '$.caja') = 'object';

-- The count submitted at the close (domain.Conteo as JSON) and when: a
-- register whose count is past the company's tolerance stays 'abierta' with
-- fecha_conteo set (pending a supervisor's approval, no movement goes in)
-- until aprobado_por approves it, at fecha_aprobacion.
ALTER TABLE cajas ADD COLUMN conteo TEXT NOT NULL DEFAULT '';
ALTER TABLE cajas ADD COLUMN fecha_conteo TIMESTAMP;
ALTER TABLE cajas ADD COLUMN aprobado_por INTEGER REFERENCES usuarios (id);
ALTER TABLE cajas ADD COLUMN fecha_aprobacion TIMESTAMP;
CREATE INDEX cajas_pendientes_idx ON cajas (empresa_id, fecha_conteo) WHERE fecha_conteo IS NOT NULL AND estado = 'abierta';

-- A correction of a closed register is a movement of an open one that names it.
ALTER TABLE caja_movimientos ADD COLUMN caja_corregida_id INTEGER REFERENCES cajas (id);

-- +goose Down
ALTER TABLE caja_movimientos DROP COLUMN caja_corregida_id;
DROP INDEX cajas_pendientes_idx;
ALTER TABLE cajas DROP COLUMN fecha_aprobacion;
ALTER TABLE cajas DROP COLUMN aprobado_por;
ALTER TABLE cajas DROP COLUMN fecha_conteo;
ALTER TABLE cajas DROP COLUMN conteo;
UPDATE roles SET permisos = json_remove(permisos, '$.caja.ver_esperado');
