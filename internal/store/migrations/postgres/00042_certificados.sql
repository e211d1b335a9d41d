-- +goose Up
-- HTTPS certificates obtained over ACME (docs/features/https.md; issue
-- 37 item 1): certmagic's storage, in the database so that every instance on
-- one PostgreSQL serves the same certificate.
--
-- certificados_almacen holds certmagic's files by their key (a path such as
-- certificates/<ca>/<name>/<name>.key), each value sealed with the
-- installation key. certificados_bloqueos are certmagic's named locks: a row
-- is a lock held until expira, renewed while its holder works, so only one
-- instance asks the CA for a name at a time and a crashed holder's lock goes
-- stale.
CREATE TABLE certificados_almacen (
    clave TEXT PRIMARY KEY,
    valor TEXT NOT NULL,
    tamano BIGINT NOT NULL,
    modificado TIMESTAMPTZ NOT NULL
);

CREATE TABLE certificados_bloqueos (
    nombre TEXT PRIMARY KEY,
    expira TIMESTAMPTZ NOT NULL
);

-- +goose Down
DROP TABLE certificados_bloqueos;
DROP TABLE certificados_almacen;
