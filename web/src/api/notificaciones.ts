import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { conConsulta, type Consulta, type Parametros, type Schema } from './contract';
import { notificacionesKeys } from './keys';

// Types of internal/api/notificaciones.go.

/**
 * One of the session's notifications (operaciones §3): one shape per kind, its `tipo`, whose `datos` is
 * that kind's payload (narrow by `tipo`: a sale's datos is its nuevaVenta event's).
 */
export type Notificacion = Schema<'Notificacion'>;

/** The notifications of kind T: `NotificacionDe<'venta'>['datos']` is the sale's payload. */
export type NotificacionDe<T extends Notificacion['tipo']> = Extract<Notificacion, { tipo: T }>;

/** GET /notificaciones: the newest (at most 50) and how many are unread. */
export type Notificaciones = Schema<'Notificaciones'>;

/** The filters of the notification centre (backoffice §2.22): by state and by type. */
export type FiltroNotificaciones = Required<Consulta<'listarNotificaciones'>>;

/** State filter of the notification centre. */
export type EstadoFiltro = FiltroNotificaciones['estado'];

/** Type filter of the notification centre (caja: opened and closed registers). */
export type TipoFiltro = FiltroNotificaciones['tipo'];

/** The filters of the header panel: everything. */
export const SIN_FILTRO: FiltroNotificaciones = { estado: 'todas', tipo: 'todas' };

/** The session's notifications after the filters (refreshed by the notificacion event). */
export function notificacionesQuery(f: FiltroNotificaciones = SIN_FILTRO) {
  const path = conConsulta('/notificaciones', f satisfies Parametros<'listarNotificaciones'>);
  return queryOptions({
    queryKey: notificacionesKeys.lista(f),
    queryFn: ({ signal }) => api.get<Notificaciones>(path, { signal }),
  });
}

/** The four writes of the bell and the centre; each refreshes every list of notifications. */
function useNotificacionesMutation<V>(run: (v: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificacionesKeys.all }),
  });
}

/** PUT /notificaciones/{id}/leida. */
export const useMarcarLeida = () => useNotificacionesMutation((id: number) => api.put(`/notificaciones/${id}/leida`));
/** PUT /notificaciones/leidas. */
export const useMarcarTodasLeidas = () => useNotificacionesMutation(() => api.put('/notificaciones/leidas'));
/** DELETE /notificaciones/{id}. */
export const useEliminarNotificacion = () => useNotificacionesMutation((id: number) => api.delete(`/notificaciones/${id}`));
/** DELETE /notificaciones. */
export const useLimpiarNotificaciones = () => useNotificacionesMutation(() => api.delete('/notificaciones'));
