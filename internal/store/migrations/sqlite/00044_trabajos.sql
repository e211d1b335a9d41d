-- +goose Up
-- Work outside a request (docs/architecture.md, "Work outside a request";
-- issue 38): the runner's queue and its periodic turns.
--
-- trabajos is the work queue: a row per piece of work of a kind (tipo), unique
-- by (empresa_id, tipo, clave) so a retried enqueue never queues twice
-- (empresa_id 0: the installation's own work). It is claimed for a lease like
-- the outbox (reclamado_hasta), counts its attempts, and keeps its result or
-- its error once done or failed.
CREATE TABLE trabajos (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    empresa_id INTEGER NOT NULL,
    tipo TEXT NOT NULL,
    clave TEXT NOT NULL,
    datos TEXT NOT NULL,
    estado TEXT NOT NULL CHECK (estado IN ('pendiente', 'hecho', 'fallido')),
    intentos INTEGER NOT NULL DEFAULT 0,
    proximo_intento TIMESTAMP NOT NULL,
    reclamado_hasta TIMESTAMP,
    resultado TEXT,
    error TEXT,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL,
    UNIQUE (empresa_id, tipo, clave)
);
CREATE INDEX trabajos_pendientes ON trabajos (proximo_intento) WHERE estado = 'pendiente';

-- tareas_periodicas: a periodic job's next turn, taken by one instance at a
-- time (the row's conditional UPDATE).
CREATE TABLE tareas_periodicas (
    nombre TEXT PRIMARY KEY,
    proxima TIMESTAMP NOT NULL
);

-- +goose Down
DROP TABLE tareas_periodicas;
DROP TABLE trabajos;
