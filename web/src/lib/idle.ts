import { startTransition, useEffect, useState } from 'react';

/** The longest a deferred piece of work waits for an idle browser. */
const ESPERA_MAXIMA_MS = 2_000;

/**
 * Runs `fn` once the browser is idle (the first paint done, the page's own work over), at most
 * ESPERA_MAXIMA_MS later; without requestIdleCallback (Safari), in the next task. Returns the cancel.
 */
export function cuandoInactivo(fn: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(fn, { timeout: ESPERA_MAXIMA_MS });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(fn, 0);
  return () => window.clearTimeout(id);
}

/** What waits for an idle browser through useInactivo, in the order it asked. */
const enEspera: (() => void)[] = [];
let cancelarTurno: (() => void) | null = null;

/** The next idle moment releases the first in the queue, and asks for one more while any waits. */
function pedirTurno(): void {
  if (cancelarTurno || enEspera.length === 0) return;
  cancelarTurno = cuandoInactivo(() => {
    cancelarTurno = null;
    enEspera.shift()?.();
    pedirTurno();
  });
}

/**
 * False until the browser is idle after the component mounted: what the first screen does not show
 * (closed dialogs, the bell's panel) waits for it, and a slow phone paints the screen sooner. Each
 * waiting component gets an idle moment of its own, one after another: mounted all at once (a sale
 * screen has half a dozen dialogs) they made one long task of a slow phone's main thread right after
 * the first paint. The render it causes is a transition (React renders it in slices).
 */
export function useInactivo(): boolean {
  const [inactivo, setInactivo] = useState(false);
  useEffect(() => {
    const liberar = () => startTransition(() => setInactivo(true));
    enEspera.push(liberar);
    pedirTurno();
    return () => {
      const i = enEspera.indexOf(liberar);
      if (i >= 0) enEspera.splice(i, 1);
    };
  }, []);
  return inactivo;
}
