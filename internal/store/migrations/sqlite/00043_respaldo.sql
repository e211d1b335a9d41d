-- +goose Up
-- The installation's backups (docs/features/respaldos.md), one row:
-- ultimo and archivo are the last backup that worked, error why the last
-- attempt failed ('' when it worked), whether muelle backup or the schedule
-- of muelle serve (MUELLE_BACKUP_DIR) took it. The schedule's next backup is
-- due at proximo (NULL: now), and the instance that claims it holds it until
-- reclamado_hasta.
CREATE TABLE respaldo (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    ultimo TIMESTAMP,
    archivo TEXT NOT NULL DEFAULT '',
    error TEXT NOT NULL DEFAULT '',
    proximo TIMESTAMP,
    reclamado_hasta TIMESTAMP
);

-- +goose Down
DROP TABLE respaldo;
