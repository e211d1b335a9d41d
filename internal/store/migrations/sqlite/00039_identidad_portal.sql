-- +goose Up
-- Issue 36 item 1 (docs/features/portal-cliente.md): a portal code
-- goes only to a contact the customer confirmed. A contact typed at a sale is
-- unconfirmed; staff saving it on the customers screen after checking the ID,
-- or the customer proving it with a code sent to it, confirms it. Existing
-- contacts are unconfirmed unless the customer already has a portal password.
ALTER TABLE clientes ADD COLUMN email_confirmado BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE clientes ADD COLUMN telefono_confirmado BOOLEAN NOT NULL DEFAULT FALSE;
UPDATE clientes SET email_confirmado = (email <> ''), telefono_confirmado = (telefono <> '')
    WHERE id IN (SELECT cliente_id FROM clientes_portal WHERE password_hash <> '');

-- Issue 36 item 13: where a code came from (sent to a contact, or handed over
-- at the counter by staff), each capped per customer per day on its own, so
-- a stranger asking codes for a document never blocks the counter's.
ALTER TABLE clientes_codigos ADD COLUMN origen TEXT NOT NULL DEFAULT 'enviado'
    CHECK (origen IN ('enviado', 'mostrador'));

-- +goose Down
ALTER TABLE clientes_codigos DROP COLUMN origen;
ALTER TABLE clientes DROP COLUMN telefono_confirmado;
ALTER TABLE clientes DROP COLUMN email_confirmado;
