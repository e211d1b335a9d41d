-- +goose Up
-- No silent overbooking (docs/features/sobreventa.md).
-- pasajes.sobreventa confirms a sale past the day's seats: the built-in roles
-- above the seller (super_admin, admin, supervisor) get it; the seller, the
-- crew and every custom role do not (an admin grants it on the roles screen).
UPDATE roles SET permisos = json_set(permisos, '$.pasajes.sobreventa', json(CASE
    WHEN integrado AND nombre IN ('super_admin', 'admin', 'supervisor') THEN 'true'
    ELSE 'false' END))
WHERE json_type(permisos, '$.pasajes') = 'object';

-- +goose Down
UPDATE roles SET permisos = json_remove(permisos, '$.pasajes.sobreventa');
