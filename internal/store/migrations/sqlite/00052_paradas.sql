-- +goose Up
-- Routes with stops (issue 40 item 1; docs/features/salidas.md "Recorridos y
-- paradas"): a section is a route, an ordered list of stops (piers), each at
-- its minutes from the first. The section stays the unit the sale, the fares
-- and the seats use. SQLite keeps its foreign keys single-column
-- (docs/architecture.md "Growing beyond one PostgreSQL").
CREATE TABLE paradas (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    empresa_id INTEGER NOT NULL REFERENCES empresas (id),
    seccion_id INTEGER NOT NULL REFERENCES secciones (id),
    orden INTEGER NOT NULL CHECK (orden > 0),
    nombre TEXT NOT NULL,
    minutos INTEGER NOT NULL CHECK (minutos >= 0 AND minutos <= 1440)
);
CREATE UNIQUE INDEX paradas_orden_uq ON paradas (empresa_id, seccion_id, orden);
CREATE UNIQUE INDEX paradas_nombre_uq ON paradas (empresa_id, seccion_id, nombre);
CREATE UNIQUE INDEX paradas_empresa_id_uq ON paradas (empresa_id, id);

-- Every existing section becomes a route of two stops, the ones a new section
-- gets (domain.ParadasIniciales, which this mirrors): the section's two names
-- when it is two names joined by one dash with spaces ("Tigre – Tres Bocas",
-- "Tigre - Tres Bocas"), else "Terminal" and the section's name ("Destino"
-- when the section is named "Terminal"); names cut to 60 characters; the last
-- stop at 60 minutes (domain.MinutosUltimaParadaPorDefecto) until the company
-- types the real ones. A company that never adds a stop sees no change.
WITH s AS (
    SELECT id, empresa_id, trim(nombre) AS n FROM secciones
), c AS (
    SELECT id, empresa_id, n,
        (length(n) - length(replace(n, ' – ', ''))) / 3 + (length(n) - length(replace(n, ' - ', ''))) / 3 AS seps,
        CASE WHEN instr(n, ' – ') > 0 THEN instr(n, ' – ') ELSE instr(n, ' - ') END AS p
    FROM s
), d AS (
    SELECT id, empresa_id, n, seps,
        CASE WHEN p > 0 THEN trim(substr(n, 1, p - 1)) ELSE '' END AS a,
        CASE WHEN p > 0 THEN trim(substr(n, p + 3)) ELSE '' END AS b
    FROM c
), e AS (
    SELECT id, empresa_id, seps = 1 AND a <> '' AND b <> '' AND length(a) <= 60 AND length(b) <= 60
        AND lower(a) <> lower(b) AS par, a, b, rtrim(substr(n, 1, 60)) AS corto
    FROM d
)
INSERT INTO paradas (empresa_id, seccion_id, orden, nombre, minutos)
SELECT empresa_id, id, 1, CASE WHEN par THEN a ELSE 'Terminal' END, 0 FROM e
UNION ALL
SELECT empresa_id, id, 2, CASE WHEN par THEN b WHEN lower(corto) = 'terminal' OR corto = '' THEN 'Destino' ELSE corto END, 60 FROM e;

-- +goose Down
DROP TABLE paradas;
