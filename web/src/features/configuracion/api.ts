import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '../../lib/api';
import { preciosQuery, type ItemActivo, type Precio } from '../../lib/catalogo';
import type { CatalogoKey } from './catalogos';

/** An entry of a list: GET /config/{secciones|tipos-viaje|medios-pago}. */
export interface ItemCatalogo extends ItemActivo {
  /** Persons; sections only. */
  capacidad?: number;
}

/** Body of POST and PUT. */
export type ItemInput = Omit<ItemCatalogo, 'id'>;

export type { Precio };

const catalogoQueryKey = (key: CatalogoKey) => ['config', key] as const;

/** The server's message of a failed call, else `fallback`. */
export function errorMessage(error: unknown, fallback: string): string {
  return (error instanceof ApiError && error.serverMessage) || fallback;
}

/** Every entry of a list, active and inactive. */
export function useCatalogo(key: CatalogoKey) {
  return useQuery({
    queryKey: catalogoQueryKey(key),
    queryFn: ({ signal }) => api.get<ItemCatalogo[]>(`/config/${key}`, { signal }),
  });
}

/** Creates (no id) or updates an entry; resolves with the server's message. */
export function useGuardarItem(key: CatalogoKey) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: ItemInput }) =>
      id === undefined
        ? api.send<ItemCatalogo>('POST', `/config/${key}`, input)
        : api.send<ItemCatalogo>('PUT', `/config/${key}/${id}`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogoQueryKey(key) }),
  });
}

/** Deletes an entry; the server deactivates it instead when tickets use it (data.desactivado). */
export function useEliminarItem(key: CatalogoKey) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.send<{ desactivado: boolean }>('DELETE', `/config/${key}/${id}`),
    onSuccess: () => Promise.all([
      queryClient.invalidateQueries({ queryKey: catalogoQueryKey(key) }),
      // Deleting a section or a trip type deletes its prices too.
      queryClient.invalidateQueries({ queryKey: preciosQuery.queryKey }),
    ]),
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
