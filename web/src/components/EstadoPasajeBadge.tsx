import { Badge } from '@mantine/core';
import type { EstadoPasaje } from '@/api/pasajes';

const ESTILO: Record<EstadoPasaje, { color: string; label: string }> = {
  activo: { color: 'green', label: 'Activo' },
  usado: { color: 'blue', label: 'Usado' },
  cancelado: { color: 'red', label: 'Cancelado' },
};

/** Labels of the ticket states. */
export const ESTADO_LABELS: Record<EstadoPasaje, string> = { activo: 'Activo', usado: 'Usado', cancelado: 'Cancelado' };

/** A ticket's state in words and colour. */
export function EstadoPasajeBadge({ estado }: { estado: string }) {
  const estilo = ESTILO[estado as EstadoPasaje] ?? { color: 'gray', label: estado };
  return <Badge color={estilo.color} variant="light" miw="max-content">{estilo.label}</Badge>;
}
