import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useIdempotencyKeys } from '@/lib/idempotency';
import { invalidateFor } from './invalidation';
import type { paths } from './types.gen';
import { conConsulta, type Consulta, type Ruta, type Schema } from './contract';
import { configKeys } from './keys';

// Types of internal/api/config.go.

/**
 * The three company lists edited under Configuración (backoffice §2.2): the paths
 * /api/config/{lista} whose list takes ?activos (secciones, tipos-viaje, medios-pago).
 */
export type CatalogoKey = { [P in Ruta]: P extends `/api/config/${infer K}` ? (ConActivos<P> extends true ? K : never) : never }[Ruta];

/** Whether the GET of a path takes the query of a catalog's list. */
type ConActivos<P extends Ruta> = paths[P] extends { get: { parameters: { query?: infer Q } } }
  ? [NonNullable<Q>] extends [never] ? false : 'activos' extends keyof NonNullable<Q> ? true : false
  : false;

/** The query of a catalog's list (the three are the same). */
type ConsultaCatalogo = Consulta<'listarSecciones'>;

/** An entry of a list: a section, trip type or payment method (GET /config/{lista}). */
export type ItemCatalogo = Schema<'ItemCatalogo'>;

/** Body of POST and PUT /config/{lista}. */
export type ItemInput = Schema<'GuardarItemCatalogo'>;

/** Answer of DELETE /config/{lista}/{id}: true when tickets use it and it was deactivated instead. */
export type EliminacionItem = Schema<'ItemEliminado'>;

/** A stop of a section's route: its name and the minutes from the first stop (GET /config/secciones/{id}/paradas). */
export type Parada = Schema<'Parada'>;

/** One cell of the price table. */
export type Precio = Schema<'Precio'>;

// Queries and mutations.

/** Every entry of a list, active and inactive. */
export function catalogoQuery(key: CatalogoKey) {
  return queryOptions({
    queryKey: configKeys.lista(key),
    queryFn: ({ signal }) => api.get<ItemCatalogo[]>(`/config/${key}`, { signal }),
  });
}

function activos(key: CatalogoKey) {
  return queryOptions({
    queryKey: configKeys.activos(key),
    queryFn: ({ signal }) =>
      api.get<ItemCatalogo[]>(conConsulta(`/config/${key}`, { activos: true } satisfies ConsultaCatalogo), { signal }),
  });
}

/** Active sections (GET /config/secciones?activos=true). */
export const seccionesActivasQuery = activos('secciones');
/** Active trip (passenger) types. */
export const tiposViajeActivosQuery = activos('tipos-viaje');
/** Active payment methods. */
export const mediosPagoActivosQuery = activos('medios-pago');

/** The company's whole price table (GET /config/precios). */
export const preciosQuery = queryOptions({
  queryKey: configKeys.precios(),
  queryFn: ({ signal }) => api.get<Precio[]>('/config/precios', { signal }),
});

/** Every entry of a list, active and inactive. */
export function useCatalogo(key: CatalogoKey) {
  return useQuery(catalogoQuery(key));
}

/** Creates (no id) or updates an entry; resolves with the server's message. */
export function useGuardarItem(key: CatalogoKey) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: ItemInput }) =>
      id === undefined
        ? api.send<ItemCatalogo>('POST', `/config/${key}`, input)
        : api.send<ItemCatalogo>('PUT', `/config/${key}/${id}`, input),
    onSuccess: () => invalidateFor(queryClient, 'configActualizada'),
  });
}

/** Deletes an entry; the server deactivates it instead when tickets use it (data.desactivado). */
export function useEliminarItem(key: CatalogoKey) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.send<EliminacionItem>('DELETE', `/config/${key}/${id}`),
    // Deleting a section or a trip type deletes its prices too.
    onSuccess: () => invalidateFor(queryClient, 'configActualizada'),
  });
}

/** The whole price table of the company. */
export function usePrecios() {
  return useQuery(preciosQuery);
}

/** Saves some prices in one call (all or none); the answer is the whole new table. */
export function useGuardarPrecios() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (precios: Precio[]) => api.send<Precio[]>('PUT', '/config/precios', { precios }),
    onSuccess: ({ data }) => queryClient.setQueryData(preciosQuery.queryKey, data),
  });
}

/** A section's route: its stops in order (refreshed by configActualizada through configKeys). */
export function paradasQuery(seccionId: number) {
  return queryOptions({
    queryKey: configKeys.paradas(seccionId),
    queryFn: ({ signal }) => api.get<Parada[]>(`/config/secciones/${seccionId}/paradas`, { signal }),
  });
}

/** The stops of a section's route. */
export function useParadas(seccionId: number) {
  return useQuery(paradasQuery(seccionId));
}

/** Replaces a section's stops (PUT, an Idempotency-Key per attempt); resolves with the stops saved and the server's message. */
export function useGuardarParadas(seccionId: number) {
  const queryClient = useQueryClient();
  const keys = useIdempotencyKeys();
  return useMutation({
    mutationFn: (paradas: Parada[]) => {
      const body = { paradas } satisfies Schema<'GuardarParadas'>;
      return api.send<Parada[]>('PUT', `/config/secciones/${seccionId}/paradas`, body, { idempotencyKey: keys.keyFor(body) });
    },
    onSuccess: ({ data }) => {
      keys.reset();
      queryClient.setQueryData(configKeys.paradas(seccionId), data);
      return invalidateFor(queryClient, 'configActualizada');
    },
  });
}
