import { lazy, Suspense, useLayoutEffect, useState, type ComponentType } from 'react';
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

/** True from the first time `abierto` is: a dialog mounted when first opened stays (its closing transition runs). */
export function useAbiertoUnaVez(abierto: boolean): boolean {
  const [visto, setVisto] = useState(abierto);
  if (abierto && !visto) setVisto(true);
  return visto;
}

/**
 * `opened`, but false in the first render: a dialog mounted as it opens mounts closed and opens
 * before the browser paints, so Mantine sees `opened` change (it records where the focus was, to
 * return it on closing, and runs the opening transition), as if it had been mounted all along.
 */
function useAbiertoTrasMontar(opened: boolean): boolean {
  const [montado, setMontado] = useState(false);
  // the second render, closed to open, is the point
  // eslint-disable-next-line react-hooks/set-state-in-effect
  useLayoutEffect(() => setMontado(true), []);
  return opened && montado;
}

/** `Dialogo` (a Mantine Modal or Drawer, or a component around one) mounted as it opens: see useAbiertoTrasMontar. */
export function abiertoTrasMontar<P extends { opened: boolean }>(Dialogo: ComponentType<P>): ComponentType<P> {
  return function AbiertoTrasMontar(props: P) {
    return <Dialogo {...props} opened={useAbiertoTrasMontar(props.opened)} />;
  };
}
