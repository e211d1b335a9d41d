import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { Schema } from './contract';
import { serviciosKeys } from './keys';

// Types of internal/api/servicios.go.

/** One card of the service monitor: database, e-mail, WhatsApp or WebSocket. */
export type Servicio = Schema<'Servicio'>;

/** The monitor checks every 30 s (backoffice §9). */
const SERVICIOS_REFRESCO_MS = 30_000;

export const estadoServiciosQuery = queryOptions({
  queryKey: serviciosKeys.all,
  queryFn: ({ signal }) => api.get<Servicio[]>('/admin/servicios', { signal }),
  refetchInterval: SERVICIOS_REFRESCO_MS,
  staleTime: 0,
});

export function useEstadoServicios() {
  return useQuery(estadoServiciosQuery);
}
