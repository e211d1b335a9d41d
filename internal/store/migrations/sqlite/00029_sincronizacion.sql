-- +goose Up
-- Offline acts and their sync (docs/features/offline.md).
--
-- acciones_offline keeps every act a device synced, by its client id, forever:
-- a repeat answers the stored answer and never acts twice. huella is the
-- SHA-256 of the act as first sent (the same id with another act is refused).
-- ocurrido_en is the device's clock at the act, desfase_ms the device clock
-- minus the server's measured by that sync, momento when the act counts
-- (ocurrido_en - desfase, never after recibido_en). marcas are the notes for
-- the supervisor (precio_desactualizado, caja_cerrada, dispositivo_revocado,
-- reloj_desfasado), comma-separated. pasaje_id is the ticket an embarque
-- boarded; resultado the JSON of an applied sale's tickets.
CREATE TABLE acciones_offline (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    empresa_id INTEGER NOT NULL REFERENCES empresas (id),
    cliente_id TEXT NOT NULL,
    dispositivo_id INTEGER NOT NULL REFERENCES dispositivos (id),
    usuario_id INTEGER NOT NULL REFERENCES usuarios (id),
    tipo TEXT NOT NULL CHECK (tipo IN ('venta', 'embarque')),
    huella TEXT NOT NULL,
    ocurrido_en TIMESTAMP NOT NULL,
    recibido_en TIMESTAMP NOT NULL,
    momento TIMESTAMP NOT NULL,
    desfase_ms INTEGER NOT NULL,
    estado TEXT NOT NULL CHECK (estado IN ('aplicada', 'rechazada')),
    mensaje TEXT NOT NULL,
    marcas TEXT NOT NULL DEFAULT '',
    pasaje_id INTEGER REFERENCES pasajes (id),
    resultado TEXT NOT NULL DEFAULT '',
    UNIQUE (empresa_id, cliente_id)
);
CREATE INDEX acciones_offline_pasaje ON acciones_offline (pasaje_id) WHERE pasaje_id IS NOT NULL;

-- conflictos_offline is what the sync could not settle alone, for a
-- supervisor: a ticket boarded on two devices (the first boarding, by scan
-- time, and the second), a boarding of a cancelled or unknown ticket, or an
-- offline sale refused (its money was taken: monto, caja_id flag it for the
-- register's close). segundo_* is the act that made the conflict (accion_id);
-- primero_* the boarding that was there, its device NULL when it was online.
CREATE TABLE conflictos_offline (
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
CREATE INDEX conflictos_offline_empresa ON conflictos_offline (empresa_id, resuelto_en, id);

-- +goose Down
DROP TABLE conflictos_offline;
DROP TABLE acciones_offline;
