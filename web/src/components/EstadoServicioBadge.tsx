import { Badge } from '@mantine/core';
import type { Servicio } from '@/api/servicios';

const ESTADOS: Record<Servicio['estado'], { label: string; color: string }> = {
  conectado: { label: 'Conectado', color: 'green' },
  desconectado: { label: 'Desconectado', color: 'red' },
  sin_configurar: { label: 'Sin configurar', color: 'gray' },
  sin_probar: { label: 'Configurado, sin probar', color: 'yellow' },
};

/** A service's state as the server checked it: green only when it works, grey when not configured, yellow while nothing proved it works. */
export function EstadoServicioBadge({ estado }: { estado: Servicio['estado'] }) {
  const e = ESTADOS[estado];
  return <Badge color={e.color} variant="light">{e.label}</Badge>;
}
