import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useIdempotencyKeys } from '@/lib/idempotency';
import { conConsulta, type Consulta, type Parametros, type Schema } from './contract';
import { conflictosKeys } from './keys';

// Types of internal/api/sincronizacion.go (the offline sync's conflicts).

/** A conflict of the offline sync: a refused sale or boarding, or a ticket boarded on two devices. */
export type ConflictoOffline = Schema<'ConflictoOffline'>;
/** One act of a conflict: who, on which device ('' when it was online), when. */
export type LadoConflicto = Schema<'LadoConflicto'>;
/** One page of conflicts. */
export type ListadoConflictos = Schema<'ListadoConflictos'>;
/** The pending conflicts or the resolved ones. */
export type EstadoConflictos = NonNullable<Consulta<'listarConflictos'>['estado']>;

/** A ticket a conflict names (an offline sale's) with the passenger it names (null: none). */
export type PasajeDelConflicto = Schema<'PasajeDelConflicto'>;
/** The body of PUT /sync/conflictos/{id}/pasajeros. */
export type NombrarPasajeros = Schema<'NombrarPasajeros'>;

/** Conflicts per page. */
export const CONFLICTOS_POR_PAGINA = 20;

/** A page of the company's conflicts, newest first (GET /sync/conflictos); refreshed by an alertaSistema event. */
export function conflictosQuery(estado: EstadoConflictos, page: number) {
  const path = conConsulta('/sync/conflictos', { estado, page, limit: CONFLICTOS_POR_PAGINA } satisfies Parametros<'listarConflictos'>);
  return queryOptions({
    queryKey: conflictosKeys.lista(estado, page),
    queryFn: ({ signal }) => api.get<ListadoConflictos>(path, { signal }),
    // another page of the same list keeps the one on screen until it arrives; the other list never shows this one's
    placeholderData: (previa, consulta) => (consulta?.queryKey[1] === estado ? previa : undefined),
  });
}

export const useConflictos = (estado: EstadoConflictos, page: number) => useQuery(conflictosQuery(estado, page));

/** Marks a conflict resolved with an optional note; resolves with the server's message, then refreshes the lists. */
export function useResolverConflicto() {
  const queryClient = useQueryClient();
  const keys = useIdempotencyKeys();
  return useMutation({
    mutationFn: ({ id, nota }: { id: number; nota: string }) =>
      api.send<ConflictoOffline>('POST', `/sync/conflictos/${id}/resolver`, { nota }, { idempotencyKey: keys.keyFor({ id, nota }) }),
    onSuccess: () => {
      keys.reset();
      return queryClient.invalidateQueries({ queryKey: conflictosKeys.all });
    },
  });
}

/** The tickets of a conflict with their passengers (GET /sync/conflictos/{id}/pasajes). */
export const pasajesDelConflictoQuery = (id: number) => queryOptions({
  queryKey: conflictosKeys.pasajes(id),
  queryFn: ({ signal }) => api.get<PasajeDelConflicto[]>(`/sync/conflictos/${id}/pasajes`, { signal }),
});

/** Names the passengers of a conflict's tickets, sent once per body (Idempotency-Key); the answer is the tickets as now. */
export function useNombrarPasajeros(id: number) {
  const queryClient = useQueryClient();
  const keys = useIdempotencyKeys();
  return useMutation({
    mutationFn: (body: NombrarPasajeros) =>
      api.send<PasajeDelConflicto[]>('PUT', `/sync/conflictos/${id}/pasajeros`, body, { idempotencyKey: keys.keyFor(body) }),
    onSuccess: ({ data }) => {
      keys.reset();
      queryClient.setQueryData(conflictosKeys.pasajes(id), data);
    },
  });
}
