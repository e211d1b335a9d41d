import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { fetchFile, type Archivo } from '@/lib/files';
import type { Schema } from './contract';
import { auditoriaKeys } from './keys';

// Types of internal/api/auditoria.go.

/** One page of the audit trail. */
export type ListadoAuditoria = Schema<'ListadoAuditoria'>;
/** An audit entry. */
export type RegistroAuditoria = Schema<'RegistroAuditoria'>;
/** The 7-day summary and the filters' choices. */
export type EstadisticasAuditoria = Schema<'EstadisticasAuditoria'>;
/** A user the user logs may be filtered by. */
export type UsuarioDeFiltro = Schema<'UsuarioDeFiltro'>;

/** The filters of the audit list; empty ones are not sent. */
export interface FiltrosAuditoria {
  empresa_id?: string;
  usuario_id?: string;
  accion?: string;
  fecha_desde?: string;
  fecha_hasta?: string;
  limite: number;
  pagina: number;
}

/** Page sizes of the audit reports (backoffice §9); the logs offer the first three. */
export const LIMITES_AUDITORIA = [25, 50, 100, 200] as const;
export const LIMITES_LOGS = [25, 50, 100] as const;
export const LIMITE_AUDITORIA_DEFECTO = 50;

/** The query string of the filters: only the non-empty ones (backoffice §2.14). */
export function auditoriaParams(filtros: FiltrosAuditoria): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filtros)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return params.toString();
}

export function useLogsAuditoria(filtros: FiltrosAuditoria, enabled = true) {
  return useQuery(queryOptions({
    queryKey: auditoriaKeys.logs(filtros),
    queryFn: ({ signal }) => api.get<ListadoAuditoria>(`/config/auditoria/logs?${auditoriaParams(filtros)}`, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  }));
}

export function useEstadisticasAuditoria() {
  return useQuery(queryOptions({
    queryKey: auditoriaKeys.estadisticas(),
    queryFn: ({ signal }) => api.get<EstadisticasAuditoria>('/config/auditoria/estadisticas', { signal }),
  }));
}

/** Users of every company whose login or name contains `busqueda`. */
export function useUsuariosAuditables(busqueda: string) {
  return useQuery(queryOptions({
    queryKey: auditoriaKeys.usuarios(busqueda),
    queryFn: ({ signal }) =>
      api.get<UsuarioDeFiltro[]>(`/config/auditoria/usuarios?${new URLSearchParams({ busqueda })}`, { signal }),
    placeholderData: keepPreviousData,
  }));
}

/** The page the report shows, as a CSV. */
export function exportarAuditoria(filtros: FiltrosAuditoria): Promise<Archivo> {
  return fetchFile(`/config/auditoria/logs/export?${auditoriaParams(filtros)}`);
}
