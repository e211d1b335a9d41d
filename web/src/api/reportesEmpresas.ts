import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { Schema } from './contract';

// Types of internal/api/reportes_empresas.go (super_admin).

/** The multi-company comparison over a period (GET /reportes/empresas). */
export type ComparativoEmpresas = Schema<'ComparativoEmpresas'>;
/** One company's figures of the comparison. */
export type ComparativoEmpresa = Schema<'ComparativoEmpresa'>;

/** Every company's tickets, income and registers over the period of `params` (parametrosPeriodo); off while null. */
export function comparativoEmpresasQuery(params: Record<string, string> | null) {
  return queryOptions({
    queryKey: ['reportes', 'empresas', params] as const,
    queryFn: ({ signal }) => api.get<ComparativoEmpresas>(`/reportes/empresas?${new URLSearchParams(params ?? {})}`, { signal }),
    enabled: params !== null,
  });
}
