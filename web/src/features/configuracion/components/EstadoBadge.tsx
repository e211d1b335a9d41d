import { Badge } from '@mantine/core';

/** 'Activo' / 'Inactivo': the word carries the meaning, the colour helps (dark text keeps AA contrast). */
export function EstadoBadge({ activo }: { activo: boolean }) {
  return (
    // miw: never squeezed into an ellipsis by a narrow table column.
    <Badge
      color={activo ? 'green' : 'gray'}
      c={activo ? 'green.9' : 'gray.8'}
      variant={activo ? 'light' : 'outline'}
      miw="max-content"
    >
      {activo ? 'Activo' : 'Inactivo'}
    </Badge>
  );
}
