-- +goose Up
-- The company's customers (backoffice §2.11). documento is unique per company
-- ('' when unknown is not allowed: a customer is found by it at the counter);
-- busqueda is nombre, apellido, documento, email and telefono lowercased and
-- without accents (domain.NormalizarBusqueda), written on every insert and
-- update, so the search is a plain LIKE on one column.
CREATE TABLE clientes (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    empresa_id INTEGER NOT NULL REFERENCES empresas (id),
    nombre TEXT NOT NULL,
    apellido TEXT NOT NULL DEFAULT '',
    documento TEXT NOT NULL,
    telefono TEXT NOT NULL DEFAULT '',
    email TEXT NOT NULL DEFAULT '',
    direccion TEXT NOT NULL DEFAULT '',
    busqueda TEXT NOT NULL,
    activo BOOLEAN NOT NULL DEFAULT TRUE,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX clientes_documento_uq ON clientes (empresa_id, documento);
CREATE INDEX clientes_busqueda_idx ON clientes (empresa_id, busqueda);

-- A ticket keeps the document it was sold with and the customer it belongs to.
ALTER TABLE pasajes ADD COLUMN cliente_documento TEXT NOT NULL DEFAULT '';
ALTER TABLE pasajes ADD COLUMN cliente_id INTEGER REFERENCES clientes (id);
CREATE INDEX pasajes_cliente_idx ON pasajes (empresa_id, cliente_id, created_at) WHERE cliente_id IS NOT NULL;

-- +goose Down
DROP INDEX pasajes_cliente_idx;
ALTER TABLE pasajes DROP COLUMN cliente_id;
ALTER TABLE pasajes DROP COLUMN cliente_documento;
DROP TABLE clientes;
