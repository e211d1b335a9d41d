import { Badge } from '@mantine/core';

/** 'Activo' / 'Inactivo': the word carries the meaning, the colour helps. */
export function EstadoBadge({ activo }: { activo: boolean }) {
  return (
    // The theme keeps its text whole and at AA contrast (app/theme.ts).
    <Badge color={activo ? 'green' : 'gray'} variant={activo ? 'light' : 'outline'}>
      {activo ? 'Activo' : 'Inactivo'}
    </Badge>
  );
}
