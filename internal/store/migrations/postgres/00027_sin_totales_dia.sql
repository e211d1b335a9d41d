-- +goose Up
-- The ticket list's totals read the figures reader (Store.Cifras) over the
-- business day of sale (pasajes.dia_venta, migration 00024) and its covering
-- index, like the dashboards and the reports: the per-day totals keyed by UTC
-- day (00009, striped in 00021), their triggers and their fold go.
DROP TRIGGER pasajes_totales_cambio ON pasajes;
DROP TRIGGER pasajes_totales_alta ON pasajes;
DROP FUNCTION pasajes_totales();
DROP TABLE pasajes_totales_dia;

-- +goose Down
CREATE TABLE pasajes_totales_dia (
    empresa_id BIGINT NOT NULL REFERENCES empresas (id),
    dia DATE NOT NULL,
    estado TEXT NOT NULL,
    seccion_id BIGINT NOT NULL,
    tipo_viaje_id BIGINT NOT NULL,
    usuario_id BIGINT NOT NULL,
    franja SMALLINT NOT NULL DEFAULT 0,
    cantidad BIGINT NOT NULL,
    importe BIGINT NOT NULL,
    PRIMARY KEY (empresa_id, dia, estado, seccion_id, tipo_viaje_id, usuario_id, franja) INCLUDE (cantidad, importe)
);
CREATE INDEX pasajes_totales_dia_franjas_idx ON pasajes_totales_dia (dia) WHERE franja >= 0;
INSERT INTO pasajes_totales_dia (empresa_id, dia, estado, seccion_id, tipo_viaje_id, usuario_id, cantidad, importe)
SELECT empresa_id, (created_at AT TIME ZONE 'UTC')::date, estado, seccion_id, tipo_viaje_id, usuario_id, COUNT(*), SUM(precio)
FROM pasajes GROUP BY 1, 2, 3, 4, 5, 6;

-- +goose StatementBegin
CREATE FUNCTION pasajes_totales() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    mi_franja SMALLINT := pg_backend_pid() % 32;
BEGIN
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
        INSERT INTO pasajes_totales_dia AS t (empresa_id, dia, estado, seccion_id, tipo_viaje_id, usuario_id, franja,
            cantidad, importe)
        VALUES (OLD.empresa_id, (OLD.created_at AT TIME ZONE 'UTC')::date, OLD.estado, OLD.seccion_id, OLD.tipo_viaje_id,
            OLD.usuario_id, mi_franja, -1, -OLD.precio)
        ON CONFLICT (empresa_id, dia, estado, seccion_id, tipo_viaje_id, usuario_id, franja)
        DO UPDATE SET cantidad = t.cantidad + excluded.cantidad, importe = t.importe + excluded.importe;
    END IF;
    IF TG_OP IN ('UPDATE', 'INSERT') THEN
        INSERT INTO pasajes_totales_dia AS t (empresa_id, dia, estado, seccion_id, tipo_viaje_id, usuario_id, franja,
            cantidad, importe)
        VALUES (NEW.empresa_id, (NEW.created_at AT TIME ZONE 'UTC')::date, NEW.estado, NEW.seccion_id, NEW.tipo_viaje_id,
            NEW.usuario_id, mi_franja, 1, NEW.precio)
        ON CONFLICT (empresa_id, dia, estado, seccion_id, tipo_viaje_id, usuario_id, franja)
        DO UPDATE SET cantidad = t.cantidad + excluded.cantidad, importe = t.importe + excluded.importe;
    END IF;
    RETURN NULL;
END
$$;
-- +goose StatementEnd

CREATE TRIGGER pasajes_totales_alta AFTER INSERT OR DELETE ON pasajes FOR EACH ROW EXECUTE FUNCTION pasajes_totales();
CREATE TRIGGER pasajes_totales_cambio
AFTER UPDATE OF empresa_id, created_at, estado, precio, seccion_id, tipo_viaje_id, usuario_id ON pasajes
FOR EACH ROW EXECUTE FUNCTION pasajes_totales();
