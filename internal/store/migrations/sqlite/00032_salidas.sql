-- +goose Up
-- Boats, timetables and departures (docs/features/salidas.md).
-- A boat carries at most its certified capacity (capacidad
-- habilitada); its certificate is valid through vencimiento_certificado
-- (YYYY-MM-DD, the last valid day); aviso_vencimiento is the expiry already
-- warned about, so the daily warning is sent once per boat and expiry.
CREATE TABLE embarcaciones (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    empresa_id INTEGER NOT NULL REFERENCES empresas (id),
    nombre TEXT NOT NULL,
    matricula TEXT NOT NULL,
    capacidad INTEGER NOT NULL CHECK (capacidad > 0 AND capacidad <= 1000),
    asientos INTEGER,
    de_pie INTEGER,
    vencimiento_certificado TEXT NOT NULL,
    aviso_vencimiento TEXT,
    activo BOOLEAN NOT NULL DEFAULT TRUE,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL,
    CHECK ((asientos IS NULL AND de_pie IS NULL)
        OR (asientos >= 0 AND de_pie >= 0 AND asientos + de_pie = capacidad))
);
CREATE UNIQUE INDEX embarcaciones_matricula_uq ON embarcaciones (empresa_id, matricula);
CREATE INDEX embarcaciones_vencimiento_idx ON embarcaciones (vencimiento_certificado);

-- A section's timetable: one row per time of day (HH:MM in the company's time
-- zone), on the days of the week of the mask dias (bit 0 Monday … bit 6
-- Sunday), with the boat its departures get by default.
CREATE TABLE horarios (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    empresa_id INTEGER NOT NULL REFERENCES empresas (id),
    seccion_id INTEGER NOT NULL REFERENCES secciones (id),
    hora TEXT NOT NULL,
    dias INTEGER NOT NULL CHECK (dias > 0 AND dias < 128),
    embarcacion_id INTEGER REFERENCES embarcaciones (id),
    activo BOOLEAN NOT NULL DEFAULT TRUE,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX horarios_seccion_hora_uq ON horarios (empresa_id, seccion_id, hora);

-- A departure of a section at a date and time (the company's), generated from
-- the timetable (horario_id) or opened on the spot (extra). The unique index
-- makes generation idempotent: run twice, or by two instances, each departure
-- exists once. estado_por / estado_en: who changed the state last, and when
-- (every change is audited too). Boarding will reference salidas (id).
CREATE TABLE salidas (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    empresa_id INTEGER NOT NULL REFERENCES empresas (id),
    seccion_id INTEGER NOT NULL REFERENCES secciones (id),
    embarcacion_id INTEGER REFERENCES embarcaciones (id),
    horario_id INTEGER REFERENCES horarios (id) ON DELETE SET NULL,
    fecha TEXT NOT NULL,
    hora TEXT NOT NULL,
    programada_en TIMESTAMP NOT NULL,
    extra BOOLEAN NOT NULL DEFAULT FALSE,
    estado TEXT NOT NULL DEFAULT 'programada'
        CHECK (estado IN ('programada', 'embarcando', 'zarpo', 'cancelada')),
    estado_por INTEGER REFERENCES usuarios (id),
    estado_en TIMESTAMP,
    creada_por INTEGER REFERENCES usuarios (id),
    created_at TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX salidas_seccion_hora_uq ON salidas (empresa_id, seccion_id, fecha, hora);
CREATE INDEX salidas_fecha_idx ON salidas (empresa_id, fecha, hora);

-- +goose Down
DROP TABLE salidas;
DROP TABLE horarios;
DROP TABLE embarcaciones;
