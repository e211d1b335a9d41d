import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useIdempotencyKeys } from '@/lib/idempotency';
import { invalidateFor } from './invalidation';
import { conConsulta, type Parametros, type Schema } from './contract';
import { clientesKeys, pasajesKeys } from './keys';

// Types of internal/api/clientes.go.

/** A company's customer. */
export type Cliente = Schema<'Cliente'>;
/** Body of POST and PUT /config/clientes. */
export type ClienteInput = Schema<'GuardarCliente'>;
/** One page of customers and how many the search matched. */
export type ListadoClientes = Schema<'ListadoClientes'>;
/** One page of a customer's tickets. */
export type PasajesCliente = Schema<'PasajesCliente'>;
/** Answer of DELETE: true when the customer has tickets and was deactivated instead. */
export type ClienteEliminado = Schema<'ClienteEliminado'>;

/** Page size of the customer lists. */
export const CLIENTES_POR_PAGINA = 10;

/** One page of the customers the server-side search finds (GET /config/clientes?search=). */
export function clientesQuery(search: string, pagina: number) {
  const path = conConsulta('/config/clientes', { pagina, limite: CLIENTES_POR_PAGINA, search } satisfies Parametros<'listarClientes'>);
  return queryOptions({
    queryKey: clientesKeys.lista(search, pagina),
    queryFn: ({ signal }) => api.get<ListadoClientes>(path, { signal }),
    placeholderData: keepPreviousData,
  });
}

/**
 * The customer of an exact document, or null (GET /config/clientes?documento=); always
 * asked afresh, since a sale may have registered the document a moment ago.
 */
export function clientePorDocumentoQuery(documento: string) {
  return queryOptions({
    queryKey: clientesKeys.documento(documento),
    staleTime: 0,
    queryFn: async ({ signal }) => {
      const path = conConsulta('/config/clientes', { documento, limite: 1 } satisfies Parametros<'listarClientes'>);
      const { clientes } = await api.get<ListadoClientes>(path, { signal });
      return clientes[0] ?? null;
    },
  });
}

/** One page of a customer's tickets, newest first. */
export function pasajesClienteQuery(id: number, pagina: number) {
  const path = conConsulta(`/config/clientes/${id}/pasajes`,
    { pagina, limite: CLIENTES_POR_PAGINA } satisfies Parametros<'pasajesCliente'>);
  return queryOptions({
    queryKey: pasajesKeys.deCliente(id, pagina),
    queryFn: ({ signal }) => api.get<PasajesCliente>(path, { signal }),
  });
}

export const useClientes = (search: string, pagina: number) => useQuery(clientesQuery(search, pagina));

/** Creates (no id) or updates a customer; resolves with the server's message. */
export function useGuardarCliente() {
  const queryClient = useQueryClient();
  const keys = useIdempotencyKeys();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: ClienteInput }) => {
      const options = { idempotencyKey: keys.keyFor({ id, input }) };
      return id === undefined
        ? api.send<Cliente>('POST', '/config/clientes', input, options)
        : api.send<Cliente>('PUT', `/config/clientes/${id}`, input, options);
    },
    onSuccess: () => {
      keys.reset();
      return invalidateFor(queryClient, 'configActualizada');
    },
  });
}

/** Deletes a customer; the server deactivates one with tickets instead (data.desactivado). */
export function useEliminarCliente() {
  const queryClient = useQueryClient();
  const keys = useIdempotencyKeys();
  return useMutation({
    mutationFn: (id: number) =>
      api.send<ClienteEliminado>('DELETE', `/config/clientes/${id}`, undefined, { idempotencyKey: keys.keyFor(id) }),
    onSuccess: () => {
      keys.reset();
      return invalidateFor(queryClient, 'configActualizada');
    },
  });
}
