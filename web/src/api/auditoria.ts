import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { fetchFile, type Archivo } from '@/lib/files';
import { conConsulta, type Consulta, type Filtros, type Parametros, type Schema } from './contract';
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

type ConsultaAuditoria = Consulta<'listarAuditoria'>;

/** The filters of the audit list (only the non-empty ones are sent, backoffice §2.14) and its page. */
export type FiltrosAuditoria = Partial<Filtros<ConsultaAuditoria, 'empresa_id' | 'usuario_id' | 'accion' | 'fecha_desde' | 'fecha_hasta'>> &
  Record<keyof Pick<ConsultaAuditoria, 'limite' | 'pagina'>, number>;

/** Page sizes of the audit reports (backoffice §9); the logs offer the first three. */
export const LIMITES_AUDITORIA = [25, 50, 100, 200] as const;
export const LIMITES_LOGS = [25, 50, 100] as const;
export const LIMITE_AUDITORIA_DEFECTO = 50;


export function useLogsAuditoria(filtros: FiltrosAuditoria, enabled = true) {
  return useQuery(queryOptions({
    queryKey: auditoriaKeys.logs(filtros),
    queryFn: ({ signal }) =>
      api.get<ListadoAuditoria>(conConsulta('/config/auditoria/logs', filtros satisfies Parametros<'listarAuditoria'>), { signal }),
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
      api.get<UsuarioDeFiltro[]>(conConsulta('/config/auditoria/usuarios', { busqueda } satisfies Parametros<'usuariosAuditables'>), { signal }),
    placeholderData: keepPreviousData,
  }));
}

/** The page the report shows, as a CSV. */
export function exportarAuditoria(filtros: FiltrosAuditoria): Promise<Archivo> {
  return fetchFile(conConsulta('/config/auditoria/logs/export', filtros satisfies Parametros<'exportarAuditoria'>));
}
