import { lazy, Suspense, useState, type ComponentType } from 'react';
import { esperarRecarga } from '@/lib/pwa';

/**
 * A component whose code is a chunk apart, downloaded the first time it renders (nothing shows
 * meanwhile): what the first screen does not show (a closed panel, a notice read from the offline
 * database) stays out of its download. The service worker precaches every chunk: it loads offline
 * too. A chunk of a release the server no longer has waits for the reload into the new one (lib/pwa).
 */
export function diferido<P extends object>(cargar: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Componente = lazy(() => cargar().catch((error: unknown) => esperarRecarga<ComponentType<P>>(error)).then((c) => ({ default: c })));
  return function Diferido(props: P) {
    return (
      <Suspense fallback={null}>
        <Componente {...props} />
      </Suspense>
    );
  };
}

/** True from the first time `abierto` is: a deferred dialog mounts when first opened and stays (its closing transition runs). */
export function useAbiertoUnaVez(abierto: boolean): boolean {
  const [visto, setVisto] = useState(abierto);
  if (abierto && !visto) setVisto(true);
  return visto;
}
