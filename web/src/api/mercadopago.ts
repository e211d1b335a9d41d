import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useIdempotencyKeys } from '@/lib/idempotency';
import type { Schema } from './contract';
import { mercadoPagoKeys } from './keys';

// Types of internal/api/mercadopago.go (docs/features/mercadopago.md).

/** The company's Mercado Pago set-up as read (never the token nor the secret). */
export type MercadoPagoConfig = Schema<'MercadoPagoConfig'>;
/** Body of PUT /config/mercadopago; an empty token or secret keeps the stored one. */
export type GuardarMercadoPago = Schema<'GuardarMercadoPago'>;
/** The store the counter is in. */
export type LocalMercadoPago = Schema<'LocalMercadoPago'>;

export const mercadoPagoQuery = queryOptions({
  queryKey: mercadoPagoKeys.config(),
  queryFn: ({ signal }) => api.get<MercadoPagoConfig>('/config/mercadopago', { signal }),
});

export const useMercadoPago = () => useQuery(mercadoPagoQuery);

/** Saves the set-up (an Idempotency-Key per attempt); the answer replaces the cached set-up. */
export function useGuardarMercadoPago() {
  const queryClient = useQueryClient();
  const keys = useIdempotencyKeys();
  return useMutation({
    mutationFn: (body: GuardarMercadoPago) =>
      api.send<MercadoPagoConfig>('PUT', '/config/mercadopago', body, { idempotencyKey: keys.keyFor(body) }),
    onSuccess: ({ data }) => {
      keys.reset();
      queryClient.setQueryData(mercadoPagoKeys.config(), data);
    },
  });
}

/** POST /config/mercadopago/{accion}: the credentials' test or the POS creation; the set-up is read again either way. */
function useAccionMercadoPago(accion: 'probar' | 'cajas') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.send<MercadoPagoConfig>('POST', `/config/mercadopago/${accion}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: mercadoPagoKeys.config() }),
  });
}

export const useProbarMercadoPago = () => useAccionMercadoPago('probar');
export const useCrearCajasMercadoPago = () => useAccionMercadoPago('cajas');
