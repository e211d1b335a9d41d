-- +goose Up
-- Seats as a counter (docs/features/sobreventa.md; issue 39 item 1).
--
-- cupos holds the seats sold of a travel date and section: its tickets in
-- 'activo' or 'usado' (a cancelled one frees its seat), what the sale's
-- no-overbooking check used to count. A row is created on the first sale of
-- its date and section; a sale takes its seats with one conditional UPDATE
-- against the day's capacity, and a cancellation, a reactivation and an
-- offline sale adjust it in their transactions. Filled here from the tickets
-- already sold.
CREATE TABLE cupos (
    empresa_id BIGINT NOT NULL REFERENCES empresas (id),
    seccion_id BIGINT NOT NULL REFERENCES secciones (id),
    fecha DATE NOT NULL,
    vendidos INTEGER NOT NULL,
    PRIMARY KEY (empresa_id, seccion_id, fecha)
);
INSERT INTO cupos (empresa_id, seccion_id, fecha, vendidos)
    SELECT empresa_id, seccion_id, fecha_viaje, COUNT(*) FROM pasajes WHERE estado IN ('activo', 'usado')
    GROUP BY empresa_id, seccion_id, fecha_viaje;

-- +goose Down
DROP TABLE cupos;
