import { Badge } from '@mantine/core';
import type { EstadoConexion } from '@/api/whatsapp';

/** Label and colour of each state of the link (backoffice §4). */
const ESTADOS: Record<EstadoConexion, { label: string; color: string }> = {
  connected: { label: 'Conectado', color: 'green' },
  connecting: { label: 'Conectando', color: 'blue' },
  disconnected: { label: 'Desconectado', color: 'red' },
  qr_ready: { label: 'Esperando escaneo del QR', color: 'orange' },
  not_initialized: { label: 'No inicializado', color: 'gray' },
};

/** A state the server named that the table does not know. */
const DESCONOCIDO = { label: 'Estado desconocido', color: 'gray' };

/** The link's state as a badge; a state outside §4 reads 'Estado desconocido'. */
export function EstadoWhatsAppBadge({ status }: { status: string }) {
  const e = Object.hasOwn(ESTADOS, status) ? ESTADOS[status as EstadoConexion] : DESCONOCIDO;
  return <Badge color={e.color} variant="light" size="lg">{e.label}</Badge>;
}
