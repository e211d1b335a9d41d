import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api';
import { useIdempotencyKeys } from '@/lib/idempotency';
import { invalidateFor, type DomainEvent } from './invalidation';

// Types of internal/api/caja.go.

/** Cash expected per payment method. */
export interface PorMedio {
  medio_pago_id: number | null;
  nombre: string;
  efectivo: boolean;
  esperado: number;
}

/** The caller's cash register (docs/api.md). */
export interface Caja {
  id: number;
  estado: string;
  monto_apertura: number;
  fecha_apertura: string;
  observaciones: string;
  usuario_id: number;
  usuario_nombre: string;
  usuario: { nombre_usuario: string };
  monto_cierre: number | null;
  diferencia: number | null;
  fecha_cierre: string | null;
  total_ingresos: number;
  total_egresos: number;
  /** apertura + ingresos − egresos. */
  monto_actual: number;
  total_ventas: number;
  /** apertura + cash movements: what the drawer should hold. */
  efectivo_esperado: number;
  por_medio: PorMedio[] | null;
}

/** A register movement; `monto` is always positive, `tipo` gives its sign. */
export interface Movimiento {
  id: number;
  tipo: string;
  monto: number;
  descripcion: string;
  medio_pago_id: number | null;
  medio_pago_nombre: string | null;
  created_at: string;
}

/** GET /caja/estado. */
export interface EstadoCaja {
  cajaAbierta: boolean;
  caja: Caja | null;
  movimientos: Movimiento[];
}

/** Body of POST /caja/abrir. */
export interface AbrirCajaInput {
  monto_apertura: number;
  observaciones: string;
}

/** Types entered by hand (operaciones §4). */
export type TipoMovimientoManual = 'ingreso_extra' | 'egreso_gasto';

/** Body of POST /caja/movimiento: `monto` is always positive. */
export interface MovimientoInput {
  tipo: TipoMovimientoManual;
  monto: number;
  descripcion: string;
  medio_pago_id?: number;
}

/** Body of POST /caja/cerrar. */
export interface CerrarCajaInput {
  monto_cierre: number;
  observaciones: string;
  generar_reporte: boolean;
}

/** Answer of POST /caja/cerrar: the register plus the close figures. */
export interface CierreCaja extends Caja {
  total_ventas: number;
  efectivo_esperado: number;
  monto_cierre: number;
  diferencia: number;
  montoFinal: number;
}

// Keys, queries and mutations.

/** Query keys of the register. */
export const cajaKeys = {
  all: ['caja'] as const,
  estado: () => [...cajaKeys.all, 'estado'] as const,
};

const SIN_CAJA: EstadoCaja = { cajaAbierta: false, caja: null, movimientos: [] };

/** Message of POST /caja/abrir when the user already has one open. */
export const CAJA_YA_ABIERTA = 'Ya tienes una caja abierta';

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
  return useMutation({
    mutationFn: (input: I) => api.post<O>(path, input, { idempotencyKey: keys.keyFor(input) }),
    onSuccess: () => keys.reset(),
    // Also after a failure: the register may have changed elsewhere (another tab, a retry).
    onSettled: () => invalidateFor(queryClient, event),
  });
}

/** POST /caja/abrir. */
export const useAbrirCaja = () => useCajaWrite<AbrirCajaInput, Caja>('/caja/abrir', 'cajaAbierta');

/** POST /caja/movimiento. */
export const useAgregarMovimiento = () => useCajaWrite<MovimientoInput, Movimiento>('/caja/movimiento', 'movimientoCaja');

/** POST /caja/cerrar. */
export const useCerrarCaja = () => useCajaWrite<CerrarCajaInput, CierreCaja>('/caja/cerrar', 'cajaCerrada');
