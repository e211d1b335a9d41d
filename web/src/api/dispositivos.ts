import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useIdempotencyKeys } from '@/lib/idempotency';
import type { Schema } from './contract';
import { dispositivosKeys } from './keys';

// Types of internal/api/dispositivos.go.

/** This browser's keys and registration (lib/dispositivo, with the offline chunk): loaded when first used. */
const dispositivo = () => import('@/lib/dispositivo');

/** A staff device of the company, as its administrator sees it. */
export type Dispositivo = Schema<'Dispositivo'>;
/** What a device keeps of its registration: code, certificate, validity and the company's public key. */
export type DispositivoRegistrado = Schema<'DispositivoRegistrado'>;

/** The company's devices, newest first (GET /dispositivos). */
export function dispositivosQuery() {
  return queryOptions({
    queryKey: dispositivosKeys.lista(),
    queryFn: ({ signal }) => api.get<Dispositivo[]>('/dispositivos', { signal }),
  });
}

export const useDispositivos = () => useQuery(dispositivosQuery());

/** This browser's own registration as a device, or null (read from its storage, not the server: also offline). */
export const useEsteDispositivo = () => useQuery({
  queryKey: dispositivosKeys.este(), queryFn: async () => (await dispositivo()).dispositivoActual(), networkMode: 'always',
});

/** Registers this browser as a device named `nombre` (lib/dispositivo), then refreshes the list. */
export function useRegistrarEsteDispositivo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (nombre: string) => (await dispositivo()).registrarDispositivo(nombre),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dispositivosKeys.all }),
  });
}

/** Renames a device; resolves with the server's message. */
export function useRenombrarDispositivo() {
  const queryClient = useQueryClient();
  const keys = useIdempotencyKeys();
  return useMutation({
    mutationFn: ({ id, nombre }: { id: number; nombre: string }) =>
      api.send<Dispositivo>('PUT', `/dispositivos/${id}`, { nombre }, { idempotencyKey: keys.keyFor({ id, nombre }) }),
    onSuccess: () => {
      keys.reset();
      return queryClient.invalidateQueries({ queryKey: dispositivosKeys.all });
    },
  });
}

/** Revokes a device (a lost phone); revoking a revoked one changes nothing. */
export function useRevocarDispositivo() {
  const queryClient = useQueryClient();
  const keys = useIdempotencyKeys();
  return useMutation({
    mutationFn: (id: number) =>
      api.send<Dispositivo>('DELETE', `/dispositivos/${id}`, undefined, { idempotencyKey: keys.keyFor(id) }),
    onSuccess: () => {
      keys.reset();
      return queryClient.invalidateQueries({ queryKey: dispositivosKeys.all });
    },
  });
}
