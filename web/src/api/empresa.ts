import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';

// Types of internal/api/empresa.go.

/** The logged-in user's company, as GET /config/empresa returns it. */
export interface Empresa {
  id?: number;
  nombre: string;
  logo_url?: string | null;
  ruc?: string | null;
  telefono?: string | null;
  email?: string | null;
  direccion?: string | null;
  color_primario?: string | null;
  /** IANA time zone of the business day, e.g. America/Argentina/Buenos_Aires. */
  timezone?: string | null;
}

// Keys and queries.

/** Query keys of the company. */
export const empresaKeys = {
  all: ['empresa'] as const,
  actual: (usuarioId: number | undefined) => [...empresaKeys.all, usuarioId] as const,
};

/** The company of the logged-in user (GET /config/empresa); one cache entry per user. */
export function empresaQuery(usuarioId: number | undefined) {
  return queryOptions({
    queryKey: empresaKeys.actual(usuarioId),
    queryFn: ({ signal }) => api.get<Empresa>('/config/empresa', { signal }),
  });
}
