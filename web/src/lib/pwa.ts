import { cuandoInactivo } from './idle';

/** The service worker the build writes (web/src/sw.ts). */
const SERVICE_WORKER = '/sw.js';

/** How long an open app (an installed one stays open for days) goes before it asks for a new release again. */
const BUSCAR_VERSION_CADA_MS = 60 * 60_000;

/**
 * Registers the service worker once the page has loaded and the browser is idle, so that its
 * download and its precaching never compete with the first screen. Only in a build: the dev server
 * and the tests (jsdom) run without one. A browser that refuses it keeps working online.
 */
export function registrarServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const registrar = () => cuandoInactivo(() => void iniciar().catch(() => undefined));
  if (document.readyState === 'complete') registrar();
  else window.addEventListener('load', registrar, { once: true });
}

async function iniciar(): Promise<void> {
  const { Workbox } = await import('workbox-window');
  const wb = new Workbox(SERVICE_WORKER, { scope: '/' });
  await wb.register({ immediate: true });
  // The browser looks for a new release on each navigation; an app left open looks again when it
  // comes back to the foreground (at most once an hour). The new release is used from the next load.
  let ultimaBusqueda = Date.now();
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'visible' || Date.now() - ultimaBusqueda < BUSCAR_VERSION_CADA_MS) return;
    ultimaBusqueda = Date.now();
    void wb.update().catch(() => undefined);
  });
}

/** sessionStorage: when the page last reloaded itself because a chunk of its release was gone. */
export const CLAVE_RECARGA = 'muelle:recarga-por-version';

/**
 * A second failure this soon after such a reload is not a release change (no network and no
 * cached copy, a broken build): the error shows instead of a reload loop.
 */
export const VENTANA_RECARGA_MS = 60_000;

let recargando = false;

function ultimaRecarga(): number {
  try {
    return Number(sessionStorage.getItem(CLAVE_RECARGA)) || 0;
  } catch {
    return 0;
  }
}

function anotarRecarga(ahora: number): void {
  try {
    sessionStorage.setItem(CLAVE_RECARGA, String(ahora));
  } catch {
    // without sessionStorage the reload still happens; a loop is then bounded by the browser
  }
}

/**
 * A tab still running a release that a new one replaced asks for a chunk of its own (a screen not
 * yet opened): it is gone from the server and from the service worker's cache, and the import
 * fails (Vite's `vite:preloadError`). The page then reloads, once, into the new release, instead of
 * showing a broken screen. Mount once, at boot; returns the unsubscribe.
 */
export function recargarSiFaltaUnaParte(recargar: () => void = () => window.location.reload()): () => void {
  const alFallar = () => {
    const ahora = Date.now();
    if (recargando || ahora - ultimaRecarga() < VENTANA_RECARGA_MS) return;
    recargando = true;
    anotarRecarga(ahora);
    recargar();
  };
  window.addEventListener('vite:preloadError', alFallar);
  return () => window.removeEventListener('vite:preloadError', alFallar);
}

/**
 * What a lazy screen does with its failed import: while the page reloads into the new release it
 * waits (its loader stays on screen), otherwise the error is the screen's.
 */
export function esperarRecarga<T>(error: unknown): Promise<T> {
  return recargando ? new Promise<T>(() => undefined) : Promise.reject(error);
}
