-- +goose Up
-- The per-day ticket totals (00009) are kept in stripes. Boarding a boat's
-- passengers, sold by a few sellers on one day, moved the same two total rows
-- in every transaction: each boarding waited for the previous one's commit.
-- Now each database session adds to the stripe of its process id (0 to 31),
-- the list sums every stripe, and a periodic fold (Store.ConsolidarTotales)
-- moves the past days' stripes into stripe -1, which only the fold writes, so
-- that a long range reads about one row per day and dimension again.
ALTER TABLE pasajes_totales_dia ADD COLUMN franja SMALLINT NOT NULL DEFAULT 0;
ALTER TABLE pasajes_totales_dia DROP CONSTRAINT pasajes_totales_dia_pkey;
ALTER TABLE pasajes_totales_dia ADD PRIMARY KEY (empresa_id, dia, estado, seccion_id, tipo_viaje_id, usuario_id, franja)
    INCLUDE (cantidad, importe);
-- What the fold has left to do: the stripes not folded yet.
CREATE INDEX pasajes_totales_dia_franjas_idx ON pasajes_totales_dia (dia) WHERE franja >= 0;

-- +goose StatementBegin
CREATE OR REPLACE FUNCTION pasajes_totales() RETURNS trigger LANGUAGE plpgsql AS $$
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

-- +goose Down
DROP INDEX pasajes_totales_dia_franjas_idx;
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION pasajes_totales() RETURNS trigger LANGUAGE plpgsql AS $$
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
CREATE TABLE pasajes_totales_plegados AS
SELECT empresa_id, dia, estado, seccion_id, tipo_viaje_id, usuario_id, SUM(cantidad) AS cantidad, SUM(importe) AS importe
FROM pasajes_totales_dia GROUP BY 1, 2, 3, 4, 5, 6;
DELETE FROM pasajes_totales_dia;
ALTER TABLE pasajes_totales_dia DROP CONSTRAINT pasajes_totales_dia_pkey;
ALTER TABLE pasajes_totales_dia DROP COLUMN franja;
ALTER TABLE pasajes_totales_dia ADD PRIMARY KEY (empresa_id, dia, estado, seccion_id, tipo_viaje_id, usuario_id)
    INCLUDE (cantidad, importe);
INSERT INTO pasajes_totales_dia SELECT * FROM pasajes_totales_plegados;
DROP TABLE pasajes_totales_plegados;
