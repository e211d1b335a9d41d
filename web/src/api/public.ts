import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { conConsulta, type Parametros, type Schema } from './contract';
import { publicKeys } from './keys';

// Types of internal/api/public.go.

/** GET /public/stats: figures for the landing page (0 where there is no data). */
export type PublicStats = Schema<'EstadisticasPublicas'>;

/** GET /public/empresa: the installation's public company ({} when there is none). */
export type PublicEmpresa = Schema<'ContactoPublico'>;

/** GET /public/pasaje: a ticket from the mail's link (its number and signed QR code). */
export type PasajePublico = Schema<'PasajePublico'>;

// Queries.

/** Landing figures. */
export const publicStatsQuery = queryOptions({
  queryKey: publicKeys.stats(),
  queryFn: ({ signal }) => api.get<PublicStats>('/public/stats', { signal }),
});

/** Landing company and contact data. */
export const publicEmpresaQuery = queryOptions({
  queryKey: publicKeys.empresa(),
  queryFn: ({ signal }) => api.get<PublicEmpresa>('/public/empresa', { signal }),
});

/** The ticket of the mail's link; 404 'Pasaje no encontrado' for any code that is not the ticket's. */
export function pasajePublicoQuery(numero: string, codigo: string) {
  return queryOptions({
    queryKey: publicKeys.pasaje(numero, codigo),
    queryFn: ({ signal }) => api.get<PasajePublico>(conConsulta('/public/pasaje', { numero, codigo } satisfies Parametros<'pasajePublico'>), { signal }),
  });
}
