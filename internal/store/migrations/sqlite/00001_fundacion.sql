-- +goose Up
CREATE TABLE configuracion_sistema (
    clave TEXT PRIMARY KEY,
    valor TEXT NOT NULL
);

CREATE TABLE empresas (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    nombre TEXT NOT NULL,
    ruc TEXT NOT NULL DEFAULT '',
    direccion TEXT NOT NULL DEFAULT '',
    telefono TEXT NOT NULL DEFAULT '',
    email TEXT NOT NULL DEFAULT '',
    logo_url TEXT NOT NULL DEFAULT '',
    tipo TEXT NOT NULL DEFAULT 'operativa',
    datos_contacto TEXT NOT NULL DEFAULT '{}',
    timezone TEXT NOT NULL DEFAULT 'America/Argentina/Buenos_Aires',
    color_primario TEXT NOT NULL DEFAULT '#3B82F6',
    fecha_fundacion DATE,
    activa BOOLEAN NOT NULL DEFAULT TRUE,
    created_at TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX empresas_nombre_uq ON empresas (nombre);

CREATE TABLE roles (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    empresa_id INTEGER REFERENCES empresas (id),
    nombre TEXT NOT NULL,
    descripcion TEXT NOT NULL DEFAULT '',
    nivel_jerarquico INTEGER NOT NULL,
    permisos TEXT NOT NULL,
    color_badge TEXT NOT NULL DEFAULT '#10B981',
    icono TEXT NOT NULL DEFAULT '',
    integrado BOOLEAN NOT NULL DEFAULT FALSE,
    activo BOOLEAN NOT NULL DEFAULT TRUE,
    created_at TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX roles_integrados_uq ON roles (nombre) WHERE empresa_id IS NULL;
CREATE UNIQUE INDEX roles_empresa_uq ON roles (empresa_id, nombre) WHERE empresa_id IS NOT NULL;

CREATE TABLE usuarios (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    empresa_id INTEGER NOT NULL REFERENCES empresas (id),
    rol_id INTEGER NOT NULL REFERENCES roles (id),
    nombre_usuario TEXT NOT NULL,
    nombre TEXT NOT NULL DEFAULT '',
    apellido TEXT NOT NULL DEFAULT '',
    email TEXT NOT NULL DEFAULT '',
    telefono TEXT NOT NULL DEFAULT '',
    password_hash TEXT NOT NULL,
    activo BOOLEAN NOT NULL DEFAULT TRUE,
    debe_cambiar_clave BOOLEAN NOT NULL DEFAULT FALSE,
    ultimo_login TIMESTAMP,
    created_at TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX usuarios_nombre_usuario_uq ON usuarios (nombre_usuario);
CREATE INDEX usuarios_empresa_idx ON usuarios (empresa_id);

CREATE TABLE intentos_login (
    nombre_usuario TEXT PRIMARY KEY,
    fallidos INTEGER NOT NULL,
    bloqueado_hasta TIMESTAMP
);

CREATE TABLE tokens_revocados (
    jti TEXT PRIMARY KEY,
    expira_en TIMESTAMP NOT NULL
);

CREATE TABLE auditoria (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    empresa_id INTEGER REFERENCES empresas (id),
    usuario_id INTEGER REFERENCES usuarios (id),
    accion TEXT NOT NULL,
    detalles TEXT NOT NULL DEFAULT '',
    ip_address TEXT NOT NULL DEFAULT '',
    exito BOOLEAN NOT NULL,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX auditoria_empresa_fecha_idx ON auditoria (empresa_id, created_at);

-- +goose Down
DROP TABLE auditoria;
DROP TABLE tokens_revocados;
DROP TABLE intentos_login;
DROP TABLE usuarios;
DROP TABLE roles;
DROP TABLE empresas;
DROP TABLE configuracion_sistema;
