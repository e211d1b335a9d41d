-- +goose Up
-- The ticket list's search (a part of the customer's name or phone or of the
-- ticket number) first asks a trigram index which of the company's tickets may
-- match, instead of reading every ticket of the company: an FTS5 table of the
-- three searched texts with the trigram tokenizer (substrings, whatever the
-- case), detail=none (no positions: the search checks every ticket it finds
-- with the list's own LIKE anyway) and no copy of the texts (contentless). Its
-- rowid is empresa_id * 2^40 + the ticket's id, so that a search reads the
-- company's part of the index alone (rowid between empresa_id * 2^40 and the
-- next company's). Triggers keep it in the transaction of every write.
CREATE VIRTUAL TABLE pasajes_busqueda USING fts5 (
    cliente_nombre, cliente_telefono, numero_pasaje,
    tokenize = 'trigram', content = '', contentless_delete = 1, detail = none
);

INSERT INTO pasajes_busqueda (rowid, cliente_nombre, cliente_telefono, numero_pasaje)
SELECT empresa_id * 1099511627776 + id, cliente_nombre, cliente_telefono, numero_pasaje FROM pasajes;

-- +goose StatementBegin
CREATE TRIGGER pasajes_busqueda_alta AFTER INSERT ON pasajes BEGIN
    INSERT INTO pasajes_busqueda (rowid, cliente_nombre, cliente_telefono, numero_pasaje)
    VALUES (NEW.empresa_id * 1099511627776 + NEW.id, NEW.cliente_nombre, NEW.cliente_telefono, NEW.numero_pasaje);
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER pasajes_busqueda_baja AFTER DELETE ON pasajes BEGIN
    DELETE FROM pasajes_busqueda WHERE rowid = OLD.empresa_id * 1099511627776 + OLD.id;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER pasajes_busqueda_cambio
AFTER UPDATE OF id, empresa_id, cliente_nombre, cliente_telefono, numero_pasaje ON pasajes BEGIN
    DELETE FROM pasajes_busqueda WHERE rowid = OLD.empresa_id * 1099511627776 + OLD.id;
    INSERT INTO pasajes_busqueda (rowid, cliente_nombre, cliente_telefono, numero_pasaje)
    VALUES (NEW.empresa_id * 1099511627776 + NEW.id, NEW.cliente_nombre, NEW.cliente_telefono, NEW.numero_pasaje);
END;
-- +goose StatementEnd

-- +goose Down
DROP TRIGGER pasajes_busqueda_cambio;
DROP TRIGGER pasajes_busqueda_baja;
DROP TRIGGER pasajes_busqueda_alta;
DROP TABLE pasajes_busqueda;
