-- +goose Up
-- The audit trail is append-only: the database itself refuses to change or
-- remove an entry, whoever asks.
-- +goose StatementBegin
CREATE TRIGGER auditoria_sin_update BEFORE UPDATE ON auditoria
BEGIN
    SELECT RAISE(ABORT, 'la auditoría no se modifica: solo admite nuevos registros');
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER auditoria_sin_delete BEFORE DELETE ON auditoria
BEGIN
    SELECT RAISE(ABORT, 'la auditoría no se modifica: solo admite nuevos registros');
END;
-- +goose StatementEnd

-- The audit reports list the newest entries first, filtered by action, user
-- or company and by dates, over every company; the date index covers the
-- 7-day summary (actions and users) on its own.
CREATE INDEX auditoria_fecha_idx ON auditoria (created_at, id, accion, usuario_id);
CREATE INDEX auditoria_accion_fecha_idx ON auditoria (accion, created_at, id);
CREATE INDEX auditoria_usuario_fecha_idx ON auditoria (usuario_id, created_at, id);

-- +goose Down
DROP INDEX auditoria_usuario_fecha_idx;
DROP INDEX auditoria_accion_fecha_idx;
DROP INDEX auditoria_fecha_idx;
DROP TRIGGER auditoria_sin_delete;
DROP TRIGGER auditoria_sin_update;
