import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, ApiError } from './api';
import { useIdempotencyKeys } from './idempotency';

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
export interface MovimientoCaja {
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
  movimientos: MovimientoCaja[];
}

const SIN_CAJA: EstadoCaja = { cajaAbierta: false, caja: null, movimientos: [] };

/** Message of POST /caja/abrir when the user already has one open. */
export const CAJA_YA_ABIERTA = 'Ya tienes una caja abierta';

/** The user's register and its movements. A 400 answer means "no register" and is silent. */
export const cajaEstadoQuery = queryOptions({
  queryKey: ['caja', 'estado'] as const,
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

/** Refetches everything a register write changes: its state and the dashboard figures. */
export function invalidateCaja(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['caja'] }),
    queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
  ]);
}

/** A write that changes the register (open, movement, close, sale): POST with an Idempotency-Key per attempt, then the register state is refreshed. */
export function useCajaWrite<I, O>(path: string) {
  const queryClient = useQueryClient();
  const keys = useIdempotencyKeys();
  return useMutation({
    mutationFn: (input: I) => api.post<O>(path, input, { idempotencyKey: keys.keyFor(input) }),
    onSuccess: () => keys.reset(),
    onSettled: () => invalidateCaja(queryClient),
  });
}

/** Body of POST /caja/abrir. */
export interface AbrirCajaInput {
  monto_apertura: number;
  observaciones: string;
}

/** POST /caja/abrir. */
export const useAbrirCaja = () => useCajaWrite<AbrirCajaInput, Caja>('/caja/abrir');
