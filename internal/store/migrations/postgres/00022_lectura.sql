-- +goose Up
-- Customer reads need clientes.ver (backoffice §6): the roles that used the
-- customers screen or the sale's customer lookup keep them. The built-in
-- super_admin, admin, supervisor and vendedor get it, and so does a custom
-- role that sells (pasajes.crear); lancha, pasajero and the others do not.
UPDATE roles SET permisos = jsonb_set(permisos::jsonb, '{clientes}', jsonb_build_object('ver', CASE
    WHEN integrado AND nombre IN ('super_admin', 'admin', 'supervisor', 'vendedor') THEN TRUE
    WHEN NOT integrado AND permisos::jsonb #> '{pasajes,crear}' = 'true'::jsonb THEN TRUE
    ELSE FALSE END))::text;

-- Who may read an event (events.Event.Lecturas as JSON, '' for every session
-- of its room): the sockets apply the same reads as the API.
ALTER TABLE eventos ADD COLUMN lecturas TEXT NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE eventos DROP COLUMN lecturas;
UPDATE roles SET permisos = (permisos::jsonb - 'clientes')::text;
