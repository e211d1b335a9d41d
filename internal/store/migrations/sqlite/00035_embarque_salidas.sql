-- +goose Up
-- Boarding into a departure, round trips and the manifest (docs/features/salidas.md,
-- "Embarque en una salida").
--
-- A timetable line and its departures have a direction (sentido): 'ida' is the
-- section's outbound way, 'vuelta' the way back. a_bordo counts the passengers
-- boarded into a departure; a boarding raises it with one conditional UPDATE
-- (a_bordo < the boat's capacity) in the transaction that boards the ticket,
-- so the last seat goes to exactly one scan.
ALTER TABLE horarios ADD COLUMN sentido TEXT NOT NULL DEFAULT 'ida' CHECK (sentido IN ('ida', 'vuelta'));
DROP INDEX horarios_seccion_hora_uq;
CREATE UNIQUE INDEX horarios_seccion_hora_uq ON horarios (empresa_id, seccion_id, sentido, hora);
ALTER TABLE salidas ADD COLUMN sentido TEXT NOT NULL DEFAULT 'ida' CHECK (sentido IN ('ida', 'vuelta'));
ALTER TABLE salidas ADD COLUMN a_bordo INTEGER NOT NULL DEFAULT 0 CHECK (a_bordo >= 0);
DROP INDEX salidas_seccion_hora_uq;
CREATE UNIQUE INDEX salidas_seccion_hora_uq ON salidas (empresa_id, seccion_id, sentido, fecha, hora);

-- A round-trip trip type: its tickets board once 'ida' and once 'vuelta'.
-- dias_vuelta limits the return to that many days after the travel date
-- (NULL: open-dated). A ticket copies both at the sale, so a later change of
-- the trip type does not change tickets already sold (vuelta_hasta: the last
-- day the return boards, NULL when open).
ALTER TABLE tipos_viaje ADD COLUMN ida_y_vuelta BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE tipos_viaje ADD COLUMN dias_vuelta INTEGER CHECK (dias_vuelta IS NULL OR (dias_vuelta >= 0 AND dias_vuelta <= 365));
ALTER TABLE pasajes ADD COLUMN ida_y_vuelta BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE pasajes ADD COLUMN vuelta_hasta TEXT;

-- The departure a ticket boarded into (salida_id: the outbound leg, whose
-- boarding is fecha_embarque / usuario_embarque_id as before) and, for a
-- round trip, the return leg's departure, time and crew member.
ALTER TABLE pasajes ADD COLUMN salida_id INTEGER REFERENCES salidas (id);
ALTER TABLE pasajes ADD COLUMN salida_vuelta_id INTEGER REFERENCES salidas (id);
ALTER TABLE pasajes ADD COLUMN fecha_embarque_vuelta TIMESTAMP;
ALTER TABLE pasajes ADD COLUMN usuario_embarque_vuelta_id INTEGER REFERENCES usuarios (id);
CREATE INDEX pasajes_salida_idx ON pasajes (salida_id) WHERE salida_id IS NOT NULL;
CREATE INDEX pasajes_salida_vuelta_idx ON pasajes (salida_vuelta_id) WHERE salida_vuelta_id IS NOT NULL;

-- +goose Down
DROP INDEX pasajes_salida_vuelta_idx;
DROP INDEX pasajes_salida_idx;
ALTER TABLE pasajes DROP COLUMN usuario_embarque_vuelta_id;
ALTER TABLE pasajes DROP COLUMN fecha_embarque_vuelta;
ALTER TABLE pasajes DROP COLUMN salida_vuelta_id;
ALTER TABLE pasajes DROP COLUMN salida_id;
ALTER TABLE pasajes DROP COLUMN vuelta_hasta;
ALTER TABLE pasajes DROP COLUMN ida_y_vuelta;
ALTER TABLE tipos_viaje DROP COLUMN dias_vuelta;
ALTER TABLE tipos_viaje DROP COLUMN ida_y_vuelta;
DROP INDEX salidas_seccion_hora_uq;
CREATE UNIQUE INDEX salidas_seccion_hora_uq ON salidas (empresa_id, seccion_id, fecha, hora);
ALTER TABLE salidas DROP COLUMN a_bordo;
ALTER TABLE salidas DROP COLUMN sentido;
DROP INDEX horarios_seccion_hora_uq;
CREATE UNIQUE INDEX horarios_seccion_hora_uq ON horarios (empresa_id, seccion_id, hora);
ALTER TABLE horarios DROP COLUMN sentido;
