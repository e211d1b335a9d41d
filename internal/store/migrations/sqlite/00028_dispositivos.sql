-- +goose Up
-- The staff devices that work offline (docs/features/offline.md): each
-- made its own Ed25519 key pair and holds a certificate of its public key
-- (base64url) signed by the company's key, under a 4-character code unique
-- in the company. A lost device is revoked (revocado_en, revocado_por), never
-- deleted: what it signed before then is still accepted. ultimo_uso is its
-- last sync.
CREATE TABLE dispositivos (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    empresa_id INTEGER NOT NULL REFERENCES empresas (id),
    codigo TEXT NOT NULL,
    nombre TEXT NOT NULL,
    clave_publica TEXT NOT NULL,
    certificado TEXT NOT NULL,
    usuario_id INTEGER NOT NULL REFERENCES usuarios (id),
    created_at TIMESTAMP NOT NULL,
    ultimo_uso TIMESTAMP,
    revocado_en TIMESTAMP,
    revocado_por INTEGER REFERENCES usuarios (id),
    UNIQUE (empresa_id, codigo),
    UNIQUE (empresa_id, clave_publica)
);

-- +goose Down
DROP TABLE dispositivos;
