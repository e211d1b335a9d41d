-- +goose Up
-- An offline boarding scanned into a departure that could not take its seat
-- when it synced (full, sailed, cancelled, without a boat, of another section
-- or not the company's) stays applied without a departure and is a conflict
-- of its own kind (docs/features/offline.md). SQLite cannot alter a
-- CHECK: the table is rebuilt with the wider one, its rows, ids and index
-- kept (no table references conflictos_offline).
CREATE TABLE conflictos_offline_nueva (
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
    tipo TEXT NOT NULL CHECK (tipo IN ('embarque_duplicado', 'embarque_rechazado', 'venta_rechazada')),
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
    WHERE tipo <> 'embarque_sin_lugar';
DROP TABLE conflictos_offline;
ALTER TABLE conflictos_offline_vieja RENAME TO conflictos_offline;
CREATE INDEX conflictos_offline_empresa ON conflictos_offline (empresa_id, resuelto_en, id);
