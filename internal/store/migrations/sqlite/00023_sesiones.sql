-- +goose Up
-- Login attempts are counted per login name and client address in one row,
-- reserved before the password is checked: a conditional upsert
-- (intentos < max) decides, so parallel guesses cannot overrun the limit.
DROP TABLE intentos_login;
CREATE TABLE intentos_login (
    nombre_usuario TEXT NOT NULL,
    ip_address TEXT NOT NULL,
    intentos INTEGER NOT NULL,
    desde TIMESTAMP NOT NULL,
    ultimo_en TIMESTAMP NOT NULL,
    PRIMARY KEY (nombre_usuario, ip_address)
);
CREATE INDEX intentos_login_ultimo_idx ON intentos_login (ultimo_en);

-- Failed logins per client address and hour: past the first ones, which are
-- audited one by one, they are only counted here, and the hour's total is
-- audited once when it is over (the audit trail is append-only).
CREATE TABLE login_fallidos (
    ip_address TEXT NOT NULL,
    hora TIMESTAMP NOT NULL,
    fallidos INTEGER NOT NULL,
    PRIMARY KEY (ip_address, hora)
);
CREATE INDEX login_fallidos_hora_idx ON login_fallidos (hora);

-- The last request of each session token, written at most once a minute:
-- a token idle for longer than the inactivity limit is refused.
CREATE TABLE sesiones_actividad (
    jti TEXT PRIMARY KEY,
    ultima_actividad TIMESTAMP NOT NULL,
    expira_en TIMESTAMP NOT NULL
);
CREATE INDEX sesiones_actividad_expira_idx ON sesiones_actividad (expira_en);

-- +goose Down
DROP TABLE sesiones_actividad;
DROP TABLE login_fallidos;
DROP TABLE intentos_login;
CREATE TABLE intentos_login (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    nombre_usuario TEXT NOT NULL,
    ip_address TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX intentos_login_cuenta_idx ON intentos_login (nombre_usuario, ip_address, created_at);
CREATE INDEX intentos_login_fecha_idx ON intentos_login (created_at);
