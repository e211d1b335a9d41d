import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api';
import { useIdempotencyKeys } from '@/lib/idempotency';
import { invalidateFor, type DomainEvent } from './invalidation';
import { conConsulta, type Parametros, type Schema } from './contract';
import { cajaKeys } from './keys';

// Types of internal/api/caja.go.

/** Cash expected per payment method. */
export type PorMedio = Schema<'PorMedio'>;

/** The caller's cash register (docs/api.md). */
export type Caja = Schema<'Caja'>;

/** A register movement; `monto` is always positive, `tipo` gives its sign. */
export type Movimiento = Schema<'Movimiento'>;

/** GET /caja/estado. */
export type EstadoCaja = Schema<'EstadoCaja'>;

/** Body of POST /caja/abrir. */
export type AbrirCajaInput = Schema<'AbrirCaja'>;

/** Body of POST /caja/movimiento: `monto` is always positive. */
export type MovimientoInput = Schema<'RegistrarMovimiento'>;

/** Types entered by hand (operaciones §4). */
export type TipoMovimientoManual = MovimientoInput['tipo'];

/** Body of POST /caja/cerrar. */
export type CerrarCajaInput = Schema<'CerrarCaja'>;

/**
 * Answer of POST /caja/cerrar: the register plus the close figures (a blind cashier whose count waits for
 * approval gets what they counted only: no difference, figures nor `conteo`).
 */
export type CierreCaja = Schema<'CierreCaja'>;

/** A close's count compared with what each method should have held. */
export type Conteo = Schema<'Conteo'>;

/** GET /caja/historial: a page of the caller's closed registers. */
export type HistorialCajas = Schema<'HistorialCajas'>;

// Queries and mutations.

/** The caller's last 20 closed registers, newest first (refreshed by cajaCerrada through cajaKeys.all). */
export const historialCajasQuery = queryOptions({
  queryKey: cajaKeys.historial(),
  queryFn: ({ signal }) =>
    api.get<HistorialCajas>(conConsulta('/caja/historial', { limite: 20 } satisfies Parametros<'historialCajas'>), { signal }),
});

const SIN_CAJA: EstadoCaja = { cajaAbierta: false, caja: null, movimientos: [] };

/** The user's register and its movements. A 400 answer means "no register" and is silent. */
export const cajaEstadoQuery = queryOptions({
  queryKey: cajaKeys.estado(),
  queryFn: async ({ signal }) => {
    try {
      return await api.get<EstadoCaja>('/caja/estado', { signal });
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) return SIN_CAJA;
      throw error;
    }
  },
  // Sales, other tabs and other devices change it: always re-check on mount.
  staleTime: 0,
});

/** Whether a register is open: only estado 'abierta' counts. */
export function hayCajaAbierta(estado: EstadoCaja | undefined): boolean {
  return Boolean(estado?.cajaAbierta && estado.caja?.estado === 'abierta');
}

/**
 * A write that changes the register (open, movement, close, sale): POST with an
 * Idempotency-Key per attempt, then the queries of `event` are refreshed.
 */
export function useCajaWrite<I, O>(path: string, event: DomainEvent) {
  const queryClient = useQueryClient();
  const keys = useIdempotencyKeys();
  const mutation = useMutation({
    mutationFn: (input: I) => api.post<O>(path, input, { idempotencyKey: keys.keyFor(input) }),
    // Run even when the browser says it is offline: the call fails (or times out) and says so,
    // instead of waiting paused for as long as the outage lasts.
    networkMode: 'always',
    onSuccess: () => keys.reset(),
    // Also after a failure: the register may have changed elsewhere (another tab, a retry).
    onSettled: () => invalidateFor(queryClient, event),
  });
  /** Forgets the failed attempt (the seller discarded it): the same body later gets a new key. */
  return { ...mutation, olvidarIntento: keys.reset };
}

/** POST /caja/abrir. */
export const useAbrirCaja = () => useCajaWrite<AbrirCajaInput, Caja>('/caja/abrir', 'cajaAbierta');

/** POST /caja/movimiento. */
export const useAgregarMovimiento = () => useCajaWrite<MovimientoInput, Movimiento>('/caja/movimiento', 'movimientoCaja');

/** POST /caja/cerrar. */
export const useCerrarCaja = () => useCajaWrite<CerrarCajaInput, CierreCaja>('/caja/cerrar', 'cajaCerrada');

/** A bill or coin of the peso the drawer is counted in (value in pesos). */
export type Denominacion = Schema<'Denominacion'>;

/** A register whose close waits for a supervisor's approval. */
export type CierrePendiente = Schema<'CierrePendiente'>;

/** Body of POST /caja/aprobar-cierre: the supervisor's credentials on the cashier's screen. */
export type AprobarCierreInput = Schema<'AprobarCierreCaja'>;

/** The bills and coins, largest first (they never change while the app runs). */
export const denominacionesQuery = queryOptions({
  queryKey: [...cajaKeys.all, 'denominaciones'],
  queryFn: ({ signal }) => api.get<Denominacion[]>('/caja/denominaciones', { signal }),
  staleTime: Infinity,
});

/** The company's registers whose close waits for approval (supervisors; refreshed by caja events). */
export const cierresPendientesQuery = queryOptions({
  queryKey: [...cajaKeys.all, 'cierres-pendientes'],
  queryFn: ({ signal }) => api.get<CierrePendiente[]>('/caja/cierres-pendientes', { signal }),
  staleTime: 0,
});

/** POST /caja/aprobar-cierre. */
export const useAprobarCierre = () => useCajaWrite<AprobarCierreInput, CierreCaja>('/caja/aprobar-cierre', 'cajaCerrada');

/** POST /caja/{id}/aprobar, from the supervisor's own session. */
export function useAprobarCierrePropio() {
  const queryClient = useQueryClient();
  const keys = useIdempotencyKeys();
  return useMutation({
    mutationFn: (cajaId: number) =>
      api.post<CierreCaja>(`/caja/${cajaId}/aprobar`, {}, { idempotencyKey: keys.keyFor({ cajaId }) }),
    networkMode: 'always',
    onSuccess: () => keys.reset(),
    onSettled: () => invalidateFor(queryClient, 'cajaCerrada'),
  });
}
