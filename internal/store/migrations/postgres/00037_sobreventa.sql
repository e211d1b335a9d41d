-- +goose Up
-- No silent overbooking (docs/features/sobreventa.md).
-- pasajes.sobreventa confirms a sale past the day's seats: the built-in roles
-- above the seller (super_admin, admin, supervisor) get it; the seller, the
-- crew and every custom role do not (an admin grants it on the roles screen).
UPDATE roles SET permisos = jsonb_set(permisos::jsonb, '{pasajes,sobreventa}', CASE
    WHEN integrado AND nombre IN ('super_admin', 'admin', 'supervisor') THEN 'true'::jsonb
    ELSE 'false'::jsonb END)::text
WHERE jsonb_typeof(permisos::jsonb -> 'pasajes') = 'object';

-- +goose Down
UPDATE roles SET permisos = (permisos::jsonb #- '{pasajes,sobreventa}')::text;
