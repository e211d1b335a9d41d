-- +goose Up
-- Failed logins are one row per attempt, counted per login name AND client
-- address within a time window, and pruned by date through an index.
DROP TABLE intentos_login;
CREATE TABLE intentos_login (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    nombre_usuario TEXT NOT NULL,
    ip_address TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX intentos_login_cuenta_idx ON intentos_login (nombre_usuario, ip_address, created_at);
CREATE INDEX intentos_login_fecha_idx ON intentos_login (created_at);

-- A row that /api/health writes (and rolls back) to prove the database accepts writes.
CREATE TABLE salud (
    id INTEGER PRIMARY KEY,
    comprobado_en TIMESTAMP NOT NULL
);

-- +goose Down
DROP TABLE salud;
DROP TABLE intentos_login;
CREATE TABLE intentos_login (
    nombre_usuario TEXT PRIMARY KEY,
    fallidos INTEGER NOT NULL,
    bloqueado_hasta TIMESTAMP
);
