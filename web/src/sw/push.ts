/// <reference lib="webworker" />
/*
 * The service worker's side of Web Push (docs/features/web-push.md): a push from the server
 * (internal/domain/push.go: {title, body, tag, url, requireInteraction}) is shown as a notification
 * even with every tab closed, and a click on it opens its screen in a Muelle window.
 */

/** The tag of a push that names none (operaciones §9). */
export const TAG_PUSH_DEFECTO = 'terminal-fluvial';
/** The app's icon (public/), shown beside the notification. */
export const ICONO_PUSH = '/icono-192.png';
/** What a push without title says. */
const TITULO_DEFECTO = 'Muelle';
/** The screen a push without a usable url opens: the notification centre. */
const PANTALLA_DEFECTO = '/admin/notificaciones';

/** What a push carries, as the server sends it; any field may be missing. */
interface DatosPush {
  title?: unknown;
  body?: unknown;
  tag?: unknown;
  url?: unknown;
  requireInteraction?: unknown;
}

/** The notification of a push: its title and what showNotification takes. */
export interface AvisoPush {
  titulo: string;
  opciones: NotificationOptions & { data: { url: string } };
}

const texto = (v: unknown, defecto: string) => (typeof v === 'string' && v.trim() !== '' ? v : defecto);

/** The push's JSON; a push that is not JSON is shown as its text. */
function datosDe(data: PushMessageData | null): DatosPush {
  if (!data) return {};
  try {
    const json: unknown = data.json();
    return json !== null && typeof json === 'object' ? (json as DatosPush) : {};
  } catch {
    return { body: data.text() };
  }
}

/**
 * The screen to open, as an address of this origin: a path of the app, never another site (a push
 * is the server's, but a click must not leave Muelle whatever it says).
 */
export function destinoDe(url: unknown, origen: string): string {
  const candidato = texto(url, PANTALLA_DEFECTO);
  try {
    const destino = new URL(candidato, origen);
    if (destino.origin === origen) return destino.href;
  } catch {
    // not an address: the default screen
  }
  return new URL(PANTALLA_DEFECTO, origen).href;
}

/** The notification a push shows: its words, its tag (terminal-fluvial by default), the icon and the screen to open. */
export function avisoDe(data: PushMessageData | null, origen: string): AvisoPush {
  const d = datosDe(data);
  return {
    titulo: texto(d.title, TITULO_DEFECTO),
    opciones: {
      body: texto(d.body, ''),
      tag: texto(d.tag, TAG_PUSH_DEFECTO),
      icon: ICONO_PUSH,
      badge: ICONO_PUSH,
      requireInteraction: d.requireInteraction === true,
      data: { url: destinoDe(d.url, origen) },
    },
  };
}

/**
 * Brings the screen to the user: a Muelle window already open is focused and taken to it (the one
 * showing it, if any); with none, a new window opens on it.
 */
async function abrir(sw: ServiceWorkerGlobalScope, destino: string): Promise<void> {
  const ventanas = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const propias = ventanas.filter((v) => new URL(v.url).origin === sw.location.origin);
  const ventana = propias.find((v) => v.url === destino) ?? propias[0];
  if (!ventana) {
    await sw.clients.openWindow(destino);
    return;
  }
  const enfocada = await ventana.focus();
  if (enfocada.url === destino) return;
  // navigate() refuses a window this worker does not control (one opened before it installed)
  const llevada = await enfocada.navigate(destino).catch(() => null);
  if (!llevada) await sw.clients.openWindow(destino);
}

/** Shows the server's pushes and opens their screen on a click; call it once from the service worker. */
export function escucharPush(sw: ServiceWorkerGlobalScope): void {
  sw.addEventListener('push', (event) => {
    const { titulo, opciones } = avisoDe(event.data, sw.location.origin);
    event.waitUntil(sw.registration.showNotification(titulo, opciones));
  });
  sw.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const datos = event.notification.data as { url?: unknown } | null;
    event.waitUntil(abrir(sw, destinoDe(datos?.url, sw.location.origin)));
  });
}
