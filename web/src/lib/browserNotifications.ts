/** Shown where the browser has no Notification API (operaciones §8). */
export const MSG_NO_SOPORTADAS = 'Las notificaciones no están soportadas en este navegador';

/** Push notification tags (operaciones §9) by notification type; terminal-fluvial by default. */
const TAGS: Record<string, string> = {
  venta: 'venta-realizada',
  caja_abierta: 'caja-abierta',
  caja_cerrada: 'caja-cerrada',
  alerta: 'system-error',
};
const TAG_DEFECTO = 'terminal-fluvial';

/** The tag of a notification type. */
function tagDe(tipo: string): string {
  return TAGS[tipo] ?? TAG_DEFECTO;
}

/** Whether this browser has the Notification API. */
function notificacionesSoportadas(): boolean {
  return typeof window !== 'undefined' && 'Notification' in window;
}

/** The current permission, or 'no-soportado'. */
export function permisoNotificaciones(): NotificationPermission | 'no-soportado' {
  return notificacionesSoportadas() ? Notification.permission : 'no-soportado';
}

/** Asks for permission; call it from a click (browsers refuse otherwise). */
export async function pedirPermisoNotificaciones(): Promise<NotificationPermission | 'no-soportado'> {
  if (!notificacionesSoportadas()) return 'no-soportado';
  return Notification.requestPermission();
}

/**
 * Shows a browser notification when permitted and the tab is in the
 * background (in front, the toast says it). A system error stays until the
 * user acts on it.
 */
export function mostrarNotificacionNavegador(n: { tipo: string; titulo: string; mensaje: string }): void {
  if (permisoNotificaciones() !== 'granted' || document.visibilityState !== 'hidden') return;
  const tag = tagDe(n.tipo);
  new Notification(n.titulo, { body: n.mensaje, tag, requireInteraction: tag === 'system-error' });
}
