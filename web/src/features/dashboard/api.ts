import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import type { Caja } from '../../lib/caja';

/** Stats are polled this often (operaciones §7) ... */
export const STATS_REFETCH_MS = 30_000;
/** ... and considered fresh this long. */
export const STATS_STALE_MS = 20_000;

/** One of the seller's latest sales. */
export interface UltimaVenta {
  id: number;
  numero_pasaje: string;
  cliente: string;
  monto: number;
  /** RFC 3339 timestamp of the sale. */
  hora: string;
  seccion: string;
}

/** GET /dashboard/stats for a user who runs a register. */
export interface VendedorStats {
  miCajaAbierta: boolean;
  miCajaInfo: Caja | null;
  misVentasHoy: number;
  misIngresosHoy: number;
  misUltimasVentas: UltimaVenta[];
}

/** The seller's figures, refreshed every 30 s. */
export function useVendedorStats() {
  return useQuery({
    queryKey: ['dashboard', 'stats'],
    queryFn: ({ signal }) => api.get<VendedorStats>('/dashboard/stats', { signal }),
    refetchInterval: STATS_REFETCH_MS,
    staleTime: STATS_STALE_MS,
  });
}
