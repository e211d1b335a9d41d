-- +goose Up
-- The ticket list's search (a part of the customer's name or phone or of the
-- ticket number) first asks a trigram index which of the company's tickets may
-- match, instead of reading every ticket of the company: a GIN index over the
-- trigrams (every three consecutive characters) of the three searched texts,
-- lower-cased and joined by chr(31), a character no search contains, each
-- trigram prefixed by the company ('12:ent'), so that a search reads the
-- company's entries alone and a common trigram costs no more than the
-- company's tickets. The search checks every ticket it finds with the list's
-- own LIKE. No extension needed (pg_trgm's trigrams are not per company).
--
-- The texts live in a table of their own, kept by triggers on a sale (one
-- INSERT for its tickets) and on a change of the texts: a boarding or a
-- cancellation writes a new version of the ticket's row, with an entry in
-- every index of pasajes, and an index there would index the trigrams again
-- (4 boardings at a time ran at 58 % of their rate).
CREATE TABLE pasajes_busqueda (
    pasaje_id BIGINT PRIMARY KEY,
    empresa_id BIGINT NOT NULL,
    texto TEXT NOT NULL
);

INSERT INTO pasajes_busqueda (pasaje_id, empresa_id, texto)
SELECT id, empresa_id, LOWER(cliente_nombre || chr(31) || cliente_telefono || chr(31) || numero_pasaje) FROM pasajes;

-- pasajes_trigramas(empresa, texto, paso) is the trigrams starting at every
-- paso-th character and at the last one: 1 for the index, 3 for a search (its
-- trigrams side by side cover the term: enough to narrow, fewer to look up).
-- PL/pgSQL: its plans stay cached in the session (an SQL function would be
-- planned again for every INSERT, 250 µs instead of 90 µs a ticket).
-- +goose StatementBegin
CREATE FUNCTION pasajes_trigramas(empresa BIGINT, texto TEXT, paso INTEGER) RETURNS TEXT[]
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
    prefijo TEXT := empresa::text || ':';
    n INTEGER := length(texto) - 2;
    trigramas TEXT[] := '{}';
BEGIN
    FOR i IN 1..n BY paso LOOP
        trigramas := trigramas || (prefijo || substr(texto, i, 3));
    END LOOP;
    IF n >= 1 AND (n - 1) % paso <> 0 THEN
        trigramas := trigramas || (prefijo || substr(texto, n, 3));
    END IF;
    RETURN trigramas;
END
$$;
-- +goose StatementEnd

-- New entries wait in the index's pending list, which every search reads
-- and a sale flushes once it fills: 256 kB (a couple of hundred tickets)
-- keeps both short, where the default 4 MB made a search a few ms slower;
-- fastupdate off would make indexing a ticket sold twice as dear.
CREATE INDEX pasajes_busqueda_idx ON pasajes_busqueda USING gin (pasajes_trigramas(empresa_id, texto, 1))
    WITH (gin_pending_list_limit = 256);

-- A statement's rows at once on a sale (its tickets: one INSERT) and on a
-- delete; a change of the texts row by row (a trigger that names columns,
-- UPDATE OF, may have no transition table).
-- +goose StatementBegin
CREATE FUNCTION pasajes_busqueda_alta() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO pasajes_busqueda (pasaje_id, empresa_id, texto)
    SELECT id, empresa_id, LOWER(cliente_nombre || chr(31) || cliente_telefono || chr(31) || numero_pasaje)
    FROM nuevos;
    RETURN NULL;
END
$$;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE FUNCTION pasajes_busqueda_baja() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    DELETE FROM pasajes_busqueda b USING viejos v WHERE b.pasaje_id = v.id;
    RETURN NULL;
END
$$;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE FUNCTION pasajes_busqueda_cambio() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE pasajes_busqueda SET pasaje_id = NEW.id, empresa_id = NEW.empresa_id,
        texto = LOWER(NEW.cliente_nombre || chr(31) || NEW.cliente_telefono || chr(31) || NEW.numero_pasaje)
    WHERE pasaje_id = OLD.id;
    RETURN NULL;
END
$$;
-- +goose StatementEnd

CREATE TRIGGER pasajes_busqueda_alta AFTER INSERT ON pasajes
REFERENCING NEW TABLE AS nuevos FOR EACH STATEMENT EXECUTE FUNCTION pasajes_busqueda_alta();
CREATE TRIGGER pasajes_busqueda_baja AFTER DELETE ON pasajes
REFERENCING OLD TABLE AS viejos FOR EACH STATEMENT EXECUTE FUNCTION pasajes_busqueda_baja();
CREATE TRIGGER pasajes_busqueda_cambio AFTER UPDATE OF id, empresa_id, cliente_nombre, cliente_telefono, numero_pasaje
ON pasajes FOR EACH ROW EXECUTE FUNCTION pasajes_busqueda_cambio();

-- +goose Down
DROP TRIGGER pasajes_busqueda_cambio ON pasajes;
DROP TRIGGER pasajes_busqueda_baja ON pasajes;
DROP TRIGGER pasajes_busqueda_alta ON pasajes;
DROP FUNCTION pasajes_busqueda_cambio();
DROP FUNCTION pasajes_busqueda_baja();
DROP FUNCTION pasajes_busqueda_alta();
DROP TABLE pasajes_busqueda;
DROP FUNCTION pasajes_trigramas(BIGINT, TEXT, INTEGER);
