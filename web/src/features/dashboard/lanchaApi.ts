import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** GET /dashboard/lancha/stats: today's boarding. */
export interface LanchaStats {
  embarcados_hoy: number;
  mis_embarcados_hoy: number;
  pendientes_hoy: number;
  total_pasajes_hoy: number;
  ultima_validacion: string | null;
  porcentaje_completado: number;
}

/** One of the latest validations of the company. */
export interface ValidacionReciente {
  id: number;
  numero_pasaje: string;
  fecha_embarque: string;
  cliente_nombre: string;
  seccion_nombre: string;
  validado_por: string;
}

/** The boarding dashboard polls every 30 s; figures younger than 20 s are not fetched again. */
const REFRESCO = { refetchInterval: 30_000, staleTime: 20_000 } as const;

/** Today's counters of the boarding dashboard. */
export const lanchaStatsQuery = queryOptions({
  queryKey: ['dashboard', 'lancha', 'stats'],
  queryFn: ({ signal }) => api.get<LanchaStats>('/dashboard/lancha/stats', { signal }),
  ...REFRESCO,
});

/** The latest 10 validations. */
export const lanchaRecientesQuery = queryOptions({
  queryKey: ['dashboard', 'lancha', 'recientes'],
  queryFn: ({ signal }) => api.get<ValidacionReciente[]>('/dashboard/lancha/recientes', { signal }),
  ...REFRESCO,
});
