import { recargarSiFaltaUnaParte, registrarServiceWorker } from './lib/pwa';

// Before any chunk is asked for: a tab left on a replaced release reloads into the new one.
recargarSiFaltaUnaParte();
void arrancarPorPasos();

// The service worker (offline use), once the page has loaded and the browser is idle.
registrarServiceWorker();

/** Hands the main thread back to the browser (a tap, a paint, an answer) between two steps of the boot. */
function ceder(): Promise<void> {
  return new Promise((listo) => setTimeout(listo, 0));
}

/**
 * The boot in steps, each a task of its own: React, then the app's modules, then the first render
 * (app/arranque.tsx). index.html asks for their chunks with the page (vite.config.ts, precargarLogin).
 * Evaluated at once they were one task of 40–80 ms on a desktop: a phone takes about four times as
 * long, answering no tap meanwhile (Lighthouse's blocking time).
 */
async function arrancarPorPasos(): Promise<void> {
  await import('react-dom/client');
  await ceder();
  const { arrancar } = await import('./app/arranque');
  await ceder();
  arrancar();
}
