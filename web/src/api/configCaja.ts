import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useIdempotencyKeys } from '@/lib/idempotency';
import { invalidateFor } from './invalidation';
import type { Schema } from './contract';
import { configKeys } from './keys';

// The company's register settings (internal/api/caja.go), apart from api/caja.ts: the boot loads that
// module, and only the settings screen needs these.

/** The company's register settings: whether its cashiers count blind, and the close tolerance in pesos. */
export type ConfigCaja = Schema<'ConfigCaja'>;

/** Body of PUT /config/caja. */
export type ConfigCajaInput = Schema<'GuardarConfigCaja'>;

/** GET /config/caja (refreshed by configActualizada through configKeys). */
export const configCajaQuery = queryOptions({
  queryKey: configKeys.caja(),
  queryFn: ({ signal }) => api.get<ConfigCaja>('/config/caja', { signal }),
});

/** PUT /config/caja, with an Idempotency-Key per attempt; keeps the server's message. */
export function useGuardarConfigCaja() {
  const queryClient = useQueryClient();
  const keys = useIdempotencyKeys();
  return useMutation({
    mutationFn: (input: ConfigCajaInput) => api.send<ConfigCaja>('PUT', '/config/caja', input, { idempotencyKey: keys.keyFor(input) }),
    onSuccess: () => {
      keys.reset();
      return invalidateFor(queryClient, 'configActualizada');
    },
  });
}
