import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { Schema } from './contract';
import { publicKeys } from './keys';

// Types of internal/api/public.go.

/** GET /public/stats: figures for the landing page (0 where there is no data). */
export type PublicStats = Schema<'EstadisticasPublicas'>;

/** GET /public/empresa: the installation's public company ({} when there is none). */
export type PublicEmpresa = Schema<'ContactoPublico'>;

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
