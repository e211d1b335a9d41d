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

/**
 * False until the browser is first idle after the component mounted: what the first screen does
 * not show (closed dialogs, the socket) waits for it, and a slow phone paints the screen sooner.
 * The render it causes is a transition (React renders it in slices).
 */
export function useInactivo(): boolean {
  const [inactivo, setInactivo] = useState(false);
  useEffect(() => cuandoInactivo(() => startTransition(() => setInactivo(true))), []);
  return inactivo;
}

/**
 * Once the browser is idle, loads what `cargar` brings (a module the first screen does not need,
 * such as the offline chunk: Dexie, the sync worker) and starts `iniciar` with it. Returns the stop:
 * before the load it cancels the start, after it ends what `iniciar` started.
 */
export function iniciarCuandoInactivo<M>(cargar: () => Promise<M>, iniciar: (modulo: M) => () => void): () => void {
  let detener: (() => void) | null = null;
  let vigente = true;
  const cancelar = cuandoInactivo(() => {
    void cargar().then((modulo) => {
      if (vigente) detener = iniciar(modulo);
    });
  });
  return () => {
    vigente = false;
    cancelar();
    detener?.();
  };
}
