-- +goose Up
-- Loyalty points (docs/features/puntos.md; backoffice §1, §2.10, §3).
-- A company's configuration: one row, absent until it is saved (the
-- defaults of domain.ConfigPuntosPorDefecto). Figures with decimals are kept
-- as hundredths (puntos_por_peso 100 = 1 point per peso).
CREATE TABLE puntos_configuracion (
    empresa_id INTEGER PRIMARY KEY REFERENCES empresas (id),
    activo BOOLEAN NOT NULL,
    puntos_por_peso INTEGER NOT NULL CHECK (puntos_por_peso >= 0),
    puntos_minimos_canje INTEGER NOT NULL CHECK (puntos_minimos_canje >= 1),
    vencimiento_puntos_dias INTEGER CHECK (vencimiento_puntos_dias IS NULL OR vencimiento_puntos_dias >= 0),
    multiplicador_viajero_frecuente INTEGER NOT NULL CHECK (multiplicador_viajero_frecuente >= 100),
    viajes_para_frecuente INTEGER NOT NULL CHECK (viajes_para_frecuente >= 1),
    dias_para_frecuente INTEGER NOT NULL CHECK (dias_para_frecuente >= 1),
    updated_at TIMESTAMP NOT NULL
);

-- The benefits points are redeemed for. valor in hundredths; usos counts
-- redemptions against maximo_usos (NULL: unlimited).
CREATE TABLE puntos_beneficios (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    empresa_id INTEGER NOT NULL REFERENCES empresas (id),
    nombre TEXT NOT NULL,
    descripcion TEXT NOT NULL DEFAULT '',
    tipo TEXT NOT NULL CHECK (tipo IN ('descuento_porcentaje', 'descuento_fijo', 'pasaje_gratis', 'upgrade_seccion', 'puntos_extra')),
    valor INTEGER NOT NULL CHECK (valor >= 0),
    puntos_requeridos INTEGER NOT NULL CHECK (puntos_requeridos >= 0),
    maximo_usos INTEGER CHECK (maximo_usos IS NULL OR maximo_usos >= 1),
    usos INTEGER NOT NULL DEFAULT 0 CHECK (usos >= 0),
    vigencia_dias INTEGER CHECK (vigencia_dias IS NULL OR vigencia_dias >= 1),
    fecha_inicio TEXT CHECK (fecha_inicio IS NULL OR length(fecha_inicio) = 10),
    fecha_fin TEXT CHECK (fecha_fin IS NULL OR length(fecha_fin) = 10),
    activo BOOLEAN NOT NULL DEFAULT TRUE,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE INDEX puntos_beneficios_empresa_idx ON puntos_beneficios (empresa_id, nombre);

-- The ledger: every change of a customer's points is one movement (signed
-- puntos) with its origin: origen is the key of what caused it
-- ('pasaje:{id}:{register movement}' for a ticket's purchase and its
-- reversal, 'lote:{id}' for an expiry, …), and UNIQUE (empresa_id, origen,
-- tipo) makes each post once however often it is retried. pendiente is what
-- a debit could not take from any lot: the customer's debt (a reversal of
-- points already spent), paid by the next credits.
CREATE TABLE puntos_movimientos (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    empresa_id INTEGER NOT NULL REFERENCES empresas (id),
    cliente_id INTEGER NOT NULL REFERENCES clientes (id),
    tipo TEXT NOT NULL CHECK (tipo IN ('compra', 'canje', 'bonificacion', 'expiracion', 'ajuste', 'reversion_compra', 'reversion_canje')),
    puntos INTEGER NOT NULL,
    pendiente INTEGER NOT NULL DEFAULT 0 CHECK (pendiente >= 0),
    origen TEXT NOT NULL,
    pasaje_id INTEGER REFERENCES pasajes (id),
    beneficio_id INTEGER REFERENCES puntos_beneficios (id),
    usuario_id INTEGER REFERENCES usuarios (id),
    motivo TEXT NOT NULL DEFAULT '',
    descripcion TEXT NOT NULL DEFAULT '',
    created_at TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX puntos_movimientos_origen_uq ON puntos_movimientos (empresa_id, origen, tipo);
CREATE INDEX puntos_movimientos_cliente_idx ON puntos_movimientos (empresa_id, cliente_id, id);
CREATE INDEX puntos_movimientos_pasaje_idx ON puntos_movimientos (empresa_id, pasaje_id) WHERE pasaje_id IS NOT NULL;
CREATE INDEX puntos_movimientos_deuda_idx ON puntos_movimientos (empresa_id, cliente_id) WHERE pendiente > 0;

-- A lot: the points one credit earned, with its expiry (NULL: never) and what
-- remains of it. The balance is the sum of what remains of the lots not
-- expired, less the debt.
CREATE TABLE puntos_lotes (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    empresa_id INTEGER NOT NULL REFERENCES empresas (id),
    cliente_id INTEGER NOT NULL REFERENCES clientes (id),
    movimiento_id INTEGER NOT NULL UNIQUE REFERENCES puntos_movimientos (id),
    puntos INTEGER NOT NULL CHECK (puntos > 0),
    restante INTEGER NOT NULL CHECK (restante >= 0 AND restante <= puntos),
    vence_en TIMESTAMP,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX puntos_lotes_cliente_idx ON puntos_lotes (empresa_id, cliente_id, vence_en) WHERE restante > 0;
CREATE INDEX puntos_lotes_vencimiento_idx ON puntos_lotes (vence_en) WHERE restante > 0;

-- What each movement took from (negative) or gave back to (positive) each
-- lot: a lot's restante is its puntos plus its allocations.
CREATE TABLE puntos_asignaciones (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    empresa_id INTEGER NOT NULL REFERENCES empresas (id),
    movimiento_id INTEGER NOT NULL REFERENCES puntos_movimientos (id),
    lote_id INTEGER NOT NULL REFERENCES puntos_lotes (id),
    puntos INTEGER NOT NULL CHECK (puntos <> 0),
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX puntos_asignaciones_movimiento_idx ON puntos_asignaciones (movimiento_id);
CREATE INDEX puntos_asignaciones_lote_idx ON puntos_asignaciones (lote_id);

-- +goose Down
DROP TABLE puntos_asignaciones;
DROP TABLE puntos_lotes;
DROP TABLE puntos_movimientos;
DROP TABLE puntos_beneficios;
DROP TABLE puntos_configuracion;
