import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { Schema } from './contract';
import { empresaKeys } from './keys';

// Types of internal/api/empresa.go.

/** The logged-in user's company, as GET /config/empresa returns it. */
export type Empresa = Schema<'Empresa'>;

// Queries.

/** The company of the logged-in user (GET /config/empresa); one cache entry per user. */
export function empresaQuery(usuarioId: number | undefined) {
  return queryOptions({
    queryKey: empresaKeys.actual(usuarioId),
    queryFn: ({ signal }) => api.get<Empresa>('/config/empresa', { signal }),
  });
}
