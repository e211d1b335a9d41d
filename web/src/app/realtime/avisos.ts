import type { MensajeSocket } from '@/api/socket';
import { mostrarNotificacionNavegador } from '@/lib/browserNotifications';
import { notifyInfo, notifyWarning } from '@/lib/notify';

/** What a stored notification says (the payload of the notificacion event). */
interface DatosNotificacion {
  tipo: string;
  titulo: string;
  mensaje: string;
}

/** Toasts of the events each role cares about: its notifications; sellers also a changed configuration. */
export function avisar(m: MensajeSocket, rol: string | null): void {
  if (m.evento === 'notificacion') {
    const n = m.datos as DatosNotificacion;
    (n.tipo === 'alerta' ? notifyWarning : notifyInfo)(n.mensaje, n.titulo);
    mostrarNotificacionNavegador(n);
  }
  if (m.evento === 'configActualizada' && rol === 'vendedor') {
    notifyInfo('Se actualizaron las secciones, tipos de viaje o precios', 'Configuración actualizada');
  }
}

