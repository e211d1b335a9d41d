import { Badge } from '@mantine/core';

/** Whether the logged action succeeded: 'Exitoso' or 'Fallido'. */
export function EstadoLog({ exito }: { exito: boolean }) {
  return <Badge variant="light" color={exito ? 'green' : 'red'}>{exito ? 'Exitoso' : 'Fallido'}</Badge>;
}
