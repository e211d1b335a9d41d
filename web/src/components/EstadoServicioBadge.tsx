import { Badge } from '@mantine/core';
import type { Servicio } from '@/api/servicios';

const ESTADOS: Record<Servicio['estado'], { label: string; color: string }> = {
  conectado: { label: 'Conectado', color: 'green' },
  desconectado: { label: 'Desconectado', color: 'red' },
  sin_configurar: { label: 'Sin configurar', color: 'gray' },
};

/** A service's state as the server checked it: green only when it works, grey when not configured. */
export function EstadoServicioBadge({ estado }: { estado: Servicio['estado'] }) {
  const e = ESTADOS[estado];
  return <Badge color={e.color} variant="light">{e.label}</Badge>;
}
