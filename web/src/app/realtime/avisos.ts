import type { Eventos } from '@/api/invalidation';
import type { MensajeSocket } from '@/api/socket';
import { mostrarNotificacionNavegador } from '@/lib/browserNotifications';
import { notifyInfo, notifyWarning } from '@/lib/notify';

/** Toasts of the events each role cares about: its notifications; sellers also a changed configuration. */
export function avisar(m: MensajeSocket, rol: string | null): void {
  if (m.evento === 'notificacion') {
    const n = m.datos as Eventos['notificacion'];
    (n.tipo === 'alerta' ? notifyWarning : notifyInfo)(n.mensaje, n.titulo);
    mostrarNotificacionNavegador(n);
  }
  if (m.evento === 'configActualizada' && rol === 'vendedor') {
    notifyInfo('Se actualizaron las secciones, tipos de viaje o precios', 'Configuración actualizada');
  }
}

