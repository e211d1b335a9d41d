import { useMutation } from '@tanstack/react-query';
import type { Cliente } from './clientes';
import { api } from '@/lib/api';
import type { Schema } from './contract';
import { useIdempotencyKeys } from '@/lib/idempotency';

// A customer's portal access as staff handle it at the counter (issue 36 item 1). Only the customers
// screen uses it, so it stays out of the chunk every screen shares (api/clientes is in it).

/** A one-time portal code staff hand over at the counter, and when it expires. */
export type CodigoPortal = Schema<'CodigoPortal'>;

/**
 * A one-time portal code for the customer (POST /config/clientes/{id}/codigo-portal), shown once to hand
 * over at the counter. No idempotency key on purpose: a retry makes a new code and spends the older one
 * (the server never keeps a code in the clear to replay it).
 */
export function useCodigoPortal() {
  return useMutation({
    mutationFn: (id: number) => api.send<CodigoPortal>('POST', `/config/clientes/${id}/codigo-portal`),
  });
}

/** Clears the customer's portal password and ends its portal sessions (POST /config/clientes/{id}/restablecer-portal). */
export function useRestablecerPortal() {
  const keys = useIdempotencyKeys();
  return useMutation({
    mutationFn: (id: number) =>
      api.send<Cliente>('POST', `/config/clientes/${id}/restablecer-portal`, undefined, { idempotencyKey: keys.keyFor(id) }),
    onSuccess: () => keys.reset(),
  });
}
