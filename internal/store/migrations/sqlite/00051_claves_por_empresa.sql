-- +goose Up
-- Every unique key of a company's tables includes empresa_id (docs/architecture.md
-- "Growing beyond one PostgreSQL"; issue 39 item 5). SQLite never shards: its
-- foreign keys keep their single column (composite ones would rebuild most
-- tables), while the unique keys are the same as PostgreSQL's. Where a global
-- one is a table constraint SQLite cannot drop without rebuilding a table
-- others point at (puntos_lotes, push_suscripciones), the company's key is
-- added beside it; the leaf tables (precios, mensaje_pasajes) are rebuilt.
CREATE TABLE mensaje_pasajes_nueva (
    empresa_id INTEGER NOT NULL,
    mensaje_id INTEGER NOT NULL REFERENCES mensajes (id),
    pasaje_id INTEGER NOT NULL REFERENCES pasajes (id),
    PRIMARY KEY (empresa_id, mensaje_id, pasaje_id)
);
INSERT INTO mensaje_pasajes_nueva (empresa_id, mensaje_id, pasaje_id)
    SELECT m.empresa_id, mp.mensaje_id, mp.pasaje_id FROM mensaje_pasajes mp JOIN mensajes m ON m.id = mp.mensaje_id;
DROP TABLE mensaje_pasajes;
ALTER TABLE mensaje_pasajes_nueva RENAME TO mensaje_pasajes;
CREATE INDEX mensaje_pasajes_pasaje_idx ON mensaje_pasajes (pasaje_id);
ALTER TABLE mensaje_reportes ADD COLUMN empresa_id INTEGER NOT NULL DEFAULT 0;
UPDATE mensaje_reportes SET empresa_id = (SELECT empresa_id FROM mensajes WHERE mensajes.id = mensaje_reportes.mensaje_id);
ALTER TABLE mensaje_textos ADD COLUMN empresa_id INTEGER NOT NULL DEFAULT 0;
UPDATE mensaje_textos SET empresa_id = (SELECT empresa_id FROM mensajes WHERE mensajes.id = mensaje_textos.mensaje_id);

CREATE TABLE precios_nueva (
    empresa_id INTEGER NOT NULL REFERENCES empresas (id),
    seccion_id INTEGER NOT NULL REFERENCES secciones (id),
    tipo_viaje_id INTEGER NOT NULL REFERENCES tipos_viaje (id),
    precio INTEGER NOT NULL,
    updated_at TIMESTAMP NOT NULL,
    PRIMARY KEY (empresa_id, seccion_id, tipo_viaje_id)
);
INSERT INTO precios_nueva (empresa_id, seccion_id, tipo_viaje_id, precio, updated_at)
    SELECT empresa_id, seccion_id, tipo_viaje_id, precio, updated_at FROM precios;
DROP TABLE precios;
ALTER TABLE precios_nueva RENAME TO precios;

DROP INDEX pasajes_codigo_qr_uq;
CREATE UNIQUE INDEX pasajes_codigo_qr_uq ON pasajes (empresa_id, codigo_qr);
DROP INDEX cajas_una_abierta_por_usuario;
CREATE UNIQUE INDEX cajas_una_abierta_por_usuario ON cajas (empresa_id, usuario_id) WHERE estado = 'abierta';
DROP INDEX reportes_z_caja_uq;
CREATE UNIQUE INDEX reportes_z_caja_uq ON reportes_z (empresa_id, caja_id);
DROP INDEX manifiestos_salida_uq;
CREATE UNIQUE INDEX manifiestos_salida_uq ON manifiestos (empresa_id, salida_id);
CREATE UNIQUE INDEX puntos_lotes_movimiento_uq ON puntos_lotes (empresa_id, movimiento_id);
CREATE UNIQUE INDEX push_suscripciones_endpoint_uq ON push_suscripciones (empresa_id, endpoint);

-- +goose Down
DROP INDEX push_suscripciones_endpoint_uq;
DROP INDEX puntos_lotes_movimiento_uq;
DROP INDEX manifiestos_salida_uq;
CREATE UNIQUE INDEX manifiestos_salida_uq ON manifiestos (salida_id);
DROP INDEX reportes_z_caja_uq;
CREATE UNIQUE INDEX reportes_z_caja_uq ON reportes_z (caja_id);
DROP INDEX cajas_una_abierta_por_usuario;
CREATE UNIQUE INDEX cajas_una_abierta_por_usuario ON cajas (usuario_id) WHERE estado = 'abierta';
DROP INDEX pasajes_codigo_qr_uq;
CREATE UNIQUE INDEX pasajes_codigo_qr_uq ON pasajes (codigo_qr);
CREATE TABLE precios_vieja (
    empresa_id INTEGER NOT NULL REFERENCES empresas (id),
    seccion_id INTEGER NOT NULL REFERENCES secciones (id),
    tipo_viaje_id INTEGER NOT NULL REFERENCES tipos_viaje (id),
    precio INTEGER NOT NULL,
    updated_at TIMESTAMP NOT NULL,
    PRIMARY KEY (seccion_id, tipo_viaje_id)
);
INSERT INTO precios_vieja SELECT empresa_id, seccion_id, tipo_viaje_id, precio, updated_at FROM precios;
DROP TABLE precios;
ALTER TABLE precios_vieja RENAME TO precios;
ALTER TABLE mensaje_textos DROP COLUMN empresa_id;
ALTER TABLE mensaje_reportes DROP COLUMN empresa_id;
CREATE TABLE mensaje_pasajes_vieja (
    mensaje_id INTEGER NOT NULL REFERENCES mensajes (id),
    pasaje_id INTEGER NOT NULL REFERENCES pasajes (id),
    PRIMARY KEY (mensaje_id, pasaje_id)
);
INSERT INTO mensaje_pasajes_vieja SELECT mensaje_id, pasaje_id FROM mensaje_pasajes;
DROP TABLE mensaje_pasajes;
ALTER TABLE mensaje_pasajes_vieja RENAME TO mensaje_pasajes;
CREATE INDEX mensaje_pasajes_pasaje_idx ON mensaje_pasajes (pasaje_id);
