import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useIdempotencyKeys } from '@/lib/idempotency';
import { conConsulta, type Parametros, type Schema } from './contract';
import { esteDispositivoQuery } from './esteDispositivo';
import { dispositivosKeys } from './keys';

// Types of internal/api/dispositivos.go.

/** This browser's keys and registration (lib/dispositivo, with the offline chunk): loaded when first used. */
const dispositivo = () => import('@/lib/dispositivo');

/** A staff device of the company, as its administrator sees it. */
export type Dispositivo = Schema<'Dispositivo'>;
/** What a device keeps of its registration: code, certificate, validity and the company's public key. */
export type DispositivoRegistrado = Schema<'DispositivoRegistrado'>;
/** A page of the company's devices, how many it has, how many are active and the most it may have active. */
export type ListadoDispositivos = Schema<'ListadoDispositivos'>;

/** Page size of the devices list. */
export const DISPOSITIVOS_POR_PAGINA = 50;

/** A page of the company's devices, newest first (GET /dispositivos?pagina=). */
export function dispositivosQuery(pagina: number) {
  const path = conConsulta('/dispositivos', { pagina, limite: DISPOSITIVOS_POR_PAGINA } satisfies Parametros<'listarDispositivos'>);
  return queryOptions({
    queryKey: dispositivosKeys.lista(pagina),
    queryFn: ({ signal }) => api.get<ListadoDispositivos>(path, { signal }),
    placeholderData: keepPreviousData,
  });
}

export const useDispositivos = (pagina: number) => useQuery(dispositivosQuery(pagina));

/**
 * What a registration says: its code and, when it revoked the user's least used device to stay
 * within their bound, which one.
 */
export function avisoRegistro({ codigo, reemplazado }: DispositivoRegistrado) {
  const aviso = `Dispositivo registrado con el código ${codigo}`;
  return reemplazado ? `${aviso}. Se revocó «${reemplazado.nombre}» (${reemplazado.codigo}), el que menos usabas` : aviso;
}

/** This browser's own registration as a device, or null (read from its storage, not the server: also offline). */
export const useEsteDispositivo = () => useQuery(esteDispositivoQuery);

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
