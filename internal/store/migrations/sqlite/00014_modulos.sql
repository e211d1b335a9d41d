-- +goose Up
-- The catalogue of modules (backoffice §2.7) and what each company has of
-- them. A company without a row for a module has it enabled. Every change of
-- a company's modules bumps empresas.modulos_version, which the session query
-- reads, so each instance knows when its cached module state is stale.
CREATE TABLE modulos (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    codigo TEXT NOT NULL,
    nombre TEXT NOT NULL,
    descripcion TEXT NOT NULL,
    categoria TEXT NOT NULL CHECK (categoria IN ('core', 'ventas', 'comunicacion', 'reportes', 'gestion', 'avanzado')),
    orden INTEGER NOT NULL
);
CREATE UNIQUE INDEX modulos_codigo_uq ON modulos (codigo);

CREATE TABLE empresa_modulos (
    empresa_id INTEGER NOT NULL REFERENCES empresas (id),
    modulo_id INTEGER NOT NULL REFERENCES modulos (id),
    habilitado BOOLEAN NOT NULL,
    configuracion TEXT,
    fecha_vencimiento TEXT CHECK (fecha_vencimiento IS NULL OR length(fecha_vencimiento) = 10),
    updated_at TIMESTAMP NOT NULL,
    PRIMARY KEY (empresa_id, modulo_id)
);

ALTER TABLE empresas ADD COLUMN modulos_version INTEGER NOT NULL DEFAULT 0;

INSERT INTO modulos (codigo, nombre, descripcion, categoria, orden) VALUES
    ('core', 'Núcleo del sistema', 'Inicio de sesión, dashboard, usuarios, roles y configuración de la empresa', 'core', 1),
    ('venta_pasajes', 'Venta de Pasajes', 'Venta en mostrador, listado, anulación e impresión de pasajes', 'ventas', 2),
    ('caja', 'Caja', 'Apertura, movimientos, cierre y cuadre de caja', 'ventas', 3),
    ('embarque', 'Embarque', 'Validación de embarque, lista de pasajeros, estado de viajes y rutas', 'gestion', 4),
    ('reportes', 'Reportes', 'Reportes y estadísticas de ventas, cajas y pasajeros', 'reportes', 5),
    ('clientes', 'Clientes', 'Gestión de clientes de la empresa', 'gestion', 6),
    ('whatsapp', 'WhatsApp', 'Envío de pasajes y mensajes por WhatsApp', 'comunicacion', 7),
    ('email', 'Email', 'Envío de pasajes y reportes por correo electrónico', 'comunicacion', 8),
    ('notificaciones', 'Notificaciones', 'Centro de notificaciones en tiempo real', 'comunicacion', 9),
    ('puntos', 'Puntos y Beneficios', 'Programa de fidelización: puntos, niveles y beneficios', 'avanzado', 10),
    ('portal_clientes', 'Portal de Clientes', 'Acceso de los clientes a sus pasajes y puntos', 'avanzado', 11);

-- +goose Down
ALTER TABLE empresas DROP COLUMN modulos_version;
DROP TABLE empresa_modulos;
DROP TABLE modulos;
