import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { invalidateFor } from './invalidation';
import type { Schema } from './contract';
import { sistemaKeys } from './keys';

// Types of internal/api/sistema.go.

/** GET /config/sistema: the system configuration screen (super admin). */
export type ConfiguracionSistema = Schema<'ConfiguracionSistema'>;

/** Body of PUT /config/sistema. */
export type ConfiguracionSistemaInput = Schema<'GuardarConfiguracionSistema'>;

/** The languages the system configuration stores (backoffice §9); the UI stays Spanish. */
export const IDIOMAS = [
  { value: 'es', label: 'Español' },
  { value: 'en', label: 'Inglés' },
  { value: 'pt', label: 'Portugués' },
] as const;

export const configuracionSistemaQuery = queryOptions({
  queryKey: sistemaKeys.all,
  queryFn: ({ signal }) => api.get<ConfiguracionSistema>('/config/sistema', { signal }),
});

export function useConfiguracionSistema() {
  return useQuery(configuracionSistemaQuery);
}

/** Saves name, time zone and language; resolves with the server's message. */
export function useGuardarConfiguracionSistema() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: ConfiguracionSistemaInput; idempotencyKey: string }) =>
      api.send<ConfiguracionSistema>('PUT', '/config/sistema', input, { idempotencyKey }),
    onSuccess: async ({ data }) => {
      queryClient.setQueryData(configuracionSistemaQuery.queryKey, data);
      await invalidateFor(queryClient, 'configActualizada');
    },
  });
}
