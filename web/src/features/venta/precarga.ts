import type { QueryClient } from '@tanstack/react-query';
import { cajaEstadoQuery } from '@/api/caja';
import { mediosPagoActivosQuery, preciosQuery, seccionesActivasQuery, tiposViajeActivosQuery } from '@/api/config';
import { dispositivosKeys } from '@/api/keys';

/**
 * This browser's registration as a device, read from its own storage (also offline: the query
 * never waits for the network) by lib/dispositivo, a small chunk of its own. Null when it
 * has none or the browser keeps none.
 */
export const dispositivoVentaQuery = {
  queryKey: dispositivosKeys.este(),
  queryFn: async () => {
    try {
      const { dispositivoActual } = await import('@/lib/dispositivo');
      return await dispositivoActual();
    } catch {
      return null; // no IndexedDB: not registered
    }
  },
  networkMode: 'always',
} as const;

/** What the sale screen reads before it shows anything (routes/VentaPasajesPage.tsx), fetched ahead. */
export function precargarVenta(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(seccionesActivasQuery);
  void queryClient.prefetchQuery(tiposViajeActivosQuery);
  void queryClient.prefetchQuery(mediosPagoActivosQuery);
  void queryClient.prefetchQuery(cajaEstadoQuery);
  void queryClient.prefetchQuery(preciosQuery);
  // This browser's registration as a device (its own storage), read with the screen's code: it is
  // there for the first render, instead of rendering the whole sale screen again once read.
  void queryClient.prefetchQuery(dispositivoVentaQuery);
}
