-- +goose Up
-- The ticket list's figures (how many tickets, what they sold) over long date
-- ranges read per-day totals instead of every ticket: one row per company, UTC
-- day of the sale, state, section, trip type and seller, kept by triggers in the
-- transaction of every write to pasajes (sale, cancel, reactivation, boarding).
-- The list adds the tickets of the partial UTC days at both ends of a range.
CREATE TABLE pasajes_totales_dia (
    empresa_id BIGINT NOT NULL REFERENCES empresas (id),
    dia DATE NOT NULL,
    estado TEXT NOT NULL,
    seccion_id BIGINT NOT NULL,
    tipo_viaje_id BIGINT NOT NULL,
    usuario_id BIGINT NOT NULL,
    cantidad BIGINT NOT NULL,
    importe BIGINT NOT NULL,
    PRIMARY KEY (empresa_id, dia, estado, seccion_id, tipo_viaje_id, usuario_id) INCLUDE (cantidad, importe)
);

INSERT INTO pasajes_totales_dia (empresa_id, dia, estado, seccion_id, tipo_viaje_id, usuario_id, cantidad, importe)
SELECT empresa_id, (created_at AT TIME ZONE 'UTC')::date, estado, seccion_id, tipo_viaje_id, usuario_id, COUNT(*), SUM(precio)
FROM pasajes GROUP BY 1, 2, 3, 4, 5, 6;

-- +goose StatementBegin
CREATE FUNCTION pasajes_totales() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
        UPDATE pasajes_totales_dia SET cantidad = cantidad - 1, importe = importe - OLD.precio
        WHERE empresa_id = OLD.empresa_id AND dia = (OLD.created_at AT TIME ZONE 'UTC')::date AND estado = OLD.estado
            AND seccion_id = OLD.seccion_id AND tipo_viaje_id = OLD.tipo_viaje_id AND usuario_id = OLD.usuario_id;
    END IF;
    IF TG_OP IN ('UPDATE', 'INSERT') THEN
        INSERT INTO pasajes_totales_dia AS t (empresa_id, dia, estado, seccion_id, tipo_viaje_id, usuario_id, cantidad, importe)
        VALUES (NEW.empresa_id, (NEW.created_at AT TIME ZONE 'UTC')::date, NEW.estado, NEW.seccion_id, NEW.tipo_viaje_id,
            NEW.usuario_id, 1, NEW.precio)
        ON CONFLICT (empresa_id, dia, estado, seccion_id, tipo_viaje_id, usuario_id)
        DO UPDATE SET cantidad = t.cantidad + 1, importe = t.importe + excluded.importe;
    END IF;
    RETURN NULL;
END
$$;
-- +goose StatementEnd

CREATE TRIGGER pasajes_totales_alta AFTER INSERT OR DELETE ON pasajes FOR EACH ROW EXECUTE FUNCTION pasajes_totales();
CREATE TRIGGER pasajes_totales_cambio
AFTER UPDATE OF empresa_id, created_at, estado, precio, seccion_id, tipo_viaje_id, usuario_id ON pasajes
FOR EACH ROW EXECUTE FUNCTION pasajes_totales();

-- A search over a date range, and the choice of a page, read the searched
-- texts and the id from the index, not from the table's rows.
DROP INDEX pasajes_listado_idx;
CREATE INDEX pasajes_listado_idx ON pasajes (empresa_id, created_at, estado, precio, seccion_id, tipo_viaje_id, usuario_id)
    INCLUDE (id, cliente_nombre, cliente_telefono, numero_pasaje);

-- +goose Down
DROP INDEX pasajes_listado_idx;
CREATE INDEX pasajes_listado_idx ON pasajes (empresa_id, created_at, estado, precio, seccion_id, tipo_viaje_id, usuario_id);
DROP TRIGGER pasajes_totales_cambio ON pasajes;
DROP TRIGGER pasajes_totales_alta ON pasajes;
DROP FUNCTION pasajes_totales();
DROP TABLE pasajes_totales_dia;
