-- +goose Up
CREATE TABLE secciones (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    empresa_id INTEGER NOT NULL REFERENCES empresas (id),
    nombre TEXT NOT NULL,
    descripcion TEXT NOT NULL DEFAULT '',
    capacidad INTEGER NOT NULL DEFAULT 0,
    activo BOOLEAN NOT NULL DEFAULT TRUE,
    created_at TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX secciones_nombre_uq ON secciones (empresa_id, nombre);

CREATE TABLE tipos_viaje (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    empresa_id INTEGER NOT NULL REFERENCES empresas (id),
    nombre TEXT NOT NULL,
    descripcion TEXT NOT NULL DEFAULT '',
    activo BOOLEAN NOT NULL DEFAULT TRUE,
    created_at TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX tipos_viaje_nombre_uq ON tipos_viaje (empresa_id, nombre);

CREATE TABLE medios_pago (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    empresa_id INTEGER NOT NULL REFERENCES empresas (id),
    nombre TEXT NOT NULL,
    descripcion TEXT NOT NULL DEFAULT '',
    activo BOOLEAN NOT NULL DEFAULT TRUE,
    created_at TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX medios_pago_nombre_uq ON medios_pago (empresa_id, nombre);

CREATE TABLE precios (
    empresa_id INTEGER NOT NULL REFERENCES empresas (id),
    seccion_id INTEGER NOT NULL REFERENCES secciones (id),
    tipo_viaje_id INTEGER NOT NULL REFERENCES tipos_viaje (id),
    precio INTEGER NOT NULL,
    updated_at TIMESTAMP NOT NULL,
    PRIMARY KEY (seccion_id, tipo_viaje_id)
);

CREATE TABLE empresa_claves (
    empresa_id INTEGER PRIMARY KEY REFERENCES empresas (id),
    clave_publica TEXT NOT NULL,
    clave_privada TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL
);

CREATE TABLE secuencias (
    empresa_id INTEGER NOT NULL REFERENCES empresas (id),
    nombre TEXT NOT NULL,
    valor INTEGER NOT NULL,
    PRIMARY KEY (empresa_id, nombre)
);

CREATE TABLE cajas (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    empresa_id INTEGER NOT NULL REFERENCES empresas (id),
    usuario_id INTEGER NOT NULL REFERENCES usuarios (id),
    estado TEXT NOT NULL,
    monto_apertura INTEGER NOT NULL,
    fecha_apertura TIMESTAMP NOT NULL,
    observaciones TEXT NOT NULL DEFAULT '',
    monto_cierre INTEGER,
    efectivo_esperado INTEGER,
    diferencia INTEGER,
    total_ventas INTEGER,
    fecha_cierre TIMESTAMP,
    observaciones_cierre TEXT NOT NULL DEFAULT ''
);
CREATE UNIQUE INDEX cajas_una_abierta_por_usuario ON cajas (usuario_id) WHERE estado = 'abierta';
CREATE INDEX cajas_empresa_idx ON cajas (empresa_id, fecha_apertura);

CREATE TABLE caja_movimientos (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    empresa_id INTEGER NOT NULL REFERENCES empresas (id),
    caja_id INTEGER NOT NULL REFERENCES cajas (id),
    usuario_id INTEGER NOT NULL REFERENCES usuarios (id),
    tipo TEXT NOT NULL,
    monto INTEGER NOT NULL,
    descripcion TEXT NOT NULL,
    medio_pago_id INTEGER REFERENCES medios_pago (id),
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX caja_movimientos_caja_idx ON caja_movimientos (caja_id);

CREATE TABLE pasajes (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    empresa_id INTEGER NOT NULL REFERENCES empresas (id),
    numero_pasaje TEXT NOT NULL,
    codigo_qr TEXT NOT NULL,
    fecha_viaje TEXT NOT NULL,
    precio INTEGER NOT NULL,
    estado TEXT NOT NULL,
    cliente_nombre TEXT NOT NULL,
    cliente_telefono TEXT NOT NULL DEFAULT '',
    cliente_email TEXT NOT NULL DEFAULT '',
    seccion_id INTEGER NOT NULL REFERENCES secciones (id),
    tipo_viaje_id INTEGER NOT NULL REFERENCES tipos_viaje (id),
    medio_pago_id INTEGER NOT NULL REFERENCES medios_pago (id),
    caja_id INTEGER NOT NULL REFERENCES cajas (id),
    movimiento_id INTEGER NOT NULL REFERENCES caja_movimientos (id),
    usuario_id INTEGER NOT NULL REFERENCES usuarios (id),
    observaciones TEXT NOT NULL DEFAULT '',
    fecha_embarque TIMESTAMP,
    usuario_embarque_id INTEGER REFERENCES usuarios (id),
    created_at TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX pasajes_numero_uq ON pasajes (empresa_id, numero_pasaje);
CREATE UNIQUE INDEX pasajes_codigo_qr_uq ON pasajes (codigo_qr);
CREATE INDEX pasajes_fecha_viaje_idx ON pasajes (empresa_id, fecha_viaje);
CREATE INDEX pasajes_creado_idx ON pasajes (empresa_id, created_at);

CREATE TABLE idempotencia (
    usuario_id INTEGER NOT NULL REFERENCES usuarios (id),
    operacion TEXT NOT NULL,
    clave TEXT NOT NULL,
    resultado TEXT NOT NULL DEFAULT '',
    created_at TIMESTAMP NOT NULL,
    PRIMARY KEY (usuario_id, operacion, clave)
);

-- +goose Down
DROP TABLE idempotencia;
DROP TABLE pasajes;
DROP TABLE caja_movimientos;
DROP TABLE cajas;
DROP TABLE secuencias;
DROP TABLE empresa_claves;
DROP TABLE precios;
DROP TABLE medios_pago;
DROP TABLE tipos_viaje;
DROP TABLE secciones;
