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
-- pasajes_trigramas(empresa, texto, paso) is the trigrams starting at every
-- paso-th character and at the last one: 1 for the index, 3 for a search (its
-- trigrams side by side cover the term: enough to narrow, fewer to look up).
-- +goose StatementBegin
CREATE FUNCTION pasajes_trigramas(empresa BIGINT, texto TEXT, paso INTEGER) RETURNS TEXT[]
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
    SELECT COALESCE(array_agg(empresa::text || ':' || substr(texto, i, 3)), '{}')
    FROM (SELECT generate_series(1, length(texto) - 2, paso) AS i UNION SELECT length(texto) - 2) AS posiciones
    WHERE i >= 1
$$;
-- +goose StatementEnd

CREATE INDEX pasajes_busqueda_idx ON pasajes USING gin (pasajes_trigramas(empresa_id,
    LOWER(cliente_nombre || chr(31) || cliente_telefono || chr(31) || numero_pasaje), 1));

-- +goose Down
DROP INDEX pasajes_busqueda_idx;
DROP FUNCTION pasajes_trigramas(BIGINT, TEXT, INTEGER);
