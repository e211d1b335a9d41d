import type { QueryClient } from '@tanstack/react-query';
import { cajaEstadoQuery } from '@/api/caja';
import { mediosPagoActivosQuery, preciosQuery, seccionesActivasQuery, tiposViajeActivosQuery } from '@/api/config';

/** What the sale screen reads before it shows anything (routes/VentaPasajesPage.tsx), fetched ahead. */
export function precargarVenta(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(seccionesActivasQuery);
  void queryClient.prefetchQuery(tiposViajeActivosQuery);
  void queryClient.prefetchQuery(mediosPagoActivosQuery);
  void queryClient.prefetchQuery(cajaEstadoQuery);
  void queryClient.prefetchQuery(preciosQuery);
}
