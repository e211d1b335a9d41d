import { Badge } from '@mantine/core';
import { ESTADOS_SALIDA, type EstadoSalida } from '@/api/salidas';

/** A departure's state as a badge: the word carries the meaning, the colour helps. */
export function EstadoSalidaBadge({ estado }: { estado: string }) {
  const e = ESTADOS_SALIDA[estado as EstadoSalida] ?? { label: estado, color: 'gray' };
  return <Badge color={e.color} variant="light">{e.label}</Badge>;
}

/** What the button that moves a departure to each state says. */
export const ACCION_ESTADO: Record<EstadoSalida, string> = {
  programada: 'Volver a programada',
  embarcando: 'Embarcar',
  zarpo: 'Zarpó',
  cancelada: 'Cancelar salida',
};

/** HH:MM, 00:00 to 23:59 (domain.ValidarHora). */
export const HORA_VALIDA = /^([01]\d|2[0-3]):[0-5]\d$/;
export const MSG_HORA = 'La hora debe tener el formato HH:MM (00:00 a 23:59)';
