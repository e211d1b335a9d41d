-- +goose Up
-- The offline sync bounded (docs/features/offline.md; issue 36 items 4, 5 and 8).
--
-- precios_historial keeps every price the fare table held, from desde until
-- hasta (NULL: the price in effect): an offline sale's price is accepted only
-- if the table held it since the device's last sync. Filled from the prices
-- in effect, since their last change.
CREATE TABLE precios_historial (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    empresa_id INTEGER NOT NULL REFERENCES empresas (id),
    seccion_id INTEGER NOT NULL,
    tipo_viaje_id INTEGER NOT NULL,
    precio INTEGER NOT NULL,
    desde TIMESTAMP NOT NULL,
    hasta TIMESTAMP
);
CREATE INDEX precios_historial_tarifa ON precios_historial (empresa_id, seccion_id, tipo_viaje_id, desde);
INSERT INTO precios_historial (empresa_id, seccion_id, tipo_viaje_id, precio, desde)
    SELECT empresa_id, seccion_id, tipo_viaje_id, precio, updated_at FROM precios;

-- A device's last sync before an act: its latest act received.
CREATE INDEX acciones_offline_dispositivo ON acciones_offline (dispositivo_id, recibido_en);

-- accion_observada: an act applied with a mark the supervisor must see (its
-- register had closed, its clock was corrected). SQLite cannot alter a CHECK:
-- the table is rebuilt with the wider one, its rows, ids and index kept.
CREATE TABLE conflictos_offline_nueva (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    empresa_id INTEGER NOT NULL REFERENCES empresas (id),
    tipo TEXT NOT NULL CHECK (tipo IN ('embarque_duplicado', 'embarque_rechazado', 'venta_rechazada', 'embarque_sin_lugar', 'accion_observada')),
    accion_id INTEGER NOT NULL REFERENCES acciones_offline (id),
    pasaje_id INTEGER REFERENCES pasajes (id),
    numero_pasaje TEXT NOT NULL DEFAULT '',
    detalle TEXT NOT NULL,
    primero_usuario_id INTEGER REFERENCES usuarios (id),
    primero_dispositivo_id INTEGER REFERENCES dispositivos (id),
    primero_momento TIMESTAMP,
    segundo_usuario_id INTEGER NOT NULL REFERENCES usuarios (id),
    segundo_dispositivo_id INTEGER NOT NULL REFERENCES dispositivos (id),
    segundo_momento TIMESTAMP NOT NULL,
    monto INTEGER NOT NULL DEFAULT 0,
    caja_id INTEGER REFERENCES cajas (id),
    created_at TIMESTAMP NOT NULL,
    resuelto_en TIMESTAMP,
    resuelto_por INTEGER REFERENCES usuarios (id),
    nota TEXT NOT NULL DEFAULT ''
);
INSERT INTO conflictos_offline_nueva (id, empresa_id, tipo, accion_id, pasaje_id, numero_pasaje, detalle,
    primero_usuario_id, primero_dispositivo_id, primero_momento, segundo_usuario_id, segundo_dispositivo_id,
    segundo_momento, monto, caja_id, created_at, resuelto_en, resuelto_por, nota)
    SELECT id, empresa_id, tipo, accion_id, pasaje_id, numero_pasaje, detalle,
    primero_usuario_id, primero_dispositivo_id, primero_momento, segundo_usuario_id, segundo_dispositivo_id,
    segundo_momento, monto, caja_id, created_at, resuelto_en, resuelto_por, nota FROM conflictos_offline;
DROP TABLE conflictos_offline;
ALTER TABLE conflictos_offline_nueva RENAME TO conflictos_offline;
CREATE INDEX conflictos_offline_empresa ON conflictos_offline (empresa_id, resuelto_en, id);

-- +goose Down
CREATE TABLE conflictos_offline_vieja (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    empresa_id INTEGER NOT NULL REFERENCES empresas (id),
    tipo TEXT NOT NULL CHECK (tipo IN ('embarque_duplicado', 'embarque_rechazado', 'venta_rechazada', 'embarque_sin_lugar')),
    accion_id INTEGER NOT NULL REFERENCES acciones_offline (id),
    pasaje_id INTEGER REFERENCES pasajes (id),
    numero_pasaje TEXT NOT NULL DEFAULT '',
    detalle TEXT NOT NULL,
    primero_usuario_id INTEGER REFERENCES usuarios (id),
    primero_dispositivo_id INTEGER REFERENCES dispositivos (id),
    primero_momento TIMESTAMP,
    segundo_usuario_id INTEGER NOT NULL REFERENCES usuarios (id),
    segundo_dispositivo_id INTEGER NOT NULL REFERENCES dispositivos (id),
    segundo_momento TIMESTAMP NOT NULL,
    monto INTEGER NOT NULL DEFAULT 0,
    caja_id INTEGER REFERENCES cajas (id),
    created_at TIMESTAMP NOT NULL,
    resuelto_en TIMESTAMP,
    resuelto_por INTEGER REFERENCES usuarios (id),
    nota TEXT NOT NULL DEFAULT ''
);
INSERT INTO conflictos_offline_vieja (id, empresa_id, tipo, accion_id, pasaje_id, numero_pasaje, detalle,
    primero_usuario_id, primero_dispositivo_id, primero_momento, segundo_usuario_id, segundo_dispositivo_id,
    segundo_momento, monto, caja_id, created_at, resuelto_en, resuelto_por, nota)
    SELECT id, empresa_id, tipo, accion_id, pasaje_id, numero_pasaje, detalle,
    primero_usuario_id, primero_dispositivo_id, primero_momento, segundo_usuario_id, segundo_dispositivo_id,
    segundo_momento, monto, caja_id, created_at, resuelto_en, resuelto_por, nota FROM conflictos_offline
    WHERE tipo <> 'accion_observada';
DROP TABLE conflictos_offline;
ALTER TABLE conflictos_offline_vieja RENAME TO conflictos_offline;
CREATE INDEX conflictos_offline_empresa ON conflictos_offline (empresa_id, resuelto_en, id);
DROP INDEX acciones_offline_dispositivo;
DROP TABLE precios_historial;
