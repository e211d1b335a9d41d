import type { QueryClient } from '@tanstack/react-query';
import { cajaEstadoQuery } from '@/api/caja';
import { mediosPagoActivosQuery, preciosQuery, seccionesActivasQuery, tiposViajeActivosQuery } from '@/api/config';
import { esteDispositivoQuery } from '@/api/esteDispositivo';

/** What the sale screen reads before it shows anything (routes/VentaPasajesPage.tsx), fetched ahead. */
export function precargarVenta(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(seccionesActivasQuery);
  void queryClient.prefetchQuery(tiposViajeActivosQuery);
  void queryClient.prefetchQuery(mediosPagoActivosQuery);
  void queryClient.prefetchQuery(cajaEstadoQuery);
  void queryClient.prefetchQuery(preciosQuery);
  // This browser's registration as a device (its own storage), read with the screen's code: it is
  // there for the first render, instead of rendering the whole sale screen again once read.
  void queryClient.prefetchQuery(esteDispositivoQuery);
}
