-- +goose Up
-- The ticket list's totals read the figures reader (Store.Cifras) over the
-- business day of sale (pasajes.dia_venta, migration 00024) and its covering
-- index, like the dashboards and the reports: the per-day totals keyed by UTC
-- day (00009, 00021) and their triggers go.
DROP TRIGGER pasajes_totales_cambio;
DROP TRIGGER pasajes_totales_baja;
DROP TRIGGER pasajes_totales_alta;
DROP TABLE pasajes_totales_dia;

-- +goose Down
CREATE TABLE pasajes_totales_dia (
    empresa_id INTEGER NOT NULL REFERENCES empresas (id),
    dia TEXT NOT NULL,
    estado TEXT NOT NULL,
    seccion_id INTEGER NOT NULL,
    tipo_viaje_id INTEGER NOT NULL,
    usuario_id INTEGER NOT NULL,
    cantidad INTEGER NOT NULL,
    importe INTEGER NOT NULL,
    franja INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (empresa_id, dia, estado, seccion_id, tipo_viaje_id, usuario_id)
) WITHOUT ROWID;

INSERT INTO pasajes_totales_dia (empresa_id, dia, estado, seccion_id, tipo_viaje_id, usuario_id, cantidad, importe)
SELECT empresa_id, date(created_at), estado, seccion_id, tipo_viaje_id, usuario_id, COUNT(*), SUM(precio)
FROM pasajes GROUP BY empresa_id, date(created_at), estado, seccion_id, tipo_viaje_id, usuario_id;

-- +goose StatementBegin
CREATE TRIGGER pasajes_totales_alta AFTER INSERT ON pasajes BEGIN
    INSERT INTO pasajes_totales_dia (empresa_id, dia, estado, seccion_id, tipo_viaje_id, usuario_id, cantidad, importe)
    VALUES (NEW.empresa_id, date(NEW.created_at), NEW.estado, NEW.seccion_id, NEW.tipo_viaje_id, NEW.usuario_id, 1, NEW.precio)
    ON CONFLICT (empresa_id, dia, estado, seccion_id, tipo_viaje_id, usuario_id)
    DO UPDATE SET cantidad = cantidad + 1, importe = importe + excluded.importe;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER pasajes_totales_baja AFTER DELETE ON pasajes BEGIN
    UPDATE pasajes_totales_dia SET cantidad = cantidad - 1, importe = importe - OLD.precio
    WHERE empresa_id = OLD.empresa_id AND dia = date(OLD.created_at) AND estado = OLD.estado
        AND seccion_id = OLD.seccion_id AND tipo_viaje_id = OLD.tipo_viaje_id AND usuario_id = OLD.usuario_id;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER pasajes_totales_cambio
AFTER UPDATE OF empresa_id, created_at, estado, precio, seccion_id, tipo_viaje_id, usuario_id ON pasajes BEGIN
    UPDATE pasajes_totales_dia SET cantidad = cantidad - 1, importe = importe - OLD.precio
    WHERE empresa_id = OLD.empresa_id AND dia = date(OLD.created_at) AND estado = OLD.estado
        AND seccion_id = OLD.seccion_id AND tipo_viaje_id = OLD.tipo_viaje_id AND usuario_id = OLD.usuario_id;
    INSERT INTO pasajes_totales_dia (empresa_id, dia, estado, seccion_id, tipo_viaje_id, usuario_id, cantidad, importe)
    VALUES (NEW.empresa_id, date(NEW.created_at), NEW.estado, NEW.seccion_id, NEW.tipo_viaje_id, NEW.usuario_id, 1, NEW.precio)
    ON CONFLICT (empresa_id, dia, estado, seccion_id, tipo_viaje_id, usuario_id)
    DO UPDATE SET cantidad = cantidad + 1, importe = importe + excluded.importe;
END;
-- +goose StatementEnd
