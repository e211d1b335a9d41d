-- +goose Up
-- The audit trail is append-only: the database itself refuses to change or
-- remove an entry, whoever asks (TRUNCATE included).
-- +goose StatementBegin
CREATE FUNCTION auditoria_solo_agregar() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'la auditoría no se modifica: solo admite nuevos registros'
        USING ERRCODE = 'restrict_violation';
END;
$$;
-- +goose StatementEnd
CREATE TRIGGER auditoria_sin_cambios BEFORE UPDATE OR DELETE ON auditoria
    FOR EACH ROW EXECUTE FUNCTION auditoria_solo_agregar();
CREATE TRIGGER auditoria_sin_truncate BEFORE TRUNCATE ON auditoria
    FOR EACH STATEMENT EXECUTE FUNCTION auditoria_solo_agregar();

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
DROP TRIGGER auditoria_sin_truncate ON auditoria;
DROP TRIGGER auditoria_sin_cambios ON auditoria;
DROP FUNCTION auditoria_solo_agregar();
