-- +goose Up
-- A temporary password (one an administrator set or generated) is valid until
-- clave_temporal_hasta; NULL once its owner chose their own. Every token
-- carries the sesion_version it was issued at: raising it (deactivation, a
-- password reset) ends every session of the user at once.
ALTER TABLE usuarios ADD COLUMN clave_temporal_hasta TIMESTAMP;
ALTER TABLE usuarios ADD COLUMN sesion_version INTEGER NOT NULL DEFAULT 0;
-- The monthly count of a user's password changes reads the audit by user.
CREATE INDEX auditoria_usuario_accion_idx ON auditoria (usuario_id, accion, created_at);

-- +goose Down
DROP INDEX auditoria_usuario_accion_idx;
ALTER TABLE usuarios DROP COLUMN sesion_version;
ALTER TABLE usuarios DROP COLUMN clave_temporal_hasta;
