import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type ApiResult } from '@/lib/api';
import { useCajaWrite } from './caja';
import { invalidateFor } from './invalidation';
import { pedidosKeys } from './keys';
import type { Schema } from './contract';
import type { VentaInput } from './pasajes';

// The orders of internal/api/pedidos.go: a sale charged with Mercado Pago QR waits for its payment.

/** An order of the seller's counter (internal/api/pedidos.go): its QR, its wait and, once paid, its sale. */
export type Pedido = Schema<'Pedido'>;

/** Where an order stands: waiting, or closed one way or another. */
export type EstadoPedido = Pedido['estado'];

/** A waiting order is read again this often: its events (pedidoCompletado, pedidoLiberado) may be missed. */
export const RELECTURA_PEDIDO_MS = 2_000;

/** One of the seller's orders (GET /pedidos/{id}), read again every 2 s while it waits. */
export function pedidoQuery(id: number) {
  return queryOptions({
    queryKey: pedidosKeys.detalle(id),
    queryFn: ({ signal }) => api.get<Pedido>(`/pedidos/${id}`, { signal }),
    refetchInterval: (query) => (query.state.data?.estado === 'pendiente' ? RELECTURA_PEDIDO_MS : false),
    // The passenger pays whatever tab the seller looks at.
    refetchIntervalInBackground: true,
  });
}

/**
 * POST /pedidos: the quick sale's body, held until the passenger pays. Its Idempotency-Key is the
 * attempt's, as a sale's (a double click or a retry makes one order); afterwards the seats it
 * holds are read again, the queries of a release.
 */
export const useCrearPedido = () => useCajaWrite<VentaInput, Pedido>('/pedidos', 'pedidoLiberado');

/**
 * POST /pedidos/{id}/cancelar ('Cancelar cobro'): the order cancelled, or completed when the
 * passenger had already paid (the message says which). Also after a refusal (409: no longer
 * pending), the order and its seats are read again.
 */
export function useCancelarPedido() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number): Promise<ApiResult<Pedido>> => api.send<Pedido>('POST', `/pedidos/${id}/cancelar`),
    onSuccess: ({ data }) => queryClient.setQueryData(pedidosKeys.detalle(data.id), data),
    onSettled: () => invalidateFor(queryClient, 'pedidoLiberado'),
  });
}
